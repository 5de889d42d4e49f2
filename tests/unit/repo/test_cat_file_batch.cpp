#include <odo/repo/cat_file_batch.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace odo::repo;

namespace {

const std::string sha(40, 'a');

} // namespace

TEST_CASE("cat-file batch: contents by size, missing and ambiguous objects as nullopt") {
    const std::vector<std::string> specs = {"HEAD:a.txt", "HEAD:nope", "v1:b", "HEAD:empty"};
    const std::string out =
        sha + " blob 6\nx\ny z\n\nHEAD:nope missing\nv1:b ambiguous\n" + sha + " blob 0\n\n";
    const CatFileObjects objects = parse_cat_file_batch(out, specs);
    REQUIRE(objects.size() == 4);
    CHECK(objects.at("HEAD:a.txt") == std::optional<std::string>("x\ny z\n"));
    CHECK_FALSE(objects.at("HEAD:nope"));
    CHECK_FALSE(objects.at("v1:b"));
    CHECK(objects.at("HEAD:empty") == std::optional<std::string>(""));
}

TEST_CASE("cat-file batch: an answer that is not this spec's stops the read (fail closed)") {
    // Out of step with the request: the missing line names another spec.
    const CatFileObjects shifted = parse_cat_file_batch("HEAD:b missing\n", {"HEAD:a", "HEAD:b"});
    CHECK(shifted.empty());
    const CatFileObjects garbage =
        parse_cat_file_batch("HEAD:a missing\nnot a header\n", {"HEAD:a", "HEAD:b"});
    CHECK(garbage.size() == 1);
    CHECK(garbage.count("HEAD:a"));
}

TEST_CASE("cat-file batch: sizes beyond the output are cut short, not read past its end") {
    // Before: std::stoull threw on 21 digits, and a size near 2^64 wrapped the read position.
    CHECK(parse_cat_file_batch(sha + " blob 999999999999999999999\nx\n", {"s"}).empty());
    CHECK(parse_cat_file_batch(sha + " blob 18446744073709551615\nx\n", {"s"}).empty());
    CHECK(parse_cat_file_batch(sha + " blob 5\nabc\n", {"s"}).empty());
    // Contents must be followed by the newline git writes.
    CHECK(parse_cat_file_batch(sha + " blob 2\nabc\n", {"s"}).empty());
}

TEST_CASE("cat-file batch: a spec with a line break is never sent") {
    CHECK(cat_file_batch_input({"HEAD:a", "HEAD:b"}) ==
          std::optional<std::string>("HEAD:a\nHEAD:b\n"));
    CHECK_FALSE(cat_file_batch_input({"HEAD:a\nHEAD:b"}));
    CHECK_FALSE(cat_file_batch_input({"HEAD:a\r"}));
}
