#include <odo/pixel/compare.hpp>
#include <odo/pixel/detail/report_text.hpp>
#include <odo/pixel/report.hpp>
#include <odo/pixel/value_text.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <sstream>
#include <vector>

using namespace odo::pixel;

TEST_CASE("a failed bit-exact comparison reads as a complete report") {
    // Two RGB images 2x4; the last column of image 1 is off in channel 0.
    const Shape s{2, 2, 4, 3};
    std::vector<std::uint8_t> reference(48), output;
    for (std::size_t i = 0; i < reference.size(); ++i)
        reference[i] = std::uint8_t(i * 5);
    output = reference;
    output[(1 * 2 + 0) * 12 + 3 * 3] = 0;  // n=1 y=0 x=3 c=0: 165 -> 0
    output[(1 * 2 + 1) * 12 + 3 * 3] += 2; // n=1 y=1 x=3 c=0: 225 -> 227
    const CompareResult r = compare(host_tensor(output, Layout::NHWC, s),
                                    host_tensor(reference, Layout::NHWC, s).with_row_pitch(12));
    CHECK(format_report(r) ==
          "Pixels are not equal\n"
          "  output:    u8 NHWC n=2 h=2 w=4 c=3, host\n"
          "  reference: u8 NHWC n=2 h=2 w=4 c=3, host\n"
          "  rule: bit-exact (default for u8)\n"
          "  mismatched: 2 / 48 elements (4.167%)\n"
          "  worst absolute error: 165 at (n=1, y=0, x=3, c=0): output 0, reference 165 "
          "(relative 1.0)\n"
          "    whole pixel: output (0, 170, 175), reference (165, 170, 175)\n"
          "  worst relative error: 1.0 at (n=1, y=0, x=3, c=0): output 0, reference 165\n"
          "  first 2 mismatches in scan order:\n"
          "    (n=1, y=0, x=3, c=0): output 0, reference 165, |diff| 165\n"
          "    (n=1, y=1, x=3, c=0): output 227, reference 225, |diff| 2\n"
          "  mismatch region: n 1, y 0..1, x 3, c 0\n"
          "  per channel: c0 2 (max |diff| 165), c1 0, c2 0\n"
          "  |diff| in units: 1: 0, 2-3: 1, 4-15: 0, 16+: 1\n"
          "  pattern: a single column (x=3, the last); only channel 0; only image 1");
    std::ostringstream streamed;
    streamed << r;
    CHECK(streamed.str() == format_report(r));
}

TEST_CASE("a float report shows values at their own precision, ulps and NaN counts") {
    const std::vector<float> reference{0.1f, 2.0f, 3.0f, 0.0f};
    std::vector<float> output{0.1f, 2.5f, std::numeric_limits<float>::quiet_NaN(), 1e-3f};
    const CompareResult r = compare(host_image(output.data(), 1, 4),
                                    host_image(reference.data(), 1, 4), Tolerance::absolute(1e-4));
    CHECK(format_report(r) ==
          "Pixels are not close\n"
          "  output:    f32 HWC h=1 w=4 c=1, host\n"
          "  reference: f32 HWC h=1 w=4 c=1, host\n"
          "  rule: |output - reference| <= 0.0001 + 0.0 * |reference|; NaN never matches; an "
          "infinity matches only itself\n"
          "  mismatched: 3 / 4 elements (75%); involving NaN: 1, infinity: 0\n"
          "  worst absolute error: 0.5 (2097152 ulp) at (n=0, y=0, x=1, c=0): output 2.5, "
          "reference 2.0 (relative 0.25)\n"
          "    whole pixel: output (2.5), reference (2.0)\n"
          "  worst relative error: inf at (n=0, y=0, x=3, c=0): output 0.001, reference 0.0\n"
          "  first 3 mismatches in scan order:\n"
          "    (n=0, y=0, x=1, c=0): output 2.5, reference 2.0, |diff| 0.5 (2097152 ulp)\n"
          "    (n=0, y=0, x=2, c=0): output nan, reference 3.0, |diff| nan\n"
          "    (n=0, y=0, x=3, c=0): output 0.001, reference 0.0, |diff| 0.0010000000474974513 "
          "(981668463 ulp)\n"
          "  mismatch region: n 0, y 0, x 1..3, c 0\n"
          "  per channel: c0 3 (max |diff| 0.5)\n"
          "  |diff| in ulp: 1: 0, 2-3: 0, 4-15: 0, 16+: 2\n"
          "  pattern: only the last 3 columns (x >= 1): a row tail, e.g. the remainder of a "
          "vectorized loop");
}

