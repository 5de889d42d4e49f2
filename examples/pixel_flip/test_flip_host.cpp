#include "flip.hpp"
#include "flip_variants.hpp"

#include <odo/pixel/doctest.hpp>

#include <cstdint>
#include <vector>

using namespace odo::pixel;
using namespace pixel_flip;

namespace {

template <class T>
struct Buffers {
    std::vector<T> src, out, ref;
    ConstImage<T> src_image;
    Image<T> out_image, ref_image;
};

template <class T>
Buffers<T> make_buffers(const Variant& v) {
    const std::int64_t row_bytes = v.width * v.channels * std::int64_t(sizeof(T));
    const std::int64_t src_pitch = row_bytes + v.src_padding, dst_pitch = row_bytes + v.dst_padding;
    Buffers<T> b;
    b.src.resize(std::size_t(v.height * src_pitch) / sizeof(T) + 1);
    for (std::size_t i = 0; i < b.src.size(); ++i)
        b.src[i] = T(double((i * 131 + 7) % 256) / (std::is_integral_v<T> ? 1.0 : 3.0));
    b.out.assign(std::size_t(v.height * dst_pitch) / sizeof(T) + 1, T(0));
    b.ref = b.out;
    b.src_image = {b.src.data(), v.height, v.width, v.channels, src_pitch};
    b.out_image = {b.out.data(), v.height, v.width, v.channels, dst_pitch};
    b.ref_image = {b.ref.data(), v.height, v.width, v.channels, dst_pitch};
    return b;
}

template <class T>
TensorView view_of(const std::vector<T>& data, const Image<T>& image) {
    return host_tensor(data, Layout::HWC, {1, image.height, image.width, image.channels})
        .with_row_pitch(image.pitch);
}

template <class T>
void check_all_variants(EvidenceLog& evidence, const char* type) {
    for (const Variant& v : variants) {
        Buffers<T> b = make_buffers<T>(v);
        flip_host(b.src_image, b.out_image);
        flip_reference(b.src_image, b.ref_image);
        ODO_CHECK_PIXELS(evidence.record(
            v.name(type),
            compare(view_of(b.out, b.out_image), view_of(b.ref, b.ref_image), Tolerance::exact())));
    }
}

} // namespace

TEST_CASE("the reference flips a known image") {
    const std::vector<std::uint8_t> src{1, 2, 3, 4, 5, 6}; // 2 rows, 3 pixels of one channel
    std::vector<std::uint8_t> dst(6);
    flip_reference<std::uint8_t>({src.data(), 2, 3, 1, 3}, {dst.data(), 2, 3, 1, 3});
    CHECK(dst == std::vector<std::uint8_t>{3, 2, 1, 6, 5, 4});
}

TEST_CASE("TestFlip.host_matches_reference") {
    EvidenceLog evidence("TestFlip.host_matches_reference",
                         "the independent host reference flip_reference()");
    check_all_variants<std::uint8_t>(evidence, "u8");
    check_all_variants<float>(evidence, "f32");
    CHECK(evidence.complete());
    ODO_PIXEL_EVIDENCE(evidence);
}
