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

// Outputs in tests/data/profile: real ones from public repositories (see its NOTICE) and ones
// written in the exact shape of today's tools.
inline std::string profile_data_path(const std::string& name) {
    return ODO_SOURCE_DIR "/tests/data/profile/" + name;
}

inline std::string profile_data(const std::string& name) {
    return odo::read_file(profile_data_path(name));
}
