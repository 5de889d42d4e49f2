#pragma once
// Recorded profiler outputs (tests/unit/profile/fixtures), written from each tool's documented
// format and several versions of it.
#include <odo/core/file.hpp>

#include <string>

inline std::string fixture_path(const std::string& name) {
    return ODO_SOURCE_DIR "/tests/unit/profile/fixtures/" + name;
}

inline std::string fixture(const std::string& name) {
    return odo::read_file(fixture_path(name));
}