TEST_CASE("a passing result reports what it compared") {
    const std::vector<double> a{1.0, 2.0};
    const CompareResult r = compare(host_image(a.data(), 1, 2), host_image(a.data(), 1, 2));
    CHECK(format_report(r) == "Pixels are equal\n"
                              "  output:    f64 HWC h=1 w=2 c=1, host\n"
                              "  reference: f64 HWC h=1 w=2 c=1, host\n"
                              "  rule: |output - reference| <= 1e-07 + 1e-07 * |reference|; NaN "
                              "never matches; an infinity matches only itself (default for f64)\n"
                              "  mismatched: 0 / 2 elements (0%); involving NaN: 0, infinity: 0");
}

TEST_CASE("pattern hints name rows, bottom edges, single pixels and images") {
    CompareResult r;
    r.shape = {3, 10, 20, 4};
    r.compared = 2400;
    r.mismatched = 5;
    r.channels.resize(4);
    r.channels[1].mismatched = 5;
    r.region = {{0, 9, 2, 1}, {0, 9, 7, 1}};
    CHECK(pattern_hints(r) == std::vector<std::string>{"a single row (y=9, the last)",
                                                       "only channel 1", "only image 0"});
    r.region = {{1, 7, 2, 1}, {2, 9, 7, 1}};
    CHECK(pattern_hints(r) ==
          std::vector<std::string>{"only the last 3 rows (y >= 7)", "only channel 1"});
    r.channels[2].mismatched = 1;
    r.region = {{2, 4, 5, 1}, {2, 4, 5, 2}};
    CHECK(pattern_hints(r) == std::vector<std::string>{"a single pixel"});
    r.var_shape = true; // image edges differ per image: no edge readings
    r.region = {{0, 7, 2, 1}, {2, 9, 19, 2}};
    CHECK(pattern_hints(r).empty());
    r.mismatched = 0;
    CHECK(pattern_hints(r).empty());
}

TEST_CASE("percentages keep small fractions visible") {
    using odo::pixel::detail::percent;
    CHECK(percent(1, 3) == "33.333%");
    CHECK(percent(1, 8) == "12.5%");
    CHECK(percent(3, 3) == "100%");
    CHECK(percent(0, 0) == "0%");
    CHECK(percent(1, 49766400) == "2.01e-06%");
}

TEST_CASE("element values print exactly at their own precision") {
    CHECK(to_string(ElementValue::of(0.1f)) == "0.1");
    CHECK(to_string(ElementValue::of(1e20f)) == "1e+20");
    CHECK(to_string(ElementValue::of(0.1)) == "0.1");
    CHECK(to_string(ElementValue::of(-std::numeric_limits<float>::infinity())) == "-inf");
    CHECK(to_string(ElementValue::of(to_float16(0.1f))) == "0.1");
    // The fewest digits that read back as the same binary16 value, as numpy prints float16.
    CHECK(to_string(ElementValue::of(to_float16(65504.0f))) == "65500.0");
    CHECK(to_string(ElementValue::of(to_float16(1000.5f))) == "1000.5");
    CHECK(to_string(ElementValue::of(float16{0x0001})) == "6e-08");
    CHECK(to_string(ElementValue::of(float16{0x7e00})) == "nan");
    CHECK(to_string(ElementValue::of(std::int8_t(-128))) == "-128");
    CHECK(to_string(ElementValue::of(std::uint64_t(UINT64_MAX))) == "18446744073709551615");
    CHECK(ElementValue::of(std::int64_t(INT64_MIN)).as_double() == -9223372036854775808.0);
    CHECK(ElementValue::of(std::int16_t(-2)).as_double() == -2.0);
    CHECK(ElementValue::of(to_float16(-2.5f)).as_double() == -2.5);
}

TEST_CASE("many channels: only those with mismatches are listed, up to a bound") {
    CompareResult r;
    r.type = ElementType{ScalarKind::Unsigned, 1};
    r.channels.resize(20);
    for (std::size_t c = 5; c < 15; ++c)
        r.channels[c] = {1, 1.0, 1};
    CHECK(odo::pixel::detail::channels_text(r) ==
          "c5 1 (max |diff| 1), c6 1 (max |diff| 1), c7 1 (max |diff| 1), c8 1 (max |diff| 1), "
          "c9 1 (max |diff| 1), c10 1 (max |diff| 1), c11 1 (max |diff| 1), c12 1 (max |diff| 1), "
          "and 2 more channels with mismatches");
}
