// ODO-6, commit hygiene, on stubbed commit facts (gates.md §7 tests 19–20; review-refactor.md §5).
// The same check on real repositories is in tests/cli/test_evidence_facts_commits.cpp.

#include "text_helpers.hpp"

#include <odo/gates/evidence_checks_commits.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using odo::Finding;
using odo::Status;
using namespace odo::gates;

namespace {

using odo::testing::guide;
const std::string hqresize_binding = "python/mod_cvcuda/operators/OpHQResize.cpp";
const std::string kernel = "src/cvcuda/priv/OpHQResize.cu";
const std::string test_file = "tests/cvcuda/system/TestOpHQResize.cpp";
const odo::repo::OperatorSet commit_ops = {"hqresize", "resize"};

odo::repo::OperatorPaths commits_hqresize() {
    odo::repo::OperatorPaths op;
    op.operator_name = "HQResize";
    op.op = "hqresize";
    op.pybind = hqresize_binding;
    return op;
}

ChangeRange range() {
    ChangeRange r;
    r.base = std::string(40, '2');
    r.merge_base = std::string(40, '3');
    r.changed = std::vector<std::string>{};
    return r;
}

std::string sha(char c) {
    return std::string(40, c);
}

Finding hygiene(const CommitHistory& history) {
    return check_odo6_perf_hygiene(range(), history, commits_hqresize(), commit_ops,
                                   odo::repo::Layout::cvcuda(), guide);
}

// A test commit then a fix commit on top of it (newest first, as git log lists them).
CommitHistory pair(const std::string& test_subject, std::vector<std::string> test_files,
                   const std::string& fix_subject) {
    CommitHistory h;
    h.commits = {{sha('f'), fix_subject, {sha('e')}, {kernel}},
                 {sha('e'), test_subject, {sha('3')}, std::move(test_files)}};
    return h;
}

using odo::testing::contains;

} // namespace

TEST_CASE("19: binding changes are implementation changes for commit hygiene") {
    // The stub's parent "subject" is the binding path, so it is no scoped test commit.
    CommitHistory h;
    h.commits = {{sha('1'), "fix(hqresize): cache requirements", {sha('0')}, {hqresize_binding}}};
    h.outside = {{sha('0'), {sha('0'), hqresize_binding, {}, {hqresize_binding}}}};
    const Finding gap = hygiene(h);
    CHECK(gap.id == "ODO-6");
    CHECK(gap.status == Status::Gap);
    CHECK(gap.summary ==
          "Implementation-changing commit(s) lack perf: or a scoped regression-backed fix");
    CHECK(gap.evidence == "11111111 fix(hqresize): cache requirements (immediate parent is not a "
                          "scoped test(<operator>): commit)");
    CHECK(contains(gap.fix, "fix(hqresize): commit immediately after"));
    h.commits.front().subject = "perf(hqresize): cache requirements";
    const Finding pass = hygiene(h);
    CHECK(pass.status == Status::Pass);
    CHECK(pass.summary ==
          "Implementation-changing commits use perf: or a scoped regression-backed fix pair");
    CHECK(pass.evidence == "1 commit(s) checked");
}

TEST_CASE("20: the range is the merge base's, not the raw base's") {
    // The facts hold only the commits after the merge base; a target-only commit of the base
    // branch never reaches the check (the gatherer's test drives real git).
    CommitHistory h;
    h.commits = {{sha('1'), "perf(hqresize): cache requirements", {sha('3')}, {kernel}}};
    const Finding f = hygiene(h);
    CHECK(f.status == Status::Pass);
    CHECK(f.evidence == "1 commit(s) checked");
}

TEST_CASE("a scoped, tests-only, operator-specific test commit backs the fix") {
    const Finding f = hygiene(pair("test(HQResize): cover 3-channel", {test_file},
                                   "fix(hqresize): honor 3-channel input"));
    CHECK(f.status == Status::Pass);
    CHECK(f.evidence == "2 commit(s) checked; regression-backed fix pair(s): eeeeeeee -> ffffffff");
}

TEST_CASE("the test commit may lie outside the range") {
    CommitHistory h;
    h.commits = {{sha('f'), "fix(hqresize): honor 3-channel input", {sha('3')}, {kernel}}};
    h.outside = {{sha('3'), {sha('3'), "test(hqresize): cover it", {sha('2')}, {test_file}}}};
    CHECK(hygiene(h).status == Status::Pass);
}

TEST_CASE("each rejection reason, in the reference's order") {
    struct Case {
        const char* name;
        CommitHistory history;
        std::string reason;
    };
    CommitHistory root;
    root.commits = {{sha('f'), "fix(hqresize): x", {}, {kernel}}};
    CommitHistory merge_parented;
    merge_parented.commits = {{sha('f'), "fix(hqresize): x", {sha('1'), sha('2')}, {kernel}}};
    CommitHistory unavailable;
    unavailable.commits = {{sha('f'), "fix(hqresize): x", {sha('9')}, {kernel}}};
    const std::vector<Case> cases = {
        {"unscoped", pair("test(hqresize): t", {test_file}, "fix: honor"),
         "not a scoped fix(<operator>): subject"},
        {"scope", pair("test(hqresize): t", {test_file}, "fix(resize): honor"),
         "fix scope does not match hqresize"},
        {"root", root, "fix must have exactly one immediate parent"},
        {"merge", merge_parented, "fix must have exactly one immediate parent"},
        {"missing parent", unavailable, "immediate parent is not available locally"},
        {"parent subject", pair("chore: t", {test_file}, "fix(hqresize): honor"),
         "immediate parent is not a scoped test(<operator>): commit"},
        {"scopes", pair("test(resize): t", {test_file}, "fix(hqresize): honor"),
         "test and fix scopes do not match"},
        {"not tests-only",
         pair("test(hqresize): t", {test_file, "bench/config/operators/hqresize.json"},
              "fix(hqresize): honor"),
         "immediate parent is not tests-only"},
        {"empty parent", pair("test(hqresize): t", {}, "fix(hqresize): honor"),
         "immediate parent is not tests-only"},
        {"wrong operator test",
         pair("test(hqresize): t", {"tests/cvcuda/system/TestOpResize.cpp"},
              "fix(hqresize): honor"),
         "immediate parent has no operator-specific regression test"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.name);
        const Finding f = hygiene(c.history);
        CHECK(f.status == Status::Gap);
        CHECK(contains(f.evidence, "(" + c.reason));
    }
}

