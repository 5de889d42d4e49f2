#pragma once
#include "odo/pixel/shape.hpp"
#include "odo/pixel/tolerance.hpp"
#include "odo/pixel/value.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace odo::pixel {

// One mismatching element: where, both values, and how far apart.
struct Mismatch {
    Coord at;
    ElementValue output;
    ElementValue reference;
    double abs_error = 0.0;
    double rel_error = 0.0;     // abs_error / |reference|; infinite where the reference is 0
    std::uint64_t distance = 0; // integer difference or ulp distance; 0 if NaN or infinite
};

// Inclusive bounding box of all mismatches.
struct Region {
    Coord first;
    Coord last;
};

struct ChannelTally {
    std::uint64_t mismatched = 0;
    double max_abs_error = 0.0;     // over mismatches that involve no NaN
    std::uint64_t max_distance = 0; // exact for integers, where a double would round
};

// How many first mismatches, in scan order (n, y, x, c), a result keeps.
constexpr std::size_t first_mismatch_limit = 5;

// Whole pixels are shown next to the worst error up to this many channels.
constexpr std::int64_t pixel_tuple_limit = 8;

// Everything a comparison found. Statistics are computed over mismatches only, and only when
// there are any; a passing comparison carries the counts and the rule it passed under.
struct CompareResult {
    std::string problem; // non-empty: the inputs could not be compared, and this says why
    std::string comparator = "odo::pixel::compare"; // the function that produced the result
    std::string output_description;
    std::string reference_description;
    ElementType type{};
    Shape shape{}; // for a VarShape batch: n images, the largest h, w and c
    bool var_shape = false;
    Tolerance tolerance{};
    bool default_tolerance = false;

    std::uint64_t compared = 0;
    std::uint64_t mismatched = 0;
    std::uint64_t nan_mismatches = 0;
    std::uint64_t inf_mismatches = 0;
    std::array<std::uint64_t, 4> distance_histogram{}; // 1, 2-3, 4-15, 16+ (finite mismatches)
    std::optional<Mismatch> worst_abs;                 // over mismatches that involve no NaN
    std::optional<Mismatch> worst_rel;
    std::vector<ElementValue> worst_output_pixel; // every channel at worst_abs's pixel
    std::vector<ElementValue> worst_reference_pixel;
    std::vector<Mismatch> first;
    Region region;
    std::vector<ChannelTally> channels;

    bool passed() const noexcept { return problem.empty() && mismatched == 0; }

    // Compiled once (ODO_PIXEL_IMPLEMENT): a test TU that drops a result, e.g. the one
    // compare() returns into a check, calls the destructor instead of generating the release of
    // its strings and vectors.
    CompareResult();
    CompareResult(const CompareResult& other);
    CompareResult(CompareResult&& other) noexcept;
    CompareResult& operator=(const CompareResult& other);
    CompareResult& operator=(CompareResult&& other) noexcept;
    ~CompareResult();
};

} // namespace odo::pixel
