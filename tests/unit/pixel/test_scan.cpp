#include <odo/pixel/compare.hpp>
#include <odo/pixel/detail/host_scan.hpp>
#include <odo/pixel/detail/loop_nest.hpp>

#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

using namespace odo::pixel;
namespace d = odo::pixel::detail;

namespace {
// A small deterministic generator, so failures reproduce.
struct Lcg {
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    std::uint64_t next() {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return state >> 11;
    }
    double unit() { return double(next()) / 0x1p53; }
};
} // namespace

TEST_CASE("the single-precision filter never vouches for an element the exact rule rejects") {
    Lcg rng;
    const double atols[] = {0.0, 1e-45, 1e-30, 1e-5, 0.5, 1e30, 1e300};
    const double rtols[] = {0.0, 1e-7, 1.3e-6, 1e-3, 0.25, 1e30};
    long vouched = 0;
    for (double atol : atols)
        for (double rtol : rtols) {
            const d::Rule rule = d::make_rule(Tolerance::close(rtol, atol));
            const d::CloseFilter filter = d::make_filter(rule);
            for (int i = 0; i < 4000; ++i) {
                const float e = float(std::ldexp(rng.unit() - 0.5, int(rng.next() % 200) - 100));
                // Outputs around the edge of the allowed band, a few ulps either side.
                const double band = atol + rtol * std::fabs(double(e));
                const double edge = double(e) + (rng.next() % 2 ? band : -band);
                if (!(std::fabs(edge) < FLT_MAX)) // no float output lies on that edge
                    continue;
                float a = float(edge);
                for (int step = int(rng.next() % 9) - 4; step != 0; step += step > 0 ? -1 : 1)
                    a = std::nextafter(a, step > 0 ? HUGE_VALF : -HUGE_VALF);
                if (d::certainly_close(a, e, filter)) {
                    ++vouched;
                    if (!d::is_close<false>(a, e, rule))
                        FAIL_CHECK("filter vouched for a=" << a << " e=" << e << " atol=" << atol
                                                           << " rtol=" << rtol);
                }
            }
        }
    CHECK(vouched > 10000); // the filter does clear most in-band elements
    const d::CloseFilter loose = d::make_filter(d::make_rule(Tolerance::close(1e30, 1e300)));
    const float inf = HUGE_VALF, nan = std::numeric_limits<float>::quiet_NaN();
    CHECK_FALSE(d::certainly_close(inf, 1.0f, loose));
    CHECK_FALSE(d::certainly_close(1.0f, inf, loose));
    CHECK_FALSE(d::certainly_close(inf, inf, loose)); // left to the exact rule, which accepts it
    CHECK_FALSE(d::certainly_close(nan, nan, loose));
    CHECK_FALSE(d::certainly_close(float16{0x7c00}, float16{0x3c00}, loose));
}

TEST_CASE("tolerance edges hold inside vectorized blocks") {
    const std::int64_t width = 1000; // three full blocks and an overlapping last one
    const double atol = std::ldexp(1.0, -10);
    std::vector<float> reference(static_cast<std::size_t>(width)),
        output(static_cast<std::size_t>(width));
    for (std::size_t i = 0; i < reference.size(); ++i) {
        reference[i] = float(i % 97) / 4.0f;
        output[i] = float(reference[i] + (i % 2 ? atol : -atol)); // exactly on the edge
    }
    auto run = [&] {
        return compare(host_image(output.data(), 1, width), host_image(reference.data(), 1, width),
                       Tolerance::absolute(atol));
    };
    CHECK(run().passed());
    for (std::size_t at :
         {std::size_t(0), std::size_t(255), std::size_t(256), std::size_t(780), std::size_t(999)}) {
        const float saved = output[at];
        output[at] = std::nextafter(saved, saved > reference[at] ? HUGE_VALF : -HUGE_VALF);
        const CompareResult r = run();
        CHECK(r.mismatched == 1);
        CHECK(r.first.at(0).at.x == std::int64_t(at));
        output[at] = saved;
    }

    std::vector<float16> h_ref(static_cast<std::size_t>(width)),
        h_out(static_cast<std::size_t>(width));
    for (std::size_t i = 0; i < h_ref.size(); ++i) {
        h_ref[i] = to_float16(float(i % 50));
        h_out[i] = to_float16(float(i % 50) + 0.03125f * float(i % 50 > 31 ? 0 : 1));
    }
    auto run_half = [&](double tolerance) {
        return compare(host_image(h_out.data(), 1, width), host_image(h_ref.data(), 1, width),
                       Tolerance::absolute(tolerance));
    };
    CHECK(run_half(0.03125).passed());
    CHECK(run_half(std::nextafter(0.03125, 0.0)).mismatched > 0);

    std::vector<std::uint8_t> b_ref(std::size_t(width), 100), b_out(std::size_t(width), 103);
    b_out[999] = 104;
    CHECK(compare(host_image(b_out.data(), 1, width), host_image(b_ref.data(), 1, width),
                  Tolerance::absolute(3))
              .mismatched == 1);
}

TEST_CASE("a mismatch in the overlap of the last block is reported once") {
    std::vector<double> reference(300, 1.0), output(300, 1.0);
    output[260] = 2.0; // inside both the third window [44, 300) and the block before it
    const CompareResult r =
        compare(host_image(output.data(), 1, 300), host_image(reference.data(), 1, 300));
    CHECK(r.mismatched == 1);
    CHECK(r.first.size() == 1);
}

TEST_CASE("loop plans merge what both sides store contiguously") {
    const std::vector<float> data(2 * 4 * 6 * 3 + 64);
    const Shape s{2, 4, 6, 3};
    const auto packed = host_tensor(data, Layout::NHWC, s);
    d::LoopNest nest = d::plan_loops(packed, packed);
    REQUIRE(nest.count == 1);
    CHECK(nest.inner().extent == 144);
    CHECK(nest.inner().output_stride == 4);

    const auto pitched = host_tensor(data.data(), Layout::NHWC, s).with_row_pitch(80);
    nest = d::plan_loops(pitched, packed);
    REQUIRE(nest.count == 2);
    CHECK(nest.axes[0].extent == 8); // n and y merge: images are rows of the same pitch
    CHECK(nest.axes[0].output_stride == 80);
    CHECK(nest.axes[0].reference_stride == 72);
    CHECK(nest.inner().extent == 18);

    const auto planar = host_tensor(data, Layout::NCHW, s);
    nest = d::plan_loops(planar, packed);
    REQUIRE(nest.count == 3);
    CHECK(nest.axes[0].extent == 2);  // n
    CHECK(nest.axes[1].extent == 3);  // c
    CHECK(nest.inner().extent == 24); // y and x merge on both sides
    CHECK(nest.inner().output_stride == 4);
    CHECK(nest.inner().reference_stride == 12);

    const float one[1] = {};
    nest = d::plan_loops(host_image(one, 1, 1), host_image(one, 1, 1));
    REQUIRE(nest.count == 1);
    CHECK(nest.inner().extent == 1);
}
