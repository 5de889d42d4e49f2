#pragma once
// HOST-ONLY. The command that compiles one translation unit for the device-code proof (CUDA) and
// the per-TU cost (CUDA and host C++): the build's own, read from the compile_commands.json of its
// build directory, or, for the proof, one synthesized from the layout profile when the build
// recorded none.
//
// The build directory and its database are the change author's: odo never runs the program a
// command names (it runs its own nvcc, cuda_compiler(), or its own C++ compiler, host_compiler()),
// refuses flags that would run a program or write where odo did not choose, and refuses a source
// or include directory that a link leads out of the repository. Every repository path of the
// command is kept apart from the rest, so that each side of a comparison compiles against its own
// copy of the tree (side_tree.hpp).
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/path_within.hpp"
#include "odo/core/program_path.hpp"
#include "odo/core/text.hpp"
#include "odo/devcode/compile_options.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/repo_path.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

namespace odo::devcode {

// One argument: literal text, or `text` + a repository path that each side redirects into its own
// copy of the tree + `suffix` ("-I" + "src/nvcv/include", or "-DCONFIG=\"" + "bench/x.json" +
// "\"").
struct CommandArg {
    std::string text;
    std::optional<std::string> repo_path; // repository-relative; "" is the root
    std::string suffix = {};
};

// Which of odo's compilers replays a command: the recorded program's name says which it stands for.
enum class CompilerKind { nvcc, host_cxx };

struct CompileCommand {
    CompilerKind compiler = CompilerKind::nvcc;
    std::string file;                   // the TU, repository-relative
    std::vector<CommandArg> flags;      // no output, dependency, architecture flags, no source
    std::vector<CommandArg> arch_flags; // the recorded -arch/-gencode ones (cost replays them)
    std::vector<std::string> arches;    // "sm_80", in the order the command names them
    std::string origin;                 // "compile_commands.json" or "layout profile"
    // Include folders outside the repository (the system's, the build directory's, a third
    // party's): the compiler may read them (compiler_sandbox.hpp).
    std::vector<std::filesystem::path> outside_folders;
};

// compile_commands.json is read whole; a build's is a few MiB at most.
inline constexpr std::uintmax_t max_compile_database_bytes = std::uintmax_t(64) << 20;
// One recorded command holds at most this many arguments, of at most the kernel's ARG_MAX bytes in
// all: what no exec could run is refused before a path of it is resolved. CMake's hold dozens.
inline constexpr std::size_t max_command_arguments = 4096;
// An nvcc options file (CMake writes the include directories of a CUDA compile to one) is read
// whole; CMake's are a few KiB.
inline constexpr std::uintmax_t max_options_file_bytes = std::uintmax_t(1) << 20;

// The nvcc odo runs: $ODO_NVCC, else the CUDA compiler CMake found when odo was configured
// (ODO_CUDA_COMPILER), else /usr/local/cuda/bin/nvcc, else `nvcc` on PATH; nullopt when none is
// there. $ODO_NVCC naming no executable file is an InputError: the user asked for that one.
ODO_API std::optional<std::filesystem::path> cuda_compiler();
// The C++ compiler odo runs for a host TU: $ODO_CXX, else the one CMake found when odo was
// configured (ODO_CXX_COMPILER), else `c++` on PATH; nullopt when none is there.
ODO_API std::optional<std::filesystem::path> host_compiler();
// Whether a recorded program's file name is a C++ compiler driver's: c++, g++, clang++, with an
// optional target prefix and version suffix (x86_64-linux-gnu-g++-12, clang++-16).
ODO_API bool is_host_cxx_name(std::string_view program);
// The arguments with every repository path placed under `side_root`.
ODO_API std::vector<std::string> instantiate(const std::vector<CommandArg>& args,
                                             const std::filesystem::path& side_root);

// The build's compile_commands.json, entries by repository-relative source.
class CompileDatabase {
public:
    // InputError naming the file when it is missing, too large or not the format.
    ODO_API CompileDatabase(const std::filesystem::path& build_dir,
                            const std::filesystem::path& repo_root);
    // The TU's recorded command, made safe to replay; nullopt when the build has none for it.
    // A command run by nvcc or by a C++ compiler driver (is_host_cxx_name); any other program is
    // refused. InputError naming the file and the field for a hostile entry.
    ODO_API std::optional<CompileCommand> command_for(const std::string& file) const;
    // The repository-relative sources the build recorded, sorted.
    std::vector<std::string> files() const {
        std::vector<std::string> out;
        for (const auto& entry : entries_)
            out.push_back(entry.first);
        return out;
    }

private:
    struct Entry {
        std::filesystem::path directory;
        std::vector<std::string> args;
    };
    std::filesystem::path path_;
    std::filesystem::path build_dir_; // canonical
    std::filesystem::path root_;      // canonical
    std::map<std::string, Entry> entries_;
};

// A command from the layout profile alone: C++17, the include roots of the attribution tables and
// every tracked folder named "include" (`tracked` lists the repository's files), arches sm_80 and
// sm_90 (two generations).
ODO_API CompileCommand synthesized_command(const repo::Layout& layout, const std::string& file,
                                           const std::vector<std::string>& tracked);

namespace detail {

#if ODO_DEVCODE_DEFINITIONS
// A shell command line split as POSIX sh would (quotes and backslashes; no expansions), which is
// how compile_commands.json's "command" is defined.
inline std::vector<std::string> split_command_line(std::string_view line) {
    std::vector<std::string> out;
    std::string word;
    bool in_word = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == ' ' || c == '\t' || c == '\n') {
            if (in_word)
                out.push_back(std::move(word));
            word.clear();
            in_word = false;
        } else if (c == '\'') {
            in_word = true;
            const auto end = line.find('\'', i + 1);
            word += line.substr(i + 1, end == std::string_view::npos ? end : end - i - 1);
            i = end == std::string_view::npos ? line.size() : end;
        } else if (c == '"') {
            in_word = true;
            for (++i; i < line.size() && line[i] != '"'; ++i) {
                if (line[i] == '\\' && i + 1 < line.size() &&
                    std::string_view("\"\\$`").find(line[i + 1]) != std::string_view::npos)
                    ++i;
                word += line[i];
            }
        } else if (c == '\\' && i + 1 < line.size()) {
            in_word = true;
            word += line[++i];
        } else {
            in_word = true;
            word += c;
        }
    }
    if (in_word)
        out.push_back(std::move(word));
    return out;
}

