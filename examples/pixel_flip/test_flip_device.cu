#include "flip_cuda.cuh"
#include "flip_variants.hpp"

#include <odo/pixel/device_compare.cuh>
#include <odo/pixel/doctest.hpp>

#include <cstdint>
#include <vector>

using namespace odo::pixel;
using namespace pixel_flip;

namespace {

// A pitched device image (cudaMallocPitch) that frees itself.
template <class T>
class DeviceImage {
public:
    DeviceImage(std::int64_t height, std::int64_t width, std::int64_t channels)
        : height_(height), width_(width), channels_(channels) {
        REQUIRE(cudaMallocPitch(&data_, &pitch_, std::size_t(width * channels) * sizeof(T),
                                std::size_t(height)) == cudaSuccess);
    }
    DeviceImage(const DeviceImage&) = delete;
    DeviceImage& operator=(const DeviceImage&) = delete;
    ~DeviceImage() { cudaFree(data_); }

    Image<T> image() const {
        return {static_cast<T*>(data_), height_, width_, channels_, std::int64_t(pitch_)};
    }
    TensorView view() const {
        return device_tensor(static_cast<const T*>(data_), Layout::HWC,
                             {1, height_, width_, channels_})
            .with_row_pitch(std::int64_t(pitch_));
    }
    void upload(const std::vector<T>& host) {
        const std::size_t row = std::size_t(width_ * channels_) * sizeof(T);
        REQUIRE(cudaMemcpy2D(data_, pitch_, host.data(), row, row, std::size_t(height_),
                             cudaMemcpyHostToDevice) == cudaSuccess);
    }

private:
    void* data_ = nullptr;
    std::size_t pitch_ = 0;
    std::int64_t height_, width_, channels_;
};

template <class T>
void check_all_variants(EvidenceLog& evidence, const char* type) {
    for (const Variant& v : variants) {
        const std::int64_t row = v.width * v.channels;
        std::vector<T> src(std::size_t(v.height * row)), ref(src.size());
        for (std::size_t i = 0; i < src.size(); ++i)
            src[i] = T(double((i * 131 + 7) % 256) / (std::is_integral_v<T> ? 1.0 : 3.0));
        const std::int64_t pitch = row * std::int64_t(sizeof(T));
        flip_reference<T>({src.data(), v.height, v.width, v.channels, pitch},
                          {ref.data(), v.height, v.width, v.channels, pitch});

        DeviceImage<T> in(v.height, v.width, v.channels), out(v.height, v.width, v.channels);
        in.upload(src);
        const Image<T> in_image = in.image();
        REQUIRE(flip_cuda<T>({in_image.data, v.height, v.width, v.channels, in_image.pitch},
                             out.image()) == cudaSuccess);
        REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
        // The host reference is uploaded once; mismatches are counted on the GPU.
        ODO_CHECK_PIXELS(evidence.record(
            v.name(type),
            device_compare(out.view(),
                           host_tensor(ref, Layout::HWC, {1, v.height, v.width, v.channels}),
                           Tolerance::exact())));
    }
}

} // namespace

TEST_CASE("TestFlip.cuda_matches_reference") {
    if (const std::string reason = no_device_reason(); !reason.empty()) {
        MESSAGE("SKIPPED: " << reason);
        return;
    }
    EvidenceLog evidence("TestFlip.cuda_matches_reference",
                         "the independent host reference flip_reference()");
    check_all_variants<std::uint8_t>(evidence, "u8");
    check_all_variants<float>(evidence, "f32");
    CHECK(evidence.complete());
    ODO_PIXEL_EVIDENCE(evidence);
}
