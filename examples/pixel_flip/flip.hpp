#pragma once
#include <cstdint>
#include <cstring>

// A horizontal flip (mirror) of interleaved images: the operator this example tests. Images are
// height rows of width pixels of `channels` elements, rows `pitch` bytes apart.
namespace pixel_flip {

template <class T>
struct Image {
    T* data;
    std::int64_t height, width, channels, pitch;

    T* row(std::int64_t y) const {
        return reinterpret_cast<T*>(reinterpret_cast<unsigned char*>(data) + y * pitch);
    }
};

template <class T>
struct ConstImage {
    const T* data;
    std::int64_t height, width, channels, pitch;

    const T* row(std::int64_t y) const {
        return reinterpret_cast<const T*>(reinterpret_cast<const unsigned char*>(data) + y * pitch);
    }
};

// The independent reference: the definition, one element at a time.
template <class T>
void flip_reference(ConstImage<T> src, Image<T> dst) {
    for (std::int64_t y = 0; y < src.height; ++y)
        for (std::int64_t x = 0; x < src.width; ++x)
            for (std::int64_t c = 0; c < src.channels; ++c)
                dst.row(y)[x * dst.channels + c] =
                    src.row(y)[(src.width - 1 - x) * src.channels + c];
}

// The host implementation under test: whole pixels copied from both ends of a row at once.
template <class T>
void flip_host(ConstImage<T> src, Image<T> dst) {
    const std::size_t pixel_bytes = std::size_t(src.channels) * sizeof(T);
    for (std::int64_t y = 0; y < src.height; ++y) {
        const T* in = src.row(y);
        T* out = dst.row(y);
        for (std::int64_t left = 0, right = src.width - 1; left <= right; ++left, --right) {
            std::memcpy(out + left * src.channels, in + right * src.channels, pixel_bytes);
            std::memcpy(out + right * src.channels, in + left * src.channels, pixel_bytes);
        }
    }
}

} // namespace pixel_flip
