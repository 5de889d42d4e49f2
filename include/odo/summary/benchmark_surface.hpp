#pragma once
// The benchmark surface a summary describes (summary.md §3.4, §3.5): every expanded case of an
// operator config with its tier and per-SKU timings, legacy aliases collapsed, checked against
// the surface rules the summary's numbers depend on.
#include "odo/core/linkage.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/text.hpp"
#include "odo/summary/aliases.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/python_text.hpp"
#include "odo/surface/bench_config.hpp"
#include "odo/surface/case_expansion.hpp"
#include "odo/surface/fake_planar.hpp"
#include "odo/surface/workload.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace odo::summary {

struct SurfaceCase {
    std::string_view key; // the config's own spelling, owned by the document
    surface::CaseKey parsed;
    surface::WorkloadIdentity identity; // tier and sorted axes
    const boost::json::object* payload; // SKU stem -> timing fields, owned by the config

    const std::string& tier() const noexcept { return identity.tier; } // basic or advanced
};

// The kept cases of one config document, in config and expansion order. It points into the
// document (case keys, payloads), which must outlive it.
struct BenchmarkSurface {
    std::string benchmark;
    std::vector<SurfaceCase> cases;
    std::vector<std::string> skus; // every stem of a kept case, sorted
    std::unordered_map<std::string_view, std::size_t> index;

    const SurfaceCase* find(std::string_view key) const {
        const auto it = index.find(key);
        return it == index.end() ? nullptr : &cases[it->second];
    }
};

namespace detail {

// Python's repr() of a JSON value, for messages that quote a value as the reference does.
ODO_API std::string python_value_repr(const boost::json::value* v);
#if ODO_SUMMARY_DEFINITIONS
ODO_API std::string python_value_repr(const boost::json::value* v) {
    if (!v || v->is_null())
        return "None";
    if (v->is_bool())
        return v->get_bool() ? "True" : "False";
    if (v->is_int64())
        return std::to_string(v->get_int64());
    if (v->is_uint64())
        return std::to_string(v->get_uint64());
    if (v->is_double())
        return python_float_repr(v->get_double());
    if (v->is_string())
        return python_str_repr(v->get_string());
    std::string out;
    if (v->is_array()) {
        for (const auto& item : v->get_array())
            out += (out.empty() ? "" : ", ") + python_value_repr(&item);
        return "[" + out + "]";
    }
    for (const auto& kv : v->get_object())
        out += (out.empty() ? "" : ", ") + python_str_repr(kv.key()) + ": " +
               python_value_repr(&kv.value());
    return "{" + out + "}";
}
#endif // ODO_SUMMARY_DEFINITIONS

[[noreturn]] inline void surface_error(std::string_view label, const std::string& message) {
    throw SummaryError(std::string(label) + " " + message);
}

// A hashable text of a workload identity: every part length-prefixed, so distinct identities
// never share a text.
ODO_API std::string identity_text(const surface::WorkloadIdentity& id);
// The baseline keys of a config must be exactly its expanded keys.
ODO_API void require_declared_baselines(std::string_view label, std::string_view config_key,
                                        const std::vector<std::string>& expanded,
                                        const boost::json::object& baselines);
ODO_API std::string single_quoted(std::string_view s);
#if ODO_SUMMARY_DEFINITIONS
ODO_API std::string single_quoted(std::string_view s) {
    return "'" + std::string(s) + "'";
}

ODO_API void require_declared_baselines(std::string_view label, std::string_view config_key,
                                        const std::vector<std::string>& expanded,
                                        const boost::json::object& baselines) {
    std::vector<std::string> missing, extra;
    for (const std::string& key : expanded)
        if (!baselines.contains(key))
            missing.push_back(key);
    if (missing.empty() && baselines.size() == expanded.size())
        return; // every expanded key present, and nothing else
    const std::unordered_set<std::string_view> declared(expanded.begin(), expanded.end());
    for (const auto& kv : baselines)
        if (!declared.count(kv.key()))
            extra.emplace_back(kv.key());
    std::vector<std::string> parts;
    if (!missing.empty())
        parts.push_back("missing " + std::to_string(missing.size()) + " expanded case(s), e.g. " +
                        *std::min_element(missing.begin(), missing.end()));
    if (!extra.empty())
        parts.push_back("has " + std::to_string(extra.size()) + " undeclared case(s), e.g. " +
                        *std::min_element(extra.begin(), extra.end()));
    if (!parts.empty())
        surface_error(label, "config " + single_quoted(config_key) + " " + text::join(parts, "; "));
}

inline void require_uniform_axis(std::string_view label, const BenchmarkSurface& s,
                                 std::string_view axis) {
    const auto with = std::count_if(s.cases.begin(), s.cases.end(),
                                    [&](const SurfaceCase& c) { return c.parsed.find(axis); });
    if (with != 0 && static_cast<std::size_t>(with) != s.cases.size())
        surface_error(label,
                      "benchmark mixes cases with and without the " + std::string(axis) + " axis");
}

inline void require_fake_planar_pairs(std::string_view label, const boost::json::object& configs,
                                      const std::string& benchmark) {
    surface::BenchConfig raw{std::string(label), benchmark, {}, false};
    for (const auto& kv : configs) {
        // Every field but the timings, which are most of the document and play no part.
        boost::json::object fields;
        for (const auto& field : kv.value().get_object())
            if (field.key() != "baselines")
                fields.emplace(field.key(), field.value());
        raw.entries.push_back({std::string(kv.key()), std::move(fields)});
    }
    std::vector<std::string> issues;
    try {
        issues = surface::fake_planar_pairing_issues_or_throw(raw);
    } catch (const InputError& e) {
        surface_error(label, "FakePlanar pairing cannot be evaluated: " + std::string(e.what()));
    }
    if (!issues.empty())
        surface_error(label, "benchmark has " + std::to_string(issues.size()) +
                                 " unmatched FakePlanar case signature(s); every FakePlanar "
                                 "case must be advanced Tensor and have exactly one same-tier "
                                 "otherwise-identical native NCHW/CHW case; " +
                                 issues.front());
}

ODO_API std::string identity_text(const surface::WorkloadIdentity& id) {
    std::string out;
    auto part = [&out](const std::string& s) {
        out += std::to_string(s.size());
        out += ':';
        out += s;
    };
    part(id.tier);
    for (const auto& [name, value] : id.axes) {
        part(name);
        part(value);
    }
    return out;
}
#endif // ODO_SUMMARY_DEFINITIONS

// Adds one config entry's cases, collapsing listed legacy aliases onto the config key that
// sorts first.
class SurfaceBuilder {
public:
    // `expected`: how many cases the config declares, so the sets are sized once.
    SurfaceBuilder(BenchmarkSurface& surface, std::string_view label, std::size_t expected)
        : s_(surface), label_(label) {
        seen_keys_.reserve(expected);
        identities_.reserve(expected);
    }

