// Host comparison throughput on an 8 x 1080 x 1920 x 3 batch, side by side with the floors it
// is measured against, run alternately with it: memcmp of the same bytes for bit-exact compares,
// and the faster of memcmp and a plain read of both buffers for tolerance compares. Prints the
// best of several runs, the ratio of the bests and the median of the per-run ratios, and whether
// the two buffers fit in the last-level cache; docs/performance.md records the figures.
// Usage: pixel_compare_bench [repetitions]
// The only translation unit of the program, so it compiles the comparison itself.
#define ODO_PIXEL_IMPLEMENT
#include <odo/pixel/compare.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <unistd.h>
#include <vector>

using namespace odo::pixel;

namespace {

const Shape batch{8, 1080, 1920, 3};
constexpr std::int64_t row_pad_bytes = 384; // a pitched variant's padding after each row
volatile std::uint64_t sink;                // keeps every baseline's result alive

int repetitions = 7;

double seconds_of(const std::function<void()>& run) {
    const auto start = std::chrono::steady_clock::now();
    run();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// odo and its floors, run alternately repetition by repetition, so that a busy machine slows
// them alike: the best time of each, and the floor whose best is lowest (the fastest floor).
struct Interleaved {
    double odo = 1e30;
    std::vector<double> floors;
    std::size_t fastest = 0;
    std::vector<double> ratios; // per repetition: the fastest floor's time / odo's
    double median_ratio() {
        std::sort(ratios.begin(), ratios.end());
        return ratios[ratios.size() / 2];
    }
};

Interleaved interleaved(const std::function<void()>& odo,
                        const std::vector<std::function<void()>>& floors) {
    Interleaved r;
    r.floors.assign(floors.size(), 1e30);
    std::vector<std::vector<double>> runs(floors.size() + 1);
    for (int rep = 0; rep < repetitions; ++rep) {
        runs[0].push_back(seconds_of(odo));
        for (std::size_t f = 0; f < floors.size(); ++f)
            runs[f + 1].push_back(seconds_of(floors[f]));
    }
    r.odo = *std::min_element(runs[0].begin(), runs[0].end());
    for (std::size_t f = 0; f < floors.size(); ++f) {
        r.floors[f] = *std::min_element(runs[f + 1].begin(), runs[f + 1].end());
        if (r.floors[f] < r.floors[r.fastest])
            r.fastest = f;
    }
    for (int rep = 0; rep < repetitions; ++rep)
        r.ratios.push_back(runs[r.fastest + 1][std::size_t(rep)] / runs[0][std::size_t(rep)]);
    return r;
}

// The floor for tolerance compares: load every element of both buffers, nothing else. Fixed
// blocks, as in odo's scan, so g++ -O2 vectorizes it too.
std::uint64_t plain_read(const unsigned char* a, const unsigned char* b, std::size_t bytes) {
    constexpr std::size_t block = 1024;
    std::uint64_t acc = 0;
    std::size_t i = 0;
    for (; i + block <= bytes; i += block) {
        std::uint32_t lanes = 0;
        for (std::size_t k = 0; k < block; k += 4) {
            std::uint32_t x, y;
            std::memcpy(&x, a + i + k, 4);
            std::memcpy(&y, b + i + k, 4);
            lanes ^= x ^ y;
        }
        acc += lanes;
    }
    for (; i < bytes; ++i)
        acc += a[i] ^ b[i];
    return acc;
}

template <class T>
std::vector<T> filled(std::size_t count) {
    std::vector<T> data(count);
    for (std::size_t i = 0; i < count; ++i)
        data[i] = T(double((i * 2654435761u) % 251) / (std::is_integral_v<T> ? 1.0 : 7.0));
    return data;
}

// Row-pitched copy of a packed batch.
template <class T>
std::vector<T> pitched(const std::vector<T>& packed, std::int64_t row_bytes, std::int64_t pitch) {
    const std::int64_t rows = batch.n * batch.h;
    std::vector<T> out(std::size_t(rows * pitch) / sizeof(T));
    for (std::int64_t r = 0; r < rows; ++r)
        std::memcpy(reinterpret_cast<unsigned char*>(out.data()) + r * pitch,
                    reinterpret_cast<const unsigned char*>(packed.data()) + r * row_bytes,
                    std::size_t(row_bytes));
    return out;
}

// The row's working set (both buffers) against the last-level cache says which memory level it
// measures.
void print_row(const char* what, Interleaved t, const std::vector<const char*>& floor_names,
               double bytes) {
    static const long llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
    std::printf("%-50s %9.2f ms %7.2f GB/s   %-20s %9.2f ms   ratio %.2f (median %.2f)   %s\n",
                what, t.odo * 1e3, bytes / t.odo / 1e9, floor_names[t.fastest],
                t.floors[t.fastest] * 1e3, t.floors[t.fastest] / t.odo, t.median_ratio(),
                llc > 0 && bytes <= double(llc) ? "fits in L3" : "larger than L3");
}

// `rule` names the tolerance in the printed rows; bit-exact rows are measured against memcmp,
// the others against a plain read.
template <class T>
void bench_type(const char* type, const char* rule, const Tolerance& tolerance, bool bit_exact) {
    const std::size_t count = std::size_t(batch.n * batch.h * batch.w * batch.c);
    const std::size_t bytes = count * sizeof(T);
    const auto a = filled<T>(count), b = a;
    const auto* pa = reinterpret_cast<const unsigned char*>(a.data());
    const auto* pb = reinterpret_cast<const unsigned char*>(b.data());
    const auto va = host_tensor(a, Layout::NHWC, batch), vb = host_tensor(b, Layout::NHWC, batch);

    // Bit-exact rows against memcmp; tolerance rows against the faster of memcmp and a plain
    // read of both buffers (equal buffers: memcmp reads them whole too).
    const std::vector<const char*> names = {"memcmp", "plain read"};
    auto floors = [&](std::function<void()> memcmp_floor, std::function<void()> read_floor) {
        return bit_exact ? std::vector<std::function<void()>>{memcmp_floor}
                         : std::vector<std::function<void()>>{memcmp_floor, read_floor};
    };
    const auto t_packed = interleaved(
        [&] {
            if (!compare(va, vb, tolerance).passed())
                std::abort();
        },
        floors([&] { sink = std::uint64_t(std::memcmp(pa, pb, bytes)); },
               [&] { sink = plain_read(pa, pb, bytes); }));
    const std::string name = std::string(type) + " packed, " + rule;
    print_row(name.c_str(), t_packed, names, 2.0 * double(bytes));

    const std::int64_t row_bytes = batch.w * batch.c * std::int64_t(sizeof(T));
    const std::int64_t pitch = row_bytes + row_pad_bytes;
    const auto qa = pitched(a, row_bytes, pitch), qb = pitched(b, row_bytes, pitch);
    const auto* ra = reinterpret_cast<const unsigned char*>(qa.data());
    const auto* rb = reinterpret_cast<const unsigned char*>(qb.data());
    const std::int64_t rows = batch.n * batch.h;
    const auto wa = host_tensor(qa, Layout::NHWC, batch).with_row_pitch(pitch);
    const auto wb = host_tensor(qb, Layout::NHWC, batch).with_row_pitch(pitch);
    const auto t_pitched = interleaved(
        [&] {
            if (!compare(wa, wb, tolerance).passed())
                std::abort();
        },
        floors(
            [&] {
                int differs = 0;
                for (std::int64_t r = 0; r < rows && !differs; ++r)
                    differs = std::memcmp(ra + r * pitch, rb + r * pitch, std::size_t(row_bytes));
                sink = std::uint64_t(differs);
            },
            [&] {
                std::uint64_t acc = 0;
                for (std::int64_t r = 0; r < rows; ++r)
                    acc += plain_read(ra + r * pitch, rb + r * pitch, std::size_t(row_bytes));
                sink = acc;
            }));
    const std::string pitched_name = std::string(type) + " pitched rows, " + rule;
    print_row(pitched_name.c_str(), t_pitched, {"memcmp per row", "plain read per row"},
              2.0 * double(bytes));

    // A failure costs the fast pass plus the report pass; one mismatch at the very end.
    auto broken = b;
    broken.back() = T(broken.back() + T(1));
    const auto vbroken = host_tensor(broken, Layout::NHWC, batch);
    const auto t_fail = interleaved(
        [&] {
            if (compare(va, vbroken, tolerance).mismatched != 1)
                std::abort();
        },
        floors([&] { sink = std::uint64_t(std::memcmp(pa, pb, bytes)); },
               [&] { sink = plain_read(pa, pb, bytes); }));
    const std::string fail_name = std::string(type) + " " + rule + ", one mismatch, with report";
    print_row(fail_name.c_str(), t_fail, names, 2.0 * double(bytes));
}

// Outputs that are close but not equal, as float kernels produce: every element 1 ulp off.
void bench_close_floats() {
    const std::size_t count = std::size_t(batch.n * batch.h * batch.w * batch.c);
    const auto a = filled<float>(count);
    auto b = a;
    for (float& v : b)
        v = std::nextafter(v, 1e9f);
    const auto va = host_tensor(a, Layout::NHWC, batch), vb = host_tensor(b, Layout::NHWC, batch);
    const auto* pa = reinterpret_cast<const unsigned char*>(a.data());
    const auto* pb = reinterpret_cast<const unsigned char*>(b.data());
    const Tolerance tolerance = default_tolerance(va.type);
    // memcmp would stop at the first byte here: the plain read is the only floor that reads all.
    const auto t = interleaved(
        [&] {
            if (!compare(va, vb, tolerance).passed())
                std::abort();
        },
        {[&] { sink = plain_read(pa, pb, count * 4); }});
    print_row("f32 packed, default tolerance, all 1 ulp off", t, {"plain read"},
              2.0 * double(count * 4));
}

} // namespace

int main(int argc, char** argv) {
    if (argc > 1)
        repetitions = std::max(1, std::atoi(argv[1]));
    std::printf(
        "batch %lld x %lld x %lld x %lld, best of %d runs; ratio = baseline time / odo time\n",
        (long long)batch.n, (long long)batch.h, (long long)batch.w, (long long)batch.c,
        repetitions);
    bench_type<std::uint8_t>("u8", "bit-exact", Tolerance::exact(), true);
    bench_type<float>("f32", "default tolerance",
                      default_tolerance(ElementType{ScalarKind::Float, 4}), false);
    bench_type<float>("f32", "exact", Tolerance::exact(), false);
    bench_close_floats();
    return 0;
}
