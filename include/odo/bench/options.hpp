#pragma once
#include "odo/baseline/metrics.hpp"
#include "odo/bench/clock.hpp"
#include "odo/bench/gate.hpp"
#include "odo/bench/stopping.hpp"
#include "odo/core/error.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/bench_config.hpp"
#include "odo/surface/shard.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace odo::bench {

enum class GateFormat { Markdown, Json, Junit };

// The command line of a benchmark executable (docs/bench.md "Command line").
struct RunOptions {
    bool help = false;
    bool version = false;
    bool list = false;
    std::vector<surface::Tier> tiers{surface::Tier::Basic};
    std::string tier_text = "basic"; // as given, for the artifact's run_metadata
    std::vector<std::string> config_keys;
    std::vector<std::string> cases;
    std::optional<std::string> filter;   // ECMAScript regex searched in each selected case key
    std::optional<surface::Shard> shard; // this runner's part of the selection
    std::optional<std::filesystem::path> config;
    baseline::Language language = baseline::Language::Cpp;
    std::optional<std::filesystem::path> sku_map;
    std::optional<std::filesystem::path> json;
    std::optional<std::filesystem::path> csv;
    std::optional<std::string> sku_label;
    StoppingOverrides stopping;     // over the backend's default criteria
    std::optional<ClockKind> clock; // over the backend's clock
    bool batch = true;
    Timing timing = Timing::Cold;
    bool quiet = false;
    bool gate = false;
    GateFormat gate_format = GateFormat::Markdown;
    GateLimits gate_limits;
    std::optional<double> gate_noise_pct; // over the SKU map's quality entry
    std::string run_context = "local";
    std::optional<std::string> git_ref;
    std::optional<std::int64_t> cuda_major;
    std::optional<double> power_cap_w;
    std::optional<double> sm_clock_mhz;
    std::optional<double> peak_bandwidth_bytes_per_s;
    // Times the one selected case against a memcpy of its declared bytes instead of measuring it
    // (odo/bench/host_roofline.hpp) and writes the record here.
    std::optional<std::filesystem::path> host_roofline;
    int host_roofline_rounds = 300;
    // Runs each selected case's launcher once after its warm-up with the allocation hook armed
    // around the call instead of measuring it (odo/bench/allocation_hook.hpp) and writes the
    // footprint file here (odo/profile/memory_footprint.hpp).
    std::optional<std::filesystem::path> footprint;
};

inline std::string usage(std::string_view program) {
    return "usage: " + std::string(program) + R"( [options]

Selection (default: the basic tier)
  --list, -l                 print the selected case keys, one per line, and exit
  --tier T[,T]               tiers to run: basic, advanced
  --config-key K[,K]         exact config keys (bypasses --tier); repeatable
  --case KEY                 one exact case key (bypasses --tier); repeatable
  --filter REGEX             keep the selected cases whose key matches REGEX (ECMAScript,
                             searched anywhere in the key, like --benchmark_filter)
  --shard I/N                keep shard I of N of the selected cases: those whose key
                             hashes to I, so every case is in exactly one shard
  --config PATH              operator config to read instead of the built-in one
  --language cpp|python      the entry point the body times: the C++ API (default) or the
                             operator's Python binding; the artifact files it under that language
Measurement (defaults: nvbench's on a GPU, Google Benchmark's on the host)
  --min-samples N            samples before any rule but the timeout may stop (10)
  --min-time S               accumulated measured seconds before the noise rules apply (0.5)
  --max-noise PCT            target relative noise in percent (GPU 0.5; host: none, cold
                             samples stop on time as batch ones do)
  --timeout S                wall-clock cap per measurement in seconds (15)
  --max-samples N            sample cap (1000000)
  --no-batch                 cold samples only
  --timing cold|batch        the samples the artifact, BWUtil and the gate use (cold)
  --clock C                  host backend: what times the samples: thread-cpu (default),
                             process-cpu (bodies that use other threads) or wall (bodies that
                             wait); the CUDA backend times by cuda-events
Identity
  --sku-map PATH             sku_map.json (default: ../sku_map.json beside the config folder)
  --sku LABEL                host backend: the label results are filed under
  --cuda-major N, --power-cap-w W, --sm-clock-mhz MHZ
                             SKU routing inputs where NVML or the runtime cannot tell
  --peak-bandwidth-gbps G    peak memory bandwidth for BWUtil (GB/s)
Outputs
  --json PATH                run artifact for the baseline tools (schema 1)
  --csv PATH                 one row per case
  --run-context local|mr|nightly, --git-ref REF
                             provenance recorded in the artifact
  --quiet                    no table, no progress lines
Host roofline (a profile of a host case: no table, artifact or gate)
  --host-roofline PATH       time the one selected case against a memcpy of the bytes it
                             declares, in alternating rounds by the backend's clock, and write
                             the record to PATH (odo_profile --host-roofline reads it)
  --host-roofline-rounds N   alternating rounds of each, at least 10 (300)
Memory footprint (a profile of host allocations: no table, artifact or gate)
  --footprint PATH           run each selected case once after its warm-up with odo's
                             allocation hook armed around the call (operator new/delete on
                             the measuring thread) and write its peak live bytes and its
                             allocations and frees to PATH (the file ODO-9's section is
                             written from)
Embedded gate
  --odo-gate                 compare with the committed baselines of this SKU; exit 1 on a
                             regression, an over-noise case or a case that cannot be judged
  --gate-format F            report format: md (default), json or junit (a CI test report)
  --gate-regression-pct P    slowdown limit in percent (10)
  --gate-improvement-pct P   fail speedups beyond P percent too (stale baseline)
  --gate-noise-pct P         noise limit in percent (default: the SKU map's quality entry
                             for the run's SKU, else 10)
  --help, -h                 this text
  --version                  odo's version
)";
}

