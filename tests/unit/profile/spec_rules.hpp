#pragma once
// The validator's rules for the text odo's profile primitives generate, transcribed from the spec
// (summary.md: profile evidence, hard evidence; gates.md §4: ODO-4 Lead exhaustion, ODO-9 Memory
// footprint), so the tests can show the generated text passes them. The gates themselves live
// elsewhere; test_spec_rules.cpp drives these transcriptions through the spec's own test cases
// so that a pass here means something.
#include <odo/core/text.hpp>

#include <cstdint>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace spec {

inline bool search(std::string_view text, const char* pattern, bool icase = true) {
    const std::regex re(pattern, icase ? std::regex::ECMAScript | std::regex::icase
                                       : std::regex::ECMAScript);
    return std::regex_search(text.begin(), text.end(), re);
}

inline bool full_match(std::string_view text, const char* pattern, bool icase) {
    const std::regex re(pattern, icase ? std::regex::ECMAScript | std::regex::icase
                                       : std::regex::ECMAScript);
    return std::regex_match(text.begin(), text.end(), re);
}

// summary.md `profile-evidence`: a percentage and a SOL term.
inline bool profile_evidence_ok(std::string_view text) {
    return search(text, R"(\d+(?:\.\d+)?\s*%)") &&
           search(
               text,
               R"(\b(?:SOL|BWUtil|DRAM|compute|memory|stall|scoreboard|throughput|occupancy)\b)");
}

// summary.md "Hard evidence".
inline bool hard_evidence(std::string_view raw) {
    const std::string text(odo::text::strip(raw));
    const std::string folded = odo::text::lower(text);
    return text.size() >= 20 &&
           !search(text,
                   R"(<[^>]+>|\b(?:todo|tbd|placeholder|add hard evidence|add one concise)\b)") &&
           folded != "pass" && folded != "passed" && folded != "yes" && folded != "done" &&
           folded != "n/a" &&
           search(
               text,
               R"((?:\b\w+\.py\b|\b\w+_test\w*\b|\bODO-\d+\b|`[^`]+`|\b(?:baseline|artifact|benchmark|run_bench|EXPECT_(?:EQ|NEAR)|ncu|nsys|commit|SHA)\b))") &&
           search(
               text,
               R"(\b(?:pass(?:ed)?|green|zero regressions?|no regressions?|\d+\s*/\s*\d+|at[- ]?ridge|strikes?|recommendations?|updated|imported|committed)\b)");
}

// gates.md ODO-4 on the evidence of a checked "Lead exhaustion" item.
inline bool lead_exhaustion_passes(std::string_view evidence) {
    const bool measured = search(evidence, R"(\d+(\.\d+)?\s*(%|x\b|u?s\b|ms\b))");
    const bool at_ridge = search(evidence, R"(\b(?:ridge|at ridge|at-ridge|atridge)\b)");
    const bool struck =
        search(evidence, R"(\b(?:3|three)\b.{0,120}?\b(?:strike|struck|failed leads?)\b)");
    return measured && (at_ridge || struck);
}

struct Verdict {
    std::string status; // PASS, GAP or MANUAL
    std::string summary;
    std::string evidence;
};

