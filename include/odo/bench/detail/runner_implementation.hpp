#pragma once
// The runner's implementation: compiled once per executable, in the translation unit that
// defines ODO_BENCH_IMPLEMENT (see odo/bench/runner.hpp). The definitions below are deliberately
// not inline: a second implementing translation unit is a link error, not a silent duplicate.
// The allocation hook's replaced operator new and delete come with it, unless the program has
// replacements of its own (ODO_BENCH_NO_ALLOCATION_HOOK) or nvcc compiles this translation unit
// (CUDA declares some deletes __host__ __device__, which a host replacement cannot match; the
// generated one is C++). `--footprint` is then refused.
#if !defined(ODO_BENCH_NO_ALLOCATION_HOOK) && !defined(__CUDACC__)
#define ODO_BENCH_ALLOCATION_HOOK 1
#include "odo/bench/detail/allocation_hook_replacement.hpp"
#endif
#include "odo/bench/allocation_hook.hpp"
#include "odo/bench/artifact.hpp"
#include "odo/bench/case_selection.hpp"
#include "odo/bench/csv.hpp"
#include "odo/bench/detail/case_run.hpp"
#include "odo/bench/dtype.hpp"
#include "odo/bench/gate.hpp"
#include "odo/bench/gate_render.hpp"
#include "odo/bench/host_backend.hpp"
#include "odo/bench/options.hpp"
#include "odo/bench/runner.hpp"
#include "odo/bench/sku.hpp"
#include "odo/bench/state.hpp"
#include "odo/bench/table.hpp"
#include "odo/bench/warmup.hpp"
#include "odo/core/atomic_write.hpp"
#include "odo/core/error.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/render.hpp"
#include "odo/profile/allocation_ledger.hpp"
#include "odo/profile/memory_footprint.hpp"
#include "odo/profile/nvtx_range.hpp"
#include "odo/surface/axis.hpp"
#include "odo/surface/bench_config.hpp"
#include "odo/surface/sku_map.hpp"
#include "odo/version.hpp"

#include <algorithm>
#include <charconv>
#include <exception>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace odo::bench {

// ---- State: the body's view of the case being measured ----------------------------------------

const surface::CaseKey& State::case_key() const noexcept {
    return run_.result.key;
}
const std::string& State::config_key() const noexcept {
    return run_.result.key.config_key;
}
const std::string& State::tier() const noexcept {
    return run_.result.tier;
}
baseline::Language State::language() const noexcept {
    return run_.result.language;
}
const std::string& State::dtype() const {
    return get_string(surface::dtype_axis_name);
}

const std::string& State::get_string(std::string_view axis) const {
    if (const std::string* value = run_.result.key.find(axis))
        return *value;
    throw InputError("case " + run_.result.key.str() + " has no axis " + python_str_repr(axis));
}

std::string State::get_string_or_default(std::string_view axis, std::string fallback) const {
    const std::string* value = run_.result.key.find(axis);
    return value ? *value : std::move(fallback);
}

namespace detail {

template <class T>
T parse_axis(const State& state, std::string_view axis, const char* what) {
    const std::string& text = state.get_string(axis);
    T value{};
    const auto res = std::from_chars(text.data(), text.data() + text.size(), value);
    if (res.ec != std::errc() || res.ptr != text.data() + text.size())
        throw InputError("case " + state.case_key().str() + ": axis " + python_str_repr(axis) +
                         " value " + python_str_repr(text) + " is not " + what);
    return value;
}

} // namespace detail

std::int64_t State::get_int64(std::string_view axis) const {
    return detail::parse_axis<std::int64_t>(*this, axis, "an integer");
}
double State::get_float64(std::string_view axis) const {
    return detail::parse_axis<double>(*this, axis, "a number");
}