// Flags whose value names a file or folder the compile reads, spelled "-I dir", "-Idir" or
// "--include-path=dir".
inline const std::vector<std::string>& path_flags() {
    static const std::vector<std::string> flags{
        "-I",         "--include-path", "-isystem",      "--system-include", "-iquote",
        "-idirafter", "-include",       "--pre-include", "-imacros"};
    return flags;
}

// Flags dropped with their value: the output, dependency files, the architecture (the proof names
// its own), the host compiler (odo runs nvcc's default one, never a program the build names).
inline bool drops_value(std::string_view flag) {
    for (const char* f : {"-o", "--output-file", "-MF", "-MT", "-MQ", "--dependency-output",
                          "--dependency-target-name", "-ccbin", "--compiler-bindir"})
        if (flag == f)
            return true;
    return false;
}

inline bool is_dependency_flag(std::string_view flag) {
    return flag == "-M" || flag == "-MM" || flag == "-MD" || flag == "-MMD" || flag == "-MP" ||
           text::starts_with(flag, "--generate-dependencies") ||
           text::starts_with(flag, "--generate-nonsystem-dependencies") ||
           text::starts_with(flag, "-MF=") || text::starts_with(flag, "-MT=") ||
           text::starts_with(flag, "--dependency-output=") || text::starts_with(flag, "-ccbin=") ||
           text::starts_with(flag, "--compiler-bindir=") ||
           text::starts_with(flag, "--output-file=");
}

// "-arch", "-gencode", "--gpu-architecture", "--generate-code", "-code", "--gpu-code".
inline bool is_arch_flag(std::string_view flag) {
    for (const char* f :
         {"-arch", "-gencode", "--gpu-architecture", "--generate-code", "-code", "--gpu-code"})
        if (flag == f || (text::starts_with(flag, f) && flag.size() > std::strlen(f) &&
                          flag[std::strlen(f)] == '='))
            return true;
    return false;
}

