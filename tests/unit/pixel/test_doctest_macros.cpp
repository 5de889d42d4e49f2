#include "one_wrong_element.hpp"

#include <odo/pixel/doctest.hpp>

#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace odo::pixel;
using namespace pixel_test;

namespace {

// What doctest's reporters receive for the last failing assertion: the header's expression, the
// values line and the assertion type.
struct Failure {
    std::string expression;
    std::string values;
    doctest::assertType::Enum type{};
};
Failure last_failure;

struct FailureListener : doctest::IReporter {
    explicit FailureListener(const doctest::ContextOptions&) {}
    void log_assert(const doctest::AssertData& data) override {
        if (data.m_failed)
            last_failure = {data.m_expr, data.m_decomp.c_str(), data.m_at};
    }
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats&) override {}
    void test_case_start(const doctest::TestCaseData&) override {}
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};
REGISTER_LISTENER("odo_pixel_failures", 1, FailureListener);

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

TEST_CASE("the helper behind the macros compares what the arguments name and reports on demand") {
    std::vector<std::uint8_t> output = reference;
    output[35] = 0;
    const auto out = host_tensor(output, Layout::HWC, shape);
    const auto ref = host_tensor(reference, Layout::HWC, shape);
    const auto keep = [](void* text, const char* report) {
        *static_cast<std::string*>(text) = report;
    };
    std::string report = "not handed";

    CHECK_FALSE(detail::check_pixels(detail::check_arguments(out, ref), false, keep, &report));
    CHECK(report == format_report(compare(out, ref)));

    report = "not handed";
    const Tolerance any = Tolerance::absolute(255); // outlives the arguments that point at it
    const auto loose = detail::check_arguments(out, ref, any);
    CHECK(detail::check_pixels(loose, false, keep, &report));
    CHECK(report == "not handed"); // a passing check computes no report
    CHECK(detail::check_pixels(loose, true, keep, &report));
    CHECK(report == format_report(compare(out, ref, any)));

    const CompareResult given = compare(out, ref, Tolerance::absolute(1));
    CHECK(detail::check_arguments(given).result == &given); // taken as it is, not compared again
    CHECK_FALSE(detail::check_pixels(detail::check_arguments(given), false, keep, &report));
    CHECK(report == format_report(given));

    const VarShapeView batch_out{{ref, out}}, batch_ref{{ref, ref}};
    CHECK_FALSE(
        detail::check_pixels(detail::check_arguments(batch_out, batch_ref), false, keep, &report));
    CHECK(report == format_report(compare(batch_out, batch_ref)));
    CHECK(detail::check_pixels(
        detail::check_arguments(batch_out, batch_ref, Tolerance::absolute(255)), false, keep,
        &report));
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

// Each of these fails once on purpose: doctest prints the failure and counts the case as passed.
TEST_CASE("a failing check names its arguments and prints the report as its values" *
          doctest::expected_failures(1)) {
    const OneWrongElement pair;
    ODO_CHECK_PIXELS(pair.out, pair.ref);
    const Failure failure = last_failure;
    CHECK(failure.expression == "pair.out, pair.ref");
    CHECK(failure.values == pair.report);
    CHECK(failure.type == doctest::assertType::DT_CHECK);
}

TEST_CASE("a failing require names its result argument and stops the test" *
          doctest::expected_failures(1)) {
    const OneWrongElement pair;
    bool stopped = true;
    try {
        ODO_REQUIRE_PIXELS(compare(pair.out, pair.ref));
        stopped = false;
    } catch (...) { // doctest's own exception, which ends the test case
    }
    const Failure failure = last_failure;
    CHECK(stopped);
    CHECK(failure.expression == "compare(pair.out, pair.ref)");
    CHECK(failure.values == pair.report);
    CHECK(failure.type == doctest::assertType::DT_REQUIRE);
}

TEST_CASE("a failing warning reports the same and does not fail the test") {
    const OneWrongElement pair;
    ODO_WARN_PIXELS(pair.out, pair.ref, Tolerance::exact());
    const Failure failure = last_failure;
    CHECK(failure.expression == "pair.out, pair.ref, Tolerance::exact()");
    CHECK(failure.values == format_report(compare(pair.out, pair.ref, Tolerance::exact())));
    CHECK(failure.type == doctest::assertType::DT_WARN);
}
