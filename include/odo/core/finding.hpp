#pragma once
#include "odo/core/status.hpp"

#include <string>

namespace odo {

enum class Phase { Preflight, Evidence, Summary };

constexpr std::string_view to_string(Phase p) noexcept {
    switch (p) {
    case Phase::Preflight:
        return "preflight";
    case Phase::Evidence:
        return "evidence";
    case Phase::Summary:
        return "summary";
    }
    return "?";
}

// One check's outcome. `fix` names the corrective action; `guideline` cites the rule.
struct Finding {
    std::string id;
    Phase phase = Phase::Preflight;
    Status status = Status::Manual;
    std::string summary;
    std::string evidence;
    std::string guideline;
    std::string fix;
};

} // namespace odo
