// README's compatibility sentence claims no more than docs/compat.md pins: it links to the
// section that lists what is byte-identical to CV-CUDA's tools and what wording is odo's own,
// and that section exists.
#include <odo/core/file.hpp>

#include <doctest/doctest.h>

#include <string>

TEST_CASE("README's compatibility claim points at the section of docs/compat.md that pins it") {
    const std::string readme = odo::read_file(ODO_SOURCE_DIR "/README.md");
    const std::string compat = odo::read_file(ODO_SOURCE_DIR "/docs/compat.md");
    CHECK(readme.find("docs/compat.md#what-is-identical-and-what-is-odos-wording") !=
          std::string::npos);
    CHECK(compat.find("\n## What is identical, and what is odo's wording\n") != std::string::npos);
    // The reports are not byte-identical to the reference's (their fix sentences are odo's), so
    // neither document may say so.
    CHECK(readme.find("report formats (markdown and JSON, byte") == std::string::npos);
    CHECK(compat.find("report formats (markdown and JSON,\nbyte for byte)") == std::string::npos);
    CHECK(readme.find("the `fix:` sentences of the\n  reports are odo's own wording") !=
          std::string::npos);
}
