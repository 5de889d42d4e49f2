#include <odo/pixel/compare.hpp>
#include <odo/pixel/report.hpp>
#include <odo/pixel/value_text.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

using namespace odo::pixel;

namespace {
template <class T>
std::vector<T> pattern(std::size_t count) {
    std::vector<T> data(count);
    for (std::size_t i = 0; i < count; ++i)
        data[i] = T(double((i * 37 + 11) % 251) / (std::is_integral_v<T> ? 1.0 : 8.0));
    return data;
}

std::size_t nhwc_index(const Shape& s, Coord at) {
    return std::size_t(((at.n * s.h + at.y) * s.w + at.x) * s.c + at.c);
}

void check_coord(const Coord& got, Coord expected) {
    CHECK(got.n == expected.n);
    CHECK(got.y == expected.y);
    CHECK(got.x == expected.x);
    CHECK(got.c == expected.c);
}

const Shape batch{2, 5, 7, 3};
} // namespace

TEST_CASE("equal buffers pass and count what they compared") {
    const auto reference = pattern<std::uint8_t>(210);
    const auto output = reference;
    const CompareResult r = compare(host_tensor(output, Layout::NHWC, batch),
                                    host_tensor(reference, Layout::NHWC, batch));
    CHECK(r.passed());
    CHECK(r.compared == 210);
    CHECK(r.mismatched == 0);
    CHECK(r.first.empty());
    CHECK_FALSE(r.worst_abs);
    CHECK(r.default_tolerance);
    CHECK(r.tolerance.is_exact());
}

TEST_CASE("one planted pixel is found at its coordinates with both values") {
    const auto reference = pattern<std::uint8_t>(210);
    auto output = reference;
    const Coord at{1, 2, 3, 1};
    output[nhwc_index(batch, at)] = std::uint8_t(reference[nhwc_index(batch, at)] + 1);
    const CompareResult r = compare(host_tensor(output, Layout::NHWC, batch),
                                    host_tensor(reference, Layout::NHWC, batch));
    CHECK_FALSE(r.passed());
    CHECK(r.mismatched == 1);
    REQUIRE(r.first.size() == 1);
    check_coord(r.first[0].at, at);
    CHECK(r.first[0].output.as_double() == reference[nhwc_index(batch, at)] + 1);
    CHECK(r.first[0].reference.as_double() == reference[nhwc_index(batch, at)]);
    REQUIRE(r.worst_abs);
    check_coord(r.worst_abs->at, at);
    CHECK(r.worst_abs->abs_error == 1.0);
    CHECK(r.worst_output_pixel.size() == 3);
    CHECK(r.worst_output_pixel[1].as_double() == reference[nhwc_index(batch, at)] + 1);
    CHECK(r.worst_reference_pixel[0].as_double() == reference[nhwc_index(batch, at) - 1]);
    check_coord(r.region.first, at);
    check_coord(r.region.last, at);
    CHECK(r.distance_histogram[0] == 1);
    CHECK(pattern_hints(r) == std::vector<std::string>{"a single element"});
}

TEST_CASE("a planted column is reported as a column, first mismatches in scan order") {
    const auto reference = pattern<std::uint8_t>(210);
    auto output = reference;
    for (std::int64_t n = 0; n < batch.n; ++n)
        for (std::int64_t y = 0; y < batch.h; ++y)
            for (std::int64_t c = 0; c < batch.c; ++c)
                output[nhwc_index(batch, {n, y, 6, c})] ^= 0x10;
    const CompareResult r = compare(host_tensor(output, Layout::NHWC, batch),
                                    host_tensor(reference, Layout::NHWC, batch));
    CHECK(r.mismatched == 30);
    REQUIRE(r.first.size() == first_mismatch_limit);
    check_coord(r.first[0].at, {0, 0, 6, 0});
    check_coord(r.first[3].at, {0, 1, 6, 0});
    check_coord(r.region.first, {0, 0, 6, 0});
    check_coord(r.region.last, {1, 4, 6, 2});
    CHECK(r.distance_histogram[3] == 30);
    CHECK(pattern_hints(r) == std::vector<std::string>{"a single column (x=6, the last)"});
}

