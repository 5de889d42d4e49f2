#pragma once
#include "odo/baseline/operator_file.hpp"
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/case_expansion.hpp"
#include "odo/surface/detail/path_glob.hpp"
#include "odo/surface/manifest.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace odo::baseline {

// One config of the set with what artifact ingest checks rows against.
struct IndexedConfig {
    std::size_t file = 0;  // index into ConfigSet::files()
    std::size_t entry = 0; // index into that file's config entries
    std::vector<surface::AxisSpec> specs;
    std::unordered_set<std::string> expected_cases;
    std::string axis_problem; // why the axes cannot be expanded; empty when they can
};

// Every operator config of a repository, indexed by config key (the reference's "index").
// Config keys name benchmark runs across all operators, so a key may live in one file only,
// and every config names its tier, as the reference's loader requires.
class ConfigSet {
public:
    explicit ConfigSet(std::vector<OperatorFile> files) : files_(std::move(files)) {
        for (std::size_t f = 0; f < files_.size(); ++f) {
            surface::require_valid_tiers(files_[f].config);
            for (std::size_t e = 0; e < files_[f].config.entries.size(); ++e)
                index(f, e);
        }
    }

    const std::vector<OperatorFile>& files() const noexcept { return files_; }

    const IndexedConfig* find(const std::string& config_key) const {
        const auto it = by_key_.find(config_key);
        return it == by_key_.end() ? nullptr : &it->second;
    }

    const OperatorFile& file_of(const IndexedConfig& c) const { return files_[c.file]; }
    const surface::ConfigEntry& entry_of(const IndexedConfig& c) const {
        return files_[c.file].config.entries[c.entry];
    }
    const std::string& operator_of(const IndexedConfig& c) const {
        return files_[c.file].config.benchmark;
    }

    // Why `case_key` is not a case of its config (wrong config, axes out of order, undeclared
    // or non-canonical values), or "" when it is one.
    std::string case_key_problem(const IndexedConfig& c, const std::string& case_key) const {
        if (!c.axis_problem.empty())
            return c.axis_problem;
        if (c.expected_cases.count(case_key))
            return {};
        try {
            surface::validate_case_key_for_config(case_key, entry_of(c).key, c.specs);
        } catch (const InputError& e) {
            return e.what();
        }
        return "case key " + python_str_repr(case_key) + " is not an expected case";
    }

private:
    void index(std::size_t f, std::size_t e) {
        const surface::ConfigEntry& entry = files_[f].config.entries[e];
        IndexedConfig c{f, e, {}, {}, {}};
        try {
            c.specs = surface::case_axis_specs(entry.fields, entry.key);
            for (const surface::CaseKey& key : surface::expand_case_keys(entry.key, c.specs))
                c.expected_cases.insert(key.str());
        } catch (const InputError& error) {
            c.axis_problem = error.what();
        }
        const auto [it, inserted] = by_key_.emplace(entry.key, std::move(c));
        if (!inserted)
            throw InputError("duplicate config key " + python_str_repr(entry.key) + " in " +
                             files_[it->second.file].path.string() + " and " +
                             files_[f].path.string());
    }

    std::vector<OperatorFile> files_;
    std::unordered_map<std::string, IndexedConfig> by_key_;
};

// The operator configs the glob `pattern` matches in `dir`, each passed to `guard` before it is
// read (odo_baseline refuses one that leads outside the repository).
ODO_API ConfigSet load_config_files(const std::filesystem::path& dir, std::string_view pattern,
                                    const surface::FileGuard& guard);
// The operator configs of a config directory, `<config_dir>/operators/*.json`.
ODO_API ConfigSet load_config_set(const std::filesystem::path& config_dir);
#if ODO_BASELINE_DEFINITIONS
// The files of `dir` whose names match the glob `pattern`, sorted. A directory that cannot be
// listed is an error of its own, not a directory without configs.
inline std::vector<std::filesystem::path> config_files_in(const std::filesystem::path& dir,
                                                          std::string_view pattern) {
    std::error_code ec;
    std::filesystem::directory_iterator(dir, ec);
    if (ec)
        throw InputError(dir.string() + ": cannot read the directory (" + ec.message() + ")");
    auto paths = surface::detail::glob_files(dir, pattern);
    if (paths.empty())
        throw InputError(dir.string() + ": no operator config (" + std::string(pattern) + ")");
    return paths;
}

// The operator config files of a config directory: `<config_dir>/operators/*.json`, sorted.
inline std::vector<std::filesystem::path>
operator_config_paths(const std::filesystem::path& config_dir) {
    return config_files_in(config_dir / "operators", "*.json");
}

ODO_API ConfigSet load_config_files(const std::filesystem::path& dir, std::string_view pattern,
                                    const surface::FileGuard& guard) {
    std::vector<OperatorFile> files;
    for (const auto& path : config_files_in(dir, pattern)) {
        if (guard)
            guard(path);
        files.push_back(load_operator_file(path));
    }
    return ConfigSet(std::move(files));
}

ODO_API ConfigSet load_config_set(const std::filesystem::path& config_dir) {
    return load_config_files(config_dir / "operators", "*.json", {});
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
