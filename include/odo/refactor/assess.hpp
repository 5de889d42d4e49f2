#pragma once
// HOST-ONLY (reads sources through a SourceTree, whose revision reader runs git).
// refactor_op's assess phase (review-refactor.md §2.6): advisory findings about redundancy in one
// operator's sources — near-duplicate bodies within it (RED-1) and across operators (RED-2),
// dispatch guards narrower than the declared dtypes (RED-3), hand-rolled layout checks (RED-4)
// and stride arithmetic (RED-5), duplicated binding bodies (RED-6), shadowed (RED-10) and
// reimplemented (RED-12) shared utilities, and dead internal functions (RED-11). Assess never
// reports a GAP.
#include "odo/core/linkage.hpp"
#include "odo/refactor/blocks.hpp"
#include "odo/refactor/code_shapes.hpp"
#include "odo/refactor/feature_matrix.hpp"
#include "odo/refactor/finding.hpp"
#include "odo/refactor/near_duplicates.hpp"
#include "odo/refactor/profile.hpp"
#include "odo/refactor/shingle_index.hpp"
#include "odo/refactor/source_view.hpp"
#include "odo/refactor/tunables.hpp"
#include "odo/refactor/unnamed_namespace.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/source_tree.hpp"
#include "odo/review/source_text.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace odo::refactor {

constexpr const char* all_domains[] = {"impl", "api", "xcut"};

struct AssessSettings {
    Tunables tunables;
    Profile profile;
    std::string priv_dir; // the layout's paths.priv_dir (settings.hpp)
    std::vector<std::string> domains = {"impl", "api", "xcut"};
    std::size_t pair_budget = near_duplicate_budget; // the steps of one near-duplicate search
    std::size_t floor() const noexcept { return tunables.min_block_lines; }
};

// One operator's sources in one tree.
struct OperatorSources {
    const repo::OperatorPaths& op;
    const repo::SourceTree& tree;
};

