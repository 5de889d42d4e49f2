#pragma once
// HOST-ONLY. The whole-corpus assess modes (review-refactor.md §2.7): every operator's open
// findings (--all-operators), the variants of one body name across the library (--variants), and
// what hoisting named bodies would leave of RED-2 (--simulate-hoist). One shingle index of the
// whole library serves every operator.
#include "odo/core/linkage.hpp"
#include "odo/refactor/assess_phase.hpp"
#include "odo/repo/operator.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace odo::refactor {

struct OperatorOpen {
    std::string operator_name;
    std::string op;
    std::map<std::string, std::size_t> by_id;
    std::size_t open = 0;
};

// Open findings (RECOMMENDATION, MANUAL) per operator, in operator order.
ODO_API std::vector<OperatorOpen> all_operators(const std::vector<repo::OperatorPaths>& ops,
                                                const repo::SourceTree& tree,
                                                const AssessSettings& s);
ODO_API std::vector<repo::OperatorPaths> every_operator(const std::filesystem::path& root,
                                                        const repo::Layout& layout);
#if ODO_REFACTOR_DEFINITIONS
ODO_API std::vector<repo::OperatorPaths> every_operator(const std::filesystem::path& root,
                                                        const repo::Layout& layout) {
    std::vector<repo::OperatorPaths> out;
    const repo::LibraryListing library = repo::list_library(root, layout);
    for (const auto& found : library.operators)
        out.push_back(repo::resolve_operator(root, layout, found.name, library));
    std::sort(
        out.begin(), out.end(),
        [](const repo::OperatorPaths& a, const repo::OperatorPaths& b) { return a.op < b.op; });
    return out;
}

namespace detail {

// The sources each operator is the last (in `ops`) to read: after it, their texts can go.
inline std::vector<std::vector<std::string>>
last_read_by(const std::vector<repo::OperatorPaths>& ops) {
    std::map<std::string, std::size_t> last;
    for (std::size_t k = 0; k < ops.size(); ++k) {
        for (const std::string& path : ops[k].priv)
            last[path] = k;
        if (!ops[k].pybind.empty())
            last[ops[k].pybind] = k;
    }
    std::vector<std::vector<std::string>> out(ops.size());
    for (const auto& [path, k] : last)
        out[k].push_back(path);
    return out;
}

} // namespace detail

