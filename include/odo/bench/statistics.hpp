#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace odo::bench {

// What a set of samples says: the figures nvbench reports for a measurement. Empty fields are
// NaN (no samples; a standard deviation needs two).
struct Summary {
    std::size_t count = 0;
    double mean = std::numeric_limits<double>::quiet_NaN();
    double median = std::numeric_limits<double>::quiet_NaN();
    double stdev = std::numeric_limits<double>::quiet_NaN(); // Bessel-corrected
    double min = std::numeric_limits<double>::quiet_NaN();
    double max = std::numeric_limits<double>::quiet_NaN();

    // stdev / mean, nvbench's "Noise" (a fraction). NaN below two samples or for a zero mean.
    double relative_noise() const noexcept {
        return count >= 2 && mean > 0 ? stdev / mean : std::numeric_limits<double>::quiet_NaN();
    }
};

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
    const std::size_t mid = samples.size() / 2;
    s.median = samples.size() % 2 ? samples[mid] : (samples[mid - 1] + samples[mid]) / 2;
    double sum = 0;
    for (double x : samples)
        sum += x;
    s.mean = sum / static_cast<double>(samples.size());
    if (samples.size() >= 2) {
        double squares = 0;
        for (double x : samples)
            squares += (x - s.mean) * (x - s.mean);
        s.stdev = std::sqrt(squares / static_cast<double>(samples.size() - 1));
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
