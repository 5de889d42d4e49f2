#pragma once
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/bench_config.hpp"
#include "odo/surface/detail/path_glob.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace odo::surface {

// One operator of the benchmark manifest: its config file and its two benchmark drivers.
struct ManifestOperator {
    std::string name;             // exact name `--operator` matches
    std::filesystem::path config; // resolved against the manifest's directory
    std::string cpp;              // default bench_<name>
    std::string python;           // default bench_<name>.py
};

// The operator manifest `bench_params.json` in any of its forms (bench-harness.md §1.2).
struct Manifest {
    std::string source;
    std::vector<ManifestOperator> operators; // sorted by name, names unique

    std::vector<std::string> operator_names() const {
        std::vector<std::string> names;
        for (const ManifestOperator& op : operators)
            names.push_back(op.name);
        return names;
    }

    const ManifestOperator* find(std::string_view name) const {
        for (const ManifestOperator& op : operators)
            if (op.name == name)
                return &op;
        return nullptr;
    }
};

// Called with each file a manifest's include patterns match, before it is read; it throws to
// refuse one (the gates refuse files outside the repository).
using FileGuard = std::function<void(const std::filesystem::path&)>;

namespace detail {

#if ODO_SURFACE_DEFINITIONS
inline std::string manifest_text_field(const boost::json::object& fields, const char* field,
                                       std::string fallback, const std::string& where) {
    const auto* v = fields.if_contains(field);
    if (!v) {
        if (fallback.empty())
            throw InputError(where + ": " + field + " is required");
        return fallback;
    }
    if (!v->is_string() || v->get_string().empty())
        throw InputError(where + ": " + field + " must be a non-empty string");
    return std::string(v->get_string());
}

inline Manifest sorted_manifest(std::string_view source, std::vector<ManifestOperator> ops) {
    std::sort(ops.begin(), ops.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (std::size_t i = 1; i < ops.size(); ++i)
        if (ops[i].name == ops[i - 1].name)
            throw InputError(std::string(source) + ": operator " + python_str_repr(ops[i].name) +
                             " is declared twice (" + ops[i - 1].config.string() + ", " +
                             ops[i].config.string() + ")");
    return Manifest{std::string(source), std::move(ops)};
}

// The manifest entry a lone operator config implies: its benchmark name, default drivers.
inline ManifestOperator inferred_operator(const BenchConfig& config,
                                          const std::filesystem::path& path) {
    return {config.benchmark, path, "bench_" + config.benchmark,
            "bench_" + config.benchmark + ".py"};
}

inline ManifestOperator operator_from_config_file(const std::filesystem::path& path) {
    return inferred_operator(load_bench_config_file(path), path);
}

inline std::vector<ManifestOperator> declared_operators(const boost::json::value& operators,
                                                        const std::filesystem::path& dir,
                                                        std::string_view source) {
    if (!operators.is_object())
        throw InputError(std::string(source) + ": operators must be an object");
    std::vector<ManifestOperator> ops;
    for (const auto& kv : operators.get_object()) {
        const std::string name(kv.key());
        const std::string where = std::string(source) + ": operators." + name;
        if (name.empty())
            throw InputError(std::string(source) + ": operator names must not be empty");
        if (!kv.value().is_object())
            throw InputError(where + " must be an object");
        const auto& fields = kv.value().get_object();
        ops.push_back({name, dir / manifest_text_field(fields, "config", "", where),
                       manifest_text_field(fields, "cpp", "bench_" + name, where),
                       manifest_text_field(fields, "python", "bench_" + name + ".py", where)});
    }
    return ops;
}

inline std::vector<ManifestOperator> included_operators(const boost::json::value& include,
                                                        const std::filesystem::path& dir,
                                                        std::string_view source,
                                                        const FileGuard& guard) {
    if (!include.is_array())
        throw InputError(std::string(source) + ": include must be a list of glob patterns");
    std::vector<std::filesystem::path> files;
    for (const auto& pattern : include.get_array()) {
        if (!pattern.is_string() || pattern.get_string().empty())
            throw InputError(std::string(source) + ": include patterns must be non-empty strings");
        const auto matches = glob_files(dir, pattern.get_string());
        if (matches.empty())
            throw InputError(std::string(source) + ": include pattern " +
                             python_str_repr(pattern.get_string()) + " matches no file");
        for (const auto& file : matches)
            if (std::find(files.begin(), files.end(), file) == files.end())
                files.push_back(file);
    }
    std::vector<ManifestOperator> ops;
    for (const auto& file : files) {
        if (guard)
            guard(file);
        ops.push_back(operator_from_config_file(file));
    }
    return ops;
}

inline bool is_manifest_document(const boost::json::value& doc) {
    return doc.is_object() &&
           (doc.get_object().contains("operators") || doc.get_object().contains("include"));
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace detail

// The bench params file a repository's layout names (bench_params.json). Unlike load_manifest it
// holds a manifest document only: read as a lone operator config, its errors would call it one.
// `guard` sees every config file an include pattern matches before it is read.
ODO_API Manifest load_manifest_file(const std::filesystem::path& path, const FileGuard& guard = {});
#if ODO_SURFACE_DEFINITIONS
// A manifest document: `{"operators": {name: {config, cpp?, python?}}}` (config relative to
// `manifest_dir`, absolute allowed) or `{"include": [glob, …]}` (operator config files relative
// to `manifest_dir`, each pattern matching at least one file). Errors name `source`.
inline Manifest parse_manifest(const boost::json::value& doc,
                               const std::filesystem::path& manifest_dir, std::string_view source,
                               const FileGuard& guard = {}) {
    if (!detail::is_manifest_document(doc))
        throw InputError(
            std::string(source) +
            ": expected an object with an \"operators\" object or an \"include\" list");
    const auto& object = doc.get_object();
    if (object.contains("operators") && object.contains("include"))
        throw InputError(std::string(source) + ": has both \"operators\" and \"include\"");
    return detail::sorted_manifest(
        source,
        object.contains("operators")
            ? detail::declared_operators(object.at("operators"), manifest_dir, source)
            : detail::included_operators(object.at("include"), manifest_dir, source, guard));
}

// A manifest from a path: a manifest file; a lone operator (or legacy flat) config file, whose
// manifest is inferred with default driver names; or a directory, meaning its bench_params.json
// or, without one, every *.json in it as operator configs.
inline Manifest load_manifest(const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    const std::string source = path.string();
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        if (fs::is_regular_file(path / "bench_params.json", ec))
            return load_manifest(path / "bench_params.json");
        std::vector<ManifestOperator> ops;
        for (const fs::path& file : detail::glob_files(path, "*.json"))
            ops.push_back(detail::operator_from_config_file(file));
        if (ops.empty())
            throw InputError(source + ": directory has no bench_params.json and no *.json file");
        return detail::sorted_manifest(source, std::move(ops));
    }
    const boost::json::value doc = json::parse(read_file(path), source);
    if (detail::is_manifest_document(doc))
        return parse_manifest(doc, path.parent_path(), source);
    return detail::sorted_manifest(
        source, {detail::inferred_operator(load_bench_config(doc, source), path)});
}

ODO_API Manifest load_manifest_file(const std::filesystem::path& path, const FileGuard& guard) {
    const std::string source = path.string();
    const boost::json::value doc = json::parse(read_file(path), source);
    if (!detail::is_manifest_document(doc))
        throw InputError(source + ": the bench params file must hold an object with an "
                                  "\"operators\" object or an \"include\" list");
    return parse_manifest(doc, path.parent_path(), source, guard);
}

// Config keys name benchmark runs across all operators, so one key may live in one file only.
inline void check_unique_config_keys(const std::vector<BenchConfig>& configs) {
    std::map<std::string, const std::string*> owner;
    for (const BenchConfig& config : configs)
        for (const ConfigEntry& entry : config.entries) {
            const auto [it, inserted] = owner.emplace(entry.key, &config.source);
            if (!inserted)
                throw InputError("duplicate config key " + python_str_repr(entry.key) + " in " +
                                 *it->second + " and " + config.source);
        }
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
