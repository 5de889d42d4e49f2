#pragma once
// The pair both test frameworks' pixel macros are checked on (unit/pixel, unit/pixel_gtest): a
// small u8 image and an output of it with one element wrong.
#include <odo/pixel/compare.hpp>
#include <odo/pixel/report.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace pixel_test {

inline const odo::pixel::Shape shape{1, 3, 4, 3};
inline const std::vector<std::uint8_t> reference(36, 9);

struct OneWrongElement {
    std::vector<std::uint8_t> output = [] {
        std::vector<std::uint8_t> v = reference;
        v[7] = 0;
        return v;
    }();
    odo::pixel::TensorView out = host_tensor(output, odo::pixel::Layout::HWC, shape);
    odo::pixel::TensorView ref = host_tensor(reference, odo::pixel::Layout::HWC, shape);
    std::string report = format_report(compare(out, ref));
};

} // namespace pixel_test