void State::add_element_count(std::int64_t elements) {
    run_.result.traffic.elements += elements;
}
void State::add_global_memory_reads(std::int64_t bytes) {
    run_.result.traffic.bytes_read += bytes;
}
void State::add_global_memory_writes(std::int64_t bytes) {
    run_.result.traffic.bytes_written += bytes;
}

void State::skip(std::string reason) {
    run_.result.outcome = CaseOutcome::Skipped;
    run_.result.message = std::move(reason);
}
bool State::skipped() const noexcept {
    return run_.result.outcome == CaseOutcome::Skipped;
}

namespace detail {

// The launcher against a memcpy of the bytes the case declared, by the backend's clock.
inline HostRoofline measure_roofline(LaunchRef launcher, std::int64_t bytes, ClockKind clock,
                                     const HostRooflineOptions& options) {
    const std::function<void()> op = [&] {
        Launch launch;
        launcher(launch);
    };
    switch (clock) {
    case ClockKind::ThreadCpu:
        return measure_host_roofline(op, bytes, options, ThreadCpuClock{});
    case ClockKind::ProcessCpu:
        return measure_host_roofline(op, bytes, options, ProcessCpuClock{});
    case ClockKind::Wall:
        return measure_host_roofline(op, bytes, options, SteadyClock{});
    case ClockKind::CudaEvents:
        break;
    }
    throw InputError("--host-roofline times host code; the backend times by cuda-events");
}

// One call of the launcher with the allocation hook armed around it and nothing else: the
// warm-up before it has made the allocations a first call makes once (caches, lazy tables).
inline profile::AllocationLedger count_allocations(LaunchRef launcher) {
    profile::AllocationLedger ledger;
    Launch launch;
    {
        const ArmedAllocations armed(ledger);
        launcher(launch);
    }
    return ledger;
}

} // namespace detail

void State::measure(ExecTag tag, LaunchRef launcher) {
    CaseResult& result = run_.result;
    const ExecSettings& settings = run_.settings;
    if (result.cold || run_.roofline || run_.footprint)
        throw std::logic_error("State::exec runs once per case");
    if (skipped())
        throw std::logic_error("State::exec after skip()");
    if (settings.roofline) {
        run_.roofline = detail::measure_roofline(launcher, result.traffic.bytes(),
                                                 settings.backend->clock(), *settings.roofline);
        return;
    }
    Backend& backend = *settings.backend;
    // One launch beyond the configured warm-up, as nvbench warms up every measurement.
    backend.warmup(launcher, settings.warmup_iterations + 1);
    result.warmup_iterations = settings.warmup_iterations;
    if (settings.footprint) {
        run_.footprint = detail::count_allocations(launcher);
        return;
    }
    result.cold = backend.measure_cold(launcher, settings.criteria, tag);
    // The median sizes the batch: a few preempted cold samples must not shrink it.
    if (settings.batch && tag != ExecTag::Sync)
        result.batch =
            backend.measure_batch(launcher, settings.criteria, result.cold->time().median);
}

namespace detail {

// A registered benchmark body. A typed one lists the dtypes it is instantiated for; every
// selected case's InOutDataType must be among them.
struct Benchmark {
    std::string name;
    std::function<void(State&)> body;
    std::vector<std::string> dtypes; // empty: untyped, any dtype
};

class RunnerEngine {
public:
    RunnerEngine(std::vector<std::string> args, std::filesystem::path config,
                 BackendFactory make_backend, std::string program)
        : args_(std::move(args)), config_path_(std::move(config)),
          make_backend_(std::move(make_backend)), program_(std::move(program)) {}

    void add(Benchmark benchmark) { benchmarks_.push_back(std::move(benchmark)); }

    // Runs once: parses the command line, measures, prints and gates; the process exit code.
    int run(std::ostream& out, std::ostream& err) {
        if (const auto code = start(out, err))
            return *code;
        measure_all(err);
        return report(out, err);
    }

