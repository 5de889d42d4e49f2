#include <odo/summary/description_text.hpp>

#include <doctest/doctest.h>

using odo::summary::normalized_description;

TEST_CASE("a description loses a leading BOM and gets \\n line ends, whatever the editor wrote") {
    CHECK(normalized_description("\xEF\xBB\xBF# Title\r\n- [x] item\r\n") ==
          "# Title\n- [x] item\n");
    CHECK(normalized_description("# Title\r- [x] item\r\rend") == "# Title\n- [x] item\n\nend");
    CHECK(normalized_description("a\r\n\rb\n\r\n") == "a\n\nb\n\n");
    CHECK(normalized_description("plain\ntext") == "plain\ntext");
    CHECK(normalized_description("x\xEF\xBB\xBFy") == "x\xEF\xBB\xBFy"); // only a leading mark
    CHECK(normalized_description("") == "");
}
