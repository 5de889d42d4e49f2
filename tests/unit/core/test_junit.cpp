
#include "text_helpers.hpp"

#include <odo/core/junit.hpp>
#include <odo/core/text.hpp>

#include <doctest/doctest.h>

#include <string>

namespace {

odo::Report four_statuses(odo::Phase phase) {
    odo::Report r{"HQResize", "hqresize", phase, {}};
    r.findings.push_back({"X-1", phase, odo::Status::Pass, "ok", "measured 3", "guide", "unused"});
    r.findings.push_back({"X-2", phase, odo::Status::Gap, "missing", "no file", "g", "add it"});
    r.findings.push_back({"X-3", phase, odo::Status::Manual, "look", "probe", "", "decide"});
    r.findings.push_back({"X-4", phase, odo::Status::NotApplicable, "n/a", "", "", ""});
    return r;
}

using odo::testing::contains;

} // namespace

TEST_CASE("junit: one testcase per finding, GAP fails, N-A skipped, evidence and fix in the text") {
    const std::string xml = odo::render_junit(four_statuses(odo::Phase::Evidence));
    CHECK(odo::text::starts_with(xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "));
    CHECK(contains(xml, "<testsuite name=\"odo.evidence.HQResize\" tests=\"4\" failures=\"2\" "
                        "errors=\"0\" skipped=\"1\">"));
    CHECK(contains(xml, "<testcase classname=\"odo.evidence.HQResize\" name=\"X-1 HQResize\">\n"
                        "      <system-out>PASS: ok\nevidence: measured 3\nref: guide"
                        "</system-out>"));
    CHECK(contains(xml, "name=\"X-2 HQResize\">\n      <failure message=\"GAP: missing\" "
                        "type=\"GAP\">GAP: missing\nevidence: no file\nfix: add it\nref: g"
                        "</failure>"));
    CHECK(contains(xml, "name=\"X-4 HQResize\">\n      <skipped message=\"N-A: n/a\">N-A: n/a"
                        "</skipped>"));
    CHECK(odo::text::ends_with(xml, "  </testsuite>\n</testsuites>"));
}

TEST_CASE("junit: MANUAL fails where it blocks the phase and is skipped with its text otherwise") {
    const std::string evidence = odo::render_junit(four_statuses(odo::Phase::Evidence));
    CHECK(contains(evidence, "name=\"X-3 HQResize\">\n      <failure message=\"MANUAL: look\" "
                             "type=\"MANUAL\">MANUAL: look\nevidence: probe\nfix: decide"
                             "</failure>"));
    const std::string preflight = odo::render_junit(four_statuses(odo::Phase::Preflight));
    CHECK(contains(preflight, "failures=\"1\" errors=\"0\" skipped=\"2\""));
    CHECK(contains(preflight, "name=\"X-3 HQResize\">\n      <skipped message=\"MANUAL: look\">"
                              "MANUAL: look\nevidence: probe\nfix: decide</skipped>"));
}

TEST_CASE("junit: several suites; items make the names of a per-item check unique") {
    odo::Report r{"bench_invert", "bench_invert", odo::Phase::Evidence, {}};
    r.findings.push_back({"BENCH-TIME", r.phase, odo::Status::Pass, "same", "", "", ""});
    r.findings.push_back({"BENCH-TIME", r.phase, odo::Status::Gap, "slower", "", "", ""});
    odo::Report other{"bench_flip", "bench_flip", odo::Phase::Evidence, {r.findings[0]}};
    const std::string xml = odo::render_junit(
        {{"bench", r, {"invert_basic[0]", "invert_basic[1]"}}, {"bench", other, {"flip_basic[0]"}}},
        "odo bench");
    CHECK(contains(xml,
                   "<testsuites name=\"odo bench\" tests=\"3\" failures=\"1\" errors=\"0\" "
                   "skipped=\"0\">\n  <testsuite name=\"odo.bench.bench_invert\" tests=\"2\""));
    CHECK(contains(xml, "classname=\"odo.bench.bench_invert\" "
                        "name=\"BENCH-TIME bench_invert invert_basic[0]\""));
    CHECK(contains(xml, "name=\"BENCH-TIME bench_invert invert_basic[1]\""));
    CHECK(contains(xml, "  </testsuite>\n  <testsuite name=\"odo.bench.bench_flip\" tests=\"1\""));
    CHECK(contains(xml, "name=\"BENCH-TIME bench_flip flip_basic[0]\""));
}

TEST_CASE("junit: hostile text is escaped and no control character or bad UTF-8 reaches it") {
    odo::Report r{"Op\"<&>", "op", odo::Phase::Evidence, {}};
    const std::string hostile = std::string("a]]></failure><x y='1'>\x1b[31m\x01") + "\x7f" +
                                "\xC2\x85" + "\xFF" + "\xED\xA0\x80" + "\xEF\xBF\xBE" + "\xE2\x82" +
                                "\tq\r\n\xC3\xA9\xF0\x9F\x94\x8D";
    r.findings.push_back({"ODO-1", r.phase, odo::Status::Gap, hostile, hostile, "", hostile});
    const std::string xml = odo::render_junit(r);
    CHECK(contains(xml, "classname=\"odo.evidence.Op&quot;&lt;&amp;&gt;\""));
    CHECK(contains(xml, "message=\"GAP: a]]&gt;&lt;/failure&gt;&lt;x y='1'&gt;\\x1B[31m\\x01\\x7F"
                        "\\xC2\\x85\\xFF\\xED\\xA0\\x80\\xEF\\xBF\\xBE\\xE2\\x82&#9;q\\x0D&#10;"
                        "\xC3\xA9\xF0\x9F\x94\x8D\""));
    CHECK(contains(xml, "\\xE2\\x82\tq\\x0D\n\xC3\xA9"));
    for (const char c : xml) {
        const auto byte = static_cast<unsigned char>(c);
        CHECK_FALSE(((byte < 0x20 && c != '\n' && c != '\t') || byte == 0x7F));
    }
}
