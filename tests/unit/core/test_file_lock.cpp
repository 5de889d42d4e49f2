// FileLock: writers take turns; a planted link or a non-file at the lock's name is refused.
#include "temp_dir.hpp"

#include <odo/core/error.hpp>
#include <odo/core/file_lock.hpp>

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <optional>

namespace fs = std::filesystem;
using namespace std::chrono_literals;

TEST_CASE("FileLock: a second holder waits, and gives up after its patience naming the file") {
    const TempDir dir;
    const fs::path lock = dir.path() / "odo-campaign.lock";
    std::optional<odo::FileLock> first(std::in_place, lock, 1s);
    CHECK(fs::is_regular_file(lock));
    // flock belongs to the open file, so a second open in this process contends like another.
    CHECK_THROWS_WITH_AS(odo::FileLock(lock, 50ms),
                         doctest::Contains("odo-campaign.lock: cannot take the lock (held by "
                                           "another process for over 50 ms)"),
                         odo::InputError);
    first.reset();
    CHECK_NOTHROW(odo::FileLock(lock, 50ms)); // released with the first
    CHECK(fs::is_regular_file(lock));         // and kept for the next writer
}

TEST_CASE("FileLock: a link or a folder at the lock's name is refused, nothing created") {
    const TempDir dir;
    const fs::path outside = dir.path() / "outside";
    fs::create_symlink(outside, dir.path() / "linked.lock");
    CHECK_THROWS_WITH_AS(odo::FileLock(dir.path() / "linked.lock", 50ms),
                         doctest::Contains("linked.lock: cannot open the lock file"),
                         odo::InputError);
    CHECK_FALSE(fs::exists(outside));
    fs::create_directory(dir.path() / "folder.lock");
    CHECK_THROWS_AS(odo::FileLock(dir.path() / "folder.lock", 50ms), odo::InputError);
}
