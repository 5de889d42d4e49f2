// `git ls-tree -z -l` read apart from git: blobs with their padded sizes, a folder's "-", a path
// holding spaces and a tab, and an entry without the four-field head.
#include <odo/repo/tree_listing.hpp>

#include <doctest/doctest.h>

#include <string>

TEST_CASE("tree listing: mode, type, oid, size and path of each entry") {
    using namespace std::string_literals;
    const std::string blob(40, 'a'), tree(40, 'b');
    const auto entries = odo::repo::parse_tree_listing(
        "100644 blob " + blob + "     123\tsrc/a b.cu\0"s + "040000 tree " + tree +
        "       -\tinclude\0"s + "100755 blob " + blob + " 4096\tbin/x\ty\0"s + "\0"s +
        "garbage\tname\0"s);
    REQUIRE(entries.size() == 4);
    CHECK(entries[0].mode == "100644");
    CHECK(entries[0].type == "blob");
    CHECK(entries[0].oid == blob);
    CHECK(entries[0].size == 123);
    CHECK(entries[0].path == "src/a b.cu");
    CHECK(entries[1].type == "tree");
    CHECK(entries[1].size == 0);
    CHECK(entries[2].path == "bin/x\ty"); // the first tab ends the head
    CHECK(entries[2].size == 4096);
    CHECK(entries[3].mode.empty()); // no head: the path kept, nothing else
    CHECK(entries[3].path == "name");
    CHECK(odo::repo::parse_tree_listing("").empty());
}
