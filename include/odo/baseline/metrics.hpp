#pragma once
#include "odo/baseline/language.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <boost/json.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::baseline {

// One language's figures for one case on one SKU (bench-harness.md §1.4).
struct LanguageMetrics {
    double time_us = 0;  // mean nvbench cold GPU time
    double noise_us = 0; // absolute noise: time × relative standard deviation of the samples
    double bwutil = 0;   // nvbench BWUtil, a fraction of peak bandwidth
};

// The metric row of one case key × SKU stem: averaged over `n_runs` run artifacts.
struct Metrics {
    std::int64_t n_runs = 0;
    std::optional<LanguageMetrics> cpp;
    std::optional<LanguageMetrics> python;
    std::optional<double> gap_stddev_us; // sample stddev of per-run (python − cpp) time gaps

    std::optional<LanguageMetrics>& of(Language language) noexcept {
        return language == Language::Cpp ? cpp : python;
    }
    const std::optional<LanguageMetrics>& of(Language language) const noexcept {
        return language == Language::Cpp ? cpp : python;
    }
};

enum class Quantity { Time, Noise, BwUtil };

inline constexpr std::string_view n_runs_field = "n_runs";
inline constexpr std::string_view gap_stddev_field = "gpu_gap_stddev_us";
// What one row of a run artifact weighs in a merge: one run (bench-harness.md §3.4, "normally
// n = 1"). The runner writes it; a reader refuses more, since a file claiming a thousand runs
// would outvote every measured one.
inline constexpr std::int64_t artifact_row_runs = 1;

// The six per-language fields, in the order they are written (after n_runs, before the gap).
struct MeasureField {
    std::string_view name;
    Quantity quantity;
    Language language;
};

inline constexpr std::array<MeasureField, 6> measure_fields{{
    {"gpu_time_us_cpp", Quantity::Time, Language::Cpp},
    {"gpu_time_us_python", Quantity::Time, Language::Python},
    {"gpu_noise_us_cpp", Quantity::Noise, Language::Cpp},
    {"gpu_noise_us_python", Quantity::Noise, Language::Python},
    {"gpu_bwutil_cpp", Quantity::BwUtil, Language::Cpp},
    {"gpu_bwutil_python", Quantity::BwUtil, Language::Python},
}};

constexpr std::string_view field_name(Quantity quantity, Language language) noexcept {
    for (const MeasureField& field : measure_fields)
        if (field.quantity == quantity && field.language == language)
            return field.name;
    return {};
}

#if ODO_BASELINE_DEFINITIONS
inline bool is_metric_field(std::string_view name) noexcept {
    if (name == n_runs_field || name == gap_stddev_field)
        return true;
    for (const MeasureField& field : measure_fields)
        if (field.name == name)
            return true;
    return false;
}

inline double value_of(const LanguageMetrics& m, Quantity quantity) noexcept {
    return quantity == Quantity::Time    ? m.time_us
           : quantity == Quantity::Noise ? m.noise_us
                                         : m.bwutil;
}
#endif // ODO_BASELINE_DEFINITIONS

// Committed baselines carry both languages; a run artifact may carry one (bench-harness.md §1.4).
enum class MetricsSchema { Committed, Artifact };

