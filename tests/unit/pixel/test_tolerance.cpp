#include <odo/pixel/tolerance.hpp>
#include <odo/pixel/tolerance_text.hpp>

#include <doctest/doctest.h>

#include <cmath>

using namespace odo::pixel;

namespace {
constexpr ElementType u8{ScalarKind::Unsigned, 1};
constexpr ElementType f16{ScalarKind::Float, 2};
constexpr ElementType f32{ScalarKind::Float, 4};
constexpr ElementType f64{ScalarKind::Float, 8};
} // namespace

TEST_CASE("defaults: integers exact, floats per torch.testing, NaN a mismatch") {
    CHECK(default_tolerance(u8).is_exact());
    CHECK(default_tolerance(ElementType{ScalarKind::Signed, 8}).is_exact());
    CHECK(default_tolerance(f16).rtol == 1e-3);
    CHECK(default_tolerance(f16).atol == 1e-5);
    CHECK(default_tolerance(f32).rtol == 1.3e-6);
    CHECK(default_tolerance(f32).atol == 1e-5);
    CHECK(default_tolerance(f64).rtol == 1e-7);
    CHECK(default_tolerance(f64).atol == 1e-7);
    CHECK(default_tolerance(f32).nan == NanPolicy::Mismatch);
    CHECK(default_tolerance(f32).ulp == 0);
}

TEST_CASE("the builders set what they name") {
    CHECK(Tolerance::exact().is_exact());
    CHECK(Tolerance::absolute(2).atol == 2);
    CHECK(Tolerance::close(0.1, 0.2).rtol == 0.1);
    CHECK(Tolerance::close(0.1, 0.2).atol == 0.2);
    CHECK(Tolerance::ulps(4).ulp == 4);
    CHECK_FALSE(Tolerance::ulps(4).is_exact());
    CHECK(Tolerance::ulps(4).with_nan(NanPolicy::MatchNan).nan == NanPolicy::MatchNan);
    CHECK(Tolerance::ulps(4).with_nan(NanPolicy::MatchNan).ulp == 4);
}

TEST_CASE("describe states the rule, the NaN policy and the infinity rule") {
    CHECK(describe(Tolerance::exact(), u8) == "bit-exact");
    CHECK(describe(Tolerance::absolute(2.5), u8) == "|output - reference| <= 2");
    CHECK(describe(Tolerance::absolute(0.5), u8) == "bit-exact"); // whole units only
    CHECK(describe(Tolerance::absolute(1e30), u8) == "|output - reference| <= 1e+30");
    CHECK(describe(Tolerance::exact(), f32) ==
          "exact (output == reference); NaN never matches; an infinity matches only itself");
    CHECK(describe(Tolerance::close(1.3e-6, 1e-5), f32) ==
          "|output - reference| <= 1e-05 + 1.3e-06 * |reference|; NaN never matches; an "
          "infinity matches only itself");
    CHECK(describe(Tolerance::ulps(4).with_nan(NanPolicy::MatchNan), f64) ==
          "within 4 ulp; NaN matches NaN; an infinity matches only itself");
    Tolerance both = Tolerance::absolute(0.5);
    both.ulp = 2;
    CHECK(describe(both, f16) == "|output - reference| <= 0.5 + 0.0 * |reference| or within 2 "
                                 "ulp; NaN never matches; an infinity matches only itself");
}

TEST_CASE("a tolerance that cannot apply is a problem, not a silent default") {
    CHECK(tolerance_problem(Tolerance::close(1e-3, 1e-5), f32).empty());
    CHECK(tolerance_problem(Tolerance::absolute(1), u8).empty());
    CHECK(tolerance_problem(Tolerance::close(1e-3, 0), u8) ==
          "rtol and ulp apply to floating point only; u8 takes an absolute tolerance");
    CHECK(tolerance_problem(Tolerance::ulps(1), u8) ==
          "rtol and ulp apply to floating point only; u8 takes an absolute tolerance");
    CHECK(tolerance_problem(Tolerance::absolute(-1), f32) ==
          "tolerance bounds must be non-negative numbers (atol -1.0, rtol 0.0)");
    CHECK(tolerance_problem(Tolerance::absolute(std::nan("")), f32) ==
          "tolerance bounds must be non-negative numbers (atol nan, rtol 0.0)");
}
