#pragma once
#include "odo/core/report.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace odo {

namespace detail {

// "\xHH" for a byte XML 1.0 may not hold (a control character, a byte of no valid UTF-8
// sequence), so hostile text reaches the report visibly and the document stays well-formed.
inline void append_byte_escape(std::string& out, unsigned char byte) {
    constexpr std::string_view hex = "0123456789ABCDEF";
    out += "\\x";
    out += hex[byte >> 4];
    out += hex[byte & 0xF];
}

// Length of the well-formed UTF-8 sequence starting at s[i], 0 when there is none; surrogates,
// overlong forms and U+FFFE / U+FFFF (not XML characters) count as ill-formed.
inline std::size_t utf8_sequence_length(std::string_view s, std::size_t i) noexcept {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char lead = byte(0);
    const std::size_t n = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
    if (n == 0 || lead > 0xF4 || i + n > s.size())
        return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((byte(k) & 0xC0) != 0x80)
            return 0;
    if ((lead == 0xE0 && byte(1) < 0xA0) || (lead == 0xED && byte(1) >= 0xA0) ||
        (lead == 0xF0 && byte(1) < 0x90) || (lead == 0xF4 && byte(1) >= 0x90))
        return 0;
    if (lead == 0xEF && byte(1) == 0xBF && byte(2) >= 0xBE)
        return 0;
    return n;
}

// `s` as XML character data. In an attribute a newline or tab is a character reference, since
// a parser would otherwise turn it into a space; in element text they stay as they are.
inline std::string xml_text(std::string_view s, bool attribute) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            const std::size_t n = utf8_sequence_length(s, i);
            const bool c1_control =
                n == 2 && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0;
            if (n == 0 || c1_control)
                append_byte_escape(out, c);
            else
                out.append(s, i, n);
            i += n == 0 || c1_control ? 1 : n;
            continue;
        }
        ++i;
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\n':
            out += attribute ? "&#10;" : "\n";
            break;
        case '\t':
            out += attribute ? "&#9;" : "\t";
            break;
        default:
            if (c < 0x20 || c == 0x7F)
                append_byte_escape(out, c);
            else
                out += static_cast<char>(c);
        }
    }
    return out;
}

inline std::string xml_attribute(std::string_view name, std::string_view value) {
    return " " + std::string(name) + "=\"" + xml_text(value, true) + "\"";
}

// The finding as a reader of the test report needs it: what, the evidence, the fix, the rule.
inline std::string finding_details(const Finding& f) {
    std::string out = std::string(to_string(f.status)) + ": " + f.summary;
    if (!f.evidence.empty())
        out += "\nevidence: " + f.evidence;
    if (!f.fix.empty() && f.status != Status::Pass)
        out += "\nfix: " + f.fix;
    if (!f.guideline.empty())
        out += "\nref: " + f.guideline;
    return out;
}

enum class JunitOutcome { Passed, Failed, Skipped };

// GAP fails; MANUAL fails where it blocks the phase (evidence) and is skipped, with its text,
// where it does not (preflight), so the report agrees with the exit code; N-A is skipped.
inline JunitOutcome junit_outcome(Status s, Phase phase) noexcept {
    switch (s) {
    case Status::Pass:
        return JunitOutcome::Passed;
    case Status::Gap:
        return JunitOutcome::Failed;
    case Status::NotApplicable:
        return JunitOutcome::Skipped;
    case Status::Manual:
        return manual_blocks(phase) ? JunitOutcome::Failed : JunitOutcome::Skipped;
    }
    return JunitOutcome::Failed;
}

inline std::string junit_testcase(const std::string& classname, Phase phase, const Finding& f,
                                  const std::string& name) {
    const std::string details = finding_details(f);
    const std::string message = std::string(to_string(f.status)) + ": " + f.summary;
    std::string out =
        "    <testcase" + xml_attribute("classname", classname) + xml_attribute("name", name);
    switch (junit_outcome(f.status, phase)) {
    case JunitOutcome::Passed:
        return out + ">\n      <system-out>" + xml_text(details, false) +
               "</system-out>\n    </testcase>\n";
    case JunitOutcome::Failed:
        return out + ">\n      <failure" + xml_attribute("message", message) +
               xml_attribute("type", to_string(f.status)) + ">" + xml_text(details, false) +
               "</failure>\n    </testcase>\n";
    case JunitOutcome::Skipped:
        return out + ">\n      <skipped" + xml_attribute("message", message) + ">" +
               xml_text(details, false) + "</skipped>\n    </testcase>\n";
    }
    return out;
}

struct JunitCounts {
    std::size_t tests = 0, failures = 0, skipped = 0;

    void add(Status s, Phase phase) {
        const JunitOutcome outcome = junit_outcome(s, phase);
        ++tests;
        failures += outcome == JunitOutcome::Failed;
        skipped += outcome == JunitOutcome::Skipped;
    }
    std::string attributes() const {
        return xml_attribute("tests", std::to_string(tests)) +
               xml_attribute("failures", std::to_string(failures)) + xml_attribute("errors", "0") +
               xml_attribute("skipped", std::to_string(skipped));
    }
};

} // namespace detail

// One testsuite of a JUnit report: a findings report and what produced it. `kind` names the
// producer ("preflight", "evidence", "bench", "baselines") in the classname
// `odo.<kind>.<operator>`, which GitLab shows as the suite. Where a check runs once per item
// (a benchmark case, a baseline row) `items[i]` names what finding i is about, so that each
// testcase name is unique: a reader keeps only the first of equal names. `items` is empty or
// holds one entry per finding.
struct JunitSuite {
    std::string kind;
    Report report;
    std::vector<std::string> items;
};

// The suites as JUnit XML, the subset GitLab's and Jenkins' test-report readers take: one
// testcase per finding, named "<ID> <operator>[ <item>]", whose failure or skipped text carries
// the summary, evidence and fix (GitLab shows that text, not the message attribute). The
// report's phase decides whether MANUAL fails (see junit_outcome). Like the other renderers,
// without a trailing newline.
inline std::string render_junit(const std::vector<JunitSuite>& suites, const std::string& name) {
    detail::JunitCounts all;
    std::string body;
    for (const JunitSuite& suite : suites) {
        const Report& r = suite.report;
        const std::string classname = "odo." + suite.kind + "." + r.operator_name;
        detail::JunitCounts counts;
        std::string cases;
        for (std::size_t i = 0; i < r.findings.size(); ++i) {
            const Finding& f = r.findings[i];
            counts.add(f.status, r.phase);
            all.add(f.status, r.phase);
            const std::string item = i < suite.items.size() ? suite.items[i] : "";
            cases += detail::junit_testcase(classname, r.phase, f,
                                            f.id + " " + r.operator_name +
                                                (item.empty() ? "" : " " + item));
        }
        body += "  <testsuite" + detail::xml_attribute("name", classname) + counts.attributes() +
                ">\n" + cases + "  </testsuite>\n";
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites" +
           detail::xml_attribute("name", name) + all.attributes() + ">\n" + body + "</testsuites>";
}

// A gate's report as JUnit XML: one suite named for its phase.
inline std::string render_junit(const Report& r) {
    const std::string phase(to_string(r.phase));
    return render_junit({{phase, r, {}}}, "odo " + phase);
}

} // namespace odo