    const std::vector<CaseResult>& results() const noexcept { return results_; }

private:
    // Everything before measuring; an exit code when the run ends there (help, --list, errors).
    std::optional<int> start(std::ostream& out, std::ostream& err) {
        try {
            options_ = parse_options(args_);
            if (options_.help) {
                out << usage(program_);
                return 0;
            }
            if (options_.version) {
                out << program_ << " (odo " ODO_VERSION_STRING ")\n";
                return 0;
            }
            prepare();
            if (options_.shard && cases_.empty())
                err << program_ << ": --shard " << options_.shard->str()
                    << " holds none of the selected cases: an empty run"
                    << (options_.json ? ", its artifact without rows" : "") << "\n";
            if (options_.list) {
                for (const SelectedCase& c : cases_)
                    out << c.key.str() << "\n";
                return 0;
            }
            check_benchmark();
#ifndef ODO_BENCH_ALLOCATION_HOOK
            if (options_.footprint)
                throw InputError("--footprint: this executable is built without odo's allocation "
                                 "hook (ODO_BENCH_NO_ALLOCATION_HOOK, or its runner compiled by "
                                 "nvcc)");
#endif
            if (options_.host_roofline && cases_.size() != 1)
                throw InputError("--host-roofline times one case; " +
                                 std::to_string(cases_.size()) +
                                 " are selected (select one with --case KEY)");
        } catch (const InputError& e) {
            err << program_ << ": error: " << e.what() << "\n";
            return 2;
        }
        try {
            backend_ = make_backend_();
        } catch (const std::exception& e) {
            err << program_ << ": error: cannot measure: " << e.what() << "\n";
            return 1;
        }
        try {
            configure_backend();
            identify();
        } catch (const InputError& e) {
            err << program_ << ": error: " << e.what() << "\n";
            return 2;
        }
        return std::nullopt;
    }

    void prepare() {
        config_ = surface::load_bench_config_file(options_.config.value_or(config_path_));
        cases_ = select_cases(config_, options_);
        const auto cap = warmup_cap_from_environment();
        for (const SelectedCase& c : cases_)
            warmups_.push_back(
                effective_warmup_iterations(configured_warmup_iterations(*c.entry), cap));
    }

    // The registration must match the config: one benchmark, named as the config's, typed for
    // every selected dtype.
    void check_benchmark() const {
        if (benchmarks_.size() != 1)
            throw InputError("register exactly one benchmark (Runner::add); " +
                             std::to_string(benchmarks_.size()) + " registered");
        const Benchmark& b = benchmarks_.front();
        if (b.name != config_.benchmark)
            throw InputError("benchmark " + python_str_repr(b.name) +
                             " does not match the "
                             "config's benchmark " +
                             python_str_repr(config_.benchmark) + " (" + config_.source + ")");
        if (!b.dtypes.empty())
            for (const SelectedCase& c : cases_)
                if (const std::string* dtype = c.key.find(surface::dtype_axis_name);
                    dtype && std::find(b.dtypes.begin(), b.dtypes.end(), *dtype) == b.dtypes.end())
                    throw InputError("case " + c.key.str() + ": dtype " + python_str_repr(*dtype) +
                                     " is not in the benchmark's type list " +
                                     python_list_repr(b.dtypes));
    }

    // The clock and the stopping criteria: the backend's, with the command line's overrides.
    void configure_backend() {
        if (options_.clock && !backend_->select_clock(*options_.clock))
            throw InputError("--clock: the " + backend_->device().backend + " backend times by " +
                             std::string(to_string(backend_->clock())) + ", not " +
                             std::string(to_string(*options_.clock)));
        criteria_ = options_.stopping.over(backend_->default_criteria());
        if (const std::string problem = criteria_.problem(); !problem.empty())
            throw InputError(problem);
    }