    // Whether any expanded case (kept or not) is a FakePlanar reference; only then can the
    // FakePlanar pairing rule fail.
    bool saw_fake_planar() const noexcept { return saw_fake_planar_; }

    void add_entry(const std::string& config_key, const boost::json::object& entry) {
        const auto* tier = entry.if_contains("tier");
        if (!tier || !tier->is_string() ||
            (tier->get_string() != "basic" && tier->get_string() != "advanced"))
            surface_error(label_, "config " + single_quoted(config_key) +
                                      " has invalid or missing tier " + python_value_repr(tier));
        std::vector<surface::CaseKey> expanded;
        try {
            expanded = surface::expected_case_keys(config_key, entry);
        } catch (const InputError& e) {
            surface_error(label_, "config " + single_quoted(config_key) + ": " + e.what());
        }
        static const boost::json::object no_baselines;
        const auto* baselines_value = entry.if_contains("baselines");
        if (baselines_value && !baselines_value->is_object())
            surface_error(label_,
                          "config " + single_quoted(config_key) + " baselines must be an object");
        const auto& baselines = baselines_value ? baselines_value->get_object() : no_baselines;
        const auto declared = declared_baselines(config_key, expanded, baselines);
        for (std::size_t i = 0; i < expanded.size(); ++i)
            add_case(*declared[i], std::move(expanded[i]), std::string(tier->get_string()));
    }

private:
    // The baseline of each expanded case, found once; any case missing or any baseline not
    // expanded is reported by require_declared_baselines.
    std::vector<const boost::json::key_value_pair*>
    declared_baselines(const std::string& config_key, const std::vector<surface::CaseKey>& expanded,
                       const boost::json::object& baselines) {
        std::vector<const boost::json::key_value_pair*> found;
        found.reserve(expanded.size());
        for (const auto& key : expanded) {
            key_text_ = key.str();
            const auto it = baselines.find(key_text_);
            if (it == baselines.end())
                break;
            found.push_back(&*it);
        }
        if (found.size() != expanded.size() || baselines.size() != expanded.size()) {
            std::vector<std::string> keys;
            for (const auto& key : expanded)
                keys.push_back(key.str());
            require_declared_baselines(label_, config_key, keys, baselines);
        }
        return found;
    }