namespace detail {

inline constexpr std::array<Quantity, 3> quantities{Quantity::Time, Quantity::Noise,
                                                    Quantity::BwUtil};

#if ODO_BASELINE_DEFINITIONS
// A finite number >= 0 (> 0 when `strictly_positive`); booleans are not numbers.
inline std::optional<double> read_measure(const boost::json::object& o, std::string_view field,
                                          bool strictly_positive,
                                          std::vector<std::string>& problems) {
    const auto number = json::as_number(o.at(field));
    const char* rule =
        strictly_positive ? " must be a finite number > 0" : " must be a finite number >= 0";
    if (!number || !std::isfinite(*number) || *number < 0 || (strictly_positive && *number == 0)) {
        problems.push_back(std::string(field) + rule + " (got " + json::dumps(o.at(field)) + ")");
        return std::nullopt;
    }
    return *number;
}

inline std::optional<std::int64_t> read_n_runs(const boost::json::object& o,
                                               std::vector<std::string>& problems) {
    const auto* n = o.if_contains(n_runs_field);
    if (n && n->is_int64() && n->get_int64() > 0)
        return n->get_int64();
    problems.push_back(std::string(n_runs_field) + " must be a positive integer (got " +
                       (n ? json::dumps(*n) : std::string("nothing")) + ")");
    return std::nullopt;
}

inline std::vector<std::string> missing_fields(const boost::json::object& o, Language language) {
    std::vector<std::string> missing;
    for (Quantity q : quantities)
        if (!o.contains(field_name(q, language)))
            missing.push_back(std::string(field_name(q, language)));
    return missing;
}

inline std::optional<LanguageMetrics> read_language(const boost::json::object& o, Language language,
                                                    MetricsSchema schema,
                                                    std::vector<std::string>& problems) {
    const std::size_t before = problems.size();
    // Committed rows may hold a zero time (the quality gate names it); artifacts may not.
    const bool positive_time = schema == MetricsSchema::Artifact;
    LanguageMetrics m;
    m.time_us =
        read_measure(o, field_name(Quantity::Time, language), positive_time, problems).value_or(0);
    m.noise_us =
        read_measure(o, field_name(Quantity::Noise, language), false, problems).value_or(0);
    m.bwutil = read_measure(o, field_name(Quantity::BwUtil, language), false, problems).value_or(0);
    if (problems.size() != before)
        return std::nullopt;
    return m;
}

// A figure of a language the layout does not declare: a C++ body timed as "python" must not
// pass for a binding's measurement.
inline std::string undeclared_language_problem(Language language) {
    return std::string(to_string(language)) + " fields are not allowed: the layout declares no " +
           std::string(display_name(language)) + " entry point (\"languages\": [\"cpp\"])";
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace detail

// The typed metric row, or nullopt with every field-level problem appended to `problems`
// ("gpu_noise_us_cpp must be a finite number >= 0 (got -1)"). Committed rows need n_runs and
// the three fields of every declared language; artifact rows need n_runs and, per language, all
// three of its fields or none, with a positive time. A language the library does not declare has
// no fields at all. The optional gap stddev needs n_runs >= 2 and (in artifacts) both languages,
// so a C++-only library has none.
ODO_API std::optional<Metrics> read_metrics(const boost::json::value& value, MetricsSchema schema,
                                            std::vector<std::string>& problems,
                                            LanguageSet declared = {});
// The metrics object `update` leaves behind when it replaces `previous` (nullptr: a new SKU):
// n_runs and the languages it carries are replaced, the other language is kept, the gap stddev
// is set when computed and dropped otherwise, unknown extras are kept. Canonical field order.
ODO_API boost::json::object updated_metrics_object(const boost::json::object* previous,
                                                   const Metrics& update);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::optional<Metrics> read_metrics(const boost::json::value& value, MetricsSchema schema,
                                            std::vector<std::string>& problems,
                                            LanguageSet declared) {
    if (!value.is_object()) {
        problems.push_back("metrics must be an object (got " + json::dumps(value) + ")");
        return std::nullopt;
    }
    const boost::json::object& o = value.get_object();
    const std::size_t before = problems.size();
    Metrics m;
    m.n_runs = detail::read_n_runs(o, problems).value_or(0);
    for (Language language : languages) {
        const auto missing = detail::missing_fields(o, language);
        if (!declared.contains(language)) {
            if (missing.size() != detail::quantities.size())
                problems.push_back(detail::undeclared_language_problem(language));
            continue;
        }
        if (missing.size() == detail::quantities.size() && schema == MetricsSchema::Artifact)
            continue;
        if (!missing.empty()) {
            problems.push_back(schema == MetricsSchema::Committed
                                   ? "missing field(s) " + text::join(missing, ", ")
                                   : std::string(to_string(language)) +
                                         " fields must be present together (missing " +
                                         text::join(missing, ", ") + ")");
            continue;
        }
        m.of(language) = detail::read_language(o, language, schema, problems);
    }
    if (schema == MetricsSchema::Artifact && problems.size() == before && !m.cpp && !m.python)
        problems.push_back("no language metrics (expected the gpu_*_cpp or gpu_*_python fields)");
    if (o.contains(gap_stddev_field)) {
        m.gap_stddev_us = detail::read_measure(o, gap_stddev_field, false, problems);
        if (m.n_runs == 1)
            problems.push_back(std::string(gap_stddev_field) + " needs n_runs >= 2");
        if ((schema == MetricsSchema::Artifact || !declared.has_python()) && (!m.cpp || !m.python))
            problems.push_back(std::string(gap_stddev_field) + " needs both languages");
    }
    if (problems.size() != before)
        return std::nullopt;
    return m;
}

ODO_API boost::json::object updated_metrics_object(const boost::json::object* previous,
                                                   const Metrics& update) {
    boost::json::object updated;
    updated[n_runs_field] = update.n_runs;
    for (const MeasureField& field : measure_fields) {
        if (const auto& m = update.of(field.language))
            updated[field.name] = value_of(*m, field.quantity);
        else if (previous && previous->contains(field.name))
            updated[field.name] = previous->at(field.name);
    }
    if (update.gap_stddev_us)
        updated[gap_stddev_field] = *update.gap_stddev_us;
    if (previous)
        for (const auto& kv : *previous)
            if (!is_metric_field(kv.key()))
                updated[kv.key()] = kv.value();
    return updated;
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
