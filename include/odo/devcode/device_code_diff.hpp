#pragma once
// The per-symbol comparison of two devcode::Modules of one stage and architecture: the verdicts
// of the device-code proof. Symbols are matched by canonical mangled name, then by demangled base
// name, then by identical body; each matched pair is identical, signature-only (the same code
// once parameters are mapped in order: a dropped, added or renumbered parameter, or a changed
// parameter type the code does not read differently), schedule-only (SASS: the same instructions
// once the control bits are masked), or changed. A reorder of parameters (two swapped) maps them
// out of order, so it is changed, never signature-only: the kernel reads its arguments from other
// positions, and each launch site decides whether that is the same program.
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/devcode/device_code.hpp"
#include "odo/devcode/ptx_module.hpp"

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::devcode {

enum class Delta { identical, signature_only, schedule_only, changed, added, removed };

struct SymbolDelta {
    std::string name;
    std::string base_name;
    SymbolKind kind = SymbolKind::kernel;
    Delta delta = Delta::identical;
    // Lines of the canonical body that differ: for each side, the lines outside a longest common
    // subsequence; the larger of the two counts (a replaced line counts once).
    std::size_t changed_lines = 0;
    long instruction_delta = 0; // head instructions - base instructions
    std::string detail;         // "parameter 3 of 4 dropped", "parameters 1 and 2 swapped"
};

// "identical", "signature-only", "schedule-only", "changed", "added", "removed"
ODO_API std::string_view to_string(Delta d) noexcept;
// Sorted by name, then base name. Throws InputError when the modules are of different stages
// or architectures: their code cannot be compared.
ODO_API std::vector<SymbolDelta> compare(const Module& base, const Module& head);

#if ODO_DEVCODE_DEFINITIONS
namespace detail {

// The diff gives up past this many inserted plus deleted lines and counts every line between the
// first and the last difference: the cost grows with lines times differences.
inline constexpr std::size_t max_diff_edits = 4000;

struct LineDifference {
    std::size_t changed_lines = 0;
    bool bounded = false; // the diff gave up; changed_lines is an upper bound
};

// Myers' greedy O((N+M)D) walk for the number D of inserted plus deleted lines.
inline LineDifference line_difference(const std::vector<std::string>& a,
                                      const std::vector<std::string>& b) {
    std::size_t lo = 0, a_end = a.size(), b_end = b.size();
    while (lo < a_end && lo < b_end && a[lo] == b[lo])
        ++lo;
    while (a_end > lo && b_end > lo && a[a_end - 1] == b[b_end - 1])
        --a_end, --b_end;
    const long n = static_cast<long>(a_end - lo), m = static_cast<long>(b_end - lo);
    const long limit = std::min(n + m, static_cast<long>(max_diff_edits));
    std::vector<long> furthest(static_cast<std::size_t>(2 * limit + 3), 0);
    const auto at = [&](long k) -> long& {
        return furthest[static_cast<std::size_t>(k + limit + 1)];
    };
    for (long d = 0; d <= limit; ++d) {
        for (long k = -d; k <= d; k += 2) {
            long x = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? at(k + 1) : at(k - 1) + 1;
            long y = x - k;
            while (x < n && y < m &&
                   a[lo + static_cast<std::size_t>(x)] == b[lo + static_cast<std::size_t>(y)])
                ++x, ++y;
            at(k) = x;
            if (x >= n && y >= m) {
                const long unequal = d + (n > m ? n - m : m - n);
                return {static_cast<std::size_t>(unequal / 2), false};
            }
        }
    }
    return {static_cast<std::size_t>(std::max(n, m)), true};
}

inline constexpr std::string_view param_token = "%param#";

// Whether the bodies are equal once each head parameter is read as some base parameter; fills
// head -> base for the parameters the bodies name. False where the text around the references
// differs or one parameter would stand for two.
inline bool equal_up_to_parameters(const std::vector<std::string>& base,
                                   const std::vector<std::string>& head,
                                   std::map<std::size_t, std::size_t>& head_to_base) {
    if (base.size() != head.size())
        return false;
    std::map<std::size_t, std::size_t> base_to_head;
    const auto number = [](const std::string& s, std::size_t& i) {
        std::size_t v = 0, digits = 0;
        for (; i < s.size() && s[i] >= '0' && s[i] <= '9' && digits < 9; ++i, ++digits)
            v = v * 10 + static_cast<std::size_t>(s[i] - '0');
        return v;
    };
    for (std::size_t line = 0; line < base.size(); ++line) {
        const std::string& b = base[line];
        const std::string& h = head[line];
        std::size_t i = 0, j = 0;
        for (;;) {
            const std::size_t bi = b.find(param_token, i), hj = h.find(param_token, j);
            if ((bi == std::string::npos) != (hj == std::string::npos))
                return false;
            if (bi == std::string::npos) {
                if (b.compare(i, std::string::npos, h, j, std::string::npos) != 0)
                    return false;
                break;
            }
            if (b.compare(i, bi - i, h, j, hj - j) != 0)
                return false;
            i = bi + param_token.size();
            j = hj + param_token.size();
            const std::size_t from_base = number(b, i), from_head = number(h, j);
            if (head_to_base.emplace(from_head, from_base).first->second != from_base ||
                base_to_head.emplace(from_base, from_head).first->second != from_head)
                return false;
        }
    }
    return true;
}

// The first operand of a PTX statement (its destination, for the instructions that write one)
// and the opcode, past a predicate guard ("@%p1 bra $L#0;").
inline void opcode_and_first_operand(std::string_view line, std::string_view& opcode,
                                     std::string_view& first) {
    if (!line.empty() && line.front() == '@')
        line.remove_prefix(std::min(line.size(), line.find(' ') + 1));
    const std::size_t space = std::min(line.find(' '), line.size());
    opcode = line.substr(0, space);
    line.remove_prefix(std::min(line.size(), space + 1));
    first = line.substr(0, std::min(line.find_first_of(",;"), line.size()));
}

// The body with each register written once, by an `ld.param`, replaced by the load itself, and
// that load dropped: nvcc loads parameters in declaration order, so after a swap the same loads
// feed the code through each other's registers, and only this form shows where each goes.
inline std::vector<std::string> parameter_loads_inlined(const std::vector<std::string>& body) {
    std::map<std::string, std::size_t> writes;
    std::map<std::string, std::string> loaded;
    std::string_view opcode, first;
    for (const std::string& line : body) {
        opcode_and_first_operand(line, opcode, first);
        ++writes[std::string(first)];
        const std::size_t open = line.find('['), close = line.find(']');
        if (opcode.compare(0, 9, "ld.param.") == 0 && open != std::string::npos &&
            close != std::string::npos && open < close &&
            line.compare(open + 1, param_token.size(), param_token) == 0)
            loaded[std::string(first)] =
                "(" + std::string(opcode) + " " + line.substr(open, close - open + 1) + ")";
    }
    std::vector<std::string> out;
    for (const std::string& line : body) {
        opcode_and_first_operand(line, opcode, first);
        const auto load = loaded.find(std::string(first));
        if (load != loaded.end() && writes[load->first] == 1 &&
            opcode.compare(0, 9, "ld.param.") == 0)
            continue;
        std::string rewritten;
        for (std::size_t i = 0; i < line.size();) {
            std::size_t end = i;
            while (end < line.size() && is_ptx_identifier_char(line[end]))
                ++end;
            if (end == i) {
                rewritten.push_back(line[i++]);
                continue;
            }
            const std::string word = line.substr(i, end - i);
            const auto value = loaded.find(word);
            rewritten += value != loaded.end() && writes[word] == 1 ? value->second : word;
            i = end;
        }
        out.push_back(std::move(rewritten));
    }
    return out;
}

// Bodies equal once parameters are mapped, directly or with the parameter loads inlined.
inline bool equal_up_to_parameter_mapping(const Symbol& base, const Symbol& head,
                                          std::map<std::size_t, std::size_t>& head_to_base) {
    if (equal_up_to_parameters(base.body, head.body, head_to_base))
        return true;
    head_to_base.clear();
    if (equal_up_to_parameters(parameter_loads_inlined(base.body),
                               parameter_loads_inlined(head.body), head_to_base))
        return true;
    head_to_base.clear();
    return false;
}

inline bool in_order(const std::map<std::size_t, std::size_t>& head_to_base) {
    std::optional<std::size_t> last;
    for (const auto& [head, base] : head_to_base) {
        if (last && base <= *last)
            return false;
        last = base;
    }
    return true;
}

inline std::string numbered_list(const std::vector<std::size_t>& positions) {
    std::string out;
    for (std::size_t i = 0; i < positions.size(); ++i)
        out += (i == 0                      ? ""
                : i + 1 == positions.size() ? " and "
                                            : ", ") +
               std::to_string(positions[i] + 1);
    return out;
}

// Extends an in-order partial map from the shorter parameter list into the longer one to every
// parameter of the shorter, preferring a parameter of the same type; the longer list's positions
// left over are the ones dropped (or added). Nothing where no in-order extension exists.
inline std::optional<std::vector<std::size_t>>
leftover_positions(const std::vector<std::string>& shorter, const std::vector<std::string>& longer,
                   const std::map<std::size_t, std::size_t>& fixed) {
    std::vector<bool> taken(longer.size(), false);
    std::size_t next = 0;
    for (std::size_t s = 0; s < shorter.size(); ++s) {
        const auto pinned = fixed.find(s);
        std::size_t chosen = 0;
        if (pinned != fixed.end()) {
            chosen = pinned->second;
        } else {
            const auto following = fixed.upper_bound(s);
            const std::size_t room = following == fixed.end()
                                         ? longer.size() - (shorter.size() - s)
                                         : following->second - (following->first - s);
            if (next > room || room >= longer.size())
                return std::nullopt;
            chosen = next;
            for (std::size_t c = next; c <= room; ++c)
                if (longer[c] == shorter[s]) {
                    chosen = c;
                    break;
                }
        }
        if (chosen < next || chosen >= longer.size())
            return std::nullopt;
        taken[chosen] = true;
        next = chosen + 1;
    }
    std::vector<std::size_t> left;
    for (std::size_t i = 0; i < longer.size(); ++i)
        if (!taken[i])
            left.push_back(i);
    return left;
}

// The entries only one side's layout has: "-24:4 +nv.info 0x05 80000000…".
inline std::string layout_change(const std::vector<std::string>& base,
                                 const std::vector<std::string>& head) {
    std::multiset<std::string> only_base(base.begin(), base.end());
    std::vector<std::string> changes;
    std::vector<std::string> added;
    for (const std::string& entry : head) {
        const auto found = only_base.find(entry);
        if (found == only_base.end())
            added.push_back("+" + entry);
        else
            only_base.erase(found);
    }
    for (const std::string& entry : base)
        if (only_base.count(entry) > 0)
            changes.push_back("-" + entry);
    changes.insert(changes.end(), added.begin(), added.end());
    return changes.empty() ? "reordered" : text::join(changes, " ");
}

inline std::string signature_detail(Stage stage, const Symbol& base, const Symbol& head,
                                    const std::map<std::size_t, std::size_t>& head_to_base) {
    const std::size_t nb = base.params.size(), nh = head.params.size();
    std::vector<std::string> parts;
    // A SASS layout lists offsets and sizes, not types: it can only be shown whole.
    const bool ptx = stage == Stage::ptx;
    if (ptx && nb != nh) {
        std::map<std::size_t, std::size_t> base_to_head;
        for (const auto& [h, b] : head_to_base)
            base_to_head.emplace(b, h);
        const auto left = nh < nb ? leftover_positions(head.params, base.params, head_to_base)
                                  : leftover_positions(base.params, head.params, base_to_head);
        if (left && !left->empty())
            parts.push_back((left->size() == 1 ? "parameter " : "parameters ") +
                            numbered_list(*left) + " of " + std::to_string(std::max(nb, nh)) +
                            (nh < nb ? " dropped" : " added"));
        else
            parts.push_back("parameter count " + std::to_string(nb) + " -> " + std::to_string(nh));
    } else if (ptx) {
        for (const auto& [h, b] : head_to_base)
            if (h != b)
                parts.push_back("parameter " + std::to_string(b + 1) + " renumbered to " +
                                std::to_string(h + 1));
        for (std::size_t i = 0; parts.empty() && i < nb; ++i)
            if (base.params[i] != head.params[i])
                parts.push_back("parameter " + std::to_string(i + 1) + " " + base.params[i] +
                                " -> " + head.params[i]);
    }
    if (parts.empty() && base.params != head.params)
        parts.push_back("parameter layout " + layout_change(base.params, head.params));
    if (parts.empty() && base.name != head.name)
        parts.push_back("renamed from " + base.name);
    return text::join(parts, "; ");
}

// "parameters 1 and 2 swapped" where exactly two parameters trade places, else a generic line.
inline std::string reorder_detail(const std::map<std::size_t, std::size_t>& head_to_base) {
    std::vector<std::size_t> moved;
    for (const auto& [h, b] : head_to_base)
        if (h != b)
            moved.push_back(h);
    if (moved.size() == 2 && head_to_base.at(moved[0]) == moved[1] &&
        head_to_base.at(moved[1]) == moved[0])
        return "parameters " + numbered_list(moved) + " swapped";
    return "parameters reordered";
}

inline SymbolDelta classify(Stage stage, const Symbol& base, const Symbol& head) {
    SymbolDelta d{head.name, head.base_name, head.kind, Delta::changed, 0, 0, {}};
    d.instruction_delta = static_cast<long>(instruction_count(stage, head.body)) -
                          static_cast<long>(instruction_count(stage, base.body));
    const bool same_code = base.body == head.body && base.relocations == head.relocations;
    if (same_code && base.params == head.params && base.name == head.name) {
        d.delta = Delta::identical;
        return d;
    }
    std::map<std::size_t, std::size_t> head_to_base;
    const bool mapped =
        stage == Stage::ptx && equal_up_to_parameter_mapping(base, head, head_to_base);
    if (same_code || (mapped && in_order(head_to_base))) {
        d.delta = Delta::signature_only;
        d.detail = signature_detail(stage, base, head, head_to_base);
        return d;
    }
    if (stage == Stage::sass && head.kind != SymbolKind::datum &&
        base.schedule_masked_body == head.schedule_masked_body &&
        base.relocations == head.relocations && base.params == head.params) {
        d.delta = Delta::schedule_only;
        d.changed_lines = line_difference(base.body, head.body).changed_lines;
        d.detail = std::to_string(d.changed_lines) +
                   " instruction words differ only in their control bits";
        return d;
    }
    const LineDifference diff = line_difference(base.body, head.body);
    d.changed_lines = diff.changed_lines;
    if (!head_to_base.empty() && !in_order(head_to_base))
        d.detail = reorder_detail(head_to_base);
    else if (base.relocations != head.relocations && base.body == head.body)
        d.detail = "relocations differ";
    if (diff.bounded)
        d.detail += std::string(d.detail.empty() ? "" : "; ") + "more than " +
                    std::to_string(max_diff_edits) +
                    " lines inserted or deleted: every line between the first and last "
                    "difference counted";
    return d;
}

inline SymbolDelta one_sided(Stage stage, const Symbol& s, Delta delta) {
    const long count = static_cast<long>(instruction_count(stage, s.body));
    return {s.name, s.base_name,   s.kind,
            delta,  s.body.size(), delta == Delta::added ? count : -count,
            {}};
}

// Pairs each base symbol with at most one head symbol: by canonical name, then by base name,
// then by identical body; a key shared by several unmatched symbols on a side matches none.
template <class Key>
void match_unique(const Module& base, const Module& head, std::vector<long>& head_of,
                  std::vector<bool>& head_taken, Key key) {
    std::map<std::string, std::vector<std::size_t>> bases, heads;
    for (std::size_t i = 0; i < base.symbols.size(); ++i)
        if (head_of[i] < 0)
            bases[key(base.symbols[i])].push_back(i);
    for (std::size_t j = 0; j < head.symbols.size(); ++j)
        if (!head_taken[j])
            heads[key(head.symbols[j])].push_back(j);
    for (const auto& [k, is] : bases) {
        const auto found = heads.find(k);
        if (is.size() != 1 || found == heads.end() || found->second.size() != 1)
            continue;
        const std::size_t j = found->second.front();
        if (base.symbols[is.front()].kind != head.symbols[j].kind)
            continue;
        head_of[is.front()] = static_cast<long>(j);
        head_taken[j] = true;
    }
}

} // namespace detail

ODO_API std::string_view to_string(Delta d) noexcept {
    switch (d) {
    case Delta::identical:
        return "identical";
    case Delta::signature_only:
        return "signature-only";
    case Delta::schedule_only:
        return "schedule-only";
    case Delta::changed:
        return "changed";
    case Delta::added:
        return "added";
    case Delta::removed:
        return "removed";
    }
    return "changed";
}

ODO_API std::vector<SymbolDelta> compare(const Module& base, const Module& head) {
    if (base.stage != head.stage || base.arch != head.arch)
        throw InputError("cannot compare " + std::string(to_string(base.stage)) + " of " +
                         base.arch + " with " + std::string(to_string(head.stage)) + " of " +
                         head.arch);
    std::vector<long> head_of(base.symbols.size(), -1);
    std::vector<bool> head_taken(head.symbols.size(), false);
    detail::match_unique(base, head, head_of, head_taken, [](const Symbol& s) { return s.name; });
    detail::match_unique(base, head, head_of, head_taken,
                         [](const Symbol& s) { return s.base_name; });
    detail::match_unique(base, head, head_of, head_taken,
                         [](const Symbol& s) { return text::join(s.body, "\n"); });
    std::vector<SymbolDelta> out;
    for (std::size_t i = 0; i < base.symbols.size(); ++i)
        out.push_back(head_of[i] < 0
                          ? detail::one_sided(base.stage, base.symbols[i], Delta::removed)
                          : detail::classify(base.stage, base.symbols[i],
                                             head.symbols[static_cast<std::size_t>(head_of[i])]));
    for (std::size_t j = 0; j < head.symbols.size(); ++j)
        if (!head_taken[j])
            out.push_back(detail::one_sided(head.stage, head.symbols[j], Delta::added));
    std::sort(out.begin(), out.end(), [](const SymbolDelta& a, const SymbolDelta& b) {
        return a.name != b.name ? a.name < b.name : a.base_name < b.base_name;
    });
    return out;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
