#pragma once
#include <array>
#include <optional>
#include <string_view>

namespace odo {

// The four finding statuses of the contract. Their text is part of the report format.
enum class Status { Pass, Gap, NotApplicable, Manual };

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
    }
    return "?";
}

inline std::optional<Status> parse_status(std::string_view text) noexcept {
    for (Status s : {Status::Pass, Status::Gap, Status::NotApplicable, Status::Manual})
        if (to_string(s) == text)
            return s;
    return std::nullopt;
}

// The order reports count statuses in: sorted by their text (GAP < MANUAL < N-A < PASS).
constexpr std::array<Status, 4> statuses_in_text_order{Status::Gap, Status::Manual,
                                                       Status::NotApplicable, Status::Pass};

} // namespace odo
