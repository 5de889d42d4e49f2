// The equal-bits pass of the host scan (host_scan.hpp span_bits_clean, nan_bits.hpp): spans of
// 16 blocks cleared by memcmp and a NaN scan must clear exactly what the per-element rule
// accepts. Runs here are longer than one span and end in a block that overlaps its predecessor.
#include <odo/pixel/compare.hpp>
#include <odo/pixel/detail/nan_bits.hpp>

#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

using namespace odo::pixel;
namespace d = odo::pixel::detail;

namespace {

// 16 full blocks (the first span), then 44 elements whose block overlaps the one before it.
constexpr std::int64_t long_run = 16 * 256 + 300;
// Where a lone element lands: inside the first span, at its last element, at the second span's
// first, inside the overlapping last block, and at the very end.
const std::int64_t span_edges[] = {1000, 4095, 4096, 4200, long_run - 1};

std::uint32_t float_bits(float v) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    return bits;
}

float float_of_bits(std::uint32_t bits) {
    float v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

double double_of_bits(std::uint64_t bits) {
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

// A block of zeros with `bits` at `at`, scanned for NaNs.
template <class S, class Word>
bool scan_finds_nan(Word bits, std::size_t at) {
    std::vector<Word> block(256, Word(0));
    block[at] = bits;
    return d::holds_nan<S, 256>(reinterpret_cast<const unsigned char*>(block.data()));
}

std::vector<float> long_reference() {
    std::vector<float> v(static_cast<std::size_t>(long_run));
    for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = float(i % 97) / 4.0f;
    return v;
}

CompareResult compare_rows(const std::vector<float>& output, const std::vector<float>& reference,
                           const Tolerance& tolerance) {
    const std::int64_t width = std::int64_t(output.size());
    return compare(host_image(output.data(), 1, width), host_image(reference.data(), 1, width),
                   tolerance);
}

} // namespace

TEST_CASE("the NaN scan flags NaN bit patterns and nothing at or below infinity") {
    for (std::size_t at : {std::size_t(0), std::size_t(137), std::size_t(255)}) {
        CHECK_FALSE(scan_finds_nan<float>(std::uint32_t(0x7f800000u), at)); // +inf
        CHECK_FALSE(scan_finds_nan<float>(std::uint32_t(0xff800000u), at)); // -inf
        CHECK_FALSE(scan_finds_nan<float>(float_bits(FLT_MAX), at));
        CHECK_FALSE(scan_finds_nan<float>(float_bits(-0.0f), at));
        CHECK(scan_finds_nan<float>(std::uint32_t(0x7f800001u), at)); // smallest payload
        CHECK(scan_finds_nan<float>(std::uint32_t(0xff800001u), at));
        CHECK(scan_finds_nan<float>(std::uint32_t(0x7fffffffu), at)); // largest payload
        CHECK(scan_finds_nan<float>(std::uint32_t(0xffffffffu), at));

        CHECK_FALSE(scan_finds_nan<float16>(std::uint16_t(0x7c00u), at));
        CHECK_FALSE(scan_finds_nan<float16>(std::uint16_t(0xfc00u), at));
        CHECK_FALSE(scan_finds_nan<float16>(std::uint16_t(0x7bffu), at));
        CHECK(scan_finds_nan<float16>(std::uint16_t(0x7c01u), at));
        CHECK(scan_finds_nan<float16>(std::uint16_t(0xfc01u), at));
        CHECK(scan_finds_nan<float16>(std::uint16_t(0x7fffu), at));

        CHECK_FALSE(scan_finds_nan<double>(std::uint64_t(0x7ff0000000000000u), at));
        CHECK_FALSE(scan_finds_nan<double>(std::uint64_t(0xfff0000000000000u), at));
        CHECK_FALSE(scan_finds_nan<double>(std::uint64_t(0x7fefffffffffffffu), at));
        CHECK(scan_finds_nan<double>(std::uint64_t(0x7ff0000000000001u), at));
        CHECK(scan_finds_nan<double>(std::uint64_t(0xfff0000000000001u), at));
        CHECK(scan_finds_nan<double>(std::uint64_t(0xffffffffffffffffu), at));
    }
}

TEST_CASE("a NaN with the same bits on both sides is a mismatch unless NaNs match") {
    const std::vector<float> reference = long_reference();
    const float payloads[] = {float_of_bits(0x7fc00000u), float_of_bits(0x7f800001u),
                              float_of_bits(0xffffffffu)};
    for (float nan : payloads)
        for (std::int64_t at : span_edges) {
            std::vector<float> output = reference, same = reference;
            output[std::size_t(at)] = same[std::size_t(at)] = nan;
            CAPTURE(at);
            const CompareResult r = compare_rows(output, same, Tolerance::exact());
            CHECK(r.mismatched == 1);
            CHECK(r.nan_mismatches == 1);
            REQUIRE(r.first.size() == 1);
            CHECK(r.first[0].at.x == at);
            CHECK(compare_rows(output, same, Tolerance::exact().with_nan(NanPolicy::MatchNan))
                      .passed());
        }
}

TEST_CASE("NaNs with different payloads match each other only under MatchNan") {
    const std::vector<float> reference = long_reference();
    for (std::int64_t at : span_edges) {
        std::vector<float> output = reference, other = reference;
        output[std::size_t(at)] = float_of_bits(0x7fc00001u);
        other[std::size_t(at)] = float_of_bits(0xffc00000u);
        CAPTURE(at);
        CHECK(compare_rows(output, other, Tolerance::close(1e30, 1e30)).nan_mismatches == 1);
        CHECK(
            compare_rows(output, other, Tolerance::exact().with_nan(NanPolicy::MatchNan)).passed());
    }
}

TEST_CASE("equal-bit NaNs are found in f16 and f64 runs too") {
    std::vector<float16> half(static_cast<std::size_t>(long_run), to_float16(2.5f));
    std::vector<double> wide(static_cast<std::size_t>(long_run), 2.5);
    half[4200] = float16{0x7e00};
    wide[4200] = double_of_bits(0x7ff8000000000000u);
    const CompareResult h = compare(host_image(half.data(), 1, long_run),
                                    host_image(half.data(), 1, long_run), Tolerance::exact());
    const CompareResult w = compare(host_image(wide.data(), 1, long_run),
                                    host_image(wide.data(), 1, long_run), Tolerance::exact());
    CHECK(h.nan_mismatches == 1);
    CHECK(w.nan_mismatches == 1);
}

TEST_CASE("bits that differ only in the sign of zero are equal values") {
    std::vector<float> reference(static_cast<std::size_t>(long_run), 0.0f);
    std::vector<float> output = reference;
    for (std::int64_t at : span_edges)
        output[std::size_t(at)] = -0.0f;
    CHECK(compare_rows(output, reference, Tolerance::exact()).passed());
    CHECK(compare_rows(reference, output, Tolerance::exact()).passed());
}

TEST_CASE("infinities across spans match only the same infinity") {
    const std::vector<float> reference = long_reference();
    for (std::int64_t at : span_edges) {
        std::vector<float> output = reference, same = reference;
        output[std::size_t(at)] = same[std::size_t(at)] = HUGE_VALF;
        CAPTURE(at);
        CHECK(compare_rows(output, same, Tolerance::exact()).passed());
        same[std::size_t(at)] = -HUGE_VALF;
        CHECK(compare_rows(output, same, Tolerance::exact()).inf_mismatches == 1);
        same[std::size_t(at)] = FLT_MAX;
        CHECK(compare_rows(output, same, Tolerance::close(1e30, 1e300)).inf_mismatches == 1);
    }
}

TEST_CASE("one element on or past the tolerance edge, alone in a long run") {
    const std::vector<float> reference = long_reference();
    const double atol = std::ldexp(1.0, -10);
    for (std::int64_t at : span_edges) {
        std::vector<float> output = reference;
        float& element = output[std::size_t(at)];
        element = float(double(element) + atol); // exactly on the edge
        CAPTURE(at);
        CHECK(compare_rows(output, reference, Tolerance::absolute(atol)).passed());
        element = std::nextafter(element, HUGE_VALF);
        const CompareResult r = compare_rows(output, reference, Tolerance::absolute(atol));
        CHECK(r.mismatched == 1);
        REQUIRE(r.first.size() == 1);
        CHECK(r.first[0].at.x == at);
    }

    std::vector<std::uint16_t> counts(static_cast<std::size_t>(long_run), 500), shifted = counts;
    shifted[4200] = 502;
    CHECK(compare(host_image(shifted.data(), 1, long_run), host_image(counts.data(), 1, long_run),
                  Tolerance::absolute(2))
              .passed());
    shifted[4200] = 503;
    CHECK(compare(host_image(shifted.data(), 1, long_run), host_image(counts.data(), 1, long_run),
                  Tolerance::absolute(2))
              .mismatched == 1);
}

TEST_CASE("pitched rows: each row is its own run and the padding is never compared") {
    const Shape shape{1, 3, 1500, 3}; // rows of 4500 elements: a span and an overlapping rest
    const std::int64_t row = shape.w * shape.c, pitch = row + 16;
    std::vector<float> output(static_cast<std::size_t>(shape.h * pitch));
    std::vector<float> reference(output.size());
    for (std::int64_t y = 0; y < shape.h; ++y)
        for (std::int64_t i = 0; i < pitch; ++i) {
            const std::size_t at = std::size_t(y * pitch + i);
            const bool padding = i >= row;
            output[at] = padding ? std::numeric_limits<float>::quiet_NaN() : float(i % 89);
            reference[at] = padding ? float(y) : output[at];
        }
    const auto view = [&](const std::vector<float>& data) {
        return host_tensor(data.data(), Layout::NHWC, shape)
            .with_row_pitch(pitch * std::int64_t(sizeof(float)));
    };
    CHECK(compare(view(output), view(reference)).passed());

    output[std::size_t(pitch + row - 1)] += 1.0f; // the last element of row 1
    output[std::size_t(2 * pitch + 2000)] = reference[std::size_t(2 * pitch + 2000)] =
        std::numeric_limits<float>::quiet_NaN();
    const CompareResult r = compare(view(output), view(reference));
    CHECK(r.mismatched == 2);
    REQUIRE(r.first.size() == 2);
    CHECK(r.first[0].at.y == 1);
    CHECK(r.first[0].at.x == shape.w - 1);
    CHECK(r.first[0].at.c == shape.c - 1);
    CHECK(r.first[1].at.y == 2);
    CHECK(r.first[1].at.x == 2000 / shape.c);
    CHECK(r.nan_mismatches == 1);
}
