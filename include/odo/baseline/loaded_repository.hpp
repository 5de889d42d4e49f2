#pragma once
// The op repository an odo_baseline command works on, read: where it is, its layout profile,
// where its operator configs and SKU map are, and both loaded. A driver resolves and checks the
// places (tools/baseline_repository.hpp: each inside the repository) and loads the files before
// a command body (import_command.hpp, validate_command.hpp, compare_command.hpp,
// drift_command.hpp) runs; a test builds one from a fixture directly.
#include "odo/baseline/config_set.hpp"
#include "odo/repo/layout.hpp"
#include "odo/surface/sku_map.hpp"

#include <filesystem>

namespace odo::baseline {

struct LoadedRepository {
    std::filesystem::path root;
    repo::Layout layout;
    std::filesystem::path operators_dir; // the operator config directory, as messages name it
    std::filesystem::path sku_map_file;  // the SKU map, as the working directory names it
    surface::SkuMap sku_map;             // loaded before the configs, as the commands always did
    ConfigSet configs;
};

} // namespace odo::baseline
