// A tiny op-repository executable: builds a report with odo and checks its exit policy, and
// compares two images with odo::pixel, whose comparison is compiled in pixels.cpp.
#include <odo/core/render.hpp>
#include <odo/pixel/compare.hpp>

#include <cstdint>
#include <iostream>
#include <vector>

int main() {
    const std::vector<std::uint8_t> image(12, 7);
    const auto view = odo::pixel::host_image(image.data(), 2, 2, 3);
    if (!odo::pixel::compare(view, view).passed())
        return 3;
    odo::Report report{"Resize", "resize", odo::Phase::Preflight, {}};
    report.findings.push_back(
        {"PRE-1", odo::Phase::Preflight, odo::Status::Pass, "ok", "", "", ""});
    std::cout << odo::render_markdown(report) << "\n";
    return odo::exit_code(report);
}
