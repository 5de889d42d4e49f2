// Fuzzes VER-6's reader of the pixel evidence lines in a test run's output. Nothing throws; each
// line it returns is one line of the input, names a test of the asked stem, its counts are those
// the line writes, and it is checked exactly when its box is.
#include <odo/refactor/pixel_evidence.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

// The counts the line writes after the test's name: "<passed>/<total> variants passed,".
bool counts_match(const odo::refactor::PixelEvidenceLine& e) {
    const std::string head = " in `" + e.test + "`: ";
    const auto at = e.text.find(head);
    if (at == std::string::npos)
        return false;
    const auto slash = e.text.find('/', at + head.size());
    const auto tail = e.text.find(" variants passed,", slash);
    if (slash == std::string::npos || tail == std::string::npos)
        return false;
    const std::string passed = e.text.substr(at + head.size(), slash - at - head.size());
    const std::string total = e.text.substr(slash + 1, tail - slash - 1);
    return !passed.empty() && !total.empty() && passed.size() <= 12 && total.size() <= 12 &&
           passed.find_first_not_of("0123456789") == std::string::npos &&
           total.find_first_not_of("0123456789") == std::string::npos &&
           std::stoull(passed) == e.passed && std::stoull(total) == e.total;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::refactor;
    const std::string_view output(reinterpret_cast<const char*>(data), size);
    for (const PixelEvidenceLine& e : pixel_evidence_lines(output, "TestOpInvert")) {
        if (e.text.find('\n') != std::string::npos ||
            output.find(e.text) == std::string_view::npos ||
            e.test.compare(0, 13, "TestOpInvert.") != 0 || !counts_match(e))
            std::abort();
        if (e.checked != (e.text.compare(0, 6, "- [x] ") == 0))
            std::abort();
    }
    return 0;
}
