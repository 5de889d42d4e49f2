#include "flip.hpp"

#include <odo/pixel/doctest.hpp>

#include <cstdint>
#include <vector>

// What a failure looks like. This "optimized" flip copies four pixels per step and forgets the
// remainder of each row, a classic vectorization bug. The test fails on purpose; CTest passes it
// when the printed report locates the bug (see CMakeLists.txt).
namespace {

void flip_four_at_a_time(pixel_flip::ConstImage<std::uint8_t> src,
                         pixel_flip::Image<std::uint8_t> dst) {
    const std::int64_t body = src.width / 4 * 4;
    for (std::int64_t y = 0; y < src.height; ++y)
        for (std::int64_t x = 0; x < body; ++x)
            for (std::int64_t c = 0; c < src.channels; ++c)
                dst.row(y)[x * src.channels + c] =
                    src.row(y)[(src.width - 1 - x) * src.channels + c];
}

} // namespace

TEST_CASE("a flip that skips each row's tail is reported as a row tail") {
    const std::int64_t h = 6, w = 35, c = 3, pitch = w * c;
    std::vector<std::uint8_t> src(std::size_t(h * pitch)), out(src.size()), ref(src.size());
    for (std::size_t i = 0; i < src.size(); ++i)
        src[i] = std::uint8_t(i * 7 + 1);
    flip_four_at_a_time({src.data(), h, w, c, pitch}, {out.data(), h, w, c, pitch});
    pixel_flip::flip_reference<std::uint8_t>({src.data(), h, w, c, pitch},
                                             {ref.data(), h, w, c, pitch});
    using namespace odo::pixel;
    ODO_CHECK_PIXELS(host_tensor(out, Layout::HWC, {1, h, w, c}),
                     host_tensor(ref, Layout::HWC, {1, h, w, c}));
}
