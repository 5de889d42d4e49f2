#pragma once
// The op repository odo_baseline maintains: its root, its layout profile, and where its operator
// configs and SKU map are. The layout governs these as it governs the gates; a flag overrides
// one place. Every file read from here is checked to lie inside the repository, as the gates'
// reads are, so a committed link cannot make import rewrite, or validate echo, a file outside.
#include "baseline_options.hpp"
#include "repository_root.hpp"

#include <odo/baseline/config_set.hpp>
#include <odo/core/atomic_write.hpp>
#include <odo/core/error.hpp>
#include <odo/repo/layout_file.hpp>
#include <odo/repo/path_template.hpp>
#include <odo/repo/repo_path.hpp>
#include <odo/surface/sku_map.hpp>

#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>

namespace odo::driver {

class BaselineRepository {
public:
    explicit BaselineRepository(const RepositoryOptions& o)
        : root_(repository_root(o.repo.empty() ? std::nullopt : std::optional(o.repo))),
          layout_(repo::layout_for_repository(root_, layout_file(o))),
          operators_dir_(o.config_dir.empty() ? shown(layout_.paths.bench_config_dir)
                                              : std::filesystem::path(o.config_dir) / "operators"),
          sku_map_(o.sku_map.empty() ? shown(layout_.paths.sku_map)
                                     : std::filesystem::path(o.sku_map)) {
        if (!o.config_dir.empty())
            inside(operators_dir_, "--config-dir");
        if (!o.sku_map.empty())
            inside(sku_map_, "--sku-map");
    }

    const std::filesystem::path& root() const noexcept { return root_; }

    // Refuses, before any work, an output whose folder is a symbolic link in the repository, also
    // when odo_baseline runs from outside it (the atomic writer checks the working directory's).
    void refuse_linked_outputs(std::initializer_list<std::string> outputs) const {
        for (const std::string& output : outputs)
            if (!output.empty())
                refuse_linked_folder(output, {root_});
    }
    const repo::Layout& layout() const noexcept { return layout_; }
    // The operator config directory as messages name it.
    const std::filesystem::path& operators_dir() const noexcept { return operators_dir_; }
    // The SKU map, as the working directory names it.
    const std::filesystem::path& sku_map() const noexcept { return sku_map_; }

    // The config file of operator `name`, by the layout's file-name template.
    std::filesystem::path operator_file(const std::string& name) const {
        return operators_dir_ / repo::expand(layout_.paths.bench_config_file, {name, name, name});
    }

    baseline::ConfigSet load_configs() const {
        inside(operators_dir_);
        const std::string pattern = repo::expand(layout_.paths.bench_config_file, {"*", "*", "*"});
        return baseline::load_config_files(
            operators_dir_, pattern, [this](const std::filesystem::path& file) { inside(file); });
    }

    surface::SkuMap load_sku_map() const {
        inside(sku_map_);
        return surface::load_sku_map(sku_map_);
    }

private:
    static std::optional<std::filesystem::path> layout_file(const RepositoryOptions& o) {
        if (o.layout.empty())
            return std::nullopt;
        return std::filesystem::path(o.layout);
    }

    // A layout path (relative to the root) as the working directory names it: "bench/config/…"
    // when odo_baseline runs at the top level, as before the layout governed it.
    std::filesystem::path shown(const std::string& layout_path) const {
        return (root_ / layout_path).lexically_proximate(std::filesystem::current_path());
    }

    // Refuses `path` when it leads outside the repository or cannot be resolved; the error names
    // `option` (the flag that gave the path) before it.
    void inside(const std::filesystem::path& path, const std::string& option = {}) const {
        try {
            repo::repo_location(root_, path);
        } catch (const InputError& e) {
            if (option.empty())
                throw;
            throw InputError(option + " " + e.what());
        }
    }

    std::filesystem::path root_;
    repo::Layout layout_;
    std::filesystem::path operators_dir_;
    std::filesystem::path sku_map_;
};

} // namespace odo::driver
