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