namespace detail {

[[noreturn]] inline void bad_option(std::string_view option, const std::string& rule) {
    throw InputError(std::string(option) + ": " + rule);
}

template <class T>
T parse_number(std::string_view option, std::string_view text) {
    T value{};
    const auto res = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || res.ec != std::errc() || res.ptr != text.data() + text.size())
        bad_option(option, "expected a number, got " + python_str_repr(text));
    if constexpr (std::is_floating_point_v<T>)
        if (!std::isfinite(value))
            bad_option(option, "expected a finite number, got " + python_str_repr(text));
    return value;
}

inline double non_negative(std::string_view option, std::string_view text) {
    const double value = parse_number<double>(option, text);
    if (value < 0)
        bad_option(option, "must be >= 0");
    return value;
}

inline std::vector<std::string> comma_list(std::string_view option, std::string_view text) {
    std::vector<std::string> items;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const std::string_view item = text.substr(start, comma - start);
        if (item.empty())
            bad_option(option, "empty item in " + python_str_repr(text));
        items.emplace_back(item);
        if (comma == std::string_view::npos)
            return items;
        start = comma + 1;
    }
}

inline void add_unique(std::vector<std::string>& into, std::string_view option,
                       std::vector<std::string> items) {
    for (std::string& item : items) {
        if (std::find(into.begin(), into.end(), item) != into.end())
            bad_option(option, python_str_repr(item) + " given twice");
        into.push_back(std::move(item));
    }
}

inline std::vector<surface::Tier> parse_tiers(std::string_view text) {
    std::vector<surface::Tier> tiers;
    for (const std::string& name : comma_list("--tier", text)) {
        const auto tier = name == "basic"      ? std::optional(surface::Tier::Basic)
                          : name == "advanced" ? std::optional(surface::Tier::Advanced)
                                               : std::nullopt;
        if (!tier)
            bad_option("--tier",
                       "unknown tier " + python_str_repr(name) + " (expected basic, advanced)");
        if (std::find(tiers.begin(), tiers.end(), *tier) != tiers.end())
            bad_option("--tier", python_str_repr(name) + " given twice");
        tiers.push_back(*tier);
    }
    return tiers;
}

inline Timing parse_timing(std::string_view text) {
    for (const Timing timing : {Timing::Cold, Timing::Batch})
        if (text == to_string(timing))
            return timing;
    bad_option("--timing", "unknown timing " + python_str_repr(text) + " (expected cold, batch)");
}

inline ClockKind parse_clock(std::string_view text) {
    if (const auto clock = parse_clock_kind(text))
        return *clock;
    bad_option("--clock", "unknown clock " + python_str_repr(text) +
                              " (expected thread-cpu, process-cpu, wall, cuda-events)");
}

