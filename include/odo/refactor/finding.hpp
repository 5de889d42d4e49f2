#pragma once
// refactor_op's findings and report (review-refactor.md §2.9). Its statuses add RECOMMENDATION
// (advisory) to the contract's four, and a finding belongs to a domain (impl, api, xcut, verify)
// rather than to a gate phase, so the layer keeps its own small types.
#include "odo/core/linkage.hpp"
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::refactor {

enum class Status { Pass, Gap, NotApplicable, Manual, Recommendation };

constexpr std::string_view to_string(Status s) noexcept {
    switch (s) {
    case Status::Pass:
        return "PASS";
    case Status::Gap:
        return "GAP";
    case Status::NotApplicable:
        return "N-A";
    case Status::Manual:
        return "MANUAL";
    case Status::Recommendation:
        return "RECOMMENDATION";
    }
    return "?";
}

// Counted in the order of their text, as the reports print them.
constexpr Status statuses_in_text_order[] = {Status::Gap, Status::Manual, Status::NotApplicable,
                                             Status::Pass, Status::Recommendation};

// A finding that is still open: a lead (RECOMMENDATION) or a question for a human (MANUAL).
constexpr bool is_open(Status s) noexcept {
    return s == Status::Recommendation || s == Status::Manual;
}

struct Finding {
    std::string id;
    std::string domain;
    Status status = Status::Manual;
    std::string summary;
    std::string evidence;
    std::string guideline;
    std::string fix;
};

enum class Phase { Assess, Verify };

constexpr std::string_view to_string(Phase p) noexcept {
    return p == Phase::Assess ? "assess" : "verify";
}

// What verify learned by running assess at the base and now (the "refactor summary").
struct RefactorSummary {
    long loc_insertions = 0;
    long loc_deletions = 0;
    std::vector<std::string> resolved;   // open at the base, closed now
    std::vector<std::string> introduced; // open now, closed at the base
    std::vector<std::string> open_now;
    std::map<std::string, std::pair<std::size_t, std::size_t>> reduced; // id -> (base, now)
    std::map<std::string, std::pair<std::size_t, std::size_t>> grown;   // still open, more now
    std::vector<std::string> cost; // compile cost deltas per TU (compile_cost.hpp), when measured
};

struct Report {
    std::string operator_name;
    std::string op;
    Phase phase = Phase::Assess;
    std::vector<std::string> domains;
    std::vector<Finding> findings;
    std::optional<RefactorSummary> summary; // verify only
    std::string base_commit;                // verify only: the base, resolved to a commit
    std::string checklist; // the Review/refactor gate evidence (checklist_evidence)

    std::size_t count(Status s) const noexcept {
        std::size_t n = 0;
        for (const Finding& f : findings)
            n += f.status == s;
        return n;
    }
};

// "RED-1, RED-2", or "none".
ODO_API std::string id_list_text(const std::vector<std::string>& ids);
// "K=n, ..." over the statuses that occur, in text order.
ODO_API std::string counts_line(const Report& r);
#if ODO_REFACTOR_DEFINITIONS
// Open findings per ID: what the whole-corpus roll-up and the refactor summary compare.
inline std::map<std::string, std::size_t> open_counts(const std::vector<Finding>& findings) {
    std::map<std::string, std::size_t> counts;
    for (const Finding& f : findings)
        if (is_open(f.status))
            ++counts[f.id];
    return counts;
}

ODO_API std::string id_list_text(const std::vector<std::string>& ids) {
    std::string out;
    for (const std::string& id : ids)
        out += (out.empty() ? "" : ", ") + id;
    return out.empty() ? "none" : out;
}

ODO_API std::string counts_line(const Report& r) {
    std::string out;
    for (Status s : statuses_in_text_order)
        if (const std::size_t n = r.count(s))
            out += (out.empty() ? "" : ", ") + std::string(to_string(s)) + "=" + std::to_string(n);
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

enum class Verdict { Advisory, ParityOk, GateFail, NeedsLocalProof };

constexpr std::string_view to_string(Verdict v) noexcept {
    switch (v) {
    case Verdict::Advisory:
        return "ADVISORY";
    case Verdict::ParityOk:
        return "PARITY-OK";
    case Verdict::GateFail:
        return "GATE-FAIL";
    case Verdict::NeedsLocalProof:
        return "NEEDS-LOCAL-PROOF";
    }
    return "?";
}

// Assess only advises. Verify passes with no GAP and no MANUAL: a MANUAL is proof still owed.
ODO_API Verdict verdict(const Report& r) noexcept;
// 1 when any finding is a GAP (only verify has them), else 0. Usage errors are 2.
ODO_API int exit_code(const Report& r) noexcept;
#if ODO_REFACTOR_DEFINITIONS
ODO_API Verdict verdict(const Report& r) noexcept {
    if (r.phase == Phase::Assess)
        return Verdict::Advisory;
    if (r.count(Status::Gap) > 0)
        return Verdict::GateFail;
    if (r.count(Status::Manual) > 0)
        return Verdict::NeedsLocalProof;
    return Verdict::ParityOk;
}

ODO_API int exit_code(const Report& r) noexcept {
    return r.count(Status::Gap) > 0 ? 1 : 0;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
