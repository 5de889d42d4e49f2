// json::parse_file reads a file a piece at a time and must be json::parse of its bytes: the same
// document, or the same error, place included, wherever the pieces are cut.
#include "temp_dir.hpp"

#include <odo/core/json_file.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

// What reading gave: the document's JSON text, or the error's message.
template <class Read>
std::string outcome(Read&& read) {
    try {
        return boost::json::serialize(read());
    } catch (const odo::InputError& e) {
        return std::string("error: ") + e.what();
    }
}

} // namespace

TEST_CASE("json::parse_file is json::parse of the file's bytes, wherever the pieces are cut") {
    const std::vector<std::string> texts = {
        "",
        "  \n ",
        "{}",
        "{} \n",
        "{} {}",
        "{}\n\n x",
        "[1,",
        "[1,\n2",
        "{\"a\": 1, \"a\": 2}",
        "{\"a\": [1.5, -0.0, 1e400, 12345678901234567890, \"\\u00e9\"], \"b\": {\"c\": null}}",
        "{\"k\": 0.1000000000000000055511151231257827, \"s\": \"a\\\"b\"}\n",
        "{\"a\":\n  [true, false,\n   nul]}",
        "\xef\xbb\xbf{}",
        "{\"a\": \"\xff\"}",
        "1 2",
        "{\"x\": 1} // note"};
    TempDir dir;
    for (const std::string& text : texts) {
        CAPTURE(text);
        const auto file = dir.write("doc.json", text);
        const std::string whole = outcome([&] { return odo::json::parse(text, "doc.json"); });
        for (const std::size_t piece :
             {std::size_t(1), std::size_t(2), std::size_t(5), text.size(), std::size_t(1) << 20}) {
            if (piece == 0)
                continue;
            CAPTURE(piece);
            CHECK(outcome([&] { return odo::json::parse_file(file, "doc.json", {}, piece); }) ==
                  whole);
        }
    }
    CHECK(outcome([&] {
              return odo::json::parse_file(dir.path() / "absent.json", "absent.json");
          }) == "error: absent.json: cannot read file");
}

TEST_CASE("json::parse_file builds the document in the storage it is given") {
    TempDir dir;
    const auto file = dir.write("doc.json", "{\"rows\": [1, 2, 3]}");
    const boost::json::storage_ptr arena =
        boost::json::make_shared_resource<boost::json::monotonic_resource>();
    const boost::json::value doc = odo::json::parse_file(file, "doc.json", arena);
    CHECK(doc.storage().get() == arena.get());
    CHECK(doc.at("rows").as_array().size() == 3);
}

TEST_CASE("a parse error names the line and column where the parser stopped") {
    CHECK(outcome([] { return odo::json::parse("{\n  \"a\": x}", "doc.json"); }) ==
          "error: doc.json: invalid JSON (syntax error) at line 2 column 8");
    CHECK(outcome([] { return odo::json::parse("[1]\n\n  2", "doc.json"); }) ==
          "error: doc.json: invalid JSON (extra data after the document) at line 3 column 3");
    // Counted over pieces, the place is the place in the text laid end to end.
    const std::string text = "ab\ncd\n\nefg\nh";
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
        odo::json::detail::TextPlace pieces;
        pieces.advance(std::string_view(text).substr(0, cut));
        pieces.advance(std::string_view(text).substr(cut));
        CHECK(pieces.line == 5);
        CHECK(pieces.column == 2);
        CHECK(odo::json::detail::TextPlace().after(std::string_view(text).substr(0, cut)) == [&] {
            std::size_t line = 1, column = 1;
            for (std::size_t i = 0; i < cut; ++i)
                text[i] == '\n' ? (++line, column = 1) : ++column;
            return "line " + std::to_string(line) + " column " + std::to_string(column);
        }());
    }
}
