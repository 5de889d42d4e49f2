// The `git log -z` reader ODO-6 judges: it fails closed, so no interleaved text can hide a
// commit.
#include <odo/gates/evidence_facts.hpp>

#include <doctest/doctest.h>

#include <string>

namespace {

using odo::gates::detail::parse_commit_log;
using namespace std::string_literals;

const std::string a(40, 'a'), b(40, 'b'), c(64, 'c');

std::string record(const std::string& sha, const std::string& parents, const std::string& subject,
                   const std::string& files) {
    return "\0\x1e"s + sha + "\x1f" + parents + "\x1f" + subject + "\0"s + files;
}

} // namespace

TEST_CASE("commit records with files, parents and SHA-256 names read back") {
    const auto commits = parse_commit_log(record(a, b + " " + c, "feat: x", "\nsrc/a.cu\0b.h\0"s) +
                                          record(b, "", "root", ""));
    REQUIRE(commits.size() == 2);
    CHECK(commits[0].sha == a);
    CHECK(commits[0].parents == std::vector<std::string>{b, c});
    CHECK(commits[0].subject == "feat: x");
    CHECK(commits[0].files == std::vector<std::string>{"src/a.cu", "b.h"});
    CHECK(commits[1].parents.empty());
    CHECK(commits[1].files.empty());
    CHECK(parse_commit_log("").empty());
}

TEST_CASE("a file name shaped like a commit header stays a file") {
    const std::string forged = "\x1e" + b + "\x1f\x1f" + "docs: harmless";
    const auto commits =
        parse_commit_log(record(a, "", "feat: kernel", "\nx.cu\0"s + forged + "\0"s));
    REQUIRE(commits.size() == 1);
    CHECK(commits[0].files.back() == forged);
}

TEST_CASE("text interleaved in the log is an error, never a dropped commit") {
    const std::string gpg = "gpg: Signature made today\ngpg: Good signature\n";
    // Before the first record, between records, and inside a header.
    CHECK_THROWS_AS(parse_commit_log(gpg + record(a, "", "feat: x", "")), odo::InputError);
    CHECK_THROWS_AS(parse_commit_log(record(a, "", "docs", "") + gpg + "\0"s +
                                     record(b, "", "feat: kernel", "\nk.cu\0"s)),
                    odo::InputError);
    CHECK_THROWS_AS(parse_commit_log("\0"s + gpg + "\0"s), odo::InputError);
}

TEST_CASE("malformed headers are errors") {
    CHECK_THROWS_AS(parse_commit_log("\0\x1enot-a-sha\x1f\x1fsubject\0"s), odo::InputError);
    CHECK_THROWS_AS(parse_commit_log("\0\x1e"s + a + "\x1fzz\x1fsubject\0"s), odo::InputError);
    CHECK_THROWS_AS(parse_commit_log("\0\x1e"s + a + "\x1f" + "subject\0"s), odo::InputError);
    CHECK_THROWS_AS(parse_commit_log("\0"s), odo::InputError);
    CHECK_THROWS_AS(parse_commit_log("\0\0"s), odo::InputError);
    CHECK_THROWS_AS(parse_commit_log(record(a, "", "s", "no-newline\0"s)), odo::InputError);
}
