#pragma once
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/python_text.hpp"

#include <boost/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace odo::summary {

inline constexpr std::size_t max_metadata_bytes = 300'000;
inline constexpr std::size_t max_optimized_cases = 10'000;
inline constexpr std::size_t max_secondary_operators = 64;
inline constexpr std::size_t max_case_key_code_points = 4096;

enum class State { Provisional, Final };
enum class ImpactMetric { CppTime, PythonOverhead };

constexpr std::string_view to_string(State s) noexcept {
    return s == State::Final ? "final" : "provisional";
}
constexpr std::string_view to_string(ImpactMetric m) noexcept {
    return m == ImpactMetric::PythonOverhead ? "python_overhead" : "cpp_time";
}

// The block's machine-readable header: who, which revisions, which cases.
struct Metadata {
    std::string operator_name;
    State state = State::Provisional;
    std::string baseline_commit;
    std::string candidate_commit;
    std::vector<std::string> optimized_cases;
    ImpactMetric impact_metric = ImpactMetric::CppTime;
    std::vector<std::string> secondary_operators;
};

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
inline bool is_operator_name(std::string_view s) noexcept {
    if (s.empty() || s.size() > 128)
        return false;
    auto alpha = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    if (!alpha(s.front()))
        return false;
    for (char c : s)
        if (!alpha(c) && !pytext::is_ascii_digit(c))
            return false;
    return true;
}

inline bool is_full_commit(std::string_view s) noexcept {
    return s.size() == 40 && s.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}
#endif // ODO_SUMMARY_DEFINITIONS

// The field checks, in the reference's order. A std::nullopt value is a JSON value that is not
// a string; the typed Metadata path passes its strings, so both paths share each message.
using MaybeText = std::optional<std::string_view>;

#if ODO_SUMMARY_DEFINITIONS
inline void check_operator(MaybeText name) {
    if (!name || !is_operator_name(*name))
        throw SummaryError("metadata operator is invalid");
}

inline State check_state(MaybeText state) {
    if (state == MaybeText("final"))
        return State::Final;
    if (state == MaybeText("provisional"))
        return State::Provisional;
    throw SummaryError("metadata state must be provisional or final");
}

inline ImpactMetric check_impact_metric(MaybeText metric) {
    if (metric == MaybeText("cpp_time"))
        return ImpactMetric::CppTime;
    if (metric == MaybeText("python_overhead"))
        return ImpactMetric::PythonOverhead;
    throw SummaryError("metadata impact_metric must be cpp_time or python_overhead");
}

inline void check_secondary_operators(const std::vector<MaybeText>& names,
                                      std::string_view primary) {
    if (names.size() > max_secondary_operators)
        throw SummaryError("metadata secondary_operators may contain at most 64 names");
    for (const MaybeText& name : names)
        if (!name || !is_operator_name(*name))
            throw SummaryError("metadata secondary_operators contains an invalid operator");
    std::unordered_set<std::string> folded;
    for (const MaybeText& name : names)
        if (!folded.insert(pytext::casefold(*name)).second)
            throw SummaryError("metadata secondary_operators contains duplicate operators");
    if (folded.count(pytext::casefold(primary)))
        throw SummaryError("metadata secondary_operators must not repeat the primary operator");
}

inline void check_commit(std::string_view field, MaybeText sha) {
    if (!sha || !is_full_commit(*sha))
        throw SummaryError("metadata " + std::string(field) +
                           " must be a full lowercase 40-character commit SHA");
}

inline void check_optimized_cases(const std::vector<MaybeText>& cases) {
    if (cases.empty() || cases.size() > max_optimized_cases)
        throw SummaryError("metadata optimized_cases must contain 1..10000 keys");
    for (const MaybeText& key : cases)
        if (!key || key->empty() || pytext::code_points(*key) > max_case_key_code_points)
            throw SummaryError("metadata contains an invalid optimized case key");
    std::unordered_set<std::string_view> seen;
    for (const MaybeText& key : cases)
        if (!seen.insert(*key).second)
            throw SummaryError("metadata optimized_cases contains duplicate keys");
}

inline std::vector<MaybeText> texts(const std::vector<std::string>& strings) {
    return {strings.begin(), strings.end()};
}

inline MaybeText text_of(const boost::json::value* v) {
    if (!v || !v->is_string())
        return std::nullopt;
    return std::string_view(v->get_string());
}

inline std::vector<MaybeText> texts(const boost::json::array& values) {
    std::vector<MaybeText> out;
    for (const auto& v : values)
        out.push_back(text_of(&v));
    return out;
}

inline boost::json::value parse_metadata_json(std::string_view text) {
    boost::json::parse_options options;
    options.max_depth = 1000;
    // json_read's handler rejects a key repeated in any object when that object closes, as the
    // reference's object_pairs_hook does; the messages here are the summary contract's. The block
    // is small, so its keys are compared themselves (exact_keys), which names the one repeated.
    boost::json::basic_parser<json::detail::ExactHandler> parser(options);
    parser.handler().exact_keys = true;
    parser.handler().stack.reset();
    boost::json::error_code ec;
    const std::size_t used = parser.write_some(false, text.data(), text.size(), ec);
    if (parser.handler().repeated_key)
        throw SummaryError("metadata JSON repeats field " +
                           python_str_repr(*parser.handler().repeated_key));
    if (ec)
        throw SummaryError("metadata is not valid JSON: " + ec.message() + " (char " +
                           std::to_string(used) + ")");
    if (used < text.size())
        throw SummaryError("metadata is not valid JSON: extra data (char " + std::to_string(used) +
                           ")");
    return parser.handler().stack.release();
}

