// ODO-6 on real temporary git repositories (gates.md §7 tests 20, 39–40): the commit facts come
// from gates/evidence_facts.hpp, the judgement from check_odo6_perf_hygiene.
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/gates/evidence_facts.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

using odo::Finding;
using odo::Status;
using odo::testing::TempRepo;

using odo::testing::guide;
const std::string legacy_kernel = "src/cvcuda/priv/legacy/box_blur.cu";
const std::string boxblur_test = "tests/cvcuda/system/TestOpBoxBlur.cpp";
const std::string resize_test = "tests/cvcuda/system/TestOpResize.cpp";

// A repository whose first commit, the base, only adds README.md.
struct HygieneRepo {
    TempRepo repo;
    std::string base;

    HygieneRepo() {
        repo.write("README.md", "base\n");
        base = repo.commit("chore: establish test base");
    }

    void commit(const std::string& subject, const std::vector<std::string>& files) {
        for (const std::string& path : files)
            repo.write(path, subject + "\n");
        repo.commit(subject);
    }

    Finding hygiene(const odo::repo::OperatorSet& ops, const std::string& against = "") const {
        const odo::repo::Layout layout;
        const auto op = odo::repo::resolve_operator(repo.root(), layout, "BoxBlur");
        odo::gates::ConfigDocuments documents(std::nullopt);
        const odo::gates::EvidenceFacts facts =
            odo::gates::gather_evidence_facts(odo::repo::Git(repo.root()), layout, op, ops,
                                              against.empty() ? base : against, documents);
        return odo::gates::check_odo6_perf_hygiene(facts.range, facts.commits, op, ops, layout,
                                                   guide);
    }
};

using odo::testing::contains;

} // namespace

TEST_CASE("39: a scoped regression-backed fix is accepted") {
    HygieneRepo r;
    r.commit("test(boxblur): cover signed negative pixels", {boxblur_test});
    r.commit("fix(boxblur): honor signed 8-bit pixels", {legacy_kernel});
    const Finding f = r.hygiene({"boxblur"});
    CHECK(f.status == Status::Pass);
    CHECK(contains(f.evidence, "regression-backed fix"));
    CHECK(f.evidence.rfind("2 commit(s) checked; regression-backed fix pair(s): ", 0) == 0);
}

TEST_CASE("40: unpaired or disguised fixes are rejected") {
    struct Case {
        const char* name;
        std::vector<std::pair<std::string, std::vector<std::string>>> before_fix;
        std::string fix_subject;
        std::string reason;
    };
    const std::vector<Case> cases = {
        {"blanket",
         {{"test(boxblur): cover signed negative pixels", {boxblur_test}}},
         "fix: honor signed 8-bit pixels",
         "not a scoped fix(<operator>): subject"},
        {"unpaired",
         {},
         "fix(boxblur): honor signed 8-bit pixels",
         "immediate parent is not a scoped test(<operator>): commit"},
        {"mismatched scope",
         {{"test(resize): cover signed negative pixels", {resize_test}}},
         "fix(boxblur): honor signed 8-bit pixels",
         "test and fix scopes do not match"},
        {"wrong operator test",
         {{"test(boxblur): cover signed negative pixels", {resize_test}}},
         "fix(boxblur): honor signed 8-bit pixels",
         "immediate parent has no operator-specific regression test"},
        {"not tests-only",
         {{"test(boxblur): cover signed negative pixels",
           {boxblur_test, "bench/config/operators/boxblur.json"}}},
         "fix(boxblur): optimize staging",
         "immediate parent is not tests-only"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.name);
        HygieneRepo r;
        for (const auto& [subject, files] : c.before_fix)
            r.commit(subject, files);
        r.commit(c.fix_subject, {legacy_kernel});
        const Finding f = r.hygiene({"boxblur", "resize"});
        CHECK(f.status == Status::Gap);
        CHECK(contains(f.evidence, "fix"));
        CHECK(contains(f.evidence, "(" + c.reason + ")"));
    }
}

TEST_CASE("20: commits only on a diverged base are outside the range") {
    HygieneRepo r;
    r.repo.git({"checkout", "-q", "-b", "feature"});
    r.commit("perf(boxblur): stage rows in shared memory", {legacy_kernel});
    r.repo.git({"checkout", "-q", "main"});
    r.commit("speed up boxblur", {legacy_kernel, "src/cvcuda/priv/legacy/box_blur_var_shape.cu"});
    const std::string target = r.repo.head();
    r.repo.git({"checkout", "-q", "feature"});
    const Finding f = r.hygiene({"boxblur"}, target);
    CHECK(f.status == Status::Pass);
    CHECK(f.evidence == "1 commit(s) checked");
}

TEST_CASE("merge commits are not judged; the commits they bring in from the base are not either") {
    HygieneRepo r;
    r.repo.git({"checkout", "-q", "-b", "feature"});
    r.commit("perf(boxblur): one", {legacy_kernel});
    r.repo.git({"checkout", "-q", "main"});
    r.commit("unrelated: base work", {"README.md"});
    r.repo.git({"checkout", "-q", "feature"});
    r.repo.git({"merge", "-q", "--no-edit", "main"});
    const Finding f = r.hygiene({"boxblur"}, "main");
    CHECK(f.status == Status::Pass);
    CHECK(f.evidence == "1 commit(s) checked");
}
