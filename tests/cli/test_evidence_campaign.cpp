// Complete campaigns through the three phases of optimize_op on throw-away repositories, with
// fixed commit dates so every SHA — and so every report byte — is reproducible. The markdown
// reports of the clean campaign and of a stale summary are compared byte for byte with
// tests/data/evidence/*.md.
#include "cli_support.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>

#include <doctest/doctest.h>

#include <cstdlib>
#include <functional>
#include <tuple>
#include <utility>

namespace {

using odo::testing::TempRepo;

const std::string golden_dir = ODO_TEST_DATA_DIR "/evidence";

using odo::testing::optimize_op;

using RowEdit = std::function<void(boost::json::object& row)>;

// Applies `edit` to every committed row of the operator's config and returns the case keys.
std::vector<std::string> remeasure(const TempRepo& repo, const RowEdit& edit) {
    const std::string path = "bench/config/operators/invert.json";
    boost::json::value doc = odo::json::parse(repo.read(path), path);
    std::vector<std::string> keys;
    for (auto& config : doc.at("configs").as_object())
        for (auto& [key, per_sku] : config.value().at("baselines").as_object()) {
            keys.emplace_back(key);
            for (auto& sku : per_sku.as_object())
                edit(sku.value().as_object());
        }
    repo.write(path, odo::json::dumps(doc, {4, false, true}) + "\n");
    return keys;
}

const char* const checked_items[][2] = {
    {"Pixelwise equality to reference",
     "`EXPECT_EQ(output, InvertGold(input))` in `TestOpInvert.correct_output` against the "
     "independent host reference: 5/5 variants passed."},
    {"Memory-footprint checks", "Memory footprint section below from the odo footprint ledger: 0 B "
                                "increase, no new allocations; ODO-9 PASS."},
    {"Baselines updated",
     "`bench/config/operators/invert.json` re-measured and committed for 6 case "
     "keys on both SKUs; ODO-2 PASS."},
    {"Baseline validation", "`odo_baseline validate --reject-regressions-from main` passed with no "
                            "regression; ODO-7 PASS."},
    {"Lead exhaustion", "ncu showed 93% Memory SOL at ridge on the NHWC case; PASS."}};

// The line refactor_op's assess prints for the Review/refactor gate, run on the change (ODO-8).
std::string assess_evidence(const TempRepo& repo) {
    const auto r = odo::testing::run_in(repo.root(), ODO_REFACTOR_OP,
                                        {"Invert", "--phase", "assess", "--format", "json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return std::string(odo::json::parse(r.out, "refactor_op").at("checklist").as_string());
}

// The human part of the description: checked items, a learning, the memory section.
std::string complete_by_hand(const TempRepo& repo, std::string description) {
    std::vector<std::pair<std::string, std::string>> items;
    for (const auto& item : checked_items)
        items.emplace_back(item[0], item[1]);
    items.emplace_back("Review/refactor gate", "Assessed on the change: " + assess_evidence(repo) +
                                                   "; no refactor applied.");
    for (const auto& [label, evidence] : items) {
        const std::string open = std::string("- [ ] **") + label + "** \xE2\x80\x94 ";
        const auto at = description.find(open);
        REQUIRE(at != std::string::npos);
        const auto eol = description.find('\n', at);
        description.replace(at, eol - at,
                            std::string("- [x] **") + label + "** \xE2\x80\x94 " + evidence);
    }
    const std::string placeholder = "- No optimization attempt has been accepted or rejected yet.";
    const auto at = description.find(placeholder);
    REQUIRE(at != std::string::npos);
    description.replace(at, placeholder.size(),
                        "- Vectorizing the inner loop made every case 1.25x faster on both SKUs "
                        "(`perf(invert)` commit).");
    return description +
           "\n## Memory footprint\nPeak attributable increase: 0 B\nNew runtime CUDA "
           "allocations/frees: no\nEvidence: Measured peak device memory before and after with the "
           "odo footprint ledger; no change.\n";
}

RowEdit scaled(double speedup) {
    return [speedup](boost::json::object& row) {
        for (const char* field : {"gpu_time_us_cpp", "gpu_time_us_python"})
            row[field] = row[field].as_double() / speedup;
    };
}

struct Change {
    std::string path;
    std::string subject;
    std::string impact_metric = "cpp_time";
};

const Change kernel_change{"src/cvcuda/priv/OpInvert.cu", "perf(invert): vectorize the inner loop"};

// A campaign on Invert: a perf commit, re-measured baselines, a summary initialised as
// provisional, completed by hand and refreshed to final. Returns the description path.
std::string run_campaign(TempRepo& repo, const RowEdit& edit,
                         const Change& change = kernel_change) {
    repo.git({"checkout", "-q", "-b", "campaign"});
    repo.write(change.path, repo.read(change.path) + "// optimized\n");
    repo.commit(change.subject);
    std::string cases;
    for (const std::string& key : remeasure(repo, edit))
        if (key.find("NCHW_FAKE") == std::string::npos) // reference cases are not targets
            cases += key + "\n";
    repo.commit("bench(invert): re-measure baselines");
    repo.write(".campaign/cases.txt", cases);
    auto r = optimize_op(
        repo, {"Invert", "--phase", "summary", "--benchmark-base", "main", "--optimized-cases-file",
               ".campaign/cases.txt", "--state", "provisional", "--bottleneck", "Memory-bound",
               "--profile-evidence",
               "ncu measured 91% DRAM throughput and 88% Memory SOL on the NHWC case.",
               "--impact-metric", change.impact_metric, "--out", ".campaign/description.md"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    repo.write(".campaign/description.md",
               complete_by_hand(repo, repo.read(".campaign/description.md")));
    r = optimize_op(repo, {"Invert", "--phase", "summary", "--results", ".campaign/description.md",
                           "--out", ".campaign/description.md", "--state", "final"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return ".campaign/description.md";
}

// Fixed dates make commit SHAs, and so the reports, reproducible.
struct FixedCommitDates {
    FixedCommitDates() {
        ::setenv("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z", 1);
        ::setenv("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z", 1);
    }
    ~FixedCommitDates() {
        ::unsetenv("GIT_AUTHOR_DATE");
        ::unsetenv("GIT_COMMITTER_DATE");
    }
};

void check_golden(const std::string& report, const std::string& name) {
    const std::string path = golden_dir + "/" + name;
    if (std::getenv("ODO_UPDATE_GOLDEN"))
        odo::write_file_atomically(path, report);
    CHECK(report == odo::read_file(path));
}

} // namespace

TEST_CASE("a clean final campaign passes the evidence gate, byte for byte") {
    const FixedCommitDates dates;
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string description = run_campaign(repo, scaled(1.25));
    const auto r = optimize_op(repo, {"Invert", "--phase", "evidence", "--results", description});
    INFO(r.out);
    CHECK(r.exit_code == 0);
    check_golden(r.out, "clean_final_campaign.md");
    const auto json = optimize_op(
        repo, {"Invert", "--phase", "evidence", "--results", description, "--format", "json"});
    check_golden(json.out, "clean_final_campaign.json");
}

TEST_CASE("a BOM and CR-only or CRLF line ends in the description change no finding") {
    const FixedCommitDates dates;
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string description = run_campaign(repo, scaled(1.25));
    const auto clean =
        optimize_op(repo, {"Invert", "--phase", "evidence", "--results", description});
    REQUIRE(clean.exit_code == 0);
    const std::string lf = repo.read(description);
    for (const std::string line_end : {"\r", "\r\n"}) {
        std::string text = "\xEF\xBB\xBF";
        for (char ch : lf)
            text += ch == '\n' ? line_end : std::string(1, ch);
        repo.write(description, text);
        const auto r =
            optimize_op(repo, {"Invert", "--phase", "evidence", "--results", description});
        INFO(r.out);
        CHECK(r.exit_code == 0);
        CHECK(r.out == clean.out);
    }
}

TEST_CASE("a commit after the last refresh makes the summary stale (ODO-3), byte for byte") {
    const FixedCommitDates dates;
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string description = run_campaign(repo, scaled(1.25));
    repo.write("docs/notes.md", "one more commit\n");
    repo.commit("docs: campaign notes");
    const auto r = optimize_op(repo, {"Invert", "--phase", "evidence", "--results", description});
    CHECK(r.exit_code == 1);
    check_golden(r.out, "stale_summary.md");
}

TEST_CASE("a slower committed baseline fails ODO-7 even with a complete summary, byte for byte") {
    const FixedCommitDates dates;
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string description = run_campaign(repo, scaled(1 / 1.15)); // 15 % slower
    const auto md = optimize_op(repo, {"Invert", "--phase", "evidence", "--results", description});
    CHECK(md.exit_code == 1);
    check_golden(md.out, "slower_baseline.md");
    const auto r = optimize_op(
        repo, {"Invert", "--phase", "evidence", "--results", description, "--format", "json"});
    const auto report = odo::json::parse(r.out, "stdout");
    for (const auto& f : report.at("findings").as_array())
        if (f.at("id") == "ODO-7") {
            CHECK(f.at("status") == "GAP");
            CHECK(std::string(f.at("evidence").as_string()).find("regressed +15.00%") !=
                  std::string::npos);
        }
}

TEST_CASE("a binding-only campaign proves its Python-overhead reduction (ODO-12), byte for byte") {
    const FixedCommitDates dates;
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const RowEdit less_overhead = [](boost::json::object& row) {
        row["gpu_time_us_python"] = row["gpu_time_us_cpp"].as_double() + 2.5;
    };
    const std::string description =
        run_campaign(repo, less_overhead,
                     {"python/mod_cvcuda/operators/OpInvert.cpp",
                      "perf(invert): cache requirements in the binding", "python_overhead"});
    const auto r = optimize_op(repo, {"Invert", "--phase", "evidence", "--results", description});
    INFO(r.out);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("`ODO-12` \xE2\x80\x94 Binding-only Python-overhead improvement clears") !=
          std::string::npos);
    check_golden(r.out, "binding_only_campaign.md");
}

namespace {

// The JSON report of an evidence run on the campaign's description.
boost::json::value evidence_report(const TempRepo& repo, const std::string& description) {
    const auto r = optimize_op(
        repo, {"Invert", "--phase", "evidence", "--results", description, "--format", "json"});
    INFO(r.err);
    return odo::json::parse(r.out, "optimize_op stdout");
}

// ODO-8's finding of an evidence run on the campaign's description: status and evidence.
std::pair<std::string, std::string> odo8_of(const TempRepo& repo, const std::string& description) {
    const auto report = evidence_report(repo, description);
    return {odo::testing::finding_field(report, "ODO-8", "status", "absent"),
            odo::testing::finding_field(report, "ODO-8", "evidence", "absent")};
}

// The Review/refactor gate line refactor_op's verify prints with `commit` checked out, compared
// with `base`, after `edit` (uncommitted) and with a green pixel evidence line of Invert's tests.
std::string verify_line_at(const TempRepo& repo, const std::string& commit, const std::string& base,
                           const std::string& edit = "") {
    repo.git({"checkout", "-q", commit});
    const std::string kernel = "src/cvcuda/priv/OpInvert.cu";
    const std::string original = repo.read(kernel);
    repo.write(kernel, original + edit);
    // The evidence line names the tree the tests ran on: the one verify judges.
    const auto bare =
        odo::testing::run_in(repo.root(), ODO_REFACTOR_OP,
                             {"Invert", "--phase", "verify", "--base", base, "--format", "json"});
    const std::string bare_line(
        odo::json::parse(bare.out, "refactor_op").at("checklist").as_string());
    const std::string sources = bare_line.substr(bare_line.find(" on sources ") + 12, 16);
    repo.write("../campaign-pixels.txt",
               "- [x] **Pixelwise equality to reference** \xE2\x80\x94 `EXPECT_EQ(out, gold)` "
               "against the host reference in `TestOpInvert.correct_output`: 5/5 variants passed, "
               "4096 elements compared; sources " +
                   sources + "\n");
    const auto r = odo::testing::run_in(
        repo.root(), ODO_REFACTOR_OP,
        {"Invert", "--phase", "verify", "--base", base, "--pixel-evidence",
         (repo.root() / "../campaign-pixels.txt").string(), "--format", "json"});
    repo.write(kernel, original);
    repo.git({"checkout", "-q", "campaign"});
    INFO(r.err);
    REQUIRE(r.exit_code != 2);
    return std::string(odo::json::parse(r.out, "refactor_op").at("checklist").as_string());
}

// The description with `line` cited at the end of its Review/refactor gate item.
void cite_in_review_item(const TempRepo& repo, const std::string& description,
                         const std::string& line) {
    std::string text = repo.read(description);
    const auto at = text.find("**Review/refactor gate** \xE2\x80\x94 ");
    REQUIRE(at != std::string::npos);
    text.insert(text.find('\n', at), "; " + line);
    repo.write(description, text);
}

} // namespace

TEST_CASE("ODO-8 re-checks a refactor: commit's verify report: its parent, its tree, its verdict") {
    const FixedCommitDates dates;
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    const std::string description =
        run_campaign(repo, scaled(1.25),
                     {"src/cvcuda/priv/OpInvert.cu", "refactor(invert): name the inner loop"});
    const std::string refactor = repo.git({"rev-parse", "campaign~1"}).substr(0, 40);
    const std::string parent = repo.git({"rev-parse", "campaign~2"}).substr(0, 40);
    const std::string original = repo.read(description);

    auto [status, evidence] = odo8_of(repo, description);
    CHECK(status == "GAP");
    CHECK(odo::testing::contains(evidence,
                                 "refactor(invert): name the inner loop; no verify report cited"));

    // verify with the refactor commit checked out, against its parent: PARITY-OK, and ODO-8 agrees.
    cite_in_review_item(repo, description, verify_line_at(repo, refactor, parent));
    std::tie(status, evidence) = odo8_of(repo, description);
    CHECK(status == "PASS");
    CHECK(odo::testing::contains(evidence, "verify PARITY-OK of " + refactor.substr(0, 8)));
    // Proven or not, a refactor of the kernel is no commit of its own in a campaign (ODO-6, as in
    // the reference); the fix says where it goes instead (docs/refactor.md).
    const auto report = evidence_report(repo, description);
    CHECK(odo::testing::finding_field(report, "ODO-6", "status", "absent") == "GAP");
    CHECK(odo::testing::finding_field(report, "ODO-6", "evidence", "absent") ==
          refactor.substr(0, 8) +
              " refactor(invert): name the inner loop (not a scoped fix(<operator>): subject)");
    CHECK(odo::testing::contains(
        odo::testing::finding_field(report, "ODO-6", "fix", "absent"),
        "squash it into the perf: commit that needs it, or move it to its own MR, where "
        "refactor_op's RED-* and VER-* gates apply"));

    // Run before the commit's last edit: other sources.
    repo.write(description, original);
    cite_in_review_item(repo, description,
                        verify_line_at(repo, refactor, parent, "// not what was committed\n"));
    std::tie(status, evidence) = odo8_of(repo, description);
    CHECK(status == "GAP");
    CHECK(odo::testing::contains(evidence, "; cited verify sources="));

    // Against another base: the refactor commit itself.
    repo.write(description, original);
    cite_in_review_item(repo, description, verify_line_at(repo, "campaign", refactor));
    std::tie(status, evidence) = odo8_of(repo, description);
    CHECK(status == "GAP");
    CHECK(odo::testing::contains(evidence,
                                 "; parent " + parent + "; cited verify base: " + refactor));

    // The campaign's tip against the parent: the same sources, but the benchmark tree changed.
    repo.write(description, original);
    cite_in_review_item(repo, description, verify_line_at(repo, "campaign", parent));
    std::tie(status, evidence) = odo8_of(repo, description);
    CHECK(status == "GAP");
    CHECK(odo::testing::contains(evidence, "; cited verify: GATE-FAIL"));

    // A second refactor: commit that edits the frozen test: its verify is GATE-FAIL, and a line
    // edited to PARITY-OK is caught by the gate's own verify of the commit.
    const std::string test = "tests/cvcuda/system/TestOpInvert.cpp";
    repo.write(test, repo.read(test) + "// tidied\n");
    repo.git({"add", test}); // the campaign's own files stay out of the commit
    repo.git({"commit", "-q", "-m", "refactor(invert): tidy the test"});
    std::string edited = verify_line_at(repo, "campaign", "campaign~1");
    REQUIRE(odo::testing::contains(edited, ": GATE-FAIL "));
    edited.replace(edited.find("GATE-FAIL"), 9, "PARITY-OK");
    repo.write(description, original);
    cite_in_review_item(repo, description, verify_line_at(repo, refactor, parent) + "; " + edited);
    std::tie(status, evidence) = odo8_of(repo, description);
    CHECK(status == "GAP");
    CHECK(odo::testing::contains(evidence, "refactor(invert): tidy the test; re-run: VER-1 GAP"));
}