TEST_CASE("a planted channel is counted per channel") {
    const auto reference = pattern<float>(210);
    auto output = reference;
    for (std::size_t i = 2; i < output.size(); i += 3)
        output[i] += 1.0f;
    const CompareResult r = compare(host_tensor(output, Layout::NHWC, batch),
                                    host_tensor(reference, Layout::NHWC, batch));
    CHECK(r.mismatched == 70);
    REQUIRE(r.channels.size() == 3);
    CHECK(r.channels[0].mismatched == 0);
    CHECK(r.channels[1].mismatched == 0);
    CHECK(r.channels[2].mismatched == 70);
    CHECK(r.channels[2].max_abs_error == 1.0);
    CHECK(pattern_hints(r) == std::vector<std::string>{"only channel 2"});
}

TEST_CASE("NaN follows the NaN policy and never counts as the worst error") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> reference = pattern<float>(12);
    std::vector<float> output = reference;
    const Shape s{1, 2, 2, 3};
    output[7] = nan;
    auto run = [&](const Tolerance& t) {
        return compare(host_tensor(output, Layout::NHWC, s),
                       host_tensor(reference, Layout::NHWC, s), t);
    };
    CompareResult r = run(Tolerance::close(0.5, 0.5));
    CHECK(r.mismatched == 1);
    CHECK(r.nan_mismatches == 1);
    CHECK_FALSE(r.worst_abs);
    CHECK(r.channels[1].max_abs_error == 0.0);
    check_coord(r.first.at(0).at, {0, 1, 0, 1});

    reference[7] = nan; // NaN on both sides
    CHECK(run(Tolerance::close(0.5, 0.5)).mismatched == 1);
    CHECK(run(Tolerance::exact().with_nan(NanPolicy::MatchNan)).passed());
    CHECK(run(Tolerance::ulps(2).with_nan(NanPolicy::MatchNan)).passed());
    CHECK(run(Tolerance::ulps(2)).mismatched == 1); // identical NaN bits are still a NaN
}

TEST_CASE("tail elements after the last full block of a vectorized scan are compared") {
    for (std::int64_t width : {255, 256, 257, 1000, 1023}) {
        CAPTURE(width);
        const Shape s{1, 1, width, 1};
        const auto reference = pattern<float>(std::size_t(width));
        for (std::int64_t x : {std::int64_t(0), width - 1, width / 2}) {
            auto output = reference;
            output[std::size_t(x)] = std::nextafter(output[std::size_t(x)], 1e9f);
            const CompareResult r =
                compare(host_tensor(output, Layout::HWC, s), host_tensor(reference, Layout::HWC, s),
                        Tolerance::exact());
            REQUIRE(r.mismatched == 1);
            check_coord(r.first[0].at, {0, 0, x, 0});
            CHECK(r.first[0].distance == 1);
        }
    }
    const auto reference = pattern<std::uint8_t>(1000 * 3);
    auto output = reference;
    output.back() = std::uint8_t(output.back() + 1);
    const Shape s{1, 1, 1000, 3};
    const CompareResult r =
        compare(host_tensor(output, Layout::HWC, s), host_tensor(reference, Layout::HWC, s));
    REQUIRE(r.mismatched == 1);
    check_coord(r.first[0].at, {0, 0, 999, 2});
}

TEST_CASE("pitched rows: padding is ignored, a mismatch in the last row is found") {
    const Shape s{1, 4, 5, 3};
    const std::int64_t pitch = 16; // 15 bytes of pixels and one of padding per row
    std::vector<std::uint8_t> reference(std::size_t(pitch * s.h)), output;
    for (std::size_t i = 0; i < reference.size(); ++i)
        reference[i] = std::uint8_t(i * 3);
    output = reference;
    for (std::int64_t y = 0; y < s.h; ++y)
        output[std::size_t(y * pitch + 15)] = 0xEE; // padding differs
    auto ref_view = host_tensor(reference, Layout::HWC, s).with_row_pitch(pitch);
    auto out_view = host_tensor(output, Layout::HWC, s).with_row_pitch(pitch);
    CHECK(compare(out_view, ref_view).passed());

    output[std::size_t(3 * pitch + 2 * 3 + 1)] ^= 1; // y=3 x=2 c=1
    const CompareResult r = compare(out_view, ref_view);
    REQUIRE(r.mismatched == 1);
    check_coord(r.first[0].at, {0, 3, 2, 1});

    // The same rows against a packed reference.
    std::vector<std::uint8_t> packed;
    for (std::int64_t y = 0; y < s.h; ++y)
        packed.insert(packed.end(), reference.begin() + y * pitch,
                      reference.begin() + y * pitch + 15);
    CHECK(compare(host_tensor(packed, Layout::HWC, s), ref_view).passed());
    CHECK(compare(out_view, host_tensor(packed, Layout::HWC, s)).mismatched == 1);
}

