#include <odo/pixel/doctest.hpp>

#include <cstdint>
#include <iostream>
#include <sstream>
#include <vector>

using namespace odo::pixel;

namespace {
const Shape shape{1, 3, 4, 3};
const std::vector<std::uint8_t> reference(36, 9);
} // namespace

TEST_CASE("the check macros accept views, a tolerance, VarShape batches or a result") {
    std::vector<std::uint8_t> output = reference;
    const auto out = host_tensor(output, Layout::HWC, shape);
    const auto ref = host_tensor(reference, Layout::HWC, shape);
    ODO_CHECK_PIXELS(out, ref);
    output[5] = 10;
    ODO_CHECK_PIXELS(out, ref, Tolerance::absolute(1));
    ODO_REQUIRE_PIXELS(compare(out, ref, Tolerance::absolute(1)));
    ODO_WARN_PIXELS(out, ref, Tolerance::absolute(1));
    ODO_CHECK_PIXELS(VarShapeView{{ref, ref}}, VarShapeView{{ref, ref}});
    ODO_CHECK_PIXELS(VarShapeView{{out}}, VarShapeView{{ref}}, Tolerance::absolute(1));
}

TEST_CASE("the helpers behind the macros return the comparison they name") {
    std::vector<std::uint8_t> output = reference;
    output[35] = 0;
    const auto out = host_tensor(output, Layout::HWC, shape);
    const auto ref = host_tensor(reference, Layout::HWC, shape);
    const CompareResult r = doctest_detail::result_of(out, ref);
    CHECK(r.mismatched == 1);
    CHECK(&doctest_detail::result_of(r) == &r);
    CHECK(doctest_detail::result_of(out, ref, Tolerance::absolute(9)).passed());
    CHECK(doctest_detail::result_of(VarShapeView{{out}}, VarShapeView{{ref}}).mismatched == 1);
}

TEST_CASE("the evidence macro prints the checklist line alone on stdout") {
    EvidenceLog log("test_doctest_macros.evidence");
    const auto ref = host_tensor(reference, Layout::HWC, shape);
    ODO_CHECK_PIXELS(log.record("u8 HWC 3x4", compare(ref, ref)));
    std::ostringstream captured;
    std::streambuf* const original = std::cout.rdbuf(captured.rdbuf());
    ODO_PIXEL_EVIDENCE(log);
    std::cout.rdbuf(original);
    CHECK(captured.str() == log.checklist_line() + "\n");
    CHECK(log.complete());
}
