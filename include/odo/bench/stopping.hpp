#pragma once
#include "odo/baseline/detail/number_text.hpp"
#include "odo/bench/statistics.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace odo::bench {

// When a measurement may stop (anchors.md §1, nvbench's `stdrel` criterion). Defaults are
// nvbench's, which the CUDA backend keeps; the host backend has its own (host_stopping_criteria).
// Every field can be overridden per run from the command line.
struct StoppingCriteria {
    std::int64_t min_samples = 10; // before any rule but the timeout may stop
    double min_time_s = 0.5;       // accumulated measured time before the noise rules apply
    // Target relative standard deviation, in percent. Without one, cold measurements stop on the
    // time rule as batch ones do.
    std::optional<double> max_noise_pct = 0.5;
    double timeout_s = 15.0; // wall-clock cap
    // odo's addition: ns-scale host work would otherwise keep hundreds of millions of samples
    // (gigabytes) before reaching min_time.
    std::int64_t max_samples = 1'000'000;

    // Why these criteria cannot be used, or "" when they can.
    std::string problem() const {
        if (min_samples < 1)
            return "min-samples must be at least 1";
        if (!(min_time_s >= 0) || !std::isfinite(min_time_s))
            return "min-time must be a finite number of seconds >= 0";
        if (max_noise_pct && (!(*max_noise_pct >= 0) || !std::isfinite(*max_noise_pct)))
            return "max-noise must be a finite percentage >= 0";
        if (!(timeout_s > 0) || !std::isfinite(timeout_s))
            return "timeout must be a finite number of seconds > 0";
        if (max_samples < min_samples)
            return "max-samples must be at least min-samples";
        return {};
    }
};

// The host backend's defaults: Google Benchmark's rule rather than nvbench's. A host's samples
// are CPU work at the mercy of caches, interrupts and frequency changes, whose relative spread
// rarely falls below nvbench's 0.5 % GPU target, so a noise target would only run every case to
// the timeout. Cold samples stop, like batch ones, once min samples and min time are in; the noise
// is measured and reported, and a gate holds it to its limit.
inline StoppingCriteria host_stopping_criteria() {
    StoppingCriteria c;
    c.max_noise_pct = std::nullopt;
    return c;
}

// The stopping fields a run's command line gives; the others keep the backend's defaults.
struct StoppingOverrides {
    std::optional<std::int64_t> min_samples;
    std::optional<double> min_time_s;
    std::optional<double> max_noise_pct;
    std::optional<double> timeout_s;
    std::optional<std::int64_t> max_samples;

    StoppingCriteria over(StoppingCriteria c) const {
        c.min_samples = min_samples.value_or(c.min_samples);
        c.min_time_s = min_time_s.value_or(c.min_time_s);
        if (max_noise_pct)
            c.max_noise_pct = max_noise_pct;
        c.timeout_s = timeout_s.value_or(c.timeout_s);
        c.max_samples = max_samples.value_or(c.max_samples);
        return c;
    }
};

// Why a measurement stopped; every result records one.
enum class StopReason {
    NoiseTarget,    // min samples and min time reached, noise below the target
    Plateau,        // noise settled above the target (nvbench's convergence exit)
    NoiseUndefined, // 64 consecutive samples without a finite noise figure (e.g. zero times)
    MinTime,        // time rule: min samples and min time reached (batch measurements)
    MaxSamples,     // the sample cap
    Timeout,        // the wall-clock cap
};

constexpr std::string_view to_string(StopReason r) noexcept {
    switch (r) {
    case StopReason::NoiseTarget:
        return "noise-target";
    case StopReason::Plateau:
        return "plateau";
    case StopReason::NoiseUndefined:
        return "noise-undefined";
    case StopReason::MinTime:
        return "min-time";
    case StopReason::MaxSamples:
        return "max-samples";
    case StopReason::Timeout:
        return "timeout";
    }
    return "?";
}

namespace detail {

// nvbench's constants for the noise estimate and its plateau exit.
inline constexpr std::size_t min_samples_for_noise = 5;
inline constexpr std::size_t noise_history_size = 512;
inline constexpr std::size_t plateau_min_estimates = 64; // strictly more are needed
inline constexpr std::size_t plateau_check_every = 16;
inline constexpr double plateau_relative_spread = 0.05;
inline constexpr std::size_t undefined_noise_limit = 64;

// The last `noise_history_size` noise estimates.
class NoiseHistory {
public:
    void push(double noise) noexcept {
        values_[next_] = noise;
        next_ = (next_ + 1) % values_.size();
        if (size_ < values_.size())
            ++size_;
    }
    std::size_t size() const noexcept { return size_; }