// "sm_80" from every compute_NN / sm_NN / lto_NN named in an architecture flag's value.
inline void collect_arches(std::string_view value, std::vector<std::string>& arches) {
    for (const char* kind : {"sm_", "compute_", "lto_"}) {
        for (auto at = value.find(kind); at != std::string_view::npos;
             at = value.find(kind, at + 1)) {
            if (at > 0 && (std::isalnum(static_cast<unsigned char>(value[at - 1])) != 0))
                continue;
            std::size_t end = at + std::strlen(kind);
            while (end < value.size() && std::isalnum(static_cast<unsigned char>(value[end])))
                ++end;
            const std::string_view number =
                value.substr(at + std::strlen(kind), end - at - std::strlen(kind));
            if (number.empty() || !std::isdigit(static_cast<unsigned char>(number.front())))
                continue;
            const std::string arch = "sm_" + std::string(number);
            if (std::find(arches.begin(), arches.end(), arch) == arches.end())
                arches.push_back(arch);
        }
    }
}

// The comma-separated pieces of an option's value, as nvcc splits it ("a,,b" is "a", "", "b").
inline std::vector<std::string> comma_pieces(std::string_view value) {
    std::vector<std::string> out;
    for (std::size_t start = 0; start <= value.size();) {
        const std::size_t comma = std::min(value.find(',', start), value.size());
        out.emplace_back(value.substr(start, comma - start));
        start = comma + 1;
    }
    return out;
}

// The file named by "--options-file F", "--options-file=F", "-optf F" or "-optf=F" (each a
// comma-separated list, as nvcc takes it); nullopt for any other argument. `consumed` is 2 when
// the value is the next argument.
inline std::optional<std::string> options_file_value(const std::vector<std::string>& args,
                                                     std::size_t i, std::size_t& consumed) {
    for (const char* flag : {"--options-file", "-optf"}) {
        const std::string& arg = args[i];
        if (arg == flag && i + 1 < args.size()) {
            consumed = 2;
            return args[i + 1];
        }
        if (text::starts_with(arg, flag) && arg.size() > std::strlen(flag) &&
            arg[std::strlen(flag)] == '=') {
            consumed = 1;
            return arg.substr(std::strlen(flag) + 1);
        }
    }
    return std::nullopt;
}

// The command with each options file's arguments in its place, so that every one of them passes
// the checks a command-line argument passes. The file is the build's (CMake writes
// CMakeFiles/<target>.dir/includes_CUDA.rsp): one outside the build directory, or that a link
// leads out of it, is refused, and so is one too large, holding a NUL byte, or naming another.
inline std::vector<std::string> expand_options_files(const std::vector<std::string>& args,
                                                     const std::filesystem::path& directory,
                                                     const std::filesystem::path& build_dir,
                                                     const std::string& where) {
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < args.size();) {
        std::size_t consumed = 1;
        const auto value = options_file_value(args, i, consumed);
        if (!value) {
            out.push_back(args[i++]);
            continue;
        }
        i += consumed;
        for (const std::string& name : comma_pieces(*value)) {
            const fs::path file = (directory / name).lexically_normal();
            const std::string shown = where + ": options file '" + name + "'";
            std::error_code ec;
            const fs::path canonical = fs::weakly_canonical(file, ec);
            if (!is_within(file, build_dir) || ec || !is_within(canonical, build_dir))
                throw InputError(shown + " is not inside the build directory; refused");
            if (!fs::is_regular_file(canonical, ec))
                throw InputError(shown + " is not a regular file; refused");
            if (fs::file_size(canonical, ec) > max_options_file_bytes)
                throw InputError(shown + " is larger than 1 MiB; refused");
            const std::string content = read_file(canonical);
            if (content.find('\0') != std::string::npos)
                throw InputError(shown + " holds a NUL byte; refused");
            const std::vector<std::string> inner = split_command_line(content);
            for (std::size_t j = 0; j < inner.size(); ++j) {
                std::size_t unused = 1;
                if (options_file_value(inner, j, unused) || inner[j] == "--options-file" ||
                    inner[j] == "-optf")
                    throw InputError(shown + " names another options file; refused");
            }
            out.insert(out.end(), inner.begin(), inner.end());
        }
    }
    return out;
}

