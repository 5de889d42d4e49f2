#pragma once
// How the gates read the review checks they reuse (TST-*, BEN-*): by status among the key IDs.
// A MANUAL review finding is a question for a human, so every gate surfaces it instead of
// folding it into a pass.
#include "odo/core/finding.hpp"
#include "odo/core/linkage.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace odo::gates {

#if ODO_GATES_DEFINITIONS
// "<id>:<summary>" of the key findings with `status`, in review order. MANUAL ones carry their
// evidence too, since it says what the human must check.
inline std::vector<std::string> key_findings(const std::vector<Finding>& review,
                                             const std::vector<std::string>& key_ids,
                                             Status status) {
    std::vector<std::string> out;
    for (const Finding& f : review)
        if (f.status == status && std::find(key_ids.begin(), key_ids.end(), f.id) != key_ids.end())
            out.push_back(
                f.id + ":" + f.summary +
                (status == Status::Manual && !f.evidence.empty() ? " (" + f.evidence + ")" : ""));
    return out;
}

// "<id>: <fix>" of the key findings with `status` that name a fix, each ending as a sentence: the
// review checks know the exact remedy (a file to add, a line's syntax), the gate only that one is
// missing, so a gate built on them shows theirs.
inline std::vector<std::string> key_fixes(const std::vector<Finding>& review,
                                          const std::vector<std::string>& key_ids, Status status) {
    std::vector<std::string> out;
    for (const Finding& f : review)
        if (f.status == status && !f.fix.empty() &&
            std::find(key_ids.begin(), key_ids.end(), f.id) != key_ids.end())
            out.push_back(f.id + ": " + f.fix + (f.fix.back() == '.' ? "" : "."));
    return out;
}

// The regression-test review keys that PRE-1 and ODO-1 judge.
inline const std::vector<std::string>& test_key_ids() {
    static const std::vector<std::string> ids{"TST-1", "TST-2"};
    return ids;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
