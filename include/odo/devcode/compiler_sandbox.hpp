#pragma once
// HOST-ONLY. How odo runs a compiler on a merge request's content (the device-code proof, the
// per-TU cost): the arguments held to the conservative character set once more, right before the
// run; the environment scrubbed to PATH and the toolkit's variables, so that nothing a compile
// runs sees the CI job's tokens; and, where bubblewrap works on the host, inside it: the system
// and the toolkit read-only, the scratch folder the only one writable, no network. The report
// says which isolation ran. docs/security.md.
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/path_within.hpp"
#include "odo/core/process.hpp"
#include "odo/core/program_path.hpp"
#include "odo/core/text.hpp"
#include "odo/devcode/compile_options.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::devcode {

// What the user asked for: bubblewrap where it works (automatic), bubblewrap or refuse to run
// (bubblewrap), or the scrubbed environment alone (environment).
enum class Isolation { automatic, bubblewrap, environment };
// "auto", "bubblewrap", "environment"; nullopt for any other word.
ODO_API std::optional<Isolation> isolation_from(std::string_view word);

class CompilerSandbox {
public:
    // `scratch`: the only folder the compiler may write. InputError when `request` is bubblewrap
    // and bubblewrap does not work here.
    ODO_API CompilerSandbox(Isolation request, std::filesystem::path compiler,
                            std::filesystem::path scratch);
    // A folder the compiler may read besides the system and the toolkit (the build directory, an
    // include folder outside the repository).
    void allow_read(const std::filesystem::path& folder) { readable_.push_back(folder); }
    // Runs the compiler with `args` in `working_dir`. InputError naming the argument when one
    // holds a character outside the set odo hands a compiler.
    ODO_API ProcessResult run(const std::vector<std::string>& args,
                              const std::filesystem::path& working_dir,
                              std::chrono::seconds timeout) const;
    bool bubblewrapped() const noexcept { return bwrap_.has_value(); }
    // "bubblewrap (...)" or "scrubbed environment (...)": what the reports say.
    ODO_API std::string description() const;

private:
    ODO_API std::vector<std::string>
    bwrap_arguments(const std::filesystem::path& working_dir) const;

    std::filesystem::path compiler_;
    std::filesystem::path scratch_;
    std::optional<std::filesystem::path> bwrap_;
    std::string why_not_bwrap_;
    std::vector<std::filesystem::path> readable_;
};

// The lines of a compiler's output that name a file of the side tree at `side_root`, that path
// taken out of them (so they read repository-relative and the same on every run), the last
// `count` of them; a line saying how many were left out. Any other line may quote a file from
// outside the repository (#include "/etc/..."), and the report is published.
ODO_API std::string side_diagnostics(const std::string& output,
                                     const std::filesystem::path& side_root, std::size_t count);

