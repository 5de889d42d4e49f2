#pragma once
#include "odo/core/finding.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace odo {

// The findings of one phase for one operator, in check order.
struct Report {
    std::string operator_name; // canonical spelling, e.g. "HQResize"
    std::string op;            // lower-cased stem, e.g. "hqresize"
    Phase phase = Phase::Preflight;
    std::vector<Finding> findings;

    std::size_t count(Status s) const noexcept {
        std::size_t n = 0;
        for (const Finding& f : findings)
            n += f.status == s;
        return n;
    }
};

// Evidence blocks on MANUAL as well as GAP: a human decision must be recorded before merge.
// Preflight blocks only on GAP.
inline bool manual_blocks(Phase p) noexcept {
    return p == Phase::Evidence;
}

inline std::size_t blocking_count(const Report& r) noexcept {
    return r.count(Status::Gap) + (manual_blocks(r.phase) ? r.count(Status::Manual) : 0);
}

// Process exit code of a phase: 0 clean, 1 blocking findings. (Usage errors are 2.)
inline int exit_code(const Report& r) noexcept {
    return blocking_count(r) > 0 ? 1 : 0;
}

enum class Verdict { Pass, Gaps, NeedsReview };

inline Verdict verdict(const Report& r) noexcept {
    if (r.count(Status::Gap) > 0)
        return Verdict::Gaps;
    if (r.count(Status::Manual) > 0)
        return Verdict::NeedsReview;
    return Verdict::Pass;
}

constexpr std::string_view to_string(Verdict v) noexcept {
    switch (v) {
    case Verdict::Pass:
        return "PASS";
    case Verdict::Gaps:
        return "GAPS";
    case Verdict::NeedsReview:
        return "NEEDS-REVIEW";
    }
    return "?";
}

} // namespace odo
