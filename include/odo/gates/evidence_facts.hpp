#pragma once
// HOST-ONLY: gathers git facts through odo::repo::Git. Never include from a .cu file.
//
// The git facts the evidence checks judge (gates.md §4), gathered with a handful of git
// processes whatever the number of commits: merge-base, the changed set, one cat-file batch for
// the config and binding at both ends, the header diff when a header changed, one log for every
// commit of the range (and one more for parents outside it). Git failures become values the
// checks report; nothing here throws.
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/gates/config_documents.hpp"
#include "odo/gates/evidence_checks.hpp"
#include "odo/repo/git.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/operator.hpp"
#include "odo/review/header_diff.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::gates {

struct EvidenceFacts {
    ChangeRange range;
    ConfigRevisions config;
    ApiSurfaceChange api;
    CommitHistory commits;
};

namespace detail {

#if ODO_GATES_DEFINITIONS
// Why `git merge-base <base> HEAD` found nothing.
inline std::string missing_merge_base(const repo::Git& git, const std::string& base) {
    if (!git.resolve_commit(base))
        return "base " + base + " does not resolve to a commit";
    const auto shallow = git.output({"rev-parse", "--is-shallow-repository"});
    if (shallow && text::strip(*shallow) == "true")
        return "no merge base of " + base + " and HEAD in this shallow clone (fetch full history)";
    return base + " and HEAD have no common ancestor";
}

inline bool is_object_name(std::string_view s) {
    return (s.size() == 40 || s.size() == 64) &&
           s.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

// "\x1e<sha>\x1f<parents>\x1f<subject>", or InputError.
inline CommitFacts commit_header(std::string_view token) {
    const auto unit1 = token.find('\x1f');
    const auto unit2 = unit1 == std::string_view::npos ? unit1 : token.find('\x1f', unit1 + 1);
    if (token.front() != '\x1e' || unit2 == std::string_view::npos ||
        !is_object_name(token.substr(1, unit1 - 1)))
        throw InputError("git log: a commit header does not read as <sha> <parents> <subject>");
    CommitFacts c{
        std::string(token.substr(1, unit1 - 1)), std::string(token.substr(unit2 + 1)), {}, {}};
    std::string_view parents = token.substr(unit1 + 1, unit2 - unit1 - 1);
    while (!parents.empty()) {
        const std::string_view parent = parents.substr(0, parents.find(' '));
        if (!is_object_name(parent))
            throw InputError("git log: commit " + c.sha + " names a parent that is not a SHA");
        c.parents.emplace_back(parent);
        parents.remove_prefix(std::min(parents.size(), parent.size() + 1));
    }
    return c;
}

// `git log -z --name-only --format=%x00%x1e%H%x1f%P%x1f%s`: every commit starts with an empty
// token (file names are never empty, so only the format makes one), then its header token
// "\x1e<sha>\x1f<parents>\x1f<subject>", then its files, the first one after a newline. Fails
// closed: a record that does not read this way throws InputError rather than being skipped, so
// no text git interleaves (a signature check, a hostile file name) can hide a commit.
inline std::vector<CommitFacts> parse_commit_log(std::string_view out) {
    std::vector<CommitFacts> commits;
    bool header_next = false;
    for (std::size_t start = 0; start < out.size();) {
        const std::size_t end = std::min(out.size(), out.find('\0', start));
        std::string_view token = out.substr(start, end - start);
        start = end + 1;
        if (token.empty()) {
            if (header_next)
                throw InputError("git log: a commit record has no header");
            header_next = true;
            continue;
        }
        if (header_next) {
            commits.push_back(commit_header(token));
            header_next = false;
            continue;
        }
        if (commits.empty())
            throw InputError("git log: output does not start with a commit record");
        const bool first_file = commits.back().files.empty();
        if (first_file && (token.front() != '\n' || token.size() == 1))
            throw InputError("git log: commit " + commits.back().sha +
                             ": the file list does not follow its header");
        if (first_file)
            token.remove_prefix(1);
        commits.back().files.emplace_back(token);
    }
    if (header_next)
        throw InputError("git log: output ends inside a commit record");
    return commits;
}

// The commits git lists for `selection`; nullopt when git fails, InputError when its output does
// not read as commit records.
inline std::optional<std::vector<CommitFacts>> read_commits(const repo::Git& git,
                                                            std::vector<std::string> selection) {
    std::vector<std::string> args = {"log",
                                     "-z",
                                     "--name-only",
                                     "--no-renames",
                                     "--no-color",
                                     "--no-show-signature",
                                     "--format=%x00%x1e%H%x1f%P%x1f%s"};
    args.insert(args.end(), selection.begin(), selection.end());
    const auto out = git.output(std::move(args));
    if (!out)
        return std::nullopt;
    return parse_commit_log(*out);
}

// The range's commits, plus the parents they name outside it (a fix's test commit may be the
// merge base itself). A parent git cannot read is simply absent; ODO-6 says so.
inline CommitHistory commit_history(const repo::Git& git, const std::string& merge_base) {
    CommitHistory history;
    try {
        auto commits = read_commits(git, {"--no-merges", merge_base + "..HEAD"});
        if (!commits) {
            history.problem = "git log " + merge_base + "..HEAD failed";
            return history;
        }
        history.commits = std::move(*commits);
        std::set<std::string> in_range, outside;
        for (const CommitFacts& c : history.commits)
            in_range.insert(c.sha);
        for (const CommitFacts& c : history.commits)
            if (c.parents.size() == 1 && !in_range.count(c.parents.front()))
                outside.insert(c.parents.front());
        if (outside.empty())
            return history;
        std::vector<std::string> selection = {"--no-walk=unsorted"};
        selection.insert(selection.end(), outside.begin(), outside.end());
        for (CommitFacts& parent :
             read_commits(git, selection).value_or(std::vector<CommitFacts>{}))
            history.outside.emplace(parent.sha, std::move(parent));
    } catch (const InputError& e) {
        history.commits.clear();
        history.problem = e.what();
    }
    return history;
}

inline std::optional<std::vector<review::DiffLine>>
header_changes(const repo::Git& git, const std::string& merge_base,
               const std::vector<std::string>& headers) {
    // --text: a committed `.gitattributes` marking headers `-diff` must not hide the change.
    std::vector<std::string> args = {
        "diff", "--no-color",      "--no-ext-diff",   "--no-textconv", "--text", "--no-renames",
        "-U0",  "--src-prefix=a/", "--dst-prefix=b/", merge_base,      "HEAD",   "--"};
    args.insert(args.end(), headers.begin(), headers.end());
    const auto patch = git.output(std::move(args));
    if (!patch)
        return std::nullopt;
    return review::changed_lines(*patch);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

#if ODO_GATES_DEFINITIONS
// `documents`: the run's parsed config versions, which learn the merge base's and HEAD's.
inline EvidenceFacts gather_evidence_facts(const repo::Git& git, const repo::Layout& layout,
                                           const repo::OperatorPaths& op,
                                           const repo::OperatorSet& all_ops,
                                           const std::string& base, ConfigDocuments& documents) {
    EvidenceFacts facts;
    ChangeRange& range = facts.range;
    range.base = base;
    facts.config.path = op.bench_cfg;
    const auto merge_base = git.output({"merge-base", base, "HEAD"});
    if (!merge_base || text::strip(*merge_base).empty()) {
        range.problem = detail::missing_merge_base(git, base);
        return facts;
    }
    const std::string mb(text::strip(*merge_base));
    range.merge_base = mb;
    facts.commits = detail::commit_history(git, mb);

    range.changed = git.changed_paths(mb, "HEAD");
    if (!range.changed) {
        range.problem = "git diff --name-only " + mb + "...HEAD failed";
        return facts;
    }
    range.implementation_changed = implementation_changes(*range.changed, op, all_ops, layout);

    // Streamed: each config version is parsed (or matched with one already parsed) as it
    // arrives, so the batch's answers are never all held as text.
    std::vector<std::string> specs = {mb + ":" + op.bench_cfg, "HEAD:" + op.bench_cfg};
    if (!op.pybind.empty())
        specs.insert(specs.end(), {mb + ":" + op.pybind, "HEAD:" + op.pybind});
    std::size_t answered = 0;
    const bool read = git.stream_objects(specs, [&](const std::string& spec, std::string_view oid,
                                                    std::optional<std::string_view> contents) {
        const std::size_t at = answered++;
        if (at < 2) {
            (at == 0 ? facts.config.before : facts.config.after) =
                documents.from_git(spec, oid, contents);
            return true;
        }
        (at == 2 ? facts.api.binding_before : facts.api.binding_after) =
            contents ? std::optional<std::string>(*contents) : std::nullopt;
        return true;
    });
    if (!read) {
        facts.config.before.reset();
        facts.config.after.reset();
        facts.api = {};
        range.changed.reset();
        range.problem = "git cat-file could not read " + op.bench_cfg + " at " + mb + " and HEAD";
        return facts;
    }
    std::vector<std::string> headers;
    for (const std::string* header : {&op.header, &op.hpp})
        if (range_contains(range, *header))
            headers.push_back(*header);
    facts.api.header_lines = headers.empty() ? std::vector<review::DiffLine>{}
                                             : detail::header_changes(git, mb, headers);
    return facts;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