    // The device as the run records it: the backend's facts with the command line's overrides.
    void identify() {
        device_ = backend_->device();
        if (options_.power_cap_w)
            device_.power_cap_w = options_.power_cap_w;
        if (options_.sm_clock_mhz)
            device_.sm_clock_mhz = options_.sm_clock_mhz;
        if (options_.cuda_major)
            device_.cuda_major = options_.cuda_major;
        if (options_.peak_bandwidth_bytes_per_s) {
            device_.peak_bandwidth_bytes_per_s = options_.peak_bandwidth_bytes_per_s;
            device_.peak_bandwidth_source = "--peak-bandwidth-gbps";
        }
        const auto map = load_sku_map();
        sku_ = identify_sku(device_, map ? &*map : nullptr, options_.sku_label);
        gate_limits_ = gate_limits_for(options_.gate_limits, map ? &*map : nullptr, sku_.stem,
                                       options_.gate_noise_pct);
        if (options_.host_roofline && device_.is_gpu())
            throw InputError("--host-roofline times host code against a host memcpy; the " +
                             device_.backend + " backend measures a GPU (profile it with ncu)");
        if (options_.footprint && device_.is_gpu())
            throw InputError("--footprint counts host allocations (operator new/delete); the " +
                             device_.backend +
                             " backend's operator holds device memory, which CUPTI counts "
                             "(odo/profile/allocation_tracker.cuh)");
        if (options_.json && device_.is_gpu() && !sku_.reference)
            throw InputError("--json on a GPU needs a reference SKU: " + sku_.note);
    }

    std::optional<surface::SkuMap> load_sku_map() const {
        if (options_.sku_map)
            return surface::load_sku_map(*options_.sku_map);
        const std::filesystem::path beside =
            std::filesystem::path(config_.source).parent_path().parent_path() / "sku_map.json";
        std::error_code ec;
        if (!std::filesystem::is_regular_file(beside, ec))
            return std::nullopt;
        return surface::load_sku_map(beside);
    }

    void measure_all(std::ostream& err) {
        const Benchmark& b = benchmarks_.front();
        for (std::size_t i = 0; i < cases_.size(); ++i) {
            results_.push_back(measure_case(cases_[i], warmups_[i], b));
            // A footprint's figures are printed once the file is written.
            const bool in_file =
                options_.footprint && results_.back().outcome == CaseOutcome::Measured;
            if (!options_.quiet && !in_file)
                err << progress_line(i + 1, cases_.size(), results_.back()) << std::endl;
        }
    }

    // The case runs inside an NVTX range named by its case key, so ncu and nsys can select one
    // case of a run (odo::profile::ncu_nvtx_include / nsys_nvtx_capture).
    CaseResult measure_case(const SelectedCase& c, std::int64_t warmup, const Benchmark& b) {
        CaseResult r;
        r.key = c.key;
        r.tier = c.tier;
        r.language = options_.language;
        r.timing = options_.timing;
        CaseRun run{r,
                    {backend_.get(), criteria_, warmup, options_.batch, roofline_options(),
                     options_.footprint.has_value()},
                    {},
                    {}};
        State state(run);
        try {
            const profile::ScopedRange range(r.key.str());
            b.body(state);
            roofline_ = run.roofline;
            if (!state.skipped() && !r.cold && !run.roofline && !run.footprint) {
                r.outcome = CaseOutcome::Failed;
                r.message = "the benchmark neither called exec() nor skipped the case";
            }
        } catch (const std::exception& e) {
            r.outcome = CaseOutcome::Failed;
            r.message = e.what();
            r.cold.reset();
            r.batch.reset();
        }
        summarize_case(r, device_.peak_bandwidth_bytes_per_s);
        if (run.footprint && r.outcome == CaseOutcome::Measured)
            footprints_.push_back(profile::measurement(*run.footprint, r.key.str(),
                                                       std::string(allocation_hook_method)));
        return r;
    }

    std::optional<HostRooflineOptions> roofline_options() const {
        if (!options_.host_roofline)
            return std::nullopt;
        HostRooflineOptions o;
        o.rounds = options_.host_roofline_rounds;
        return o;
    }