inline baseline::Language parse_language(std::string_view text) {
    for (const baseline::Language language : baseline::languages)
        if (text == baseline::to_string(language))
            return language;
    bad_option("--language",
               "unknown language " + python_str_repr(text) + " (expected cpp, python)");
}

// Walks the arguments: `--name value` or `--name=value`, each single-valued option at most once.
class ArgCursor {
public:
    explicit ArgCursor(const std::vector<std::string>& args) : args_(args) {}

    bool next() {
        if (index_ >= args_.size())
            return false;
        const std::string& arg = args_[index_++];
        const std::size_t eq = arg.find('=');
        attached_ = arg.rfind("--", 0) == 0 && eq != std::string::npos;
        name_ = attached_ ? arg.substr(0, eq) : arg;
        value_ = attached_ ? arg.substr(eq + 1) : std::string();
        return true;
    }

    const std::string& name() const noexcept { return name_; }

    std::string value() {
        if (attached_)
            return value_;
        if (index_ >= args_.size())
            bad_option(name_, "needs a value");
        return args_[index_++];
    }

    // The value of an option that may appear once.
    std::string single_value() {
        if (!seen_.insert(name_).second)
            bad_option(name_, "given twice");
        return value();
    }

    // A flag without a value; true, for assigning.
    bool flag() {
        if (attached_)
            bad_option(name_, "takes no value");
        if (!seen_.insert(name_).second)
            bad_option(name_, "given twice");
        return true;
    }

private:
    const std::vector<std::string>& args_;
    std::size_t index_ = 0;
    std::string name_;
    std::string value_;
    bool attached_ = false;
    std::set<std::string> seen_;
};

inline bool parse_selection(ArgCursor& a, RunOptions& o) {
    const std::string& n = a.name();
    if (n == "--list" || n == "-l")
        o.list = a.flag();
    else if (n == "--tier") {
        o.tier_text = a.single_value();
        o.tiers = parse_tiers(o.tier_text);
    } else if (n == "--config-key")
        add_unique(o.config_keys, n, comma_list(n, a.value()));
    else if (n == "--case")
        add_unique(o.cases, n, {a.value()});
    else if (n == "--filter")
        o.filter = a.single_value();
    else if (n == "--shard")
        o.shard = surface::parse_shard(n, a.single_value());
    else if (n == "--config")
        o.config = a.single_value();
    else if (n == "--language")
        o.language = parse_language(a.single_value());
    else
        return false;
    return true;
}

inline bool parse_measurement(ArgCursor& a, RunOptions& o) {
    const std::string& n = a.name();
    if (n == "--min-samples")
        o.stopping.min_samples = parse_number<std::int64_t>(n, a.single_value());
    else if (n == "--min-time")
        o.stopping.min_time_s = parse_number<double>(n, a.single_value());
    else if (n == "--max-noise")
        o.stopping.max_noise_pct = parse_number<double>(n, a.single_value());
    else if (n == "--timeout")
        o.stopping.timeout_s = parse_number<double>(n, a.single_value());
    else if (n == "--max-samples")
        o.stopping.max_samples = parse_number<std::int64_t>(n, a.single_value());
    else if (n == "--clock")
        o.clock = parse_clock(a.single_value());
    else if (n == "--no-batch")
        o.batch = !a.flag();
    else if (n == "--timing")
        o.timing = parse_timing(a.single_value());
    else
        return false;
    return true;
}

inline bool parse_identity(ArgCursor& a, RunOptions& o) {
    const std::string& n = a.name();
    if (n == "--sku-map")
        o.sku_map = a.single_value();
    else if (n == "--sku") {
        o.sku_label = a.single_value();
        if (!surface::is_case_key_config_key(*o.sku_label))
            bad_option(n, "must be non-empty, without '[' or ']'");
    } else if (n == "--cuda-major") {
        o.cuda_major = parse_number<std::int64_t>(n, a.single_value());
        if (*o.cuda_major <= 0)
            bad_option(n, "must be a positive integer");
    } else if (n == "--power-cap-w")
        o.power_cap_w = non_negative(n, a.single_value());
    else if (n == "--sm-clock-mhz")
        o.sm_clock_mhz = non_negative(n, a.single_value());
    else if (n == "--peak-bandwidth-gbps") {
        o.peak_bandwidth_bytes_per_s = non_negative(n, a.single_value()) * 1e9;
        if (!(*o.peak_bandwidth_bytes_per_s > 0))
            bad_option(n, "must be > 0");
    } else
        return false;
    return true;
}

