#pragma once
#include "odo/bench/artifact.hpp"
#include "odo/bench/case_selection.hpp"
#include "odo/bench/csv.hpp"
#include "odo/bench/dtype.hpp"
#include "odo/bench/gate.hpp"
#include "odo/bench/host_backend.hpp"
#include "odo/bench/options.hpp"
#include "odo/bench/sku.hpp"
#include "odo/bench/state.hpp"
#include "odo/bench/table.hpp"
#include "odo/bench/warmup.hpp"
#include "odo/core/atomic_write.hpp"
#include "odo/core/error.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/core/render.hpp"
#include "odo/profile/nvtx_range.hpp"
#include "odo/surface/bench_config.hpp"
#include "odo/surface/sku_map.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace odo::bench {

// Makes the backend when the run measures: `--list` and `--help` work on a machine without the
// backend's device, and a missing device is a clear error instead of a crash at start-up.
using BackendFactory = std::function<std::unique_ptr<Backend>()>;

inline std::unique_ptr<Backend> host_backend() {
    return std::make_unique<HostBackend>();
}

// A registered benchmark body. A typed one lists the dtypes it is instantiated for; every
// selected case's InOutDataType must be among them.
struct Benchmark {
    std::string name;
    std::function<void(State&)> body;
    std::vector<std::string> dtypes; // empty: untyped, any dtype
};

// The benchmark executable of one operator: reads its config, selects cases from the command
// line, runs the registered body once per case on the backend, prints, writes the artifact and
// CSV, and runs the embedded gate. `run()` returns the process exit code: 0 success, 1 failed
// cases, unwritable outputs or a blocking gate, 2 usage or configuration errors.
class Runner {
public:
    Runner(int argc, const char* const* argv, std::filesystem::path config,
           BackendFactory make_backend = host_backend)
        : Runner(std::vector<std::string>(argv + std::min(argc, 1), argv + std::max(argc, 0)),
                 std::move(config), std::move(make_backend)) {
        if (argc > 0)
            program_ = argv[0];
    }

    Runner(std::vector<std::string> args, std::filesystem::path config,
           BackendFactory make_backend = host_backend)
        : args_(std::move(args)), config_path_(std::move(config)),
          make_backend_(std::move(make_backend)) {}

    // Registers the body run for every case; `name` must be the config's `benchmark`.
    Runner& add(std::string name, std::function<void(State&)> body) {
        benchmarks_.push_back({std::move(name), std::move(body), {}});
        return *this;
    }

    // A typed body, called as body(state, type_tag<T>{}) with the T named by the case's dtype.
    template <class... Ts, class Body>
    Runner& add(std::string name, type_list<Ts...> types, Body body) {
        benchmarks_.push_back({std::move(name),
                               [types, body](State& state) {
                                   visit_dtype(types, state.dtype(),
                                               [&](auto tag) { body(state, tag); });
                               },
                               dtype_names(types)});
        return *this;
    }

    // Runs once: parses the command line, measures, prints and gates; the process exit code.
    int run(std::ostream& out = std::cout, std::ostream& err = std::cerr) {
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
            prepare();
            if (options_.list) {
                for (const SelectedCase& c : cases_)
                    out << c.key.str() << "\n";
                return 0;
            }
            check_benchmark();
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
            if (!options_.quiet)
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
        State state(r, {backend_.get(), options_.criteria, warmup, options_.batch});
        try {
            const profile::ScopedRange range(r.key.str());
            b.body(state);
            if (!state.skipped() && !r.cold) {
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
        return r;
    }

    int report(std::ostream& out, std::ostream& err) {
        int code = report_cases(err);
        if (!options_.quiet)
            out << render_table(results_, sku_, device_) << std::flush;
        code = std::max(code, write_outputs(err));
        if (options_.gate) {
            const Report gate = gate_report(config_, results_, sku_, options_.gate_limits);
            out << (options_.gate_format == GateFormat::Json ? render_json(gate)
                                                             : render_markdown(gate))
                << "\n";
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
        if (rows.empty()) {
            err << program_ << ": error: no measured case to write to " << path.string() << "\n";
            return 1;
        }
        auto meta = run_metadata(device_, options_.tier_text, options_.run_context,
                                 options_.git_ref, options_.sm_clock_mhz.has_value());
        meta.timing = options_.timing;
        try {
            write_file_atomically(path, render_artifact(artifact_document(std::move(rows), meta)));
        } catch (const InputError& e) {
            err << program_ << ": error: " << e.what() << "\n";
            return 1;
        }
        return code;
    }

    std::vector<std::string> args_;
    std::filesystem::path config_path_;
    BackendFactory make_backend_;
    std::unique_ptr<Backend> backend_;
    std::string program_ = "benchmark";
    std::vector<Benchmark> benchmarks_;
    RunOptions options_;
    surface::BenchConfig config_;
    std::vector<SelectedCase> cases_;
    std::vector<std::int64_t> warmups_;
    DeviceInfo device_;
    SkuIdentity sku_;
    std::vector<CaseResult> results_;
};

} // namespace odo::bench
