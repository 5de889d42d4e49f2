#include <odo/core/atomic_write.hpp>
#include <odo/core/file.hpp>
#include <odo/core/render.hpp>

#include <doctest/doctest.h>

#include <filesystem>

namespace {
odo::Report sample(odo::Phase phase) {
    odo::Report r{"HQResize", "hqresize", phase, {}};
    r.findings.push_back({"PRE-1", phase, odo::Status::Pass, "ok", "ev", "guide", "fix-ignored"});
    r.findings.push_back({"PRE-2", phase, odo::Status::Gap, "missing", "", "g", "do it"});
    r.findings.push_back({"PRE-4", phase, odo::Status::Manual, "look", "PATH probe", "", "f"});
    r.findings.push_back({"PRE-9", phase, odo::Status::NotApplicable, "n/a", "", "", ""});
    return r;
}
} // namespace

TEST_CASE("markdown report is byte-exact to the contract") {
    const std::string expected =
        "# optimize-op: HQResize \xE2\x80\x94 phase=preflight\n\n"
        "- \xE2\x9C\x85 **PASS** `PRE-1` \xE2\x80\x94 ok\n    - evidence: ev\n    - ref: guide\n"
        "- \xE2\x9D\x8C **GAP** `PRE-2` \xE2\x80\x94 missing\n    - fix: do it\n    - ref: g\n"
        "- \xF0\x9F\x94\x8D **MANUAL** `PRE-4` \xE2\x80\x94 look\n    - evidence: PATH probe\n"
        "    - fix: f\n"
        "- \xE2\x9E\x96 **N-A** `PRE-9` \xE2\x80\x94 n/a\n\n"
        "**preflight verdict: GAPS** \xE2\x80\x94 GAP=1, MANUAL=1, N-A=1, PASS=1\n\n"
        "Done = a re-run shows zero GAP and zero unresolved MANUAL.";
    CHECK(odo::render_markdown(sample(odo::Phase::Preflight)) == expected);
}

TEST_CASE("verdicts and exit policy per phase") {
    odo::Report r{"X", "x", odo::Phase::Preflight, {}};
    r.findings.push_back({"A", r.phase, odo::Status::Manual, "", "", "", ""});
    CHECK(odo::verdict(r) == odo::Verdict::NeedsReview);
    CHECK(odo::exit_code(r) == 0); // MANUAL does not block preflight
    r.phase = odo::Phase::Evidence;
    CHECK(odo::exit_code(r) == 1); // but blocks evidence
    r.findings[0].status = odo::Status::Pass;
    CHECK(odo::verdict(r) == odo::Verdict::Pass);
    CHECK(odo::exit_code(r) == 0);
    r.findings.push_back({"B", r.phase, odo::Status::Gap, "", "", "", ""});
    CHECK(odo::exit_code(r) == 1);
    CHECK(odo::verdict(r) == odo::Verdict::Gaps);
}

TEST_CASE("json report has sorted keys, counts and exit fields") {
    const std::string json = odo::render_json(sample(odo::Phase::Evidence));
    CHECK(
        json.rfind("{\n  \"counts\": {\n    \"GAP\": 1,\n    \"MANUAL\": 1,\n    \"N-A\": 1,\n"
                   "    \"PASS\": 1\n  },\n  \"exit_blocking\": 2,\n  \"exit_gap\": 1,\n"
                   "  \"exit_manual\": 1,\n  \"findings\": [\n    {\n      \"evidence\": \"ev\",\n"
                   "      \"fix\": \"fix-ignored\",\n      \"guideline\": \"guide\",\n"
                   "      \"id\": \"PRE-1\",\n      \"phase\": \"evidence\",\n",
                   0) == 0);
    CHECK(
        json.find(
            "\"op\": \"hqresize\",\n  \"operator\": \"HQResize\",\n  \"phase\": \"evidence\"\n}") !=
        std::string::npos);
}

TEST_CASE("atomic writes replace whole files and leave nothing behind on error") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "odo-atomic-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path file = dir / "out.md";
    odo::write_file_atomically(file, "first");
    odo::write_file_atomically(file, "second");
    CHECK(odo::read_file(file) == "second");
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
    CHECK_THROWS_AS(odo::write_file_atomically(dir / "missing-dir" / "x", "y"), odo::InputError);
    CHECK_THROWS_AS(odo::read_file(dir / "absent"), odo::InputError);
    fs::remove_all(dir);
}