inline bool parse_outputs(ArgCursor& a, RunOptions& o) {
    const std::string& n = a.name();
    if (n == "--json")
        o.json = a.single_value();
    else if (n == "--csv")
        o.csv = a.single_value();
    else if (n == "--run-context") {
        o.run_context = a.single_value();
        if (o.run_context != "local" && o.run_context != "mr" && o.run_context != "nightly")
            bad_option(n, "expected local, mr or nightly");
    } else if (n == "--git-ref")
        o.git_ref = a.single_value();
    else if (n == "--quiet")
        o.quiet = a.flag();
    else if (n == "--host-roofline")
        o.host_roofline = a.single_value();
    else if (n == "--host-roofline-rounds") {
        o.host_roofline_rounds = parse_number<int>(n, a.single_value());
        if (o.host_roofline_rounds < 10)
            bad_option(n, "must be at least 10");
    } else if (n == "--footprint")
        o.footprint = a.single_value();
    else
        return false;
    return true;
}

// A roofline run times one case against a memcpy; its figures are no benchmark measurement.
inline void check_host_roofline(const RunOptions& o) {
    if (!o.host_roofline)
        return;
    if (o.json || o.csv || o.gate)
        bad_option("--host-roofline", "times a case against a memcpy, not for the artifact, the "
                                      "CSV or the gate; give --json, --csv and --odo-gate to "
                                      "another run");
    if (o.host_roofline->empty())
        bad_option("--host-roofline", "needs a file name");
}

// A footprint run calls each case once under the allocation hook: no timing to report or gate.
inline void check_footprint(const RunOptions& o) {
    if (!o.footprint)
        return;
    if (o.json || o.csv || o.gate || o.host_roofline)
        bad_option("--footprint", "counts the allocations of one call per case, not for the "
                                  "artifact, the CSV, the gate or a roofline; give --json, --csv, "
                                  "--odo-gate and --host-roofline to another run");
    if (o.footprint->empty())
        bad_option("--footprint", "needs a file name");
}

inline bool parse_gate(ArgCursor& a, RunOptions& o) {
    const std::string& n = a.name();
    if (n == "--odo-gate")
        o.gate = a.flag();
    else if (n == "--gate-format") {
        const std::string format = a.single_value();
        if (format != "md" && format != "json" && format != "junit")
            bad_option(n, "expected md, json or junit");
        o.gate_format = format == "md"     ? GateFormat::Markdown
                        : format == "json" ? GateFormat::Json
                                           : GateFormat::Junit;
    } else if (n == "--gate-regression-pct")
        o.gate_limits.regression_pct = non_negative(n, a.single_value());
    else if (n == "--gate-improvement-pct")
        o.gate_limits.improvement_pct = non_negative(n, a.single_value());
    else if (n == "--gate-noise-pct")
        o.gate_noise_pct = non_negative(n, a.single_value());
    else
        return false;
    return true;
}

} // namespace detail

// Parses the arguments after the program name. InputError names the option and the rule.
inline RunOptions parse_options(const std::vector<std::string>& args) {
    RunOptions o;
    detail::ArgCursor a(args);
    while (a.next()) {
        if (a.name() == "--help" || a.name() == "-h") {
            o.help = true;
            continue;
        }
        if (a.name() == "--version") {
            o.version = a.flag();
            continue;
        }
        if (!detail::parse_selection(a, o) && !detail::parse_measurement(a, o) &&
            !detail::parse_identity(a, o) && !detail::parse_outputs(a, o) &&
            !detail::parse_gate(a, o))
            detail::bad_option(a.name(), "unknown option (see --help)");
    }
    // Either backend's defaults: the runner checks the criteria again over its backend's.
    for (const StoppingCriteria& defaults : {StoppingCriteria{}, host_stopping_criteria()})
        if (const std::string problem = o.stopping.over(defaults).problem(); !problem.empty())
            throw InputError(problem);
    if (o.timing == Timing::Batch && !o.batch)
        detail::bad_option("--timing", "batch timing needs batch samples (drop --no-batch)");
    detail::check_host_roofline(o);
    detail::check_footprint(o);
    return o;
}

} // namespace odo::bench
