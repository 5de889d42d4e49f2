#pragma once
// Text helpers and constants the test files share. One definition each: the files of a test
// executable are compiled as one unit (CMake's unity build), where two file-local copies collide.
#include <doctest/doctest.h>

#include <string>

namespace odo::testing {

// The guideline the optimize-op findings cite (the CV-CUDA layout's).
inline const std::string guide = ".agents/guidance/OPTIMIZATION_GUIDELINES.md";

// The CV-CUDA-layout op repository fixture most tests start from.
inline const std::string oprepo_fixture = ODO_TEST_DATA_DIR "/oprepo";

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// `text` with the first `from` replaced by `to`; the test fails where `from` is absent, so a
// fixture edit cannot silently do nothing.
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, from);
    return text.replace(at, from.size(), to);
}

// `text` with every line ending written as CRLF.
inline std::string to_crlf(std::string text) {
    for (std::size_t at = 0; (at = text.find('\n', at)) != std::string::npos; at += 2)
        text.replace(at, 1, "\r\n");
    return text;
}

} // namespace odo::testing