namespace detail {

struct SourceFile {
    std::string path;
    std::string text;
};

// The sources one check reads (the private files, or the whole surface), each prepared once.
using Views = std::vector<const SourceView*>;
// The bodies one check compares, extracted once (prepared_sources.hpp).
using Blocks = std::vector<const Block*>;

#if ODO_REFACTOR_DEFINITIONS
inline std::vector<SourceFile> read_existing(const repo::SourceTree& tree,
                                             const std::vector<std::string>& paths) {
    tree.prefetch(paths);
    std::vector<SourceFile> out;
    for (const std::string& path : paths)
        if (auto text = tree.read(path))
            out.push_back({path, *std::move(text)});
    return out;
}

inline Finding finding(const AssessSettings& s, const std::string& domain, std::string id,
                       Status status, std::string summary, std::string evidence = {},
                       std::string fix = {}) {
    return {std::move(id),
            domain,
            status,
            std::move(summary),
            std::move(evidence),
            s.profile.guideline + "#" + domain,
            std::move(fix)};
}

inline std::vector<Block> blocks_of(const std::vector<SourceFile>& files, std::size_t floor) {
    std::vector<Block> out;
    for (const SourceFile& f : files) {
        auto blocks = extract_blocks(f.text, f.path, floor);
        out.insert(out.end(), std::make_move_iterator(blocks.begin()),
                   std::make_move_iterator(blocks.end()));
    }
    return out;
}

inline std::string site(const Block& b) {
    return b.path + ":" + std::to_string(b.start);
}

// One RECOMMENDATION per listed pair and one counting the pairs not listed; MANUAL when the search
// stopped before comparing every body; PASS, naming how many blocks were compared, when none.
inline void pair_findings(std::vector<Finding>& out, const AssessSettings& s,
                          const std::string& domain, const std::string& id, const Blocks& blocks,
                          const std::string& op, const std::string& what, const std::string& fix) {
    Blocks compared;
    for (const Block* b : blocks)
        if (!s.tunables.allowed(op, b->name))
            compared.push_back(b);
    const NearDuplicates pairs =
        near_duplicate_pairs(compared, s.tunables.threshold, listed_pairs, s.pair_budget);
    for (const BlockPair& p : pairs.listed)
        out.push_back(finding(s, domain, id, Status::Recommendation,
                              "Near-duplicate " + what + " '" + p.a->name + "' and '" + p.b->name +
                                  "' (jaccard " + ratio_text(p.ratio) + "): unify them",
                              site(*p.a) + " vs " + site(*p.b), fix));
    if (pairs.count > pairs.listed.size())
        out.push_back(finding(
            s, domain, id, Status::Recommendation,
            std::to_string(pairs.count - pairs.listed.size()) + " more near-duplicate pair(s) of " +
                what + " not listed",
            "the " + std::to_string(pairs.listed.size()) + " listed are the most similar", fix));
    if (!pairs.complete)
        out.push_back(finding(s, domain, id, Status::Manual,
                              "Not every pair of " + what + " was compared: review them by hand",
                              "the search stopped after " + std::to_string(s.pair_budget) +
                                  " steps over " + std::to_string(compared.size()) + " block(s)",
                              fix));
    else if (pairs.count == 0)
        out.push_back(finding(s, domain, id, Status::Pass, "No near-duplicate " + what,
                              std::to_string(blocks.size()) + " block(s) compared at jaccard>=" +
                                  ratio_text(s.tunables.threshold)));
}

// Whether RED-2 looks a body of the operator up in the corpus: a lambda or a name the guideline
// allows to repeat is not.
inline bool red2_looks_up(const Block& b, const AssessSettings& s, const std::string& op) {
    return b.name != "lambda" && !s.tunables.allowed(op, b.name);
}

inline bool is_word_char(char c) {
    return review::detail::is_identifier_char(c);
}

// Offsets of `word` standing alone (no identifier character on either side).
inline std::vector<std::size_t> word_sites(std::string_view text, std::string_view word) {
    std::vector<std::size_t> out;
    for (auto at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1))
        if ((at == 0 || !is_word_char(text[at - 1])) &&
            (at + word.size() >= text.size() || !is_word_char(text[at + word.size()])))
            out.push_back(at);
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// RED-1: near-duplicate bodies within the operator (the Tensor/VarShape twin kernels).
inline void check_red1(std::vector<Finding>& out, const detail::Blocks& blocks,
                       const AssessSettings& s, const std::string& op) {
    detail::pair_findings(
        out, s, "impl", "RED-1", blocks, op, "bodies",
        "Keep one templated body and move the difference (addressing, container) into an "
        "accessor or a template parameter.");
}

// RED-2: a body of this operator that another operator's private sources repeat.
inline void check_red2(std::vector<Finding>& out, const detail::Blocks& mine,
                       const ShingleIndex& corpus, const AssessSettings& s,
                       const repo::OperatorPaths& paths) {
    const std::string& op = paths.op;
    struct Hit {
        const Block* block;
        CorpusMatches partners;
    };
    std::vector<Hit> hits;
    for (const Block* b : mine) {
        if (!detail::red2_looks_up(*b, s, op))
            continue;
        auto partners = corpus.matches(*b, s.tunables.threshold, paths.priv);
        if (!partners.empty())
            hits.push_back({b, std::move(partners)});
    }
    std::stable_sort(hits.begin(), hits.end(), [](const Hit& x, const Hit& y) {
        const double rx = sort_ratio(x.partners.best->ratio);
        const double ry = sort_ratio(y.partners.best->ratio);
        if (rx != ry)
            return rx > ry;
        if (x.block->start != y.block->start)
            return x.block->start < y.block->start;
        return x.block->name < y.block->name;
    });
    for (const Hit& h : hits) {
        const CorpusMatch& best = *h.partners.best;
        std::string evidence = detail::site(*h.block) + " vs " + detail::site(*best.block);
        if (h.partners.count > 1)
            evidence += " (+" + std::to_string(h.partners.count - 1) + " more)";
        out.push_back(detail::finding(
            s, "impl", "RED-2", Status::Recommendation,
            "'" + h.block->name + "' is repeated in " + std::to_string(h.partners.files) +
                " other operator file(s) (jaccard " + ratio_text(best.ratio) +
                "): hoist it into a shared private header",
            evidence,
            "Move one copy to " + s.priv_dir + "/" + h.block->name + s.profile.hoist_extension +
                " and include it from every operator that repeats it."));
    }
    if (hits.empty())
        out.push_back(detail::finding(s, "impl", "RED-2", Status::Pass,
                                      "No body repeated in another operator's private sources",
                                      std::to_string(mine.size()) +
                                          " block(s) matched against the other operators'"));
}
#endif // ODO_REFACTOR_DEFINITIONS

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
inline int dtype_width(const std::string& dtype) {
    const int bits = std::stoi(dtype.substr(1));
    return bits / 8;
}
#endif // ODO_REFACTOR_DEFINITIONS

// Byte widths `sizeof(T) == N` admits in each if-condition of the code, with the condition's line.
struct Guard {
    std::size_t line;
    std::set<int> widths;
};

#if ODO_REFACTOR_DEFINITIONS
// An if-condition: the `if`, its '(' and the ')' closing it (the code's end when none does).
struct Condition {
    std::size_t if_at, open, close;
};

// The if-conditions of the code. The closes come from one walk over the parentheses: a
// condition's ')' is where the running balance first returns to its value before the '(', so
// nested or unclosed conditions are not each scanned to their end.
inline std::vector<Condition> if_conditions(std::string_view code) {
    std::vector<Condition> out;
    for (std::size_t at : word_sites(code, "if")) {
        std::size_t i = at + 2;
        auto skip = [&] {
            while (i < code.size() && std::isspace(static_cast<unsigned char>(code[i])))
                ++i;
        };
        skip();
        if (code.compare(i, 9, "constexpr") == 0) {
            i += 9;
            skip();
        }
        if (i < code.size() && code[i] == '(')
            out.push_back({at, i, code.size()});
    }
    std::vector<std::pair<long long, std::size_t>> pending; // balance before the '(', condition
    long long balance = 0;
    std::size_t next = 0;
    for (std::size_t k = 0; k < code.size(); ++k)
        if (code[k] == '(') {
            if (next < out.size() && out[next].open == k)
                pending.emplace_back(balance, next++);
            ++balance;
        } else if (code[k] == ')') {
            --balance;
            if (!pending.empty() && pending.back().first == balance) {
                out[pending.back().second].close = k;
                pending.pop_back();
            }
        }
    return out;
}

// The widths of each condition come from one scan of the whole code for `sizeof(T) == N` (a
// match never crosses a condition's parentheses) and counts per width up to each match. Code
// with no such equality has no guard, and its conditions are not looked for.
inline std::vector<Guard> sizeof_guards(const std::string& code) {
    const auto equalities = code_shapes::sizeof_equalities(code);
    if (equalities.empty())
        return {};
    std::vector<std::array<std::uint32_t, 10>> before(equalities.size() + 1);
    for (std::size_t k = 0; k < equalities.size(); ++k) {
        before[k + 1] = before[k];
        ++before[k + 1][equalities[k].width];
    }
    auto first_from = [&](std::size_t offset) {
        return static_cast<std::size_t>(std::lower_bound(equalities.begin(), equalities.end(),
                                                         offset,
                                                         [](const code_shapes::SizeofEquality& e,
                                                            std::size_t o) { return e.at < o; }) -
                                        equalities.begin());
    };
    std::vector<Guard> guards;
    std::size_t line = 1, counted = 0;
    for (const Condition& c : if_conditions(code)) {
        const auto &from = before[first_from(c.open)], &to = before[first_from(c.close)];
        Guard g{0, {}};
        for (int width = 0; width < 10; ++width)
            if (to[width] > from[width])
                g.widths.insert(width);
        if (g.widths.empty())
            continue;
        line += static_cast<std::size_t>(
            std::count(code.begin() + static_cast<std::ptrdiff_t>(counted),
                       code.begin() + static_cast<std::ptrdiff_t>(c.if_at), '\n'));
        counted = c.if_at;
        g.line = line;
        guards.push_back(std::move(g));
    }
    return guards;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// RED-3: a `sizeof(T) == N` dispatch guard that leaves out a width the header declares.
inline void check_red3(std::vector<Finding>& out, const detail::Views& priv,
                       const std::set<std::string>& declared, const AssessSettings& s) {
    std::map<int, std::vector<std::string>> declared_widths;
    for (const std::string& dtype : declared)
        declared_widths[detail::dtype_width(dtype)].push_back(dtype);
    std::string first, excluded_text;
    std::size_t sites = 0;
    for (const SourceView* file : priv)
        for (const detail::Guard& g : detail::sizeof_guards(file->code())) {
            std::vector<std::string> excluded;
            for (const auto& [w, dtypes] : declared_widths)
                if (!g.widths.count(w))
                    excluded.push_back(std::to_string(w) + "-byte (" + text::join(dtypes, ", ") +
                                       ")");
            if (excluded.empty())
                continue;
            if (sites++ == 0) {
                first = file->path() + ":" + std::to_string(g.line);
                excluded_text = text::join(excluded, ", ");
            }
        }
    if (sites > 0) {
        out.push_back(detail::finding(
            s, "impl", "RED-3", Status::Manual,
            "A dispatch guard admits fewer element widths than the header declares: " +
                excluded_text + " left out (" + std::to_string(sites) + " site(s))",
            first,
            "Widen the guard to every declared width, or narrow the header's Limitations table to "
            "what the code dispatches."));
        return;
    }
    std::string widths;
    for (const auto& entry : declared_widths)
        widths += (widths.empty() ? "" : ",") + std::to_string(entry.first);
    out.push_back(detail::finding(s, "impl", "RED-3", Status::Pass,
                                  "No dispatch guard narrower than the declared dtypes",
                                  declared.empty() ? "no declared dtype table in the header"
                                                   : "declared widths=[" + widths + "]"));
}
#endif // ODO_REFACTOR_DEFINITIONS

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
// Whether a line names both TENSOR_NCHW and TENSOR_NHWC, bare or as the tail of an identifier
// (nvcv::TENSOR_NCHW, NVCV_TENSOR_NHWC).
inline bool names_both_layouts(std::string_view line) {
    auto names = [&](std::string_view layout) {
        for (auto at = line.find(layout); at != std::string_view::npos;
             at = line.find(layout, at + 1)) {
            const bool start_ok = at == 0 || !is_word_char(line[at - 1]) || line[at - 1] == '_';
            const std::size_t end = at + layout.size();
            if (start_ok && (end >= line.size() || !is_word_char(line[end])))
                return true;
        }
        return false;
    };
    return names("TENSOR_NCHW") && names("TENSOR_NHWC");
}

// "* rowStride", "*pitchStride": a product with a stride, written by hand.
inline bool multiplies_by_stride(std::string_view line) {
    for (auto at = line.find('*'); at != std::string_view::npos; at = line.find('*', at + 1)) {
        std::size_t i = at + 1;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const std::size_t end = review::detail::identifier_end(line, i);
        const std::string_view word = line.substr(i, end - i);
        if (word.find("Stride") != std::string_view::npos ||
            word.find("stride") != std::string_view::npos)
            return true;
    }
    return false;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// RED-4: layouts checked by comparing layout constants instead of the accessors' helpers.
inline void check_red4(std::vector<Finding>& out, const detail::Views& priv,
                       const AssessSettings& s) {
    std::string first;
    std::size_t sites = 0;
    for (const SourceView* file : priv)
        for (std::size_t i : file->blanked_lines_with("TENSOR_NCHW"))
            if (detail::names_both_layouts(file->blanked_line(i)) && sites++ == 0)
                first = review::line_evidence(file->path(), i + 1, file->text_line(i));
    if (sites > 0)
        out.push_back(detail::finding(
            s, "impl", "RED-4", Status::Manual,
            "Layout validated by hand (" + std::to_string(sites) + " site(s))", first,
            "Validate through the tensor-access helpers instead of comparing layout constants."));
    else
        out.push_back(
            detail::finding(s, "impl", "RED-4", Status::Pass, "No hand-rolled layout validation"));
}

// RED-5: stride arithmetic in a file that uses none of the strided accessors.
inline void check_red5(std::vector<Finding>& out, const detail::Views& priv,
                       const AssessSettings& s) {
    std::string first;
    std::size_t files = 0;
    for (const SourceView* file : priv) {
        bool accessor = false;
        for (const std::string& token : s.profile.accessor_tokens)
            accessor = accessor || file->blanked().find(token) != std::string::npos;
        if (accessor)
            continue;
        for (std::size_t i : file->blanked_lines_with("tride")) // Stride, stride
            if (detail::multiplies_by_stride(file->blanked_line(i))) {
                if (files++ == 0)
                    first = review::line_evidence(file->path(), i + 1, file->text_line(i));
                break;
            }
    }
    if (files > 0)
        out.push_back(detail::finding(
            s, "impl", "RED-5", Status::Manual,
            "Stride arithmetic by hand in " + std::to_string(files) + " file(s)", first,
            "Address elements through a strided accessor (" +
                text::join(s.profile.accessor_tokens, ", ") + ")."));
    else
        out.push_back(detail::finding(s, "impl", "RED-5", Status::Pass,
                                      "No manual stride arithmetic outside the accessors"));
}

// RED-6: binding bodies repeated between entry points (Tensor and VarShape, allocating and _into).
// `blocks` are the binding's; nullopt without a binding.
inline void check_red6(std::vector<Finding>& out, const std::optional<detail::Blocks>& blocks,
                       const AssessSettings& s, const std::string& op) {
    if (!blocks) {
        out.push_back(detail::finding(s, "api", "RED-6", Status::NotApplicable,
                                      "No Python binding to compare"));
        return;
    }
    detail::pair_findings(
        out, s, "api", "RED-6", *blocks, op, "binding bodies",
        "Extract one submit helper that every entry point calls, reusing the shared batch "
        "helpers.");
}

namespace detail {

// The first `c` at or after `from`, asked for non-decreasing `from`: each character is read once
// per line, however many sites on it ask.
class NextChar {
public:
    NextChar(std::string_view line, char c) : line_(line), c_(c) {}
    std::size_t from(std::size_t at) {
        if (!asked_ || (found_ != std::string_view::npos && found_ < at))
            found_ = line_.find(c_, at);
        asked_ = true;
        return found_;
    }

private:
    std::string_view line_;
    char c_;
    std::size_t found_ = std::string_view::npos;
    bool asked_ = false;
};

// Whether the utility named at `at` (its '(' at `paren`) is defined here: a one-level parameter
// list followed by nothing, '{' or `const`.
inline bool opens_definition(std::string_view line, std::size_t paren, NextChar& closes,
                             NextChar& opens) {
    const std::size_t close = closes.from(paren);
    if (close == std::string_view::npos || opens.from(paren + 1) < close)
        return false;
    const std::size_t rest = line.find_first_not_of(" \t\n\r\f\v", close + 1);
    return rest == std::string_view::npos || line[rest] == '{' ||
           text::starts_with(line.substr(rest), "const");
}

inline bool is_specifier(std::string_view word) {
    for (const char* w : {"template", "__device__", "__host__", "inline", "static"})
        if (word == w)
            return true;
    return false;
}

// A site of RED-10: the utility's name, the file's place in the surface, the line's.
struct ShadowSite {
    std::string_view name;
    std::size_t file, line;
    bool operator<(const ShadowSite& o) const {
        return name != o.name ? name < o.name : file != o.file ? file < o.file : line < o.line;
    }
};

// The lines of a file that can define a shared utility: those holding one's name, in order.
inline std::vector<std::size_t> lines_naming(const SourceView& file,
                                             const std::unordered_set<std::string_view>& utils) {
    std::vector<std::size_t> out;
    for (std::string_view util : utils)
        if (!util.empty()) { // no identifier is empty
            const auto lines = file.blanked_lines_with(util);
            out.insert(out.end(), lines.begin(), lines.end());
        }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace detail

// RED-10: a local definition named like a shared utility. One pass over the identifiers of each
// line that names a utility, not one per utility; the site reported is the first by utility name,
// file and line.
inline void check_red10(std::vector<Finding>& out, const detail::Views& surface,
                        const AssessSettings& s) {
    // Looked up per identifier: a view of each name, not a std::string made for every word.
    const std::unordered_set<std::string_view> utils(s.tunables.shared_utils.begin(),
                                                     s.tunables.shared_utils.end());
    std::optional<detail::ShadowSite> first;
    std::size_t sites = 0;
    for (std::size_t f = 0; f < surface.size(); ++f) {
        for (std::size_t i : detail::lines_naming(*surface[f], utils)) {
            const std::string_view line = surface[f]->blanked_line(i);
            if (line.find('(') == std::string_view::npos)
                continue; // no definition opens on it
            detail::NextChar closes(line, ')'), opens(line, '(');
            bool specifier = false;
            for (std::size_t at = 0; at < line.size();) {
                const std::size_t end = review::detail::word_end(line, at);
                if (end == at) {
                    ++at;
                    continue;
                }
                const std::string_view word = line.substr(at, end - at);
                std::size_t p = end;
                while (p < line.size() && line[p] == ' ')
                    ++p;
                const bool named_definition = specifier && p < line.size() && line[p] == '(';
                const auto util = named_definition ? utils.find(word) : utils.end();
                if (util != utils.end() && detail::opens_definition(line, p, closes, opens)) {
                    const detail::ShadowSite site{*util, f, i};
                    if (sites++ == 0 || site < *first)
                        first = site;
                }
                specifier = specifier || detail::is_specifier(word);
                at = end;
            }
        }
    }
    if (sites > 0)
        out.push_back(
            detail::finding(s, "xcut", "RED-10", Status::Manual,
                            "A local helper shadows a shared utility by name (" +
                                std::to_string(sites) + " site(s))",
                            review::line_evidence(surface[first->file]->path(), first->line + 1,
                                                  surface[first->file]->text_line(first->line)),
                            "Call the shared utility and delete the local copy."));
    else
        out.push_back(detail::finding(
            s, "xcut", "RED-10", Status::Pass, "No local helper shadows a shared utility",
            std::to_string(s.tunables.shared_utils.size()) + " utilit(ies) checked"));
}

// RED-12: a shared utility rewritten under another name, recognised by its shape. One shape is
// known: a trait whose whole body is `using type = <scalar><2|3|4>;` (a hand-written MakeType).
inline void check_red12(std::vector<Finding>& out, const detail::Views& surface,
                        const AssessSettings& s) {
    std::string first;
    std::size_t sites = 0;
    for (const SourceView* file : surface)
        for (std::size_t at : code_shapes::vector_trait_sites(file->code()))
            if (sites++ == 0)
                first =
                    file->path() + ":" + std::to_string(review::line_number_at(file->code(), at));
    if (sites > 0)
        out.push_back(detail::finding(s, "xcut", "RED-12", Status::Manual,
                                      "A vector-type trait written by hand (" +
                                          std::to_string(sites) + " site(s))",
                                      first, "Use the library's MakeType<BaseType, N> trait."));
    else
        out.push_back(detail::finding(s, "xcut", "RED-12", Status::Pass,
                                      "No shared utility reimplemented under another name",
                                      "1 shape(s) checked"));
}

namespace detail {

// Adds how often each name of `counts` stands in the text as an identifier (a maximal run of
// identifier characters); other identifiers are not counted.
inline void count_names(std::string_view text,
                        std::unordered_map<std::string_view, std::size_t>& counts) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t end = review::detail::word_end(text, i);
        if (end == i) {
            ++i;
            continue;
        }
        if (const auto it = counts.find(text.substr(i, end - i)); it != counts.end())
            ++it->second;
        i = end;
    }
}

// The names followed by '(' (spaces between allowed) on a line where a `static` stands before
// them: what RED-11 takes for a static function. One search of the code for the lines holding
// "static", not one per body or per line.
inline std::set<std::string_view> static_function_names(std::string_view code) {
    std::set<std::string_view> out;
    for (auto at = code.find("static"); at != std::string_view::npos;) {
        const std::size_t newline = code.rfind('\n', at);
        const std::size_t begin = newline == std::string_view::npos ? 0 : newline + 1;
        const std::size_t line_end = std::min(code.find('\n', at), code.size());
        const std::string_view line = code.substr(begin, line_end - begin);
        at = code.find("static", line_end);
        bool after_static = false;
        for (std::size_t i = 0; i < line.size();) {
            const std::size_t end = review::detail::word_end(line, i);
            if (end == i) {
                ++i;
                continue;
            }
            const std::string_view word = line.substr(i, end - i);
            std::size_t p = end;
            while (p < line.size() && line[p] == ' ')
                ++p;
            if (after_static && p < line.size() && line[p] == '(')
                out.insert(word);
            after_static = after_static || word == "static";
            i = end;
        }
    }
    return out;
}

} // namespace detail

// RED-11: a function with internal linkage — declared `static` at namespace scope, or in an unnamed
// namespace — that nothing on the operator's surface names again; a class's static member is
// callable from other files and is left out. A function-like macro's body is no function: an
// unused macro costs no code, and the reference's "function with no caller" would misname it.
// `blocks` are the surface's, file by file (the ones RED-1 and RED-6 compared: extracted once,
// each with its scope).
inline void check_red11(std::vector<Finding>& out, const detail::Views& surface,
                        const detail::Blocks& blocks, const AssessSettings& s) {
    std::vector<const Block*> internal;
    std::unordered_map<std::string_view, std::size_t> uses; // of the internal bodies' names
    auto next = blocks.begin();
    for (const SourceView* file : surface) {
        const std::set<std::string_view> statics = detail::static_function_names(file->code());
        for (; next != blocks.end() && (*next)->path == file->path(); ++next) {
            const Block& b = **next;
            if (!b.macro && b.scope != BodyScope::nested &&
                ((b.name != "lambda" && b.scope == BodyScope::unnamed_namespace) ||
                 statics.count(b.name) > 0)) {
                internal.push_back(&b);
                uses.emplace(b.name, 0);
            }
        }
    }
    if (!internal.empty())
        for (const SourceView* file : surface)
            detail::count_names(file->code(), uses);
    std::string first;
    std::size_t dead = 0;
    for (const Block* b : internal)
        if (uses.at(b->name) <= 1 && dead++ == 0)
            first = detail::site(*b) + " " + b->name;
    if (dead > 0)
        out.push_back(detail::finding(s, "xcut", "RED-11", Status::Recommendation,
                                      "Static or unnamed-namespace function(s) with no caller (" +
                                          std::to_string(dead) + ")",
                                      first, "Delete the dead code."));
    else
        out.push_back(detail::finding(s, "xcut", "RED-11", Status::Pass,
                                      "No dead internal function on the operator's surface"));
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