// A path the command reads, kept apart when it is the repository's: redirected per side, unless it
// lies in the build directory (generated files both sides share). The canonical path decides, so a
// link in the build directory that leads into the repository is redirected too: shared, it would
// make both sides read the working tree. One that a link leads out of the repository is refused.
inline CommandArg path_arg(const std::string& prefix, const std::string& value,
                           const std::filesystem::path& directory,
                           const std::filesystem::path& root,
                           const std::filesystem::path& build_dir, const std::string& where) {
    namespace fs = std::filesystem;
    const fs::path absolute = (directory / value).lexically_normal();
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(absolute, ec);
    if (ec)
        throw InputError(where + ": '" + value + "' cannot be resolved; refused");
    if (is_within(canonical, build_dir))
        return {prefix + absolute.string(), std::nullopt};
    if (is_within(absolute, root) && !is_within(canonical, root))
        throw InputError(where + ": '" + value +
                         "' leads outside the repository through a link; refused");
    if (is_within(canonical, root)) {
        std::string relative = canonical.lexically_relative(root).generic_string();
        return {prefix, relative == "." ? std::string() : relative};
    }
    return {prefix + absolute.string(), std::nullopt};
}

// An argument that names a repository path inside other text (-Xcompiler=-I<repo>/include,
// -DCONFIG="<repo>/bench/x.json"): the path, up to the first quote, comma, colon, semicolon, space
// or '=', is redirected to each side like an include directory. A second repository path in the
// same argument is refused, since both sides would read it from the working tree.
inline std::optional<CommandArg> embedded_path_arg(const std::string& arg,
                                                   const std::filesystem::path& directory,
                                                   const std::filesystem::path& root,
                                                   const std::filesystem::path& build_dir,
                                                   const std::string& where) {
    static constexpr std::string_view delimiters = "\"',;: \t=";
    const std::string prefix = root.string();
    // The next place the repository's path stands whole: followed by '/', a delimiter or the end
    // (not "<repo>-old/x", another folder whose name begins with the repository's).
    const auto mention = [&](std::size_t from) {
        for (auto at = arg.find(prefix, from); at != std::string::npos;
             at = arg.find(prefix, at + 1)) {
            const std::size_t after = at + prefix.size();
            if (after == arg.size() || arg[after] == '/' ||
                delimiters.find(arg[after]) != std::string_view::npos)
                return at;
        }
        return std::string::npos;
    };
    // Redirected whatever precedes it: a path outside the repository that merely holds its text
    // would then fail to compile, never be read from the working tree by both sides.
    const std::size_t at = mention(0);
    if (at == std::string::npos)
        return std::nullopt;
    const std::size_t end = std::min(arg.find_first_of(delimiters, at + prefix.size()), arg.size());
    if (mention(end) != std::string::npos)
        throw InputError(where + ": option '" + arg +
                         "' names the repository more than once; odo redirects one path of an "
                         "option to each side; refused");
    CommandArg redirected =
        path_arg(arg.substr(0, at), arg.substr(at, end - at), directory, root, build_dir, where);
    if (redirected.repo_path)
        redirected.suffix = arg.substr(end);
    else
        redirected.text += arg.substr(end);
    return redirected;
}

// InputError naming the argument unless every character of `text` (the argument or a part of it)
// is one `kind` allows.
inline void require_safe_text(std::string_view text, ArgumentText kind, std::string_view arg,
                              const std::string& where) {
    const std::size_t at = first_unsafe_char(text, kind);
    if (at == std::string_view::npos)
        return;
    throw InputError(where + ": argument '" + shown_arg(arg) + "' holds " + shown_char(text[at]) +
                     ", outside the characters odo hands a compiler (docs/security.md); refused");
}

