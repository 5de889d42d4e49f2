#include "temp_dir.hpp"

#include <odo/core/file.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {} // namespace

TEST_CASE("read_file returns every byte of empty, small and multi-megabyte files") {
    TempDir d;
    std::string big(3 * 1024 * 1024 + 17, '\0');
    for (std::size_t i = 0; i < big.size(); ++i)
        big[i] = static_cast<char>((i * 131) % 251); // NULs and high bytes included
    for (const std::string& bytes : {std::string(), std::string("a\r\nb\0c", 6), big}) {
        std::ofstream(d.path() / "f", std::ios::binary) << bytes;
        CHECK(odo::read_file(d.path() / "f") == bytes);
    }
}

TEST_CASE("read_file of a file without a size (procfs) still reads to its end") {
    const auto status = odo::try_read_file("/proc/self/status");
    REQUIRE(status);
    CHECK(status->find("Pid:") != std::string::npos);
    CHECK(status->back() == '\n');
}

TEST_CASE("a missing file or a directory is nullopt, and read_file names it") {
    TempDir d;
    CHECK_FALSE(odo::try_read_file(d.path() / "missing"));
    CHECK_FALSE(odo::try_read_file(d.path()));
    CHECK_THROWS_WITH_AS(odo::read_file(d.path() / "missing"),
                         doctest::Contains("missing: cannot read file"), odo::InputError);
}