    // `--host-roofline`: the record of the one case instead of the table, artifact and gate.
    int report_roofline(std::ostream& out, std::ostream& err) {
        if (const int code = report_cases(err); code != 0 || !roofline_) {
            if (code == 0)
                err << program_ << ": case " << results_.front().key.str()
                    << " was skipped: " << results_.front().message << "; no host roofline\n";
            return 1;
        }
        const std::string key = results_.front().key.str();
        try {
            write_file_atomically(*options_.host_roofline,
                                  json::dumps(host_roofline_json(*roofline_, key, config_.benchmark,
                                                                 to_string(backend_->clock())),
                                              {4, false, true}) +
                                      "\n");
        } catch (const InputError& e) {
            err << program_ << ": error: " << e.what() << "\n";
            return 1;
        }
        if (!options_.quiet)
            out << key << ": " << roofline_->operator_median_us
                << " us per call, a memcpy of the same bytes " << roofline_->memcpy_median_us
                << " us: BWUtil " << roofline_->bwutil() << "\n";
        return 0;
    }

    // `--footprint`: the file of every counted case instead of the table, artifact and gate. A
    // skipped case makes no call and is left out; a failed one fails the run (exit 1), and the
    // others are written still, as the artifact keeps the measured rows.
    int report_footprint(std::ostream& out, std::ostream& err) {
        const int code = report_cases(err);
        const std::filesystem::path& path = *options_.footprint;
        if (footprints_.empty() && !cases_.empty()) {
            err << program_ << ": error: no case was counted; nothing to write to " << path.string()
                << "\n";
            return 1;
        }
        try {
            write_file_atomically(path, profile::footprints_json(footprints_));
        } catch (const InputError& e) {
            err << program_ << ": error: " << e.what() << "\n";
            return 1;
        }
        if (!options_.quiet)
            for (const profile::FootprintMeasurement& m : footprints_)
                out << m.workload << ": peak " << m.peak_live_bytes << " B live, "
                    << counted(m.timed_allocations, "allocation") << " and "
                    << counted(m.timed_frees, "free") << " in the call\n";
        return code;
    }

    static std::string counted(std::uint64_t n, const char* noun) {
        return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
    }

    int report(std::ostream& out, std::ostream& err) {
        if (options_.host_roofline)
            return report_roofline(out, err);
        if (options_.footprint)
            return report_footprint(out, err);
        int code = report_cases(err);
        if (!options_.quiet)
            out << render_table(results_, sku_, device_) << std::flush;
        code = std::max(code, write_outputs(err));
        if (options_.gate) {
            const Report gate = gate_report(config_, results_, sku_, gate_limits_);
            out << render_gate(gate, results_, options_.gate_format) << "\n";
            code = std::max(code, exit_code(gate));
        }
        return code;
    }

    // Names failed cases (1 when any) and cases whose BWUtil cannot exist.
    int report_cases(std::ostream& err) const {
        int code = 0;
        for (const CaseResult& r : results_) {
            if (r.outcome == CaseOutcome::Failed) {
                err << program_ << ": case " << r.key.str() << " failed: " << r.message << "\n";
                code = 1;
            } else if (r.measured() && r.traffic.bytes() == 0) {
                err << program_ << ": case " << r.key.str()
                    << " declares no global memory traffic, so it has no BWUtil (0 in the "
                       "artifact)\n";
            }
        }
        return code;
    }

    int write_outputs(std::ostream& err) {
        int code = 0;
        try {
            if (options_.csv)
                write_file_atomically(*options_.csv,
                                      render_csv(config_.benchmark, results_, sku_, device_));
        } catch (const InputError& e) {
            err << program_ << ": error: " << e.what() << "\n";
            code = 1;
        }
        if (options_.json)
            code = std::max(code, write_artifact(*options_.json, err));
        return code;
    }