    // The standard deviation of the estimates around `reference`, relative to it: how far the
    // recent noise figures wander from the current one.
    double spread_around(double reference) const noexcept {
        double squares = 0;
        for (std::size_t i = 0; i < size_; ++i)
            squares += (values_[i] - reference) * (values_[i] - reference);
        return std::sqrt(squares / static_cast<double>(size_ - 1)) / reference;
    }

private:
    std::array<double, noise_history_size> values_{};
    std::size_t next_ = 0;
    std::size_t size_ = 0;
};

} // namespace detail

// Which rule ends a measurement once its minimum samples are in. Cold measurements stop on
// noise; batch measurements, like nvbench's, on accumulated time alone: their samples are long
// sub-batches whose spread is recorded but would rarely settle below the target.
enum class StopRule { Noise, Time };

// nvbench's `stdrel` rule over per-sample times (or its batch time rule, also the rule of
// criteria without a noise target), plus odo's sample cap. Feed it every kept sample; after each,
// `decision()` says whether to stop and why. The timeout is the caller's, since only the caller
// knows the wall clock.
class NoiseCriterion {
public:
    explicit NoiseCriterion(const StoppingCriteria& criteria, StopRule rule = StopRule::Noise)
        : criteria_(criteria), rule_(criteria.max_noise_pct ? rule : StopRule::Time) {}

    // One sample's time per launch; a batch sample of `launches` adds its whole time to the
    // accumulated time the minimum-time rule counts.
    void add(double seconds, std::int64_t launches = 1) noexcept {
        stats_.add(seconds);
        accumulated_s_ += seconds * static_cast<double>(launches);
        noise_ = stats_.count() < detail::min_samples_for_noise
                     ? std::numeric_limits<double>::infinity()
                     : stats_.stdev() / stats_.mean();
        if (stats_.count() < detail::min_samples_for_noise)
            return;
        if (std::isfinite(noise_)) {
            history_.push(noise_);
            undefined_streak_ = 0;
        } else {
            ++undefined_streak_;
        }
    }

    std::optional<StopReason> decision() const noexcept {
        const auto n = static_cast<std::int64_t>(stats_.count());
        if (n >= criteria_.max_samples)
            return StopReason::MaxSamples;
        if (n < criteria_.min_samples)
            return std::nullopt;
        if (rule_ == StopRule::Time)
            return accumulated_s_ > criteria_.min_time_s ? std::optional(StopReason::MinTime)
                                                         : std::nullopt;
        if (undefined_streak_ >= detail::undefined_noise_limit)
            return StopReason::NoiseUndefined;
        if (accumulated_s_ <= criteria_.min_time_s || !std::isfinite(noise_))
            return std::nullopt;
        if (noise_ * 100 < *criteria_.max_noise_pct)
            return StopReason::NoiseTarget;
        if (history_.size() > detail::plateau_min_estimates &&
            stats_.count() % detail::plateau_check_every == 0 &&
            history_.spread_around(noise_) < detail::plateau_relative_spread)
            return StopReason::Plateau;
        return std::nullopt;
    }

    // The stop conditions not yet met, for the record of a measurement that timed out
    // ("4 samples < 10; 0.31 s < 0.5 s; noise 2.10% > 0.5%").
    std::string unmet() const {
        using baseline::detail::fixed;
        std::string out;
        auto add = [&](const std::string& part) { out += (out.empty() ? "" : "; ") + part; };
        if (static_cast<std::int64_t>(stats_.count()) < criteria_.min_samples)
            add(std::to_string(stats_.count()) + " samples < " +
                std::to_string(criteria_.min_samples));
        if (accumulated_s_ <= criteria_.min_time_s)
            add(fixed(accumulated_s_, 3) + " s <= " + fixed(criteria_.min_time_s, 3) + " s");
        if (rule_ == StopRule::Noise && !(noise_ * 100 < *criteria_.max_noise_pct))
            add("noise " + fixed(noise_ * 100, 2) + "% >= " + fixed(*criteria_.max_noise_pct, 2) +
                "%");
        return out;
    }

private:
    StoppingCriteria criteria_;
    StopRule rule_;
    RunningStats stats_;
    double accumulated_s_ = 0;
    double noise_ = std::numeric_limits<double>::infinity();
    detail::NoiseHistory history_;
    std::size_t undefined_streak_ = 0;
};

} // namespace odo::bench
