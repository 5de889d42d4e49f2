#pragma once
// The text compute-sanitizer prints (memcheck, racecheck, initcheck, synccheck): every line of its
// own starts with "========= ", interleaved with the checked program's output. The error count
// comes from the ERROR SUMMARY line; each reported error starts with an unindented headline.
#include "odo/core/error.hpp"
#include "odo/core/text.hpp"
#include "odo/profile/detail/number.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo::profile {

struct SanitizerReport {
    std::uint64_t errors = 0;                                 // from "ERROR SUMMARY: N errors"
    std::optional<std::uint64_t> hazards;                     // racecheck: "N hazards displayed"
    std::optional<std::uint64_t> leaked_bytes;                // memcheck --leak-check full
    std::vector<std::pair<std::string, std::uint64_t>> kinds; // headline -> count, first seen first

    bool clean() const noexcept { return errors == 0 && leaked_bytes.value_or(0) == 0; }
};

namespace detail {

inline constexpr std::string_view sanitizer_prefix = "=========";

// The leading count of "1 error", "12,345 errors", "128 bytes leaked in 1 allocations".
inline std::optional<std::uint64_t> leading_count(std::string_view text) {
    text = odo::text::strip(text);
    return parse_count(text.substr(0, text.find(' ')));
}

// Lines of the tool's own that are not error headlines.
inline bool is_sanitizer_banner(std::string_view body) {
    for (std::string_view banner :
         {"COMPUTE-SANITIZER", "CUDA-MEMCHECK", "ERROR SUMMARY:", "LEAK SUMMARY:",
          "RACECHECK SUMMARY:", "Target application", "This version of"})
        if (odo::text::starts_with(body, banner))
            return true;
    return false;
}

inline void count_kind(SanitizerReport& report, std::string_view headline) {
    for (auto& [kind, count] : report.kinds)
        if (kind == headline) {
            ++count;
            return;
        }
    report.kinds.emplace_back(std::string(headline), 1);
}

} // namespace detail

// InputError when there is no ERROR SUMMARY line: the tool did not finish, or this is not its
// output. Lines without the tool's prefix are the checked program's and are ignored.
inline SanitizerReport parse_sanitizer_output(std::string_view text) {
    using detail::leading_count;
    SanitizerReport report;
    bool summary = false;
    for (std::string_view line : odo::text::lines(text)) {
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (!odo::text::starts_with(line, detail::sanitizer_prefix))
            continue;
        std::string_view body = line.substr(detail::sanitizer_prefix.size());
        if (body.empty() || body.front() != ' ')
            continue;
        body.remove_prefix(1);
        if (body.empty() || body.front() == ' ')
            continue; // an indented detail line of the error above
        if (odo::text::starts_with(body, "ERROR SUMMARY:") &&
            body.find("not printed") != std::string_view::npos) {
            continue; // "ERROR SUMMARY: N errors were not printed": a note about --print-limit
        } else if (odo::text::starts_with(body, "ERROR SUMMARY:")) {
            const auto n = leading_count(body.substr(14));
            if (!n)
                throw InputError("compute-sanitizer output: unreadable line '" + std::string(line) +
                                 "'");
            report.errors = *n;
            summary = true;
        } else if (odo::text::starts_with(body, "LEAK SUMMARY:")) {
            report.leaked_bytes = leading_count(body.substr(13));
        } else if (odo::text::starts_with(body, "RACECHECK SUMMARY:")) {
            report.hazards = leading_count(body.substr(18));
        } else if (!detail::is_sanitizer_banner(body) && !odo::text::strip(body).empty()) {
            detail::count_kind(report, odo::text::strip(body));
        }
    }
    if (!summary)
        throw InputError("compute-sanitizer output: no 'ERROR SUMMARY' line (the tool did not "
                         "finish, or this is not its output)");
    return report;
}

} // namespace odo::profile
