#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string_view>
#include <vector>

namespace odo::bench {

// How a measurement states its relative noise. nvbench's relative standard deviation suits
// GPU events; on a host, a few samples the scheduler interrupted (a preemption, a cache refilled
// after another process ran) would dominate it, so the host backend reports the median absolute
// deviation scaled to a standard deviation (× 1.4826, exact for normal samples) over the median:
// up to half the samples can be outliers without moving it.
enum class NoiseStatistic { RelativeStdev, RelativeMad };

constexpr std::string_view to_string(NoiseStatistic n) noexcept {
    return n == NoiseStatistic::RelativeStdev ? "stdev" : "mad";
}

// 1 / Φ⁻¹(3/4): scales a median absolute deviation to the standard deviation of normal samples.
inline constexpr double mad_to_stdev = 1.482602218505602;

// What a set of samples says: the figures nvbench reports for a measurement, and a robust
// spread beside them. Empty fields are NaN (no samples; a standard deviation needs two).
struct Summary {
    std::size_t count = 0;
    double mean = std::numeric_limits<double>::quiet_NaN();
    double median = std::numeric_limits<double>::quiet_NaN();
    double stdev = std::numeric_limits<double>::quiet_NaN();     // Bessel-corrected
    double mad_stdev = std::numeric_limits<double>::quiet_NaN(); // mad_to_stdev × MAD
    double min = std::numeric_limits<double>::quiet_NaN();
    double max = std::numeric_limits<double>::quiet_NaN();

    // stdev / mean, nvbench's "Noise" (a fraction). NaN below two samples or for a zero mean.
    double relative_noise() const noexcept {
        return count >= 2 && mean > 0 ? stdev / mean : std::numeric_limits<double>::quiet_NaN();
    }

    // mad_stdev / median (a fraction). NaN below two samples or for a zero median.
    double robust_relative_noise() const noexcept {
        return count >= 2 && median > 0 ? mad_stdev / median
                                        : std::numeric_limits<double>::quiet_NaN();
    }

    double relative_noise(NoiseStatistic statistic) const noexcept {
        return statistic == NoiseStatistic::RelativeStdev ? relative_noise()
                                                          : robust_relative_noise();
    }
};

namespace detail {

// The median of sorted values.
inline double sorted_median(const std::vector<double>& sorted) {
    const std::size_t mid = sorted.size() / 2;
    return sorted.size() % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

} // namespace detail

// Summarizes `samples` (taken by value: the median sorts them). Two passes, so the deviation
// does not lose digits to cancellation when the spread is tiny against the mean.
inline Summary summarize(std::vector<double> samples) {
    Summary s;
    s.count = samples.size();
    if (samples.empty())
        return s;
    std::sort(samples.begin(), samples.end());
    s.min = samples.front();
    s.max = samples.back();
    s.median = detail::sorted_median(samples);
    double sum = 0;
    for (double x : samples)
        sum += x;
    s.mean = sum / static_cast<double>(samples.size());
    if (samples.size() >= 2) {
        double squares = 0;
        for (double x : samples)
            squares += (x - s.mean) * (x - s.mean);
        s.stdev = std::sqrt(squares / static_cast<double>(samples.size() - 1));
        for (double& x : samples)
            x = std::fabs(x - s.median);
        std::sort(samples.begin(), samples.end());
        s.mad_stdev = mad_to_stdev * detail::sorted_median(samples);
    }
    return s;
}

// Mean and variance updated one sample at a time (Welford), so the stopping rule can ask for the
// noise after every sample without rescanning them all.
class RunningStats {
public:
    void add(double x) noexcept {
        ++count_;
        const double delta = x - mean_;
        mean_ += delta / static_cast<double>(count_);
        m2_ += delta * (x - mean_);
    }

    std::size_t count() const noexcept { return count_; }
    double mean() const noexcept { return mean_; }

    // Bessel-corrected; NaN below two samples.
    double stdev() const noexcept {
        return count_ >= 2 ? std::sqrt(m2_ / static_cast<double>(count_ - 1))
                           : std::numeric_limits<double>::quiet_NaN();
    }

private:
    std::size_t count_ = 0;
    double mean_ = 0;
    double m2_ = 0;
};

} // namespace odo::bench
