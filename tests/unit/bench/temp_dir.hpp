// A scratch directory removed at the end of the test.
#pragma once
#include <odo/core/file.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace odo::bench::testing {

class TempDir {
public:
    TempDir() {
        std::random_device random;
        path_ = std::filesystem::temp_directory_path() /
                ("odo-bench-test-" + std::to_string(random()) + std::to_string(random()));
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const noexcept { return path_; }

    std::filesystem::path write(const std::string& relative, const std::string& content) const {
        const auto file = path_ / relative;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << content;
        return file;
    }

private:
    std::filesystem::path path_;
};

inline const std::filesystem::path example_config =
    ODO_SOURCE_DIR "/tests/bench_example/config/operators/example.json";
inline const std::filesystem::path example_sku_map =
    ODO_SOURCE_DIR "/tests/bench_example/config/sku_map.json";

} // namespace odo::bench::testing
