#pragma once
// The benchmark executable of one operator. What a benchmark source includes is light: this
// header declares the Runner and the State a body sees. The runner itself (option parsing,
// config loading, measuring, printing, artifacts, the embedded gate) is compiled in exactly one
// translation unit of the executable, the one that defines ODO_BENCH_IMPLEMENT before including
// this header — the model of doctest's DOCTEST_CONFIG_IMPLEMENT. `odo_add_benchmark` adds that
// translation unit itself; a hand-written build writes it:
//
//   #define ODO_BENCH_IMPLEMENT
//   #include <odo/bench/runner.hpp>
#include "odo/bench/dtype.hpp"
#include "odo/bench/state.hpp"

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace odo::bench {

class Backend;
struct CaseResult;

// Makes the backend when the run measures: `--list` and `--help` work on a machine without the
// backend's device, and a missing device is a clear error instead of a crash at start-up.
using BackendFactory = std::function<std::unique_ptr<Backend>()>;

// Measures on the host clock (odo/bench/host_backend.hpp).
std::unique_ptr<Backend> host_backend();

namespace detail {
class RunnerEngine;
}

// Reads its config, selects cases from the command line, runs the registered body once per
// case on the backend, prints, writes the artifact and CSV, and runs the embedded gate. `run()`
// returns the process exit code: 0 success, 1 failed cases, unwritable outputs or a blocking
// gate, 2 usage or configuration errors.
class Runner {
public:
    // Without a backend factory the run measures on the host clock (host_backend). Separate
    // overloads rather than a default argument: converting host_backend to a BackendFactory
    // needs the complete Backend, which a benchmark source does not include.
    Runner(int argc, const char* const* argv, std::string config);
    Runner(int argc, const char* const* argv, std::string config, BackendFactory make_backend);
    explicit Runner(std::vector<std::string> args, std::string config);
    Runner(std::vector<std::string> args, std::string config, BackendFactory make_backend);
    ~Runner();
    Runner(Runner&&) noexcept;
    Runner& operator=(Runner&&) noexcept;

    // Registers the body run for every case; `name` must be the config's `benchmark`.
    Runner& add(std::string name, std::function<void(State&)> body) {
        return add_benchmark(std::move(name), std::move(body), {});
    }

    // A typed body, called as body(state, type_tag<T>{}) with the T named by the case's dtype.
    template <class... Ts, class Body>
    Runner& add(std::string name, type_list<Ts...> types, Body body) {
        return add_benchmark(
            std::move(name),
            [types, body](State& state) {
                visit_dtype(types, state.dtype(), [&](auto tag) { body(state, tag); });
            },
            dtype_names(types));
    }

    // Runs once: parses the command line, measures, prints and gates; the process exit code.
    int run();
    int run(std::ostream& out, std::ostream& err);

    const std::vector<CaseResult>& results() const noexcept;

private:
    Runner& add_benchmark(std::string name, std::function<void(State&)> body,
                          std::vector<std::string> dtypes);

    std::unique_ptr<detail::RunnerEngine> engine_;
};

} // namespace odo::bench

#ifdef ODO_BENCH_IMPLEMENT
#include "odo/bench/detail/runner_implementation.hpp"
#endif
