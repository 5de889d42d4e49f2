#pragma once
#include "odo/bench/backend.hpp"
#include "odo/bench/launch.hpp"
#include "odo/bench/result.hpp"
#include "odo/core/error.hpp"
#include "odo/core/python_repr.hpp"
#include "odo/surface/axis.hpp"

#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

namespace odo::bench {

// How the cases of a run are measured; the runner fills it from the options and the config.
struct ExecSettings {
    Backend* backend = nullptr;
    StoppingCriteria criteria;
    std::int64_t warmup_iterations = 0;
    bool batch = true;
};

// What a benchmark body sees for one case: the case's axis values, the traffic it declares,
// skip(), and exec() to measure its launcher. The body runs once per case.
class State {
public:
    State(CaseResult& result, ExecSettings settings)
        : result_(result), settings_(std::move(settings)) {}

    const surface::CaseKey& case_key() const noexcept { return result_.key; }
    const std::string& config_key() const noexcept { return result_.key.config_key; }
    const std::string& tier() const noexcept { return result_.tier; }
    // The entry point to time (`--language`): the C++ API, or the operator's Python binding.
    baseline::Language language() const noexcept { return result_.language; }

    // The case's InOutDataType ("uchar3", "float32").
    const std::string& dtype() const { return get_string(surface::dtype_axis_name); }

    // An axis value as its case-key text; InputError when the case has no such axis.
    const std::string& get_string(std::string_view axis) const {
        if (const std::string* value = result_.key.find(axis))
            return *value;
        throw InputError("case " + result_.key.str() + " has no axis " + python_str_repr(axis));
    }

    std::string get_string_or_default(std::string_view axis, std::string fallback) const {
        const std::string* value = result_.key.find(axis);
        return value ? *value : std::move(fallback);
    }

    std::int64_t get_int64(std::string_view axis) const {
        return parse<std::int64_t>(axis, "an integer");
    }
    double get_float64(std::string_view axis) const { return parse<double>(axis, "a number"); }

    void add_element_count(std::int64_t elements) { result_.traffic.elements += elements; }
    void add_global_memory_reads(std::int64_t bytes) { result_.traffic.bytes_read += bytes; }
    void add_global_memory_writes(std::int64_t bytes) { result_.traffic.bytes_written += bytes; }

    template <class T>
    void add_global_memory_reads(std::int64_t count) {
        add_global_memory_reads(count * static_cast<std::int64_t>(sizeof(T)));
    }
    template <class T>
    void add_global_memory_writes(std::int64_t count) {
        add_global_memory_writes(count * static_cast<std::int64_t>(sizeof(T)));
    }

    // Marks the case as not applicable (an unsupported combination); it is reported, not timed.
    void skip(std::string reason) {
        result_.outcome = CaseOutcome::Skipped;
        result_.message = std::move(reason);
    }
    bool skipped() const noexcept { return result_.outcome == CaseOutcome::Skipped; }

    // Warms up, then measures `launcher(Launch&)`: cold samples, then batch samples unless
    // batching is off or the launcher synchronizes itself.
    template <class Launcher>
    void exec(Launcher&& launcher) {
        exec(ExecTag::Default, std::forward<Launcher>(launcher));
    }

    template <class Launcher>
    void exec(ExecTag tag, Launcher&& launcher) {
        if (result_.cold)
            throw std::logic_error("State::exec runs once per case");
        if (skipped())
            throw std::logic_error("State::exec after skip()");
        const LaunchRef ref(launcher);
        Backend& backend = *settings_.backend;
        // One launch beyond the configured warm-up, as nvbench warms up every measurement.
        backend.warmup(ref, settings_.warmup_iterations + 1);
        result_.warmup_iterations = settings_.warmup_iterations;
        result_.cold = backend.measure_cold(ref, settings_.criteria, tag);
        // The median sizes the batch: a few preempted cold samples must not shrink it.
        if (settings_.batch && tag != ExecTag::Sync)
            result_.batch =
                backend.measure_batch(ref, settings_.criteria, result_.cold->time().median);
    }

private:
    template <class T>
    T parse(std::string_view axis, const char* what) const {
        const std::string& text = get_string(axis);
        T value{};
        const auto res = std::from_chars(text.data(), text.data() + text.size(), value);
        if (res.ec != std::errc() || res.ptr != text.data() + text.size())
            throw InputError("case " + result_.key.str() + ": axis " + python_str_repr(axis) +
                             " value " + python_str_repr(text) + " is not " + what);
        return value;
    }

    CaseResult& result_;
    ExecSettings settings_;
};

} // namespace odo::bench