// InputError unless the arguments are few and short enough for one exec to run them.
inline void require_runnable_size(const std::vector<std::string>& args, const std::string& where) {
    const long arg_max = ::sysconf(_SC_ARG_MAX);
    const std::size_t byte_limit = arg_max > 0 ? std::size_t(arg_max) : std::size_t(128) << 10;
    std::size_t bytes = 0;
    for (const std::string& a : args)
        bytes += a.size() + 1 + sizeof(char*);
    if (args.size() > max_command_arguments || bytes > byte_limit)
        throw InputError(where + ": " + std::to_string(args.size()) + " arguments of " +
                         std::to_string(bytes) + " bytes, more than one command can run (" +
                         std::to_string(max_command_arguments) + " arguments, " +
                         std::to_string(byte_limit) + " bytes); refused");
}

// A recorded command's arguments read one by one into a CompileCommand: each either dropped (the
// output, the dependency file, the source: odo sets its own), or allow-listed and checked.
class CommandReader {
public:
    CommandReader(CompileCommand& c, const std::filesystem::path& directory,
                  const std::filesystem::path& root, const std::filesystem::path& build_dir,
                  std::string where)
        : c_(c), directory_(directory), root_(root), build_dir_(build_dir),
          where_(std::move(where)),
          target_(c.compiler == CompilerKind::nvcc ? OptionTarget::nvcc : OptionTarget::host_cxx),
          source_((root / c.file).lexically_normal()) {}

    void read(const std::vector<std::string>& args) {
        for (std::size_t i = 1; i < args.size();)
            i += read_one(args, i);
    }

private:
    // How many arguments the one at `i` took (itself, or with its value).
    std::size_t read_one(const std::vector<std::string>& args, std::size_t i) {
        const std::string& arg = args[i];
        const std::string* next = i + 1 < args.size() ? &args[i + 1] : nullptr;
        if (drops_value(arg))
            return 2;
        if (arg == "-c" || arg == "--compile" || is_dependency_flag(arg) ||
            (directory_ / arg).lexically_normal() == source_)
            return 1;
        if (is_arch_flag(arg))
            return read_arch(arg, next);
        if (const std::size_t n = read_path_flag(arg, next))
            return n;
        if (const std::size_t n = read_define(arg, next))
            return n;
        if (const auto pass = pass_through(arg); pass && target_ == OptionTarget::nvcc)
            return read_pass_through(arg, next, *pass);
        if (next && takes_next_value(arg, target_)) {
            require_allowed(arg + "=" + *next, target_, arg + " " + *next);
            c_.flags.push_back({arg, std::nullopt});
            c_.flags.push_back({*next, std::nullopt});
            return 2;
        }
        require_allowed(arg, target_, arg);
        c_.flags.push_back({arg, std::nullopt});
        return 1;
    }

    void require_allowed(const std::string& option, OptionTarget target, std::string_view shown) {
        require_safe_text(option, ArgumentText::option, shown, where_);
        if (!allowed_option(option, target))
            throw InputError(where_ + ": option '" + shown_arg(shown) +
                             "' is not on odo's allow-list of compile options (docs/security.md); "
                             "refused");
    }

    std::size_t read_arch(const std::string& arg, const std::string* next) {
        const auto eq = arg.find('=');
        const bool joined = eq != std::string::npos;
        const std::string value = joined ? arg.substr(eq + 1) : (next ? *next : "");
        require_safe_text(value, ArgumentText::arch, joined ? arg : value, where_);
        collect_arches(value, c_.arches);
        c_.arch_flags.push_back({arg, std::nullopt});
        if (joined || !next)
            return 1;
        c_.arch_flags.push_back({*next, std::nullopt});
        return 2;
    }

    // "-I dir", "-Idir", "--include-path=dir" and the like: 0 when `arg` is none of them.
    std::size_t read_path_flag(const std::string& arg, const std::string* next) {
        for (const std::string& flag : path_flags()) {
            if (arg == flag && next) {
                require_safe_text(*next, ArgumentText::path, *next, where_);
                c_.flags.push_back({flag, std::nullopt});
                push_path("", *next);
                return 2;
            }
            if (text::starts_with(arg, flag) && arg.size() > flag.size() &&
                (flag[1] != '-' || arg[flag.size()] == '=')) {
                const std::size_t cut = flag.size() + (arg[flag.size()] == '=' ? 1 : 0);
                require_safe_text(arg.substr(cut), ArgumentText::path, arg, where_);
                push_path(arg.substr(0, cut), arg.substr(cut));
                return 1;
            }
        }
        return 0;
    }

