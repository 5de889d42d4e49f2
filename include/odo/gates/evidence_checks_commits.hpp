#pragma once
// ODO-6: every commit of the change that touches the operator's implementation is a kept
// optimization (`perf:`) or a regression-backed fix: a scoped `fix(<op>):` whose one parent is
// a tests-only `test(<op>):` commit holding an operator-specific test (review-refactor.md §5).
// A `refactor:` commit is neither, as in the reference: a refactor of the implementation rides
// in the perf: commit that needs it, or goes in its own MR, where refactor_op's gates judge it
// (docs/refactor.md, "Refactors and a campaign").
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/repo/commit_subject.hpp"
#include "odo/repo/path_text.hpp"
#include "odo/review/source_text.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace odo::gates {

struct CommitFacts {
    std::string sha;
    std::string subject;
    std::vector<std::string> parents;
    std::vector<std::string> files; // as `git show --name-only` lists them
};

// `git log <merge base>..HEAD --no-merges`, with the parents those commits name outside it.
struct CommitHistory {
    std::vector<CommitFacts> commits;           // newest first
    std::map<std::string, CommitFacts> outside; // parents outside the range, by SHA
    std::string problem;                        // set when git could not list the range
};

namespace detail {

#if ODO_GATES_DEFINITIONS
// Why a commit is not a regression-backed fix, or "" when it is one.
inline std::string fix_rejection(const CommitFacts& commit,
                                 const std::map<std::string, const CommitFacts*>& known,
                                 const repo::OperatorPaths& op, const repo::OperatorSet& ops,
                                 const repo::Layout& layout) {
    const auto& types = layout.commits;
    const auto fix_scope = repo::subject_scope(commit.subject, types.fix_type);
    if (!fix_scope)
        return "not a scoped " + types.fix_type + "(<operator>): subject";
    if (text::lower(*fix_scope) != op.op)
        return types.fix_type + " scope does not match " + op.op;
    if (commit.parents.size() != 1)
        return types.fix_type + " must have exactly one immediate parent";
    const auto found = known.find(commit.parents.front());
    if (found == known.end())
        return "immediate parent is not available locally (shallow clone?)";
    const CommitFacts& parent = *found->second;
    const auto test_scope = repo::subject_scope(parent.subject, types.test_type);
    if (!test_scope)
        return "immediate parent is not a scoped " + types.test_type + "(<operator>): commit";
    if (text::lower(*test_scope) != text::lower(*fix_scope))
        return types.test_type + " and " + types.fix_type + " scopes do not match";
    if (parent.files.empty())
        return "immediate parent is not tests-only";
    for (const std::string& path : parent.files)
        if (!repo::is_under(path, layout.paths.tests_dir))
            return "immediate parent is not tests-only";
    for (const std::string& path : parent.files)
        if (repo::is_op_test(path, op.op, ops, layout))
            return "";
    return "immediate parent has no operator-specific regression test";
}

// Said only when a refactor: commit was refused, so that the reference's wording stands
// otherwise: a proven refactor (prove MATCH, verify PARITY-OK) is still no commit of its own in a
// campaign.
inline std::string refactor_in_campaign_fix(const repo::Layout::Commits& t) {
    return " A refactor of the operator's implementation is not a commit of its own in a "
           "campaign, even when refactor_op proved it: squash it into the " +
           t.perf_type +
           ": commit that needs it, or move it to its own MR, where refactor_op's RED-* and "
           "VER-* gates apply (docs/refactor.md, \"Refactors and a campaign\").";
}

inline bool touches_implementation(const CommitFacts& commit, const repo::OperatorPaths& op,
                                   const repo::OperatorSet& ops, const repo::Layout& layout) {
    for (const std::string& path : commit.files)
        if (repo::is_op_implementation(path, op, ops, layout))
            return true;
    return false;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

#if ODO_GATES_DEFINITIONS
inline Finding check_odo6_perf_hygiene(const ChangeRange& range, const CommitHistory& history,
                                       const repo::OperatorPaths& op, const repo::OperatorSet& ops,
                                       const repo::Layout& layout, const std::string& guide) {
    constexpr std::string_view id = "ODO-6";
    if (!range.merge_base)
        return detail::evidence_finding(
            id, Status::Manual, "Unable to resolve the changed commit range",
            "git merge-base " + range.base + " HEAD returned no commit" +
                (range.problem.empty() ? "" : "; " + range.problem),
            guide);
    if (!history.problem.empty())
        return detail::evidence_finding(id, Status::Manual,
                                        "Unable to list the commits of the changed range",
                                        history.problem, guide);
    if (history.commits.empty())
        return detail::evidence_finding(id, Status::Manual, "No commits vs base to check", "",
                                        guide);
    std::map<std::string, const CommitFacts*> known;
    for (const auto& [sha, commit] : history.outside)
        known[sha] = &commit;
    for (const CommitFacts& commit : history.commits)
        known[commit.sha] = &commit;

    std::vector<std::string> rejected, pairs;
    bool refactor_rejected = false;
    for (const CommitFacts& commit : history.commits) {
        if (!detail::touches_implementation(commit, op, ops, layout) ||
            repo::is_perf_subject(commit.subject, layout.commits))
            continue;
        const std::string why = detail::fix_rejection(commit, known, op, ops, layout);
        refactor_rejected |= !why.empty() && repo::is_refactor_subject(commit.subject);
        if (why.empty())
            pairs.push_back(commit.parents.front().substr(0, 8) + " -> " + commit.sha.substr(0, 8));
        else
            rejected.push_back(commit.sha.substr(0, 8) + " " +
                               std::string(review::first_characters(commit.subject, 60)) + " (" +
                               why + ")");
    }
    if (!rejected.empty()) {
        rejected.resize(std::min<std::size_t>(rejected.size(), 3));
        const auto& t = layout.commits;
        return detail::evidence_finding(
            id, Status::Gap,
            "Implementation-changing commit(s) lack " + t.perf_type +
                ": or a scoped regression-backed fix",
            text::join(rejected, "; "), guide,
            "Use " + t.perf_type + ": for kept optimizations. A kernel bug fix must be a scoped " +
                t.fix_type + "(" + op.op + "): commit immediately after its scoped, " +
                "operator-specific, tests-only " + t.test_type + "(" + op.op + "): commit." +
                (refactor_rejected ? detail::refactor_in_campaign_fix(t) : ""));
    }
    std::string evidence = std::to_string(history.commits.size()) + " commit(s) checked";
    if (!pairs.empty())
        evidence += "; regression-backed fix pair(s): " + text::join(pairs, ", ");
    return detail::evidence_finding(id, Status::Pass,
                                    "Implementation-changing commits use " +
                                        layout.commits.perf_type +
                                        ": or a scoped regression-backed fix pair",
                                    evidence, guide);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
