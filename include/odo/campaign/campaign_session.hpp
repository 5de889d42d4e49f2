#pragma once
// The machine side of a campaign, named once by `odo_campaign <Op> start`: the build folder and
// the target odo builds and measures, the folder run artifacts and reports go to, the SKU the
// measurements are recorded for, the branch the merge request goes into and the campaign's own.
// It lives in the repository's git directory (<git-dir>/odo/<op>/session.json), never in a
// commit: these are one machine's paths, and the ledger a reviewer re-checks holds only what
// was measured. Every later verb reads it, so no command status prints needs a path filled in.
#include "odo/core/error.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"

#include <boost/json.hpp>

#include <cctype>
#include <cmath>
#include <filesystem>
#include <string>
#include <string_view>

namespace odo::campaign {

struct CampaignSession {
    std::filesystem::path build_dir;
    std::string bench_target;    // what `cmake --build <build_dir> --target` builds
    std::filesystem::path bench; // the executable that target writes
    std::filesystem::path artifacts;
    std::string test_target;     // the tests a win must pass before it is kept; "" for none
    std::filesystem::path test;  // the executable that target writes
    std::string sku;             // a stem of the SKU map
    std::string base;            // the branch the campaign's merge request goes into
    std::string branch;          // the campaign's branch, created from `base` after the baseline
    std::string timing = "cold"; // the samples a run reports: the runner's --timing
    double min_time_s = 0.25;    // CPU (host) or GPU seconds measured per case and run
    int baseline_runs = 2;       // per case and entry point: a verdict needs a mean of two
    int lead_runs = 3;           // per case and side when a lead is evaluated
    double ridge_pct = 80;       // the guidance's ridge, unless the campaign names another
    std::string profiler = "host-roofline"; // or "ncu": what odo_profile measures
};

// A CMake target name as cmake's argument vector gets it: letters, digits and `_ . + -`, never a
// leading `-` (cmake would read an option). The layout file that names the benchmark target is
// the repository's, so its name is held to this before it reaches cmake.
inline bool is_target_name(std::string_view name) noexcept {
    if (name.empty() || name.front() == '-')
        return false;
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '+' ||
              c == '-'))
            return false;
    return true;
}

// The folder of one operator's campaign files in the git directory.
inline std::filesystem::path session_folder(const std::filesystem::path& git_dir,
                                            const std::string& op) {
    return git_dir / "odo" / op;
}

inline std::string session_json(const CampaignSession& s) {
    const boost::json::object o{{"build_dir", s.build_dir.string()},
                                {"bench_target", s.bench_target},
                                {"bench", s.bench.string()},
                                {"artifacts", s.artifacts.string()},
                                {"test_target", s.test_target},
                                {"test", s.test.string()},
                                {"sku", s.sku},
                                {"base", s.base},
                                {"branch", s.branch},
                                {"timing", s.timing},
                                {"min_time_s", s.min_time_s},
                                {"baseline_runs", s.baseline_runs},
                                {"lead_runs", s.lead_runs},
                                {"ridge_pct", s.ridge_pct},
                                {"profiler", s.profiler}};
    return json::dumps(o, {2, false, false}) + "\n";
}

namespace detail {

inline std::string session_text(const boost::json::object& o, const char* key,
                                const std::string& file) {
    const auto* v = o.if_contains(key);
    if (!v || !v->is_string() || v->get_string().empty())
        throw InputError(file + ": `" + key + "` must be a non-empty string");
    return std::string(v->get_string());
}

inline double session_number(const boost::json::object& o, const char* key, double low, double high,
                             const std::string& file) {
    const auto* v = o.if_contains(key);
    const auto n = v ? json::as_number(*v) : std::nullopt;
    if (!n || !std::isfinite(*n) || *n < low || *n > high)
        throw InputError(file + ": `" + key + "` must be a number from " + std::to_string(low) +
                         " to " + std::to_string(high));
    return *n;
}

} // namespace detail

// The session a file holds; InputError naming the file and the field otherwise. Paths must be
// absolute: `start` wrote them so, and a relative one would depend on where a verb runs.
inline CampaignSession parse_session(std::string_view bytes, const std::string& file) {
    const boost::json::value doc = json::parse(bytes, file);
    if (!doc.is_object())
        throw InputError(file + ": not a JSON object");
    const auto& o = doc.get_object();
    using detail::session_number;
    using detail::session_text;
    CampaignSession s;
    s.build_dir = session_text(o, "build_dir", file);
    s.bench_target = session_text(o, "bench_target", file);
    if (!is_target_name(s.bench_target))
        throw InputError(file + ": `bench_target` " + s.bench_target +
                         " is not a CMake target name");
    s.bench = session_text(o, "bench", file);
    s.artifacts = session_text(o, "artifacts", file);
    for (const auto* path : {&s.build_dir, &s.bench, &s.artifacts})
        if (!path->is_absolute())
            throw InputError(file + ": " + path->string() + " is not an absolute path");
    if (const auto* target = o.if_contains("test_target");
        target && target->is_string() && !target->get_string().empty()) {
        s.test_target = std::string(target->get_string());
        if (!is_target_name(s.test_target))
            throw InputError(file + ": `test_target` " + s.test_target +
                             " is not a CMake target name");
        s.test = session_text(o, "test", file);
        if (!s.test.is_absolute())
            throw InputError(file + ": " + s.test.string() + " is not an absolute path");
    }
    s.sku = session_text(o, "sku", file);
    s.base = session_text(o, "base", file);
    s.branch = session_text(o, "branch", file);
    s.timing = session_text(o, "timing", file);
    if (s.timing != "cold" && s.timing != "batch")
        throw InputError(file + ": `timing` must be cold or batch");
    s.min_time_s = session_number(o, "min_time_s", 0.001, 3600, file);
    s.baseline_runs = static_cast<int>(session_number(o, "baseline_runs", 2, 20, file));
    s.lead_runs = static_cast<int>(session_number(o, "lead_runs", 2, 20, file));
    s.ridge_pct = session_number(o, "ridge_pct", 0, 1000, file);
    s.profiler = session_text(o, "profiler", file);
    if (s.profiler != "host-roofline" && s.profiler != "ncu")
        throw InputError(file + ": `profiler` must be host-roofline or ncu");
    return s;
}

} // namespace odo::campaign