TEST_CASE("pitched float rows: the last row's tail is found") {
    const Shape s{2, 3, 300, 1};
    const std::int64_t pitch = 1280; // 1200 bytes of pixels per row
    const std::size_t row_floats = std::size_t(pitch / 4);
    std::vector<float> reference(row_floats * 6, 0.5f), output = reference;
    output[5 * row_floats + 299] = 0.75f; // n=1 y=2 x=299
    output[5 * row_floats + 300] = 9.0f;  // padding
    const CompareResult r = compare(host_tensor(output, Layout::NHWC, s).with_row_pitch(pitch),
                                    host_tensor(reference, Layout::NHWC, s).with_row_pitch(pitch),
                                    Tolerance::absolute(0.1));
    REQUIRE(r.mismatched == 1);
    check_coord(r.first[0].at, {1, 2, 299, 0});
    CHECK(r.worst_abs->abs_error == 0.25);
}

TEST_CASE("an NCHW output is compared with an NHWC reference by coordinate") {
    const auto nhwc = pattern<std::int16_t>(210);
    std::vector<std::int16_t> nchw(210);
    for (std::int64_t n = 0; n < batch.n; ++n)
        for (std::int64_t y = 0; y < batch.h; ++y)
            for (std::int64_t x = 0; x < batch.w; ++x)
                for (std::int64_t c = 0; c < batch.c; ++c)
                    nchw[std::size_t(((n * batch.c + c) * batch.h + y) * batch.w + x)] =
                        nhwc[nhwc_index(batch, {n, y, x, c})];
    CHECK(compare(host_tensor(nchw, Layout::NCHW, batch), host_tensor(nhwc, Layout::NHWC, batch))
              .passed());

    nchw[std::size_t(((1 * batch.c + 2) * batch.h + 4) * batch.w + 0)] += 5;
    const CompareResult r =
        compare(host_tensor(nchw, Layout::NCHW, batch), host_tensor(nhwc, Layout::NHWC, batch));
    REQUIRE(r.mismatched == 1);
    check_coord(r.first[0].at, {1, 4, 0, 2});
    CHECK(r.output_description == "i16 NCHW n=2 c=3 h=5 w=7, host");
    CHECK(r.reference_description == "i16 NHWC n=2 h=5 w=7 c=3, host");
}

TEST_CASE("a flipped view with a negative stride compares by coordinate") {
    const Shape s{1, 3, 4, 1};
    const std::vector<std::int32_t> reference = pattern<std::int32_t>(12);
    std::vector<std::int32_t> upside_down(12);
    for (std::size_t y = 0; y < 3; ++y)
        for (std::size_t x = 0; x < 4; ++x)
            upside_down[(2 - y) * 4 + x] = reference[y * 4 + x];
    TensorView flipped = host_tensor(upside_down.data() + 8, Layout::HWC, s);
    flipped.strides.y = -16;
    CHECK(compare(flipped, host_tensor(reference, Layout::HWC, s)).passed());
}

