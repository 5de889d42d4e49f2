#pragma once
// What a benchmark body includes: light on purpose. Every benchmark source of an op library sees
// this header, so it declares the State a body talks to and nothing of the runner behind it;
// the definitions are compiled once per executable (see odo/bench/runner.hpp,
// ODO_BENCH_IMPLEMENT).
#include "odo/baseline/language.hpp"
#include "odo/bench/launch.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace odo::surface {
struct CaseKey;
}

namespace odo::bench {

namespace detail {
struct CaseRun; // the runner's record of the case being measured (detail/case_run.hpp)
}

// What a benchmark body sees for one case: the case's axis values, the traffic it declares,
// skip(), and exec() to measure its launcher. The body runs once per case.
class State {
public:
    explicit State(detail::CaseRun& run) noexcept : run_(run) {}

    const surface::CaseKey& case_key() const noexcept;
    const std::string& config_key() const noexcept;
    const std::string& tier() const noexcept;
    // The entry point to time (`--language`): the C++ API, or the operator's Python binding.
    baseline::Language language() const noexcept;

    // The case's InOutDataType ("uchar3", "float32").
    const std::string& dtype() const;

    // An axis value as its case-key text; InputError when the case has no such axis.
    const std::string& get_string(std::string_view axis) const;
    std::string get_string_or_default(std::string_view axis, std::string fallback) const;
    // InputError when the value does not read as a whole integer / number.
    std::int64_t get_int64(std::string_view axis) const;
    double get_float64(std::string_view axis) const;

    void add_element_count(std::int64_t elements);
    void add_global_memory_reads(std::int64_t bytes);
    void add_global_memory_writes(std::int64_t bytes);

    template <class T>
    void add_global_memory_reads(std::int64_t count) {
        add_global_memory_reads(count * static_cast<std::int64_t>(sizeof(T)));
    }
    template <class T>
    void add_global_memory_writes(std::int64_t count) {
        add_global_memory_writes(count * static_cast<std::int64_t>(sizeof(T)));
    }

    // Marks the case as not applicable (an unsupported combination); it is reported, not timed.
    void skip(std::string reason);
    bool skipped() const noexcept;

    // Warms up, then measures `launcher(Launch&)`: cold samples, then batch samples unless
    // batching is off or the launcher synchronizes itself. Once per case.
    template <class Launcher>
    void exec(Launcher&& launcher) {
        exec(ExecTag::Default, std::forward<Launcher>(launcher));
    }

    template <class Launcher>
    void exec(ExecTag tag, Launcher&& launcher) {
        measure(tag, LaunchRef(launcher));
    }

private:
    void measure(ExecTag tag, LaunchRef launcher);

    detail::CaseRun& run_;
};

} // namespace odo::bench
