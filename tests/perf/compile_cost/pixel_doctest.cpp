// What an op author writes for one pixelwise test with odo's doctest assertions.
#include <odo/pixel/doctest.hpp>

#include <cstdint>
#include <vector>

TEST_CASE("invert matches the reference") {
    const std::int64_t h = 16, w = 16, c = 3;
    std::vector<std::uint8_t> out(std::size_t(h * w * c)), ref(out.size());
    for (std::size_t i = 0; i < ref.size(); ++i)
        out[i] = ref[i] = static_cast<std::uint8_t>(255 - i % 256);
    using namespace odo::pixel;
    ODO_CHECK_PIXELS(host_tensor(out, Layout::HWC, {1, h, w, c}),
                     host_tensor(ref, Layout::HWC, {1, h, w, c}));
}