    void add_case(const boost::json::key_value_pair& baseline, surface::CaseKey parsed,
                  std::string tier) {
        const std::string_view key = baseline.key();
        if (!seen_keys_.insert(key).second)
            surface_error(label_, "expanded case key is duplicated: " + std::string(key));
        const auto& payload = baseline.value();
        if (!payload.is_object())
            surface_error(label_, "case " + single_quoted(key) + " SKU payload must be an object");
        if (const std::string* layout = parsed.find("layout"))
            saw_fake_planar_ = saw_fake_planar_ || surface::is_fake_planar_layout(*layout);
        auto identity = surface::workload_identity(std::move(tier), parsed);
        std::string text = identity_text(identity);
        SurfaceCase c{key, std::move(parsed), std::move(identity), &payload.get_object()};
        const auto [it, added] = identities_.emplace(std::move(text), s_.cases.size());
        if (added) {
            s_.index.emplace(key, s_.cases.size());
            s_.cases.push_back(std::move(c));
            return;
        }
        SurfaceCase& previous = s_.cases[it->second];
        if (!is_legacy_alias(s_.benchmark, previous.parsed.config_key, c.parsed.config_key))
            surface_error(label_, "duplicate expanded workload identity (tier, complete raw "
                                  "axes): " +
                                      single_quoted(previous.key) + " and " + single_quoted(key));
        if (c.parsed.config_key < previous.parsed.config_key) {
            s_.index.erase(previous.key);
            s_.index.emplace(key, it->second);
            previous = std::move(c);
        }
    }

    BenchmarkSurface& s_;
    std::string_view label_;
    std::unordered_set<std::string_view> seen_keys_; // views of the document's keys
    std::string key_text_;                           // reused for every lookup
    std::unordered_map<std::string, std::size_t> identities_;
    bool saw_fake_planar_ = false;
};

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// Builds and checks the surface of a config document; `label` ("baseline" or "candidate")
// starts every message.
inline BenchmarkSurface build_surface(const boost::json::value& config, std::string_view label) {
    if (!config.is_object())
        detail::surface_error(label, "benchmark config must be an object");
    const auto& doc = config.get_object();
    const auto* benchmark = doc.if_contains("benchmark");
    if (!benchmark || !benchmark->is_string() || benchmark->get_string().empty())
        detail::surface_error(label, "benchmark config has no benchmark identity");
    const auto* configs = doc.if_contains("configs");
    if (!configs || !configs->is_object() || configs->get_object().empty())
        detail::surface_error(label, "benchmark config has no configs");
    BenchmarkSurface s;
    s.benchmark = benchmark->get_string();
    std::size_t declared = 0;
    for (const auto& kv : configs->get_object())
        if (const auto* b =
                kv.value().is_object() ? kv.value().get_object().if_contains("baselines") : nullptr)
            declared += b->is_object() ? b->get_object().size() : 0;
    s.cases.reserve(declared);
    s.index.reserve(declared);
    detail::SurfaceBuilder builder(s, label, declared);
    for (const auto& kv : configs->get_object()) {
        if (!kv.value().is_object())
            detail::surface_error(label, "config entries must be named objects");
        builder.add_entry(std::string(kv.key()), kv.value().get_object());
    }
    for (const SurfaceCase& c : s.cases)
        for (const auto& sku : *c.payload)
            if (std::find(s.skus.begin(), s.skus.end(), sku.key()) == s.skus.end())
                s.skus.emplace_back(sku.key());
    std::sort(s.skus.begin(), s.skus.end());
    detail::require_uniform_axis(label, s, "layout");
    detail::require_uniform_axis(label, s, "inputKind");
    if (builder.saw_fake_planar())
        detail::require_fake_planar_pairs(label, configs->get_object(), s.benchmark);
    return s;
}

// The two surfaces name the same benchmark (case-insensitively).
inline void require_same_benchmark(const BenchmarkSurface& baseline,
                                   const BenchmarkSurface& candidate) {
    if (pytext::casefold(baseline.benchmark) != pytext::casefold(candidate.benchmark))
        throw SummaryError("baseline and candidate benchmark identities differ");
}

// The candidate expands to exactly the baseline's cases, each in the same tier, so every case
// has before and after data.
inline void require_comparable(const BenchmarkSurface& baseline,
                               const BenchmarkSurface& candidate) {
    std::vector<std::string> omitted, added, retiered;
    for (const SurfaceCase& c : baseline.cases)
        if (!candidate.find(c.key))
            omitted.emplace_back(c.key);
    for (const SurfaceCase& c : candidate.cases) {
        const SurfaceCase* before = baseline.find(c.key);
        if (!before)
            added.emplace_back(c.key);
        else if (before->tier() != c.tier())
            retiered.emplace_back(c.key);
    }
    std::vector<std::string> parts;
    if (!omitted.empty())
        parts.push_back("candidate omits " + std::to_string(omitted.size()) +
                        " baseline case(s), e.g. " +
                        *std::min_element(omitted.begin(), omitted.end()));
    if (!added.empty())
        parts.push_back("candidate adds " + std::to_string(added.size()) +
                        " case(s) without before data, e.g. " +
                        *std::min_element(added.begin(), added.end()));
    if (!parts.empty())
        throw SummaryError("baseline and candidate expanded benchmark surfaces differ: " +
                           text::join(parts, "; "));
    if (!retiered.empty())
        throw SummaryError("baseline and candidate tier assignments differ, e.g. " +
                           *std::min_element(retiered.begin(), retiered.end()));
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