namespace detail {

inline std::string without_comments(std::string text) {
    for (std::size_t open; (open = text.find("<!--")) != std::string::npos;) {
        const std::size_t close = text.find("-->", open + 4);
        text.erase(open, close == std::string::npos ? std::string::npos : close + 3 - open);
    }
    return text;
}

// Lines with fenced blocks blanked, fences included.
inline std::vector<std::string> visible_lines(const std::string& text) {
    std::vector<std::string> out;
    char fence = 0;
    std::size_t fence_length = 0;
    const std::regex opener(R"(^\s*(`{3,}|~{3,}).*$)");
    for (std::string_view view : odo::text::lines(text)) {
        std::string line(view);
        std::smatch m;
        if (!fence && std::regex_match(line, m, opener)) {
            fence = m[1].str()[0];
            fence_length = m[1].length();
            line.clear();
        } else if (fence) {
            const std::string_view s = odo::text::strip(line);
            if (s.size() >= fence_length && s.find_first_not_of(fence) == std::string_view::npos)
                fence = 0;
            line.clear();
        }
        out.push_back(line);
    }
    return out;
}

inline std::vector<std::vector<std::string>> sections(const std::vector<std::string>& lines) {
    std::vector<std::vector<std::string>> out;
    bool inside = false;
    for (const std::string& line : lines) {
        if (full_match(line, R"(## Memory footprint[ \t]*)", false)) {
            out.emplace_back();
            inside = true;
            continue;
        }
        if (inside && search(line, R"(^##?\s)", false))
            inside = false;
        if (inside)
            out.back().push_back(line);
    }
    return out;
}

inline bool placeholder(std::string_view evidence) {
    const std::string s(odo::text::strip(evidence));
    return s.empty() ||
           full_match(
               s,
               R"((?:[-.]+|none|<.*>|n/?a|tbd|todo|pending|placeholder|unknown|unmeasured|not measured|not available|not provided|(?:measurement|evidence|review)(?:\s+is)?\s+(?:pending|unknown|unavailable|not available|not provided))\.?)",
               true);
}

} // namespace detail

// gates.md ODO-9, steps 1-8.
inline Verdict memory_footprint_gate(const std::string& results) {
    const auto found = detail::sections(detail::visible_lines(detail::without_comments(results)));
    if (found.size() != 1)
        return {"GAP", "Memory footprint section missing or duplicated",
                "expected exactly one visible `## Memory footprint` section; found " +
                    std::to_string(found.size())};
    const char* labels[] = {"Peak attributable increase", "New runtime CUDA allocations/frees",
                            "Evidence"};
    const char* values[] = {R"(^Peak attributable increase:[ \t]*(\d{1,20}) B[ \t]*$)",
                            R"(^New runtime CUDA allocations/frees:[ \t]*(no|yes)[ \t]*$)",
                            R"(^Evidence:[ \t]*(.+?)[ \t]*$)"};
    std::vector<std::string> errors;
    std::string captured[3];
    for (int i = 0; i < 3; ++i) {
        std::size_t count = 0;
        const std::string* line = nullptr;
        const std::regex label(std::string("^") + labels[i] + R"(\s*:)");
        for (const std::string& l : found[0])
            if (std::regex_search(l, label)) {
                ++count;
                line = &l;
            }
        if (count != 1) {
            errors.push_back(std::string(labels[i]) + ": found " + std::to_string(count) +
                             " occurrences");
            continue;
        }
        std::smatch m;
        if (std::regex_match(*line, m, std::regex(values[i])))
            captured[i] = m[1];
        else
            errors.push_back(std::string(labels[i]) + ": malformed declaration");
    }
    if (!errors.empty())
        return {"GAP", "Memory footprint declarations are missing, duplicated, or malformed",
                odo::text::join(errors, "; ")};
    if (detail::placeholder(captured[2]))
        return {"GAP", "Memory footprint evidence is a placeholder", "Evidence: " + captured[2]};
    const std::string digits =
        captured[0].substr(std::min(captured[0].find_first_not_of('0'), captured[0].size() - 1));
    const bool over = digits.size() > 8 || std::stoull(digits) > 10'000'000ULL;
    std::vector<std::string> reasons;
    if (over)
        reasons.push_back(digits + " B exceeds the 10 MB limit");
    if (captured[1] == "yes")
        reasons.push_back("a new runtime CUDA allocation/free path is declared");
    if (!reasons.empty())
        return {"MANUAL", "Memory footprint change requires explicit human review",
                odo::text::join(reasons, "; ") + "; Evidence: " + captured[2]};
    return {"PASS", "Memory footprint change is within the 10 MB limit",
            digits +
                " B increase; no new runtime CUDA allocations/frees; Evidence: " + captured[2]};
}

} // namespace spec