    void push_path(const std::string& prefix, const std::string& value) {
        CommandArg a = path_arg(prefix, value, directory_, root_, build_dir_, where_);
        std::error_code ec;
        if (!a.repo_path)
            c_.outside_folders.push_back(
                std::filesystem::weakly_canonical(a.text.substr(prefix.size()), ec));
        c_.flags.push_back(std::move(a));
    }

    // "-DNAME=VALUE", "-D NAME", "--define-macro=NAME", "-UNAME": 0 when `arg` is none of them.
    std::size_t read_define(const std::string& arg, const std::string* next) {
        for (const std::string_view flag : {"-D", "-U", "--define-macro", "--undefine-macro"}) {
            const bool alone = arg == flag;
            const bool glued = !alone && text::starts_with(arg, flag) &&
                               (flag.size() == 2 || arg[flag.size()] == '=');
            if (!alone && !glued)
                continue;
            if (alone && !next)
                throw InputError(where_ + ": option '" + arg + "' names no macro; refused");
            const std::string definition =
                alone ? *next : arg.substr(flag.size() + (flag.size() == 2 ? 0 : 1));
            require_definition(definition, ArgumentText::define, alone ? *next : arg);
            if (alone)
                c_.flags.push_back({arg, std::nullopt});
            c_.flags.push_back(redirected(alone ? *next : arg));
            return alone ? 2 : 1;
        }
        return 0;
    }

