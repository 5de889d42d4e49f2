#pragma once
// The text compute-sanitizer prints (memcheck, racecheck, initcheck, synccheck): every line of its
// own starts with "=========", interleaved with the checked program's output. The error count
// comes from the ERROR SUMMARY line; each reported error starts with a headline indented by one or
// two spaces (initcheck's "Unused memory in allocation …" has two), its details by more. A log
// may hold several runs, one after the other.
#include "odo/core/error.hpp"
#include "odo/core/text.hpp"
#include "odo/profile/detail/number.hpp"

#include <algorithm>
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

// What follows the prefix of a headline or summary line, without its indent; empty for a blank
// line, a detail line (three spaces or more) or a line that only looks like the prefix.
inline std::string_view sanitizer_body(std::string_view line) {
    const std::string_view rest = line.substr(sanitizer_prefix.size());
    const std::size_t indent = std::min(rest.find_first_not_of(' '), rest.size());
    if (indent == 0 || indent > 2)
        return {};
    return odo::text::strip(rest);
}

// The line each run of the tool starts with.
inline bool is_run_banner(std::string_view body) {
    return body == "COMPUTE-SANITIZER" || body == "CUDA-MEMCHECK";
}

inline std::string unfinished_run_message(std::size_t run) {
    return "compute-sanitizer output: run " + std::to_string(run) +
           " has no 'ERROR SUMMARY' line (the tool did not finish it)";
}

// Notes of the tool's own that are not error headlines.
inline bool is_sanitizer_notice(std::string_view body) {
    for (std::string_view banner : {"Target application", "This version of"})
        if (odo::text::starts_with(body, banner))
            return true;
    return false;
}

inline void count_kind(SanitizerReport& report, std::string_view headline, std::uint64_t n = 1) {
    for (auto& [kind, count] : report.kinds)
        if (kind == headline) {
            count += n;
            return;
        }
    report.kinds.emplace_back(std::string(headline), n);
}

} // namespace detail

// The runs of one log, in order: a run ends with its ERROR SUMMARY line, and a second run in the
// same log (a banner, or a line of the tool's after that summary) starts a new report.
// InputError when a run has no ERROR SUMMARY line (the tool did not finish, or this is not its
// output). Lines without the tool's prefix are the checked program's and are ignored.
inline std::vector<SanitizerReport> parse_sanitizer_runs(std::string_view text) {
    std::vector<SanitizerReport> runs;
    SanitizerReport run;
    bool summary = false, started = false;
    auto next_run = [&] {
        runs.push_back(std::move(run));
        run = {};
        summary = false;
    };
    for (std::string_view line : odo::text::lines(text)) {
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (!odo::text::starts_with(line, detail::sanitizer_prefix))
            continue;
        const std::string_view body = detail::sanitizer_body(line);
        if (body.empty())
            continue; // a blank line of the tool's, or an indented detail of the error above
        if (detail::is_run_banner(body)) {
            if (started && !summary)
                throw InputError(detail::unfinished_run_message(runs.size() + 1));
            if (summary)
                next_run();
            started = true;
            continue;
        }
        const bool note = odo::text::starts_with(body, "ERROR SUMMARY:") &&
                          body.find("not printed") != std::string_view::npos;
        if (note)
            continue; // "ERROR SUMMARY: N errors were not printed": a note about --print-limit
        if (summary)
            next_run(); // the tool's next line after a summary belongs to the next run
        started = true;
        if (odo::text::starts_with(body, "ERROR SUMMARY:")) {
            const auto n = detail::leading_count(body.substr(14));
            if (!n)
                throw InputError("compute-sanitizer output: unreadable line '" + std::string(line) +
                                 "'");
            run.errors = *n;
            summary = true;
        } else if (odo::text::starts_with(body, "LEAK SUMMARY:")) {
            run.leaked_bytes = detail::leading_count(body.substr(13));
        } else if (odo::text::starts_with(body, "RACECHECK SUMMARY:")) {
            run.hazards = detail::leading_count(body.substr(18));
        } else if (!detail::is_sanitizer_notice(body)) {
            detail::count_kind(run, body);
        }
    }
    if (started && !summary)
        throw InputError(detail::unfinished_run_message(runs.size() + 1));
    if (summary)
        runs.push_back(std::move(run));
    if (runs.empty())
        throw InputError("compute-sanitizer output: no 'ERROR SUMMARY' line (the tool did not "
                         "finish, or this is not its output)");
    return runs;
}

// Every run of the log together: errors, hazards and leaked bytes added up, kinds merged. See
// parse_sanitizer_runs for what is read and when it is an InputError.
inline SanitizerReport parse_sanitizer_output(std::string_view text) {
    SanitizerReport total;
    for (const SanitizerReport& run : parse_sanitizer_runs(text)) {
        total.errors += run.errors;
        if (run.hazards)
            total.hazards = total.hazards.value_or(0) + *run.hazards;
        if (run.leaked_bytes)
            total.leaked_bytes = total.leaked_bytes.value_or(0) + *run.leaked_bytes;
        for (const auto& [kind, count] : run.kinds)
            detail::count_kind(total, kind, count);
    }
    return total;
}

} // namespace odo::profile
