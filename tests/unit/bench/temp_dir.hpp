// The scratch directory of every test (tests/support/temp_dir.hpp) and the example benchmark
// configuration the bench tests run.
#pragma once
#include "../../support/temp_dir.hpp"

#include <odo/core/file.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace odo::bench::testing {

using TempDir = ::TempDir;

inline const std::filesystem::path example_config =
    ODO_SOURCE_DIR "/tests/bench_example/config/operators/example.json";
inline const std::filesystem::path example_sku_map =
    ODO_SOURCE_DIR "/tests/bench_example/config/sku_map.json";

} // namespace odo::bench::testing