    // NAME[=VALUE]: a macro name, then a value of `value_text` characters.
    void require_definition(std::string_view definition, ArgumentText value_text,
                            std::string_view shown) {
        const std::string_view name = definition.substr(0, definition.find('='));
        const bool identifier =
            !name.empty() && std::isdigit(static_cast<unsigned char>(name.front())) == 0 &&
            name.find_first_not_of(
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
                std::string_view::npos;
        if (!identifier)
            throw InputError(where_ + ": argument '" + shown_arg(shown) +
                             "' defines no macro name odo accepts, [A-Za-z_][A-Za-z0-9_]* "
                             "(docs/security.md); refused");
        require_safe_text(definition.substr(name.size()), value_text, shown, where_);
    }

    // "-Xcompiler=-fPIC,-Wall", "-Xcompiler -fPIC": each comma-separated piece checked for the
    // sub-step it goes to. nvcc puts these pieces on its shell's command line unquoted.
    std::size_t read_pass_through(const std::string& arg, const std::string* next,
                                  PassThrough pass) {
        const bool alone = arg.size() == pass.spelling;
        if (alone && !next)
            throw InputError(where_ + ": option '" + arg + "' passes nothing on; refused");
        const std::string& whole = alone ? *next : arg;
        for (const std::string& piece : comma_pieces(alone ? *next : arg.substr(pass.spelling + 1)))
            if (!piece.empty()) // an empty piece passes nothing on
                require_piece(piece, pass.target, whole);
        if (alone)
            c_.flags.push_back({arg, std::nullopt});
        c_.flags.push_back(redirected(whole));
        return alone ? 2 : 1;
    }

    void require_piece(const std::string& piece, OptionTarget target, const std::string& whole) {
        if (target == OptionTarget::xcompiler) {
            for (const std::string& flag : path_flags())
                if (text::starts_with(piece, flag) && piece.size() > flag.size() &&
                    flag[1] != '-') {
                    require_safe_text(piece.substr(flag.size()), ArgumentText::path, whole, where_);
                    return;
                }
            if (text::starts_with(piece, "-D") || text::starts_with(piece, "-U")) {
                require_definition(piece.substr(2), ArgumentText::option, whole);
                return;
            }
        }
        require_safe_text(piece, ArgumentText::option, whole, where_);
        if (!allowed_option(piece, target))
            throw InputError(where_ + ": option '" + shown_arg(whole) + "' passes '" +
                             shown_arg(piece) +
                             "' on, which is not on odo's allow-list of compile options "
                             "(docs/security.md); refused");
    }

    // The argument with the repository path it names redirected to each side, if it names one.
    CommandArg redirected(const std::string& arg) const {
        if (auto embedded = embedded_path_arg(arg, directory_, root_, build_dir_, where_))
            return *std::move(embedded);
        return {arg, std::nullopt};
    }

    CompileCommand& c_;
    const std::filesystem::path& directory_;
    const std::filesystem::path& root_;
    const std::filesystem::path& build_dir_;
    std::string where_;
    OptionTarget target_;
    std::filesystem::path source_;
};

// The compiler $<variable> names (an InputError when it names no executable file: the user asked
// for that one), else the first executable of `configured` and `fallbacks`, else `program` on PATH.
inline std::optional<std::filesystem::path>
compiler_from(const char* variable, const char* configured,
              std::initializer_list<const char*> fallbacks, std::string_view program) {
    namespace fs = std::filesystem;
    auto executable = [](const fs::path& p) {
        std::error_code ec;
        return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
    };
    if (const char* chosen = std::getenv(variable); chosen && *chosen) {
        if (!executable(chosen))
            throw InputError(std::string("$") + variable + ": '" + chosen +
                             "' is not an executable file");
        return fs::path(chosen);
    }
    if (configured && executable(configured))
        return fs::path(configured);
    for (const char* path : fallbacks)
        if (executable(path))
            return fs::path(path);
    return find_on_path(program);
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace detail

#if ODO_DEVCODE_DEFINITIONS
ODO_API std::optional<std::filesystem::path> cuda_compiler() {
#ifdef ODO_CUDA_COMPILER
    const char* configured = ODO_CUDA_COMPILER;
#else
    const char* configured = nullptr;
#endif
    return detail::compiler_from("ODO_NVCC", configured, {"/usr/local/cuda/bin/nvcc"}, "nvcc");
}

ODO_API std::optional<std::filesystem::path> host_compiler() {
#ifdef ODO_CXX_COMPILER
    const char* configured = ODO_CXX_COMPILER;
#else
    const char* configured = nullptr;
#endif
    return detail::compiler_from("ODO_CXX", configured, {}, "c++");
}

ODO_API bool is_host_cxx_name(std::string_view program) {
    for (const std::string_view driver : {"c++", "g++", "clang++"}) {
        for (auto at = program.find(driver); at != std::string_view::npos;
             at = program.find(driver, at + 1)) {
            const std::string_view target = program.substr(0, at);
            const std::string_view version = program.substr(at + driver.size());
            const bool target_ok = target.empty() || target.back() == '-';
            const bool version_ok =
                version.empty() ||
                (version.size() > 1 && version.front() == '-' &&
                 version.find_first_not_of("0123456789.", 1) == std::string_view::npos);
            if (target_ok && version_ok &&
                target.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") ==
                    std::string_view::npos)
                return true;
        }
    }
    return false;
}

ODO_API std::vector<std::string> instantiate(const std::vector<CommandArg>& args,
                                             const std::filesystem::path& side_root) {
    std::vector<std::string> out;
    for (const CommandArg& a : args)
        out.push_back(!a.repo_path ? a.text
                      : a.repo_path->empty()
                          ? a.text + side_root.string() + a.suffix
                          : a.text + (side_root / *a.repo_path).lexically_normal().string() +
                                a.suffix);
    return out;
}

ODO_API CompileDatabase::CompileDatabase(const std::filesystem::path& build_dir,
                                         const std::filesystem::path& repo_root) {
    namespace fs = std::filesystem;
    path_ = build_dir / "compile_commands.json";
    const std::string shown = path_.string();
    std::error_code ec;
    build_dir_ = fs::weakly_canonical(fs::absolute(build_dir), ec);
    root_ = fs::weakly_canonical(fs::absolute(repo_root), ec);
    if (!fs::is_regular_file(path_, ec))
        throw InputError(shown + ": not found (configure the build with "
                                 "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
    if (fs::file_size(path_, ec) > max_compile_database_bytes)
        throw InputError(shown + ": larger than 64 MiB; refused");
    const boost::json::value doc = json::parse(read_file(path_), shown);
    if (!doc.is_array())
        throw InputError(shown + ": not a JSON array of compile commands");
    std::size_t index = 0;
    for (const boost::json::value& v : doc.as_array()) {
        const std::string where = shown + ": entry " + std::to_string(index++);
        const auto* entry = v.if_object();
        const auto text_field = [&](const char* key) -> std::optional<std::string> {
            if (!entry || !entry->contains(key))
                return std::nullopt;
            if (!entry->at(key).is_string())
                throw InputError(where + ": \"" + key + "\" is not a string");
            return std::string(entry->at(key).as_string());
        };
        const auto file = text_field("file");
        const auto directory = text_field("directory");
        if (!file || !directory)
            throw InputError(where + ": needs \"file\" and \"directory\"");
        Entry e{fs::path(*directory), {}};
        if (entry->contains("arguments")) {
            const auto* list = entry->at("arguments").if_array();
            if (!list)
                throw InputError(where + ": \"arguments\" is not an array");
            for (const boost::json::value& a : *list) {
                if (!a.is_string())
                    throw InputError(where + ": \"arguments\" holds a non-string");
                e.args.emplace_back(a.as_string());
            }
        } else if (const auto command = text_field("command")) {
            e.args = detail::split_command_line(*command);
        } else {
            throw InputError(where + ": needs \"arguments\" or \"command\"");
        }
        detail::require_runnable_size(e.args, where);
        const fs::path source = (e.directory / *file).lexically_normal();
        if (!is_within(source, root_))
            continue; // another project's file
        entries_[source.lexically_relative(root_).generic_string()] = std::move(e);
    }
}

ODO_API std::optional<CompileCommand> CompileDatabase::command_for(const std::string& file) const {
    namespace fs = std::filesystem;
    const auto it = entries_.find(file);
    if (it == entries_.end())
        return std::nullopt;
    const std::string where = path_.string() + ": " + file;
    Entry e = it->second;
    e.args = detail::expand_options_files(e.args, e.directory, build_dir_, where);
    const std::string program =
        e.args.empty() ? std::string() : fs::path(e.args.front()).filename().string();
    const bool host = is_host_cxx_name(program);
    if (program != "nvcc" && !host)
        throw InputError(where + ": the command runs '" +
                         shown_arg(e.args.empty() ? std::string() : e.args.front()) +
                         "', neither nvcc nor a C++ compiler; odo replays a compile with its own "
                         "nvcc or C++ compiler only");
    if (!repo::resolve_repo_path(root_, file))
        throw InputError(where + ": the source leads outside the repository through a link; "
                                 "refused");
    detail::require_runnable_size(e.args, where);
    detail::require_safe_text(file, ArgumentText::path, file, where);
    CompileCommand c;
    c.compiler = host ? CompilerKind::host_cxx : CompilerKind::nvcc;
    c.file = file;
    c.origin = "compile_commands.json";
    detail::CommandReader(c, e.directory, root_, build_dir_, where).read(e.args);
    return c;
}

ODO_API CompileCommand synthesized_command(const repo::Layout& layout, const std::string& file,
                                           const std::vector<std::string>& tracked) {
    std::vector<std::string> dirs = layout.attribution.include_roots;
    for (const std::string& path : tracked) {
        for (auto at = path.find("include/"); at != std::string::npos;
             at = path.find("include/", at + 1))
            if (at == 0 || path[at - 1] == '/') {
                const std::string dir = path.substr(0, at + 7);
                if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end())
                    dirs.push_back(dir);
            }
    }
    const std::string where = "layout profile: " + file;
    detail::require_safe_text(file, ArgumentText::path, file, where);
    for (const std::string& dir : dirs)
        detail::require_safe_text(dir, ArgumentText::path, "-I" + dir, where);
    CompileCommand c;
    c.file = file;
    c.origin = "layout profile";
    c.flags = {{"-std=c++17", std::nullopt}, {"-x", std::nullopt}, {"cu", std::nullopt}};
    for (const std::string& dir : dirs)
        c.flags.push_back({"-I", dir});
    c.arches = {"sm_80", "sm_90"};
    return c;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