inline bool has_exactly_the_metadata_fields(const boost::json::object& o) {
    static constexpr std::string_view required[] = {"operator", "state", "baseline_commit",
                                                    "candidate_commit", "optimized_cases"};
    static constexpr std::string_view optional[] = {"impact_metric", "secondary_operators"};
    std::size_t known = 0;
    for (std::string_view field : required) {
        if (!o.contains(field))
            return false;
        ++known;
    }
    for (std::string_view field : optional)
        known += o.contains(field);
    return known == o.size();
}

// Python's json.dumps(ensure_ascii=False) of a string, except that NEL, U+2028 and U+2029 are
// escaped: written raw they would split the marker line for every str.splitlines() reader.
inline std::string json_string(std::string_view s) {
    json::DumpOptions options;
    options.ensure_ascii = false;
    const std::string raw = json::dumps(boost::json::value(boost::json::string(s)), options);
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const std::size_t n = pytext::line_break_at(raw, i);
        if (n >= 2) {
            std::size_t at = i;
            const char32_t code = pytext::decode(raw, at);
            out += code == 0x85 ? "\\u0085" : (code == 0x2028 ? "\\u2028" : "\\u2029");
            i += n - 1;
        } else {
            out += raw[i];
        }
    }
    return out;
}

inline std::string json_string_array(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? "," : "") + json_string(items[i]);
    return out + "]";
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// The metadata rules (summary.md §1.4 step 7), in the reference's order. Throws SummaryError.
inline void validate_metadata(const Metadata& m) {
    detail::check_operator(m.operator_name);
    detail::check_state(to_string(m.state));
    detail::check_impact_metric(to_string(m.impact_metric));
    detail::check_secondary_operators(detail::texts(m.secondary_operators), m.operator_name);
    detail::check_commit("baseline_commit", m.baseline_commit);
    detail::check_commit("candidate_commit", m.candidate_commit);
    detail::check_optimized_cases(detail::texts(m.optimized_cases));
}

// Parses the start marker's JSON (summary.md §1.4): size limit, duplicate keys at any depth,
// exactly the known fields, array types, then validate_metadata's rules.
inline Metadata parse_metadata(std::string_view json_text) {
    if (json_text.size() > max_metadata_bytes)
        throw SummaryError("metadata exceeds the parser size limit");
    const boost::json::value doc = detail::parse_metadata_json(json_text);
    if (!doc.is_object() || !detail::has_exactly_the_metadata_fields(doc.get_object()))
        throw SummaryError("metadata must contain exactly operator, state, baseline_commit, "
                           "candidate_commit, and optimized_cases, with optional impact_metric "
                           "and secondary_operators");
    const auto& o = doc.get_object();
    if (!o.at("optimized_cases").is_array())
        throw SummaryError("metadata optimized_cases must be an array");
    const auto* secondary = o.if_contains("secondary_operators");
    if (secondary && !secondary->is_array())
        throw SummaryError("metadata secondary_operators must be an array");
    const auto operator_name = detail::text_of(o.if_contains("operator"));
    detail::check_operator(operator_name);
    Metadata m;
    m.operator_name = *operator_name;
    m.state = detail::check_state(detail::text_of(o.if_contains("state")));
    if (const auto* metric = o.if_contains("impact_metric"))
        m.impact_metric = detail::check_impact_metric(detail::text_of(metric));
    const auto secondaries =
        secondary ? detail::texts(secondary->get_array()) : std::vector<detail::MaybeText>{};
    detail::check_secondary_operators(secondaries, m.operator_name);
    for (const auto& name : secondaries)
        m.secondary_operators.emplace_back(*name);
    const auto baseline = detail::text_of(o.if_contains("baseline_commit"));
    detail::check_commit("baseline_commit", baseline);
    const auto candidate = detail::text_of(o.if_contains("candidate_commit"));
    detail::check_commit("candidate_commit", candidate);
    m.baseline_commit = *baseline;
    m.candidate_commit = *candidate;
    const auto cases = detail::texts(o.at("optimized_cases").get_array());
    detail::check_optimized_cases(cases);
    for (const auto& key : cases)
        m.optimized_cases.emplace_back(*key);
    return m;
}

// The canonical compact JSON: operator, secondary_operators (when any), state, impact_metric
// (when not cpp_time), baseline_commit, candidate_commit, optimized_cases; non-ASCII raw.
inline std::string metadata_json(const Metadata& m) {
    std::string out = "{\"operator\":" + detail::json_string(m.operator_name);
    if (!m.secondary_operators.empty())
        out += ",\"secondary_operators\":" + detail::json_string_array(m.secondary_operators);
    out += ",\"state\":" + detail::json_string(to_string(m.state));
    if (m.impact_metric != ImpactMetric::CppTime)
        out += ",\"impact_metric\":" + detail::json_string(to_string(m.impact_metric));
    out += ",\"baseline_commit\":" + detail::json_string(m.baseline_commit);
    out += ",\"candidate_commit\":" + detail::json_string(m.candidate_commit);
    out += ",\"optimized_cases\":" + detail::json_string_array(m.optimized_cases);
    return out + "}";
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