TEST_CASE("unsigned and signed differences never wrap") {
    auto single = [](auto out, auto ref) {
        return compare(host_image(&out, 1, 1), host_image(&ref, 1, 1));
    };
    CompareResult r = single(std::uint8_t(0), std::uint8_t(255));
    CHECK(r.worst_abs->abs_error == 255.0);
    CHECK(r.worst_abs->distance == 255);
    CHECK(single(std::uint8_t(255), std::uint8_t(0)).worst_abs->distance == 255);
    CHECK(single(std::int8_t(-128), std::int8_t(127)).worst_abs->distance == 255);
    CHECK(single(std::uint16_t(1), std::uint16_t(65535)).worst_abs->distance == 65534);
    CHECK(single(std::uint64_t(0), UINT64_MAX).worst_abs->distance == UINT64_MAX);
    CHECK(single(INT64_MIN, INT64_MAX).worst_abs->distance == UINT64_MAX);
    r = single(std::uint8_t(3), std::uint8_t(0));
    CHECK(r.worst_abs->rel_error == HUGE_VAL); // relative to a zero reference
}

TEST_CASE("integer tolerance edges are exact") {
    const std::uint8_t reference[4] = {0, 10, 200, 255};
    const std::uint8_t output[4] = {2, 8, 202, 253};
    const auto out = host_image(output, 1, 4), ref = host_image(reference, 1, 4);
    CHECK(compare(out, ref, Tolerance::absolute(2)).passed());
    CHECK(compare(out, ref, Tolerance::absolute(2.9)).passed()); // whole units only
    CHECK(compare(out, ref, Tolerance::absolute(1.99)).mismatched == 4);
    CHECK(compare(out, ref, Tolerance::absolute(1e30)).passed());
    CHECK(compare(out, ref, Tolerance::exact()).mismatched == 4);
}

TEST_CASE("floating-point tolerance edges are exact") {
    auto one = [](double out, double ref, const Tolerance& t) {
        return compare(host_image(&out, 1, 1), host_image(&ref, 1, 1), t).passed();
    };
    const double step = std::ldexp(1.0, -10);
    CHECK(one(1.0 + step, 1.0, Tolerance::absolute(step)));
    CHECK_FALSE(one(1.0 + step + std::ldexp(1.0, -52), 1.0, Tolerance::absolute(step)));
    CHECK(one(5.0, 4.0, Tolerance::close(0.25, 0.0)));  // 1 <= 0.25 * 4
    CHECK(one(3.0, 4.0, Tolerance::close(0.125, 0.5))); // 1 <= 0.5 + 0.125 * 4
    CHECK_FALSE(one(std::nextafter(5.0, 6.0), 4.0, Tolerance::close(0.25, 0.0)));
    CHECK_FALSE(one(std::nextafter(3.0, 0.0), 4.0, Tolerance::close(0.125, 0.5)));
    double three_up = 1.0;
    for (int i = 0; i < 3; ++i)
        three_up = std::nextafter(three_up, 2.0);
    CHECK(one(three_up, 1.0, Tolerance::ulps(3)));
    CHECK_FALSE(one(std::nextafter(three_up, 2.0), 1.0, Tolerance::ulps(3)));
    CHECK(
        one(std::nextafter(0.0, 1.0), std::nextafter(-0.0, -1.0), Tolerance::ulps(3))); // across 0
    CHECK(one(-0.0, 0.0, Tolerance::exact()));

    float f_out = std::nextafter(std::nextafter(1.0f, 2.0f), 2.0f), f_ref = 1.0f;
    CHECK(compare(host_image(&f_out, 1, 1), host_image(&f_ref, 1, 1), Tolerance::ulps(2)).passed());
    CHECK_FALSE(
        compare(host_image(&f_out, 1, 1), host_image(&f_ref, 1, 1), Tolerance::ulps(1)).passed());
    CHECK(compare(host_image(&f_out, 1, 1), host_image(&f_ref, 1, 1),
                  Tolerance::absolute(std::ldexp(1.0, -22)))
              .passed());
    CHECK_FALSE(compare(host_image(&f_out, 1, 1), host_image(&f_ref, 1, 1),
                        Tolerance::absolute(std::nextafter(std::ldexp(1.0, -22), 0.0)))
                    .passed());
}

