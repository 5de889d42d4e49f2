#include <odo/repo/commit_subject.hpp>

#include <doctest/doctest.h>

using namespace odo::repo;

TEST_CASE("perf subjects: perf: or perf(<scope>): then a description") {
    const Layout::Commits c;
    CHECK(is_perf_subject("perf: vectorize the inner loop", c));
    CHECK(is_perf_subject("perf(hqresize): tile the filter", c));
    CHECK(is_perf_subject("perf(bench):\tadd cases", c));
    CHECK(is_perf_subject("perf(a(b): nested open paren is fine", c));
    CHECK(is_perf_subject("perf:  x", c));
    CHECK_FALSE(is_perf_subject("perf:", c));
    CHECK_FALSE(is_perf_subject("perf: ", c));
    CHECK_FALSE(is_perf_subject("perf:x", c));
    CHECK_FALSE(is_perf_subject("perf(): x", c));
    CHECK_FALSE(is_perf_subject("perf(x: y", c));
    CHECK_FALSE(is_perf_subject("perf(x) : y", c));
    CHECK_FALSE(is_perf_subject("Perf: x", c));
    CHECK_FALSE(is_perf_subject("fix: x", c));
    CHECK_FALSE(is_perf_subject(" perf: x", c));
    Layout::Commits custom;
    custom.perf_type = "speed";
    CHECK(is_perf_subject("speed(x): y", custom));
    CHECK_FALSE(is_perf_subject("perf: y", custom));
}

TEST_CASE("subject_scope reads <type>(<scope>): subjects") {
    CHECK(subject_scope("fix(hqresize): clamp the index", "fix") == "hqresize");
    CHECK(subject_scope("test(HQResize): add a regression", "test") == "HQResize");
    CHECK_FALSE(subject_scope("fix: unscoped", "fix"));
    CHECK_FALSE(subject_scope("fix(): empty", "fix"));
    CHECK_FALSE(subject_scope("fix(a(b)): nested", "fix"));
    CHECK_FALSE(subject_scope("fix(a):no space", "fix"));
    CHECK_FALSE(subject_scope("fix(a): ", "fix"));
    CHECK_FALSE(subject_scope("fix(a)", "fix"));
    CHECK_FALSE(subject_scope("fixup(a): x", "fix"));
    CHECK_FALSE(subject_scope("test(a): x", "fix"));
}

TEST_CASE("is_refactor_subject: refactor: or refactor(<scope>):, then a blank and a description") {
    using odo::repo::is_refactor_subject;
    CHECK(is_refactor_subject("refactor: name the loop"));
    CHECK(is_refactor_subject("refactor(invert): name the loop"));
    CHECK(is_refactor_subject("refactor(invert):\tname the loop"));
    CHECK_FALSE(is_refactor_subject("refactor(invert): "));
    CHECK_FALSE(is_refactor_subject("refactor(invert):name"));
    CHECK_FALSE(is_refactor_subject("refactor(invert name"));
    CHECK_FALSE(is_refactor_subject("refactoring: name the loop"));
    CHECK_FALSE(is_refactor_subject("perf(invert): refactor: no"));
}