    int write_artifact(const std::filesystem::path& path, std::ostream& err) {
        std::vector<ArtifactRow> rows;
        int code = 0;
        for (const CaseResult& r : results_) {
            if (!r.measured())
                continue;
            if (auto row = artifact_row(r, sku_.stem))
                rows.push_back(*std::move(row));
            else {
                err << program_ << ": case " << r.key.str()
                    << " has no time or noise figure; left out of " << path.string() << "\n";
                code = 1;
            }
        }
        if (rows.empty() && !cases_.empty()) {
            err << program_ << ": error: no measured case to write to " << path.string() << "\n";
            return 1;
        }
        auto meta = run_metadata(device_, options_.tier_text, options_.run_context,
                                 options_.git_ref, options_.sm_clock_mhz.has_value());
        meta.timing = options_.timing;
        meta.clock = backend_->clock();
        if (!rows.empty())
            meta.noise_statistic = first_measured().reported_measurement().noise_statistic;
        if (options_.shard)
            meta.shard = baseline::ArtifactShard{sku_.stem, *options_.shard};
        try {
            write_file_atomically(path, render_artifact(artifact_document(std::move(rows), meta)));
        } catch (const InputError& e) {
            err << program_ << ": error: " << e.what() << "\n";
            return 1;
        }
        return code;
    }

    // Every measured case of a run shares its backend's clock and noise statistic.
    const CaseResult& first_measured() const {
        return *std::find_if(results_.begin(), results_.end(),
                             [](const CaseResult& r) { return r.measured(); });
    }

    std::vector<std::string> args_;
    std::filesystem::path config_path_;
    BackendFactory make_backend_;
    std::unique_ptr<Backend> backend_;
    std::string program_;
    std::vector<Benchmark> benchmarks_;
    RunOptions options_;
    StoppingCriteria criteria_;
    GateLimits gate_limits_;
    surface::BenchConfig config_;
    std::vector<SelectedCase> cases_;
    std::vector<std::int64_t> warmups_;
    DeviceInfo device_;
    SkuIdentity sku_;
    std::vector<CaseResult> results_;
    std::optional<HostRoofline> roofline_;
    std::vector<profile::FootprintMeasurement> footprints_; // `--footprint`: the counted cases
};

} // namespace detail

// ---- Runner: the public face of the engine ---------------------------------------------------

std::unique_ptr<Backend> host_backend() {
    return std::make_unique<HostBackend>();
}

Runner::Runner(int argc, const char* const* argv, std::string config)
    : Runner(argc, argv, std::move(config), host_backend) {}

Runner::Runner(int argc, const char* const* argv, std::string config, BackendFactory make_backend)
    : engine_(std::make_unique<detail::RunnerEngine>(
          std::vector<std::string>(argv + std::min(argc, 1), argv + std::max(argc, 0)),
          std::move(config), std::move(make_backend),
          argc > 0 && argv[0] ? argv[0] : "benchmark")) {}

Runner::Runner(std::vector<std::string> args, std::string config)
    : Runner(std::move(args), std::move(config), host_backend) {}

Runner::Runner(std::vector<std::string> args, std::string config, BackendFactory make_backend)
    : engine_(std::make_unique<detail::RunnerEngine>(std::move(args), std::move(config),
                                                     std::move(make_backend), "benchmark")) {}

Runner::~Runner() = default;
Runner::Runner(Runner&&) noexcept = default;
Runner& Runner::operator=(Runner&&) noexcept = default;

Runner& Runner::add_benchmark(std::string name, std::function<void(State&)> body,
                              std::vector<std::string> dtypes) {
    engine_->add({std::move(name), std::move(body), std::move(dtypes)});
    return *this;
}

int Runner::run() {
    return engine_->run(std::cout, std::cerr);
}
int Runner::run(std::ostream& out, std::ostream& err) {
    return engine_->run(out, err);
}

const std::vector<CaseResult>& Runner::results() const noexcept {
    return engine_->results();
}

} // namespace odo::bench
