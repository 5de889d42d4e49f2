#pragma once
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/ownership.hpp"
#include "odo/repo/path_template.hpp"
#include "odo/repo/path_text.hpp"
#include "odo/repo/repo_path.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iterator>
#include <map>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace odo::repo {

// An operator as its public header names it: "HQResize" from OpHQResize.h.
struct DiscoveredOperator {
    std::string name;   // canonical spelling
    std::string header; // repository-relative path
};

namespace detail {

#if ODO_REPO_DEFINITIONS
// The file names in `dir` (relative to the root) that are regular files, sorted byte-wise.
inline std::vector<std::string> sorted_file_names(const std::filesystem::path& repo_root,
                                                  std::string_view dir) {
    namespace fs = std::filesystem;
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(repo_root / std::string(dir), ec), end; !ec && it != end;
         it.increment(ec)) {
        std::error_code type_ec;
        if (it->is_regular_file(type_ec))
            names.push_back(it->path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

inline bool exists_in(const std::filesystem::path& repo_root, std::string_view path) {
    std::error_code ec;
    return !path.empty() && std::filesystem::exists(repo_root / std::string(path), ec);
}

// A directory the operator's files are looked up in, when it is there: one odo cannot read (no
// permission, not a directory, a link to nothing) would list as empty, and the operator would
// read as having no private implementation. InputError naming the directory.
inline void require_readable_directory(const std::filesystem::path& repo_root,
                                       std::string_view dir) {
    namespace fs = std::filesystem;
    if (dir.empty())
        return;
    const fs::path path = repo_root / std::string(dir);
    std::error_code ec;
    if (fs::symlink_status(path, ec).type() == fs::file_type::not_found)
        return; // absent: the layout's other operators may have none either
    const std::string what = "cannot read " + std::string(dir) + ": ";
    if (ec)
        throw InputError(what + ec.message());
    if (!fs::is_directory(path, ec))
        throw InputError(what + "not a directory");
    const fs::directory_iterator listing(path, ec);
    if (ec)
        throw InputError(what + ec.message());
}

inline std::string join_path(std::string_view dir, std::string_view name) {
    return dir.empty() ? std::string(name) : std::string(dir) + "/" + std::string(name);
}
#endif // ODO_REPO_DEFINITIONS

} // namespace detail

// Every operator of the library: the files in the c_api template's directory whose names fit its
// pattern ("Op{Name}.h"), except c_api_excluded ("Operator.h"), sorted by file name.
ODO_API std::vector<DiscoveredOperator> discover_operators(const std::filesystem::path& repo_root,
                                                           const Layout& layout);
#if ODO_REPO_DEFINITIONS
ODO_API std::vector<DiscoveredOperator> discover_operators(const std::filesystem::path& repo_root,
                                                           const Layout& layout) {
    const std::string_view tpl = layout.paths.c_api;
    const std::string_view dir = template_directory(tpl);
    const std::string_view pattern = file_name(tpl);
    const auto& excluded = layout.paths.c_api_excluded;
    std::vector<DiscoveredOperator> out;
    for (const auto& file : detail::sorted_file_names(repo_root, dir)) {
        if (std::find(excluded.begin(), excluded.end(), file) != excluded.end())
            continue;
        if (auto name = match_template(pattern, file))
            out.push_back({std::string(*name), detail::join_path(dir, file)});
    }
    return out;
}

inline OperatorSet operator_keys(const std::vector<DiscoveredOperator>& ops) {
    OperatorSet keys;
    for (const auto& op : ops)
        keys.insert(text::lower(op.name));
    return keys;
}

// The Python functions a binding registers, in order of appearance: the first string argument
// of each <binding_def_call>"name" made only of [a-z0-9_].
inline std::vector<std::string> python_function_names(std::string_view binding_text,
                                                      const Layout::Grammar& grammar) {
    auto is_name_char = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    };
    std::vector<std::string> names;
    const std::string& call = grammar.binding_def_call;
    for (auto at = binding_text.find(call); at != std::string_view::npos;
         at = binding_text.find(call, at + 1)) {
        std::size_t i = at + call.size();
        while (i < binding_text.size() && std::isspace(static_cast<unsigned char>(binding_text[i])))
            ++i;
        if (i >= binding_text.size() || binding_text[i] != '"')
            continue;
        const std::size_t begin = ++i;
        while (i < binding_text.size() && is_name_char(binding_text[i]))
            ++i;
        if (i > begin && i < binding_text.size() && binding_text[i] == '"')
            names.emplace_back(binding_text.substr(begin, i - begin));
    }
    return names;
}

// The Python name of an operator (review-refactor.md §1.3 step 4): the shortest registered
// name not ending in the _into suffix, the earliest on a tie; `op` when there is none.
inline std::string python_name(std::string_view binding_text, std::string_view op,
                               const Layout::Grammar& grammar) {
    std::string best(op);
    bool found = false;
    for (const auto& name : python_function_names(binding_text, grammar)) {
        if (text::ends_with(name, grammar.binding_into_suffix))
            continue;
        if (!found || name.size() < best.size())
            best = name;
        found = true;
    }
    return best;
}
#endif // ODO_REPO_DEFINITIONS

// One operator's files, repository-relative (review-refactor.md §1.3, gates.md §6).
struct OperatorPaths {
    std::string operator_name; // canonical spelling from the header, or the argument as typed
    std::string op;            // the argument lower-cased
    std::string pyname;
    bool discovered = false; // a public header names this operator
    std::string header;
    std::string hpp;
    std::string pybind;
    std::string bench_cfg;
    std::string test_cpp;
    std::string test_py;
    std::string bench_cpp;
    std::string bench_py;
    std::vector<std::string> priv; // implementation files that exist, in review order
};

// What resolving an operator reads of the library besides the operator's own files: the operators
// the public headers name and the legacy kernels' directory. Listed once, it resolves every
// operator without reading a directory again, and reads the bindings below one resolved root.
struct LibraryListing {
    ResolvedRoot root;
    std::vector<DiscoveredOperator> operators; // discover_operators
    OperatorSet keys;                          // operator_keys(operators)
    std::map<std::string, std::size_t> first;  // each key's first operator, by place
    std::vector<std::string> legacy_files;     // the legacy directory's file names, sorted
};

// InputError when the private or legacy directory is there but cannot be read.
ODO_API LibraryListing list_library(const std::filesystem::path& repo_root, const Layout& layout);
#if ODO_REPO_DEFINITIONS
ODO_API LibraryListing list_library(const std::filesystem::path& repo_root, const Layout& layout) {
    LibraryListing out{ResolvedRoot(repo_root), {}, {}, {}, {}};
    out.operators = discover_operators(repo_root, layout);
    out.keys = operator_keys(out.operators);
    for (std::size_t k = 0; k < out.operators.size(); ++k)
        out.first.emplace(text::lower(out.operators[k].name), k);
    detail::require_readable_directory(repo_root, trim_trailing_slashes(layout.paths.priv_dir));
    const std::string_view legacy = trim_trailing_slashes(layout.paths.legacy_dir);
    detail::require_readable_directory(repo_root, legacy);
    if (!legacy.empty())
        out.legacy_files = detail::sorted_file_names(repo_root, legacy);
    return out;
}
#endif // ODO_REPO_DEFINITIONS

namespace detail {

#if ODO_REPO_DEFINITIONS
// The operator's private sources: its own files, the legacy kernels it owns by longest prefix,
// then its registered shared kernels, each once and only when present.
inline std::vector<std::string> private_sources(const std::filesystem::path& repo_root,
                                                const Layout& layout,
                                                const PlaceholderValues& values,
                                                const LibraryListing& library) {
    const std::string_view legacy = trim_trailing_slashes(layout.paths.legacy_dir);
    std::vector<std::string> priv;
    auto add = [&](std::string path) {
        if (exists_in(repo_root, path) && std::find(priv.begin(), priv.end(), path) == priv.end())
            priv.push_back(std::move(path));
    };
    for (const auto& tpl : layout.paths.priv_sources)
        add(expand(tpl, values));
    for (const auto& file : library.legacy_files)
        if (file.front() != '.' && glob_match(layout.paths.legacy_glob, file) &&
            legacy_belongs(file_stem(file), values.name, library.keys))
            add(join_path(legacy, file));
    const auto& shared = layout.attribution.shared_kernel_sources;
    if (auto it = shared.find(std::string(values.name)); it != shared.end())
        for (const auto& path : it->second)
            add(path);
    return priv;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace detail

ODO_API bool operator_exists(const OperatorPaths& paths) noexcept;
// Resolves a user's operator argument, in any case, to its files. An unknown operator does not
// fail here: it gets the paths it would have, none of which exist (see operator_exists).
ODO_API OperatorPaths resolve_operator(const std::filesystem::path& repo_root, const Layout& layout,
                                       std::string_view argument);
// The same with the library already listed: a caller resolving every operator lists its
// directories once, not once per operator.
ODO_API OperatorPaths resolve_operator(const std::filesystem::path& repo_root, const Layout& layout,
                                       std::string_view argument, const LibraryListing& library);
// The one-line message a driver prints when the operator is unknown.
ODO_API std::string unknown_operator_message(const OperatorPaths& paths, const Layout& layout);
#if ODO_REPO_DEFINITIONS
ODO_API OperatorPaths resolve_operator(const std::filesystem::path& repo_root, const Layout& layout,
                                       std::string_view argument) {
    return resolve_operator(repo_root, layout, argument, list_library(repo_root, layout));
}

ODO_API OperatorPaths resolve_operator(const std::filesystem::path& repo_root, const Layout& layout,
                                       std::string_view argument, const LibraryListing& library) {
    OperatorPaths p;
    const std::string arg(text::strip(argument));
    p.op = text::lower(arg);
    p.operator_name = arg;
    if (const auto found = library.first.find(p.op); found != library.first.end()) {
        const DiscoveredOperator& candidate = library.operators[found->second];
        p.operator_name = candidate.name;
        p.header = candidate.header;
        p.discovered = true;
    }
    PlaceholderValues values{p.operator_name, p.op, {}};
    if (!p.discovered)
        p.header = expand(layout.paths.c_api, values);
    const auto& paths = layout.paths;
    p.hpp = expand(paths.cpp_api, values);
    p.pybind = expand(paths.binding, values);
    p.pyname = python_name(try_read_file(library.root.file_path(p.pybind)).value_or(""), p.op,
                           layout.grammar);
    values.py = p.pyname;
    p.priv = detail::private_sources(repo_root, layout, values, library);
    p.test_cpp = expand(paths.test_cpp, values);
    p.test_py = expand(paths.test_py, values);
    if (const std::string fallback = expand(paths.test_py_fallback, values);
        !detail::exists_in(repo_root, p.test_py) && detail::exists_in(repo_root, fallback))
        p.test_py = fallback;
    p.bench_cpp = expand(paths.bench_cpp, values);
    p.bench_py = expand(paths.bench_py, values);
    p.bench_cfg = expand(bench_config_template(layout), values);
    return p;
}

ODO_API bool operator_exists(const OperatorPaths& paths) noexcept {
    return paths.discovered;
}

ODO_API std::string unknown_operator_message(const OperatorPaths& paths, const Layout& layout) {
    const std::string pattern = expand(layout.paths.c_api, {"*", "*", "*"});
    return "unknown operator \"" + paths.operator_name + "\": no public header " + paths.header +
           " (operators are the files " + pattern + ")";
}
#endif // ODO_REPO_DEFINITIONS

// The header-derived and manifest-derived operator lists must agree (review-refactor.md §7.29);
// what each has that the other lacks.
struct OperatorListDifference {
    std::vector<std::string> only_in_headers;
    std::vector<std::string> only_in_manifest;
    bool empty() const noexcept { return only_in_headers.empty() && only_in_manifest.empty(); }
};

#if ODO_REPO_DEFINITIONS
inline OperatorListDifference compare_operator_lists(const OperatorSet& from_headers,
                                                     const OperatorSet& from_manifest) {
    OperatorListDifference diff;
    std::set_difference(from_headers.begin(), from_headers.end(), from_manifest.begin(),
                        from_manifest.end(), std::back_inserter(diff.only_in_headers));
    std::set_difference(from_manifest.begin(), from_manifest.end(), from_headers.begin(),
                        from_headers.end(), std::back_inserter(diff.only_in_manifest));
    return diff;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