// Each operator is assessed as it comes, but for RED-2, and a source's text goes after the last
// operator that reads it; RED-2 follows once the index holds every body. The run holds the
// library's bodies and one operator's texts, not every text at once.
ODO_API std::vector<OperatorOpen> all_operators(const std::vector<repo::OperatorPaths>& ops,
                                                const repo::SourceTree& tree,
                                                const AssessSettings& s) {
    PreparedSources sources(tree, s.floor());
    const auto last_read = detail::last_read_by(ops);
    std::vector<std::vector<Finding>> findings;
    for (std::size_t k = 0; k < ops.size(); ++k) {
        findings.push_back(assess_findings_but_red2({ops[k], tree}, s, sources));
        for (const std::string& path : last_read[k])
            sources.release(path);
    }
    const ShingleIndex corpus(corpus_blocks(sources, tree, s.priv_dir));
    std::vector<OperatorOpen> out;
    for (std::size_t k = 0; k < ops.size(); ++k) {
        const auto red2 = red2_findings({ops[k], tree}, s, corpus, sources);
        findings[k].insert(findings[k].end(), red2.begin(), red2.end());
        OperatorOpen row{ops[k].operator_name, ops[k].op, open_counts(findings[k]), 0};
        for (const auto& entry : row.by_id)
            row.open += entry.second;
        out.push_back(std::move(row));
    }
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

struct Variant {
    std::size_t lines = 0;            // the representative's normalized lines
    std::vector<std::string> members; // "path:line", sorted
};

// The bodies named `name` in the library, clustered greedily: a body joins the first variant whose
// first member it matches at the threshold, else starts a variant.
ODO_API std::vector<Variant> variants_of(const std::string& name, const repo::SourceTree& tree,
                                         const AssessSettings& s);
#if ODO_REFACTOR_DEFINITIONS
ODO_API std::vector<Variant> variants_of(const std::string& name, const repo::SourceTree& tree,
                                         const AssessSettings& s) {
    auto blocks = corpus_blocks(tree, s.priv_dir, {}, s.floor(),
                                [&](const Block& b) { return b.name == name; });
    std::stable_sort(blocks.begin(), blocks.end(), [](const Block& a, const Block& b) {
        return a.path != b.path ? a.path < b.path : a.start < b.start;
    });
    std::vector<const Block*> representatives;
    std::vector<Variant> out;
    for (const Block& b : blocks) {
        std::size_t k = 0;
        while (k < representatives.size() &&
               jaccard(representatives[k]->shingles, b.shingles) < s.tunables.threshold)
            ++k;
        if (k == representatives.size()) {
            representatives.push_back(&b);
            out.push_back({b.lines, {}});
        }
        out[k].members.push_back(b.path + ":" + std::to_string(b.start));
    }
    for (Variant& v : out)
        std::sort(v.members.begin(), v.members.end());
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

struct HoistRow {
    std::string operator_name;
    std::size_t before = 0;
    std::size_t after = 0;
    std::vector<std::string> residual; // names still repeated after the hoist
};

struct HoistSimulation {
    std::vector<std::string> hoisted;
    std::map<std::string, std::vector<Variant>> multi_variant; // names with several variants
    std::vector<HoistRow> operators;
};

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
// The RED-2 hits of one operator's blocks against the corpus, as body names.
inline std::vector<std::string> repeated_names(const std::vector<Block>& mine,
                                               const ShingleIndex& corpus, const AssessSettings& s,
                                               const repo::OperatorPaths& op) {
    std::vector<std::string> names;
    for (const Block& b : mine)
        if (b.name != "lambda" && !s.tunables.allowed(op.op, b.name) &&
            !corpus.matches(b, s.tunables.threshold, op.priv).empty())
            names.push_back(b.name);
    return names;
}

inline std::vector<Block> without_names(std::vector<Block> blocks,
                                        const std::set<std::string>& names) {
    blocks.erase(std::remove_if(blocks.begin(), blocks.end(),
                                [&](const Block& b) { return names.count(b.name) > 0; }),
                 blocks.end());
    return blocks;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

// RED-2 per operator with the corpus as it is and with every body of the hoisted names removed.
// The variant split uses floor 1, so a one-line twin counts as a variant too.
ODO_API HoistSimulation simulate_hoist(const std::vector<std::string>& names,
                                       const std::vector<repo::OperatorPaths>& ops,
                                       const repo::SourceTree& tree, const AssessSettings& s);
#if ODO_REFACTOR_DEFINITIONS
ODO_API HoistSimulation simulate_hoist(const std::vector<std::string>& names,
                                       const std::vector<repo::OperatorPaths>& ops,
                                       const repo::SourceTree& tree, const AssessSettings& s) {
    HoistSimulation sim;
    const std::set<std::string> hoisted(names.begin(), names.end());
    sim.hoisted.assign(hoisted.begin(), hoisted.end());
    AssessSettings one_line = s;
    one_line.tunables.min_block_lines = 1;
    for (const std::string& name : sim.hoisted)
        if (auto variants = variants_of(name, tree, one_line); variants.size() > 1)
            sim.multi_variant[name] = std::move(variants);
    const auto all = corpus_blocks(tree, s.priv_dir, {}, s.floor());
    const ShingleIndex before(all);
    const ShingleIndex after(detail::without_names(all, hoisted));
    for (const auto& op : ops) {
        const auto mine = detail::blocks_of(detail::read_existing(tree, op.priv), s.floor());
        if (mine.empty())
            continue;
        const auto was = detail::repeated_names(mine, before, s, op);
        const auto now = detail::repeated_names(detail::without_names(mine, hoisted), after, s, op);
        if (was.empty() && now.empty())
            continue;
        const std::set<std::string> residual(now.begin(), now.end());
        sim.operators.push_back({op.operator_name, was.size(), now.size(),
                                 std::vector<std::string>(residual.begin(), residual.end())});
    }
    return sim;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
