// The published evidence store (refs/odo/evidence): files published by digest and read back
// checked against it; publishing again adds nothing; an upstream store merged in; a ref naming a
// branch's commit or a blob is no store; a blob whose bytes do not hash to its name is tampering;
// a file over the limit, or whose bytes are not its digest's, is refused.
#include "temp_repo.hpp"

#include <odo/campaign/evidence_store.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

using odo::campaign::EvidenceStore;
using odo::campaign::ledger_digest;
using odo::campaign::PublishedFile;
using odo::testing::TempRepo;

PublishedFile store_file(const std::string& bytes) {
    return {ledger_digest(bytes), bytes};
}

std::string store_text(const TempRepo& repo, const std::vector<std::string>& args) {
    return std::string(odo::text::strip(repo.git(args)));
}

} // namespace

TEST_CASE("evidence store: files published by digest, read back checked, published once") {
    TempRepo repo;
    repo.write("README.md", "x\n");
    repo.commit("chore: base");
    const odo::repo::Git git(repo.root());
    CHECK(EvidenceStore::open(git).commit().empty()); // nothing published yet
    CHECK(EvidenceStore::open(git).problem().empty());

    const PublishedFile a = store_file("{\"runs\": 1}\n"), b = store_file("roofline\n");
    CHECK(odo::campaign::publish(git, {a, b}) == 2);
    const EvidenceStore store = EvidenceStore::open(git);
    CHECK(store.size() == 2);
    CHECK(store.read(a.digest) == a.bytes);
    CHECK(store.read(b.digest) == b.bytes);
    CHECK_FALSE(store.read(ledger_digest("never published")));
    // Publishing again adds no file and no commit; a new file is a commit on top of the last.
    CHECK(odo::campaign::publish(git, {a}) == 0);
    CHECK(EvidenceStore::open(git).commit() == store.commit());
    CHECK(odo::campaign::publish(git, {store_file("third\n")}) == 1);
    CHECK(store_text(repo, {"rev-parse", "refs/odo/evidence~1"}) == store.commit());
    // The branch is untouched: the store lives under its own ref.
    CHECK(store_text(repo, {"log", "--format=%s", "-1", "main"}) == "chore: base");
}

TEST_CASE("evidence store: an upstream store is merged in, both commits its parents") {
    TempRepo repo;
    repo.commit("chore: base");
    const odo::repo::Git git(repo.root());
    const PublishedFile mine = store_file("mine\n"), theirs = store_file("theirs\n");
    odo::campaign::publish(git, {theirs}, "refs/odo/evidence-upstream");
    odo::campaign::publish(git, {mine});
    CHECK(odo::campaign::publish(git, {}, "refs/odo/evidence", "refs/odo/evidence-upstream") == 0);
    const EvidenceStore merged = EvidenceStore::open(git);
    CHECK(merged.holds(mine.digest));
    CHECK(merged.holds(theirs.digest));
    CHECK(store_text(repo, {"rev-list", "--parents", "-1", "refs/odo/evidence"}).size() ==
          3 * 40 + 2);
}

TEST_CASE("evidence store: a ref that names no store, a tampered blob, a refused file") {
    TempRepo repo;
    repo.write("README.md", "x\n");
    const std::string branch = repo.commit("chore: base");
    const odo::repo::Git git(repo.root());
    SUBCASE("the branch's commit") {
        repo.git({"update-ref", "refs/odo/evidence", branch});
        const EvidenceStore store = EvidenceStore::open(git);
        CHECK(store.problem() == "refs/odo/evidence is not an odo evidence store: its tree holds "
                                 "'README.md', which is not a file named by its BLAKE2b-256 "
                                 "digest");
        CHECK(store.size() == 0);
        CHECK_THROWS_WITH_AS(odo::campaign::publish(git, {store_file("a\n")}),
                             doctest::Contains("is not an odo evidence store"), odo::InputError);
    }
    SUBCASE("a blob") {
        const std::string blob = store_text(repo, {"rev-parse", "HEAD:README.md"});
        repo.git({"update-ref", "refs/odo/evidence", blob});
        CHECK(EvidenceStore::open(git).problem() ==
              "refs/odo/evidence is not an odo evidence store: it names a blob, not a commit");
    }
    SUBCASE("a blob replaced under a digest's name") {
        const PublishedFile real = store_file("the real run\n");
        odo::campaign::publish(git, {real});
        const std::string forged = store_text(repo, {"rev-parse", "HEAD:README.md"});
        const auto mktree = odo::run_process("git", {"mktree"},
                                             {repo.root(),
                                              std::chrono::seconds(30),
                                              "100644 blob " + forged + "\t" + real.digest + "\n",
                                              {}});
        const std::string tree(odo::text::strip(mktree.out));
        const std::string commit = store_text(repo, {"commit-tree", tree, "-m", "forged"});
        repo.git({"update-ref", "refs/odo/evidence", commit});
        const EvidenceStore store = EvidenceStore::open(git);
        CHECK(store.problem().empty());
        CHECK_THROWS_WITH_AS(store.read(real.digest),
                             doctest::Contains("do not hash to it (the store was tampered with)"),
                             odo::InputError);
    }
    SUBCASE("a file over the limit, or bytes that are not its digest's") {
        const std::string big(odo::campaign::max_published_file_bytes + 1, 'x');
        CHECK_THROWS_WITH_AS(odo::campaign::publish(git, {store_file(big)}),
                             doctest::Contains("larger than the 16 MiB the evidence store takes"),
                             odo::InputError);
        CHECK_THROWS_WITH_AS(odo::campaign::publish(git, {{ledger_digest("a"), "b"}}),
                             doctest::Contains("do not hash to its digest"), odo::InputError);
        CHECK(EvidenceStore::open(git).commit().empty());
    }
}
