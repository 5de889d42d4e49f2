#include <odo/pixel/compare.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

using namespace odo::pixel;

namespace {
struct Batch {
    std::vector<std::vector<std::uint8_t>> pixels;
    VarShapeView view;
};

// Three RGB images of different sizes, each filled with its own pattern.
Batch make_batch() {
    Batch b;
    const Shape sizes[3] = {{1, 2, 3, 3}, {1, 4, 1, 3}, {1, 3, 5, 3}};
    for (const Shape& s : sizes) {
        std::vector<std::uint8_t> image(std::size_t(s.h * s.w * s.c));
        for (std::size_t i = 0; i < image.size(); ++i)
            image[i] = std::uint8_t(i * 5 + b.pixels.size());
        b.pixels.push_back(std::move(image));
    }
    for (std::size_t i = 0; i < 3; ++i)
        b.view.images.push_back(host_tensor(b.pixels[i], Layout::HWC, sizes[i]));
    return b;
}
} // namespace

TEST_CASE("VarShape batches compare image by image, n being the image index") {
    const Batch reference = make_batch();
    Batch output = make_batch();
    CHECK(compare(output.view, reference.view).passed());
    CHECK(compare(output.view, reference.view).compared == 18 + 12 + 45);

    output.pixels[2][(2 * 5 + 4) * 3 + 1] ^= 4; // image 2, y=2, x=4, c=1
    output.pixels[1][(3 * 1 + 0) * 3 + 0] ^= 1; // image 1, y=3, x=0, c=0
    const CompareResult r = compare(output.view, reference.view);
    CHECK(r.var_shape);
    CHECK(r.mismatched == 2);
    REQUIRE(r.first.size() == 2);
    CHECK(r.first[0].at == Coord{1, 3, 0, 0});
    CHECK(r.first[1].at == Coord{2, 2, 4, 1});
    REQUIRE(r.worst_abs);
    CHECK(r.worst_abs->at == Coord{2, 2, 4, 1});
    CHECK(r.worst_output_pixel.size() == 3);
    CHECK(r.region.first == Coord{1, 2, 0, 0});
    CHECK(r.region.last == Coord{2, 3, 4, 1});
    CHECK(r.channels[0].mismatched == 1);
    CHECK(r.channels[1].mismatched == 1);
    CHECK(r.shape == Shape{3, 4, 5, 3});
    CHECK(r.output_description == "VarShape of 3 images, image 0: u8 HWC h=2 w=3 c=3, host");
}

TEST_CASE("VarShape batches that cannot be compared say which image") {
    const Batch reference = make_batch();
    Batch output = make_batch();
    output.view.images.pop_back();
    CHECK(compare(output.view, reference.view).problem ==
          "image counts differ: output 2, reference 3");

    output = make_batch();
    output.view.images[1] = host_tensor(output.pixels[1], Layout::HWC, {1, 1, 4, 3});
    CHECK(compare(output.view, reference.view).problem ==
          "image 1: shapes differ: output HWC h=1 w=4 c=3, reference HWC h=4 w=1 c=3 (the same "
          "extents in another order: is one side in another layout?)");

    output = make_batch();
    output.view.images[2].data = nullptr;
    CHECK(compare(output.view, reference.view).problem == "image 2: output: data is null");

    output = make_batch();
    output.view.images[0] = host_tensor(output.pixels[0], Layout::NHWC, {2, 1, 3, 3});
    CHECK(compare(output.view, reference.view).problem ==
          "image 0: a VarShape image holds one image, but n=2");

    output = make_batch();
    const std::vector<float> floats(45);
    output.view.images[2] = host_tensor(floats, Layout::HWC, {1, 3, 5, 3});
    CHECK(compare(output.view, reference.view, Tolerance::absolute(1)).problem ==
          "image 2: element type f32 differs from image 0's u8");
}

TEST_CASE("an empty VarShape pair passes with nothing compared") {
    const CompareResult r = compare(VarShapeView{}, VarShapeView{});
    CHECK(r.passed());
    CHECK(r.compared == 0);
}