TEST_CASE("infinities match only the same infinity") {
    const double inf = HUGE_VAL, big = std::numeric_limits<double>::max();
    auto one = [](double out, double ref, const Tolerance& t) {
        return compare(host_image(&out, 1, 1), host_image(&ref, 1, 1), t);
    };
    const Tolerance loose = Tolerance{1e300, 1e300, UINT64_MAX, NanPolicy::MatchNan};
    CHECK(one(inf, inf, Tolerance::exact()).passed());
    CHECK(one(-inf, -inf, Tolerance::exact()).passed());
    CHECK_FALSE(one(inf, -inf, loose).passed());
    CHECK_FALSE(one(big, inf, loose).passed());
    CHECK_FALSE(one(inf, big, loose).passed());
    const CompareResult r = one(inf, 1.0, Tolerance::exact());
    CHECK(r.inf_mismatches == 1);
    CHECK(r.nan_mismatches == 0);
    CHECK(r.worst_abs->abs_error == inf);
    CHECK(r.distance_histogram == std::array<std::uint64_t, 4>{});
}

TEST_CASE("default tolerances follow the torch.testing table") {
    const float reference[2] = {1.0f, 100.0f};
    const float inside[2] = {1.0f + 1.0e-5f, 100.0f + 1.2e-4f}; // 1.13e-5 and 1.4e-4 allowed
    const float outside[2] = {1.0f + 2.0e-5f, 100.0f + 2.0e-4f};
    CHECK(compare(host_image(inside, 1, 2), host_image(reference, 1, 2)).passed());
    const CompareResult r = compare(host_image(outside, 1, 2), host_image(reference, 1, 2));
    CHECK(r.mismatched == 2);
    CHECK(r.default_tolerance);
    CHECK(r.tolerance.rtol == 1.3e-6);
    CHECK(r.tolerance.atol == 1e-5);
}

TEST_CASE("half-precision buffers compare through their float values") {
    const float16 reference[3] = {to_float16(1.0f), to_float16(-2.5f), to_float16(1000.0f)};
    float16 output[3] = {reference[0], reference[1], reference[2]};
    CHECK(compare(host_image(output, 1, 3), host_image(reference, 1, 3)).passed());
    output[2] = to_float16(1001.0f); // 1 apart where 1.00001 is allowed
    CHECK(compare(host_image(output, 1, 3), host_image(reference, 1, 3)).passed());
    output[2] = to_float16(1002.0f);
    const CompareResult r = compare(host_image(output, 1, 3), host_image(reference, 1, 3));
    CHECK(r.mismatched == 1);
    CHECK(r.first[0].distance == 4); // binary16 values are 0.5 apart between 512 and 1024
    CHECK(to_string(r.first[0].output) == "1002.0");
}

TEST_CASE("vector-typed views compare with scalar views of the same pixels") {
    struct uchar3_like {
        unsigned char x, y, z;
    };
    const std::vector<uchar3_like> pixels{{1, 2, 3}, {4, 5, 6}};
    const std::vector<std::uint8_t> scalars{1, 2, 3, 4, 5, 7};
    const CompareResult r = compare(host_tensor(pixels, Layout::HWC, {1, 1, 2, 1}),
                                    host_tensor(scalars, Layout::HWC, {1, 1, 2, 3}));
    REQUIRE(r.mismatched == 1);
    check_coord(r.first[0].at, {0, 0, 1, 2});
}

TEST_CASE("every element differing says so") {
    const std::vector<std::uint8_t> a(64, 1), b(64, 2);
    const CompareResult r = compare(host_image(a.data(), 8, 8), host_image(b.data(), 8, 8));
    CHECK(r.mismatched == 64);
    CHECK(pattern_hints(r) ==
          std::vector<std::string>{"every element differs: wrong buffer, layout or element type?"});
}

TEST_CASE("an empty pair passes with nothing compared") {
    const float data[1] = {};
    const CompareResult r = compare(host_tensor(data, Layout::NHWC, {0, 4, 4, 3}),
                                    host_tensor(data, Layout::NHWC, {0, 4, 4, 3}));
    CHECK(r.passed());
    CHECK(r.compared == 0);
    CHECK(compare(host_tensor<float>(nullptr, Layout::HWC, {1, 0, 4, 3}),
                  host_tensor<float>(nullptr, Layout::HWC, {1, 0, 4, 3}))
              .passed());
}