TEST_CASE("commits that do not touch the implementation may have any subject") {
    CommitHistory h;
    h.commits = {
        {sha('a'), "wip", {sha('3')}, {test_file, "docs/x.md"}},
        {sha('b'), "refactor: kernels of another op", {sha('a')}, {"src/cvcuda/priv/OpResize.cu"}}};
    const Finding f = hygiene(h);
    CHECK(f.status == Status::Pass);
    CHECK(f.evidence == "2 commit(s) checked");
}

TEST_CASE("at most three rejections are shown, subjects cut to 60 characters") {
    CommitHistory h;
    for (char c : {'a', 'b', 'c', 'd'})
        h.commits.push_back({sha(c), "speed it up " + std::string(70, c), {sha('3')}, {kernel}});
    const Finding f = hygiene(h);
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence == "aaaaaaaa speed it up " + std::string(48, 'a') +
                            " (not a scoped fix(<operator>): subject); bbbbbbbb speed it up " +
                            std::string(48, 'b') +
                            " (not a scoped fix(<operator>): subject); cccccccc speed it up " +
                            std::string(48, 'c') + " (not a scoped fix(<operator>): subject)");
}

TEST_CASE("ODO-6 is MANUAL without a merge base, a commit list or any commit") {
    ChangeRange no_base;
    no_base.base = "origin/main";
    no_base.problem = "no merge base of origin/main and HEAD in this shallow clone";
    const Finding unresolved = check_odo6_perf_hygiene(no_base, {}, commits_hqresize(), commit_ops,
                                                       odo::repo::Layout::cvcuda(), guide);
    CHECK(unresolved.status == Status::Manual);
    CHECK(unresolved.summary == "Unable to resolve the changed commit range");
    CHECK(unresolved.evidence ==
          "git merge-base origin/main HEAD returned no commit; no merge base "
          "of origin/main and HEAD in this shallow clone");
    CommitHistory failed;
    failed.problem = "git log 3333..HEAD failed";
    CHECK(hygiene(failed).status == Status::Manual);
    CHECK(hygiene(failed).evidence == "git log 3333..HEAD failed");
    const Finding none = hygiene({});
    CHECK(none.status == Status::Manual);
    CHECK(none.summary == "No commits vs base to check");
    CHECK(none.evidence.empty());
}

TEST_CASE("commit types come from the layout") {
    odo::repo::Layout layout;
    layout.commits.perf_type = "opt";
    CommitHistory h;
    h.commits = {{sha('1'), "opt: faster", {sha('3')}, {kernel}}};
    CHECK(
        check_odo6_perf_hygiene(range(), h, commits_hqresize(), commit_ops, layout, guide).status ==
        Status::Pass);
    h.commits.front().subject = "perf: faster";
    CHECK(
        check_odo6_perf_hygiene(range(), h, commits_hqresize(), commit_ops, layout, guide).status ==
        Status::Gap);
}

// Issue 36: a refactor inside a campaign is not a commit of its own, whatever refactor_op said of
// it; the fix says where it goes instead.
TEST_CASE("ODO-6: a refactor(<op>): commit on a campaign branch is a GAP whose fix says where "
          "the refactor goes") {
    const std::string base_fix =
        "Use perf: for kept optimizations. A kernel bug fix must be a scoped fix(hqresize): "
        "commit immediately after its scoped, operator-specific, tests-only test(hqresize): "
        "commit.";
    CommitHistory h;
    h.commits = {{sha('b'), "perf(hqresize): one pass over the rows", {sha('a')}, {kernel}},
                 {sha('a'), "refactor(hqresize): name the inner loop", {sha('3')}, {kernel}}};
    const Finding f = hygiene(h);
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence == "aaaaaaaa refactor(hqresize): name the inner loop (not a scoped "
                        "fix(<operator>): subject)");
    CHECK(f.fix == base_fix +
                       " A refactor of the operator's implementation is not a commit of its own "
                       "in a campaign, even when refactor_op proved it: squash it into the perf: "
                       "commit that needs it, or move it to its own MR, where refactor_op's "
                       "RED-* and VER-* gates apply (docs/refactor.md, \"Refactors and a "
                       "campaign\").");

    // Squashed into the perf: commit, the branch passes.
    h.commits = {{sha('b'), "perf(hqresize): one pass over the rows", {sha('3')}, {kernel}}};
    CHECK(hygiene(h).status == Status::Pass);

    // Any other refused subject keeps the fix without the refactor sentence.
    h.commits = {{sha('b'), "chore(hqresize): name the inner loop", {sha('3')}, {kernel}}};
    CHECK(hygiene(h).fix == base_fix);

    // The commit types are the layout's.
    odo::repo::Layout layout;
    layout.commits.perf_type = "opt";
    h.commits = {{sha('a'), "refactor: name the inner loop", {sha('3')}, {kernel}}};
    CHECK(contains(
        check_odo6_perf_hygiene(range(), h, commits_hqresize(), commit_ops, layout, guide).fix,
        "squash it into the opt: commit that needs it"));
}
