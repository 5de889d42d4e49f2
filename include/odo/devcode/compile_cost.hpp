#pragma once
// HOST-ONLY (runs git, nvcc and a C++ compiler). refactor_op --phase cost: what each translation
// unit of the operator (its CUDA and host C++ sources and its binding, the files assess reads)
// costs to build, replaying the build's own recorded command (compile_command.hpp) with
// every output in a scratch folder, the build tree never written: compile CPU seconds (the best of
// N, the compiler and every program it started), object bytes and the object's .text bytes. With a
// base, both sides in the same scratch path (side_tree.hpp) and the deltas, so a simplification
// can show the build got cheaper.
#include "odo/core/error.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/process.hpp"
#include "odo/devcode/compile_command.hpp"
#include "odo/devcode/compiler_sandbox.hpp"
#include "odo/devcode/device_proof.hpp"
#include "odo/devcode/side_tree.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json.hpp>

#include <sys/resource.h>

namespace odo::devcode {

struct SideCost {
    double cpu_seconds = 0; // best of the repeats
    std::uint64_t object_bytes = 0;
    std::uint64_t text_bytes = 0; // .text and .text.* sections of the object
    std::string failure;          // the compiler's last lines; "" when it compiled
};

struct TuCost {
    std::string file;
    std::optional<SideCost> base; // with --base
    SideCost now;
};

struct CostReport {
    std::string base_commit; // "" without --base
    std::string now;         // "working tree"
    int repeat = 1;
    std::vector<TuCost> tus;
    std::vector<std::string> unrecorded; // TUs the build has no command for
    std::string nvcc;                    // the compilers that ran; "" when none was needed
    std::string host_cxx;
    std::string isolation;             // how they ran (CompilerSandbox::description)
    std::vector<std::string> left_out; // files over max_side_file_bytes, not in the side trees
};

struct CostInput {
    const repo::Git& git;
    const repo::OperatorPaths& op;
    std::filesystem::path build_dir;
    std::string base_commit; // "": the working tree alone
    int repeat = 1;
    Isolation isolation = Isolation::automatic;
};

// The bytes of the sections named .text or .text.<name> of an ELF64 little-endian object;
// InputError naming `origin` when it is not one or its section table lies out of bounds.
ODO_API std::uint64_t elf_text_bytes(std::string_view object, std::string_view origin);
// The operator's translation units, in review order: its private sources and its binding that end
// in .cu, .cpp, .cc or .cxx.
ODO_API std::vector<std::string> operator_tus(const repo::OperatorPaths& op);
ODO_API CostReport measure_cost(const CostInput& in);
ODO_API std::string render_cost_markdown(const std::string& operator_name, const CostReport& r);
ODO_API std::string render_cost_json(const std::string& operator_name, const CostReport& r);
// "cost: OpInvert.cu CPU 1.20->1.00 s, .text 900->850 B": what verify's summary carries.
ODO_API std::vector<std::string> cost_deltas(const CostReport& r);
// Whether a compile of either side failed: cost's exit 1, its figures incomplete.
ODO_API bool any_compile_failed(const CostReport& r) noexcept;

namespace detail {

#if ODO_DEVCODE_DEFINITIONS
template <class T>
bool read_le(std::string_view bytes, std::uint64_t at, T& value) {
    if (at > bytes.size() || bytes.size() - at < sizeof(T))
        return false;
    std::memcpy(&value, bytes.data() + at, sizeof(T)); // ELF64 LE, read on a little-endian host
    return true;
}

inline double children_cpu_seconds() {
    rusage u{};
    ::getrusage(RUSAGE_CHILDREN, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

inline SideCost measure_side(const CompilerSandbox& sandbox, const SideTree& tree,
                             const CompileCommand& c, int repeat) {
    const std::filesystem::path object = tree.out() / "cost.o";
    std::vector<std::string> args = instantiate(c.flags, tree.root());
    const std::vector<std::string> arch = instantiate(c.arch_flags, tree.root());
    args.insert(args.end(), arch.begin(), arch.end());
    args.insert(args.end(), {"-c", "-o", object.string(), (tree.root() / c.file).string()});
    SideCost cost;
    for (int i = 0; i < repeat; ++i) {
        std::error_code ignored;
        std::filesystem::remove(object, ignored);
        const double before = children_cpu_seconds();
        const ProcessResult r = sandbox.run(args, tree.root(), std::chrono::seconds(600));
        const double spent = children_cpu_seconds() - before;
        if (!r.ok())
            return {0, 0, 0,
                    r.timed_out ? "the compiler ran past 600 s"
                    : r.started ? side_diagnostics(r.err + "\n" + r.out, tree.root(), 12)
                                : r.error};
        if (i == 0 || spent < cost.cpu_seconds)
            cost.cpu_seconds = spent;
    }
    const auto bytes = try_read_file(object);
    if (!bytes)
        return {0, 0, 0, "the compiler exited 0 but wrote no object"};
    cost.object_bytes = bytes->size();
    cost.text_bytes = elf_text_bytes(*bytes, c.file + " object");
    return cost;
}

inline std::string seconds_text(double s) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", s);
    return buffer;
}

inline std::string signed_text(long long v) {
    return (v >= 0 ? "+" : "") + std::to_string(v);
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace detail

#if ODO_DEVCODE_DEFINITIONS
ODO_API std::uint64_t elf_text_bytes(std::string_view object, std::string_view origin) {
    const std::string where(origin);
    if (object.size() < 64 ||
        object.substr(0, 4) != "\x7f"
                               "ELF" ||
        object[4] != 2 || object[5] != 1)
        throw InputError(where + ": not an ELF64 little-endian object");
    std::uint64_t shoff = 0;
    std::uint16_t shentsize = 0, shnum = 0, shstrndx = 0;
    detail::read_le(object, 0x28, shoff);
    detail::read_le(object, 0x3A, shentsize);
    detail::read_le(object, 0x3C, shnum);
    detail::read_le(object, 0x3E, shstrndx);
    auto header = [&](std::uint16_t i, std::uint32_t& name, std::uint64_t& offset,
                      std::uint64_t& size) {
        const std::uint64_t at = shoff + std::uint64_t(i) * shentsize;
        return shentsize >= 64 && detail::read_le(object, at, name) &&
               detail::read_le(object, at + 0x18, offset) &&
               detail::read_le(object, at + 0x20, size);
    };
    std::uint32_t ignored_name = 0;
    std::uint64_t names_at = 0, names_size = 0;
    if (shstrndx >= shnum || !header(shstrndx, ignored_name, names_at, names_size) ||
        names_at > object.size() || object.size() - names_at < names_size)
        throw InputError(where + ": section table out of bounds");
    const std::string_view names = object.substr(names_at, names_size);
    std::uint64_t total = 0;
    for (std::uint16_t i = 0; i < shnum; ++i) {
        std::uint32_t name = 0;
        std::uint64_t offset = 0, size = 0;
        if (!header(i, name, offset, size) || name >= names.size())
            throw InputError(where + ": section " + std::to_string(i) + " out of bounds");
        const std::string_view section = names.substr(name, names.find('\0', name) - name);
        if (section == ".text" || text::starts_with(section, ".text."))
            total += size;
    }
    return total;
}

ODO_API std::vector<std::string> operator_tus(const repo::OperatorPaths& op) {
    std::vector<std::string> out;
    std::vector<std::string> paths = op.priv;
    paths.push_back(op.pybind);
    for (const std::string& path : paths)
        for (const char* extension : {".cu", ".cpp", ".cc", ".cxx"})
            if (text::ends_with(path, extension) &&
                std::find(out.begin(), out.end(), path) == out.end())
                out.push_back(path);
    return out;
}

ODO_API CostReport measure_cost(const CostInput& in) {
    const CompileDatabase database(in.build_dir, in.git.root());
    std::vector<CompileCommand> commands;
    CostReport report;
    report.base_commit = in.base_commit;
    report.now = "working tree";
    report.repeat = in.repeat;
    for (const std::string& file : operator_tus(in.op)) {
        if (auto c = database.command_for(file))
            commands.push_back(*std::move(c));
        else
            report.unrecorded.push_back(file);
    }
    // Only the compilers the recorded commands need: a host-only operator needs no CUDA Toolkit.
    std::optional<std::filesystem::path> nvcc, host_cxx;
    for (const CompileCommand& c : commands) {
        if (c.compiler == CompilerKind::nvcc && !nvcc && !(nvcc = cuda_compiler()))
            throw InputError(c.file + ": no nvcc: set $ODO_NVCC or install the CUDA Toolkit in "
                                      "/usr/local/cuda");
        if (c.compiler == CompilerKind::host_cxx && !host_cxx && !(host_cxx = host_compiler()))
            throw InputError(c.file + ": no C++ compiler: set $ODO_CXX or put c++ on PATH");
    }
    report.nvcc = nvcc ? nvcc->string() : "";
    report.host_cxx = host_cxx ? host_cxx->string() : "";
    SideTree tree;
    std::optional<CompilerSandbox> nvcc_box, host_box;
    if (nvcc)
        nvcc_box.emplace(in.isolation, *nvcc, tree.scratch());
    if (host_cxx)
        host_box.emplace(in.isolation, *host_cxx, tree.scratch());
    std::error_code ec;
    const std::filesystem::path build_dir =
        std::filesystem::weakly_canonical(std::filesystem::absolute(in.build_dir), ec);
    for (auto* box : {nvcc_box ? &*nvcc_box : nullptr, host_box ? &*host_box : nullptr}) {
        if (!box)
            continue;
        box->allow_read(build_dir);
        for (const CompileCommand& c : commands)
            for (const std::filesystem::path& folder : c.outside_folders)
                box->allow_read(folder);
        report.isolation = box->description();
    }
    const auto compiler_for = [&](const CompileCommand& c) -> const CompilerSandbox& {
        return c.compiler == CompilerKind::nvcc ? *nvcc_box : *host_box;
    };
    const std::string head =
        in.base_commit.empty()
            ? std::string(text::strip(detail::git_or_throw(in.git, {"rev-parse", "HEAD"})))
            : in.base_commit;
    tree.write_revision(in.git, head);
    for (const CompileCommand& c : commands) {
        TuCost t{c.file, std::nullopt, {}};
        if (!in.base_commit.empty())
            t.base = detail::measure_side(compiler_for(c), tree, c, in.repeat);
        report.tus.push_back(std::move(t));
    }
    tree.write_change(in.git, head, "");
    report.left_out = tree.left_out();
    for (std::size_t i = 0; i < commands.size(); ++i)
        report.tus[i].now =
            detail::measure_side(compiler_for(commands[i]), tree, commands[i], in.repeat);
    return report;
}

ODO_API bool any_compile_failed(const CostReport& r) noexcept {
    for (const TuCost& t : r.tus)
        if (!t.now.failure.empty() || (t.base && !t.base->failure.empty()))
            return true;
    return false;
}

ODO_API std::vector<std::string> cost_deltas(const CostReport& r) {
    std::vector<std::string> out;
    for (const TuCost& t : r.tus)
        if (t.base && t.base->failure.empty() && t.now.failure.empty())
            out.push_back(t.file + ": CPU " + detail::seconds_text(t.base->cpu_seconds) + "->" +
                          detail::seconds_text(t.now.cpu_seconds) + " s, .text " +
                          std::to_string(t.base->text_bytes) + "->" +
                          std::to_string(t.now.text_bytes) + " B (" +
                          detail::signed_text(static_cast<long long>(t.now.text_bytes) -
                                              static_cast<long long>(t.base->text_bytes)) +
                          "), object " + std::to_string(t.base->object_bytes) + "->" +
                          std::to_string(t.now.object_bytes) + " B");
    return out;
}

ODO_API std::string render_cost_markdown(const std::string& operator_name, const CostReport& r) {
    std::string out = "# refactor-op: " + operator_name + "  phase=cost\n\n- now: " + r.now +
                      (r.base_commit.empty() ? "" : "\n- base: " + r.base_commit) +
                      (r.nvcc.empty() ? "" : "\n- nvcc: " + r.nvcc) +
                      (r.host_cxx.empty() ? "" : "\n- C++ compiler: " + r.host_cxx) +
                      (r.isolation.empty() ? "" : "\n- isolation: " + r.isolation) +
                      (r.left_out.empty() ? ""
                                          : "\n- left out of the side trees (over " +
                                                std::to_string(max_side_file_bytes >> 20) +
                                                " MiB): " + text::join(r.left_out, ", ")) +
                      "\n- CPU: best of " + std::to_string(r.repeat) +
                      ", the compiler and every program it ran; outputs in a scratch folder\n\n"
                      "| TU | side | CPU s | object B | .text B |\n|---|---|---|---|---|\n";
    auto row = [&](const std::string& file, const char* side, const SideCost& c) {
        out += "| " + file + " | " + side + " | " +
               (c.failure.empty()
                    ? detail::seconds_text(c.cpu_seconds) + " | " + std::to_string(c.object_bytes) +
                          " | " + std::to_string(c.text_bytes)
                    : "compile failed | | ") +
               " |\n";
    };
    for (const TuCost& t : r.tus) {
        if (t.base)
            row(t.file, "base", *t.base);
        row(t.file, "now", t.now);
    }
    const auto deltas = cost_deltas(r);
    if (!deltas.empty())
        out += "\n## deltas\n- " + text::join(deltas, "\n- ") + "\n";
    for (const TuCost& t : r.tus)
        for (const SideCost* c : {t.base ? &*t.base : nullptr, &t.now})
            if (c && !c->failure.empty())
                out += "\n## " + t.file + ": compile failed\n```\n" + c->failure + "\n```\n";
    if (!r.unrecorded.empty())
        out += "\nNot in the build's compile_commands.json (not measured): " +
               text::join(r.unrecorded, ", ") + "\n";
    out.pop_back();
    return out;
}

ODO_API std::string render_cost_json(const std::string& operator_name, const CostReport& r) {
    auto side = [](const SideCost& c) {
        // A number, to the hundredth of a second the markdown shows.
        return boost::json::object{{"cpu_seconds", std::round(c.cpu_seconds * 100) / 100},
                                   {"failure", c.failure},
                                   {"object_bytes", c.object_bytes},
                                   {"text_bytes", c.text_bytes}};
    };
    boost::json::array tus, unrecorded;
    for (const TuCost& t : r.tus) {
        boost::json::object o{{"file", t.file}, {"now", side(t.now)}};
        if (t.base) {
            o["base"] = side(*t.base);
            o["text_bytes_delta"] = static_cast<long long>(t.now.text_bytes) -
                                    static_cast<long long>(t.base->text_bytes);
            o["object_bytes_delta"] = static_cast<long long>(t.now.object_bytes) -
                                      static_cast<long long>(t.base->object_bytes);
        }
        tus.push_back(std::move(o));
    }
    for (const std::string& f : r.unrecorded)
        unrecorded.emplace_back(f);
    boost::json::object compilers;
    if (!r.nvcc.empty())
        compilers["nvcc"] = r.nvcc;
    if (!r.host_cxx.empty())
        compilers["host_cxx"] = r.host_cxx;
    boost::json::array left_out;
    for (const std::string& f : r.left_out)
        left_out.emplace_back(f);
    boost::json::object doc{{"compilers", std::move(compilers)},
                            {"isolation", r.isolation},
                            {"left_out", std::move(left_out)},
                            {"now", r.now},
                            {"operator", operator_name},
                            {"phase", "cost"},
                            {"repeat", r.repeat},
                            {"tus", std::move(tus)},
                            {"unrecorded", std::move(unrecorded)}};
    if (!r.base_commit.empty())
        doc["base_commit"] = r.base_commit;
    return json::dumps(doc, {2, true, true});
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