namespace detail {

#if ODO_DEVCODE_DEFINITIONS
// The variables a compile keeps: the search path and the toolkit's; TMPDIR and the locale are
// odo's.
inline std::map<std::string, std::optional<std::string>>
compiler_environment(const std::filesystem::path& scratch) {
    std::map<std::string, std::optional<std::string>> env;
    for (const char* name : {"PATH", "LD_LIBRARY_PATH", "CUDA_HOME", "CUDA_PATH"})
        if (const char* value = std::getenv(name))
            env[name] = std::string(value);
    env["TMPDIR"] = (scratch / "tmp").string();
    env["LC_ALL"] = "C";
    return env;
}

// The toolkit's root, its links resolved: the folder above the compiler's bin/ (nvcc reads its
// include/, nvvm/ and lib/ there), else the compiler's own folder.
inline std::filesystem::path toolkit_root(const std::filesystem::path& compiler) {
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::canonical(compiler, ec);
    const std::filesystem::path folder = (ec ? compiler : real).parent_path();
    return folder.filename() == "bin" ? folder.parent_path() : folder;
}

// Whether bubblewrap runs `true` here with the binds odo uses (a container may forbid the
// namespaces it needs); the reason when not. Asked once per process.
inline const std::string& bwrap_problem(const std::filesystem::path& bwrap) {
    static const std::string problem = [&] {
        const ProcessResult r =
            run_process(bwrap.string(),
                        {"--unshare-all", "--as-pid-1", "--die-with-parent", "--ro-bind", "/usr",
                         "/usr", "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib",
                         "--symlink", "usr/lib64", "/lib64", "--", "/usr/bin/true"},
                        {{}, std::chrono::seconds(20), {}, {}, nullptr, true});
        return r.ok() ? std::string()
                      : "bwrap failed: " + std::string(text::strip(r.started ? r.err : r.error));
    }();
    return problem;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace detail

#if ODO_DEVCODE_DEFINITIONS
ODO_API std::optional<Isolation> isolation_from(std::string_view word) {
    if (word == "auto")
        return Isolation::automatic;
    if (word == "bubblewrap")
        return Isolation::bubblewrap;
    if (word == "environment")
        return Isolation::environment;
    return std::nullopt;
}

ODO_API CompilerSandbox::CompilerSandbox(Isolation request, std::filesystem::path compiler,
                                         std::filesystem::path scratch)
    : compiler_(std::move(compiler)), scratch_(std::move(scratch)) {
    std::error_code ec;
    std::filesystem::create_directories(scratch_ / "tmp", ec);
    if (request == Isolation::environment) {
        why_not_bwrap_ = "not asked for";
        return;
    }
    const std::optional<std::filesystem::path> bwrap = find_on_path("bwrap");
    why_not_bwrap_ = !bwrap ? "bwrap not found" : detail::bwrap_problem(*bwrap);
    if (why_not_bwrap_.empty())
        bwrap_ = bwrap;
    else if (request == Isolation::bubblewrap)
        throw InputError("--isolation bubblewrap: " + why_not_bwrap_ +
                         " (install bubblewrap, or let odo fall back with --isolation auto)");
}

ODO_API std::vector<std::string>
CompilerSandbox::bwrap_arguments(const std::filesystem::path& working_dir) const {
    namespace fs = std::filesystem;
    // --as-pid-1: the compiler is the namespace's first process, waited for by bwrap itself.
    // Behind bwrap's own init its CPU time never reached wait4, and the cost phase read 0 s.
    std::vector<std::string> a{"--unshare-all", "--as-pid-1", "--die-with-parent", "--new-session"};
    a.insert(a.end(), {"--ro-bind", "/usr", "/usr"});
    for (const char* top : {"/bin", "/sbin", "/lib", "/lib32", "/lib64"}) {
        std::error_code ec;
        if (fs::is_symlink(top, ec))
            a.insert(a.end(), {"--symlink", fs::read_symlink(top, ec).string(), top});
        else if (fs::is_directory(top, ec))
            a.insert(a.end(), {"--ro-bind", top, top});
    }
    for (const char* etc :
         {"/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d"})
        a.insert(a.end(), {"--ro-bind-try", etc, etc});
    a.insert(a.end(), {"--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"});
    std::vector<fs::path> readable = readable_;
    readable.push_back(detail::toolkit_root(compiler_));
    readable.push_back(compiler_.parent_path()); // a link to the toolkit's nvcc
    for (const fs::path& folder : readable)
        if (!is_within(folder, "/usr"))
            a.insert(a.end(), {"--ro-bind-try", folder.string(), folder.string()});
    a.insert(a.end(), {"--bind", scratch_.string(), scratch_.string(), "--chdir",
                       working_dir.string(), "--"});
    return a;
}

ODO_API ProcessResult CompilerSandbox::run(const std::vector<std::string>& args,
                                           const std::filesystem::path& working_dir,
                                           std::chrono::seconds timeout) const {
    for (const std::string& arg : args)
        if (const auto at = first_unsafe_char(arg, ArgumentText::command);
            at != std::string_view::npos)
            throw InputError("the compile in " + working_dir.string() + ": argument '" +
                             shown_arg(arg) + "' holds " + shown_char(arg[at]) +
                             ", outside the characters odo hands a compiler; refused");
    ProcessOptions options{working_dir, timeout, {}, detail::compiler_environment(scratch_),
                           nullptr,     true};
    if (!bwrap_)
        return run_process(compiler_.string(), args, options);
    std::vector<std::string> wrapped = bwrap_arguments(working_dir);
    wrapped.push_back(compiler_.string());
    wrapped.insert(wrapped.end(), args.begin(), args.end());
    return run_process(bwrap_->string(), wrapped, options);
}

ODO_API std::string CompilerSandbox::description() const {
    if (bwrap_)
        return "bubblewrap (system and toolkit read-only, only the scratch folder writable, no "
               "network), environment scrubbed to PATH and the toolkit's variables";
    return "environment scrubbed to PATH and the toolkit's variables; no bubblewrap (" +
           why_not_bwrap_ + ")";
}

ODO_API std::string side_diagnostics(const std::string& output,
                                     const std::filesystem::path& side_root, std::size_t count) {
    const std::string root = side_root.string() + "/";
    std::vector<std::string> kept;
    std::size_t redacted = 0;
    for (std::string_view line : text::lines(output)) {
        if (text::strip(line).empty())
            continue;
        if (line.find(root) == std::string_view::npos) {
            ++redacted;
            continue;
        }
        std::string shown(line);
        for (auto at = shown.find(root); at != std::string::npos; at = shown.find(root, at))
            shown.erase(at, root.size());
        kept.push_back(std::move(shown));
    }
    const std::size_t from = kept.size() > count ? kept.size() - count : 0;
    std::string out;
    for (std::size_t i = from; i < kept.size(); ++i)
        out += (out.empty() ? "" : "\n") + kept[i];
    if (redacted > 0)
        out += (out.empty() ? "" : "\n") + std::string("[") + std::to_string(redacted) +
               " lines of the compiler's output left out: they name no file of the side tree]";
    return out;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
