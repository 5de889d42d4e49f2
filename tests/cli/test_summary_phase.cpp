// The summary phase on throw-away git repositories made from tests/data/oprepo: the base commit
// holds the committed baselines, the candidate commit scales some of Flip's rows by 0.8.
#include "temp_repo.hpp"

#include <odo/campaign/ledger_append.hpp>
#include <odo/campaign/ledger_record.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/gates/summary_phase.hpp>
#include <odo/summary/evidence_text.hpp>
#include <odo/summary/lead_exhaustion_text.hpp>
#include <odo/summary/validate.hpp>

#include <doctest/doctest.h>

#include <filesystem>

using odo::testing::TempRepo;
using namespace odo::summary;

namespace {

const std::string flip_config = "bench/config/operators/flip.json";

std::filesystem::path summary_oprepo() {
    return std::filesystem::path(ODO_TEST_DATA_DIR) / "oprepo";
}

// Scales every `every`-th case of flip.json by `factor` on every SKU; returns the scaled keys
// that are optimization targets (not FakePlanar references).
std::vector<std::string> scale_flip(const TempRepo& repo, double factor, std::size_t every = 2) {
    boost::json::value doc = odo::json::parse(repo.read(flip_config), flip_config);
    std::vector<std::string> scaled;
    std::size_t index = 0;
    for (auto& config : doc.as_object()["configs"].as_object())
        for (auto& c : config.value().as_object()["baselines"].as_object()) {
            if (index++ % every)
                continue;
            for (auto& sku : c.value().as_object())
                for (const char* field : {"gpu_time_us_cpp", "gpu_time_us_python"})
                    if (auto* t = sku.value().as_object().if_contains(field))
                        *t = *odo::json::as_number(*t) * factor;
            if (std::string(c.key()).find("_FAKE]") == std::string::npos)
                scaled.emplace_back(c.key());
        }
    odo::json::DumpOptions pretty;
    pretty.indent = 4;
    repo.write(flip_config, odo::json::dumps(doc, pretty) + "\n");
    return scaled;
}

struct Campaign {
    TempRepo repo{summary_oprepo()};
    std::string base = repo.head();
    std::vector<std::string> optimized;
    std::string head;
    std::filesystem::path cases_file = repo.root() / "cases.txt";

    Campaign() {
        optimized = scale_flip(repo, 0.8);
        head = repo.commit("perf(flip): vectorize loads");
        std::string lines = "\n";
        for (const auto& key : optimized)
            lines += "  " + key + "  \n\n";
        odo::write_file_atomically(cases_file, lines);
    }

    odo::gates::SummaryPhaseOptions init(const std::string& state = "provisional") const {
        odo::gates::SummaryPhaseOptions o;
        o.repo_root = repo.root();
        o.operator_name = "flip";
        o.benchmark_base = base;
        o.optimized_cases_file = cases_file.string();
        o.state = state;
        o.bottleneck = "Memory-bound";
        o.profile_evidence = "ncu measured 91% DRAM throughput.";
        return o;
    }

    odo::gates::SummaryPhaseOptions refresh(const std::filesystem::path& description) const {
        odo::gates::SummaryPhaseOptions o;
        o.repo_root = repo.root();
        o.operator_name = "Flip";
        o.results = description.string();
        return o;
    }

    ValidationResult validate(const std::string& description) const {
        const auto baseline =
            odo::json::parse(repo.git({"show", base + ":" + flip_config}), "baseline");
        const auto candidate = odo::json::parse(repo.read(flip_config), "candidate");
        const auto skus = odo::json::parse(repo.read("bench/config/sku_map.json"), "sku_map");
        ValidationOptions v;
        v.baseline_config = &baseline;
        v.candidate_config = &candidate;
        v.sku_map = &skus;
        v.expected_operator = "Flip";
        v.expected_candidate_commit = repo.head();
        return validate_summary(description, v);
    }
};

std::string phase_error(const odo::gates::SummaryPhaseOptions& o) {
    try {
        odo::gates::run_summary_phase(o);
    } catch (const odo::InputError& e) {
        return e.what();
    }
    return "";
}

std::string first_error(const ValidationResult& r) {
    return r.errors.empty() ? "" : r.errors[0].code + ": " + r.errors[0].message;
}

} // namespace

TEST_CASE("summary init: the baseline from git, the candidate from the working tree") {
    const Campaign c;
    const std::string text = odo::gates::run_summary_phase(c.init());
    const ParsedSummary parsed = parse_summary(text);
    CHECK(parsed.metadata.operator_name == "Flip");
    CHECK(parsed.metadata.baseline_commit == c.base);
    CHECK(parsed.metadata.candidate_commit == c.head);
    CHECK(parsed.metadata.optimized_cases == c.optimized);
    CHECK(parsed.metadata.state == State::Provisional);
    CHECK(parsed.body.profile_evidence == "ncu measured 91% DRAM throughput.");
    for (const ImpactRow& row : parsed.body.impact_rows)
        if (row.scope == ImpactScope::Optimized)
            CHECK(row.values[0].min.fixed(2) == "1.25");
    const ValidationResult r = c.validate(text);
    CHECK_MESSAGE(r.ok(), first_error(r));
}

TEST_CASE("summary init with python_overhead and secondary operators, written with --out") {
    const Campaign c;
    auto o = c.init();
    o.impact_metric = "python_overhead";
    o.secondary_operators = {"Invert"};
    o.out = c.repo.root() / "description.md";
    const std::string text = odo::gates::run_summary_phase(o);
    CHECK(c.repo.read("description.md") == text + "\n");
    const ParsedSummary parsed = parse_summary(text);
    CHECK(parsed.metadata.impact_metric == ImpactMetric::PythonOverhead);
    CHECK(parsed.metadata.secondary_operators == std::vector<std::string>{"Invert"});
}

TEST_CASE("summary refresh in place keeps the surrounding description and follows HEAD") {
    Campaign c;
    const std::filesystem::path description = c.repo.root() / "mr.md";
    const std::string intro = "## Flip vectorization\r\n\r\nIntro text.\r\n\r\n";
    const std::string memory =
        "\n\n## Memory footprint\nPeak attributable increase: 0 B\nNew runtime CUDA "
        "allocations/frees: no\nEvidence: Source inspection found no new runtime allocations.\n";
    odo::write_file_atomically(description,
                               intro + odo::gates::run_summary_phase(c.init()) + memory);
    // A second optimization commit moves HEAD and the numbers.
    scale_flip(c.repo, 0.5, 4);
    const std::string head = c.repo.commit("perf(flip): unroll");
    auto o = c.refresh(description);
    o.out = description;
    o.state = "provisional";
    odo::gates::run_summary_phase(o);
    const std::string refreshed = c.repo.read("mr.md");
    CHECK(refreshed.rfind(intro, 0) == 0);
    CHECK(refreshed.substr(refreshed.size() - memory.size()) == memory);
    const ParsedSummary parsed = parse_summary(refreshed);
    CHECK(parsed.metadata.candidate_commit == head);
    CHECK(parsed.metadata.baseline_commit == c.base);
    const ValidationResult r = c.validate(refreshed);
    CHECK_MESSAGE(r.ok(), first_error(r));
    // Refresh ignores the init-only options.
    auto again = c.refresh(description);
    again.benchmark_base = "no-such-ref";
    again.bottleneck = "Compute-bound";
    CHECK(parse_summary(odo::gates::run_summary_phase(again)).body.bottleneck ==
          Bottleneck::MemoryBound);
}

TEST_CASE("summary refresh of a description starting with a byte order mark keeps the mark") {
    Campaign c;
    const std::filesystem::path description = c.repo.root() / "mr.md";
    const std::string bom = "\xEF\xBB\xBF";
    // The block on the first line, right after the mark, as an editor saving with a BOM writes it.
    odo::write_file_atomically(description, bom + odo::gates::run_summary_phase(c.init()) + "\n");
    scale_flip(c.repo, 0.5, 4);
    const std::string head = c.repo.commit("perf(flip): unroll");
    auto o = c.refresh(description);
    o.out = description;
    odo::gates::run_summary_phase(o);
    const std::string refreshed = c.repo.read("mr.md");
    CHECK(refreshed.rfind(bom + "<!-- ", 0) == 0);
    CHECK(parse_summary(refreshed).metadata.candidate_commit == head);
    const ValidationResult r = c.validate(refreshed);
    CHECK_MESSAGE(r.ok(), first_error(r));
}

TEST_CASE("summary refresh from standard input") {
    const Campaign c;
    const std::string text = odo::gates::run_summary_phase(c.init());
    odo::gates::SummaryPhaseOptions o;
    o.repo_root = c.repo.root();
    o.operator_name = "flip";
    o.results = "-";
    o.results_text = text;
    o.impact_metric = "python_overhead";
    CHECK(parse_summary(odo::gates::run_summary_phase(o)).metadata.impact_metric ==
          ImpactMetric::PythonOverhead);
}

TEST_CASE("a failed refresh onto its own file leaves the file untouched") {
    Campaign c;
    const std::filesystem::path description = c.repo.root() / "mr.md";
    auto init = c.init();
    init.out = description;
    odo::gates::run_summary_phase(init);
    const std::string before = c.repo.read("mr.md");
    // The candidate loses an A100 timing: coverage fails.
    boost::json::value doc = odo::json::parse(c.repo.read(flip_config), flip_config);
    auto& configs = doc.as_object()["configs"].as_object();
    auto& first = configs.begin()->value().as_object()["baselines"].as_object();
    first.begin()->value().as_object().erase("A100_PCIE_40GB_250W_1095MHz");
    c.repo.write(flip_config, odo::json::dumps(doc));
    auto o = c.refresh(description);
    o.out = description;
    CHECK(phase_error(o).find("lacks full before/after gpu_time_us_cpp coverage") !=
          std::string::npos);
    CHECK(c.repo.read("mr.md") == before);
    std::size_t leftovers = 0;
    for (const auto& f : std::filesystem::directory_iterator(c.repo.root()))
        leftovers += f.path().filename().string().find(".odo-tmp") != std::string::npos;
    CHECK(leftovers == 0);
}

TEST_CASE("summary phase errors") {
    Campaign c;
    auto o = c.init();
    o.state.reset();
    o.profile_evidence.reset();
    CHECK(phase_error(o) == "initializing a summary requires --state, --profile-evidence");
    o = c.init();
    o.benchmark_base = "no-such-ref";
    CHECK(phase_error(o) == "cannot resolve benchmark base 'no-such-ref'");
    o.benchmark_base = c.head;
    CHECK(phase_error(o) == "benchmark base must precede HEAD, not equal it");
    o = c.init();
    o.optimized_cases_file = (c.repo.root() / "absent.txt").string();
    CHECK(phase_error(o) == "cannot read optimized cases file " + *o.optimized_cases_file +
                                ": No such file or directory");
    o = c.init();
    o.bottleneck = "IO-bound";
    CHECK(phase_error(o) == "bottleneck must be Memory-bound or Compute-bound");
    o = c.init();
    odo::write_file_atomically(c.cases_file, "flip_nope[a=1]\n");
    CHECK(phase_error(o) == "optimized_cases contains 1 unknown key(s), e.g. flip_nope[a=1]");
    CHECK(phase_error(c.refresh(c.repo.root() / "absent.md")) ==
          "cannot read MR description: " + (c.repo.root() / "absent.md").string());
    odo::write_file_atomically(c.repo.root() / "plain.md", "no summary here\n");
    CHECK(phase_error(c.refresh(c.repo.root() / "plain.md")) ==
          "expected exactly one live start marker and one matching end marker");
    // Last: the side branch commit takes the untracked cases file with it.
    c.repo.git({"checkout", "-q", "-b", "side", c.base});
    c.repo.write("side.txt", "x");
    const std::string side = c.repo.commit("chore: side branch");
    c.repo.git({"checkout", "-q", "main"});
    o = c.init();
    o.benchmark_base = side;
    CHECK(phase_error(o) == "benchmark base must be an ancestor of HEAD");
}

TEST_CASE("summary phase: configs that cannot be loaded") {
    Campaign c;
    c.repo.write("bench/config/sku_map.json", "{not json");
    CHECK(phase_error(c.init()) == "cannot load bench/config/sku_map.json");
    c.repo.remove(flip_config);
    CHECK(phase_error(c.init()) ==
          "cannot load candidate benchmark config: bench/config/operators/flip.json");
}

TEST_CASE("summary phase: a base without the operator's config") {
    TempRepo repo;
    repo.write("README.md", "empty\n");
    const std::string base = repo.commit("chore: before the benchmarks");
    std::filesystem::copy(summary_oprepo(), repo.root(),
                          std::filesystem::copy_options::recursive |
                              std::filesystem::copy_options::skip_existing);
    repo.commit("feat: benchmarks");
    odo::gates::SummaryPhaseOptions o;
    o.repo_root = repo.root();
    o.operator_name = "flip";
    o.benchmark_base = base;
    o.optimized_cases_file = (repo.root() / "README.md").string();
    o.state = "provisional";
    o.bottleneck = "Memory-bound";
    o.profile_evidence = "ncu measured 91% DRAM throughput.";
    CHECK(phase_error(o) ==
          "cannot load baseline benchmark config at " + base + ":bench/config/operators/flip.json");
}

TEST_CASE("summary phase: the marker token comes from the layout profile") {
    const Campaign c;
    auto o = c.init();
    o.layout.grammar.summary_marker = "mylib-summary:v1";
    const std::string text = odo::gates::run_summary_phase(o);
    CHECK(text.rfind("<!-- mylib-summary:v1 {", 0) == 0);
    CHECK(parse_summary(text, Markers("mylib-summary:v1")).metadata.operator_name == "Flip");
}

TEST_CASE("optimize_op --phase summary prints the description, or writes it with --out") {
    const Campaign c;
    const std::string driver = ODO_OPTIMIZE_OP;
    const std::vector<std::string> init{"flip",
                                        "--phase",
                                        "summary",
                                        "--benchmark-base",
                                        c.base,
                                        "--optimized-cases-file",
                                        c.cases_file.string(),
                                        "--state",
                                        "provisional",
                                        "--bottleneck",
                                        "Memory-bound",
                                        "--profile-evidence",
                                        "ncu measured 91% DRAM throughput.",
                                        "--secondary-operator",
                                        "Invert"};
    const odo::ProcessResult printed = odo::testing::run_in(c.repo.root(), driver, init);
    CHECK(printed.exit_code == 0);
    REQUIRE(!printed.out.empty());
    CHECK(printed.out.back() == '\n');
    const ParsedSummary parsed = parse_summary(printed.out);
    CHECK(parsed.metadata.candidate_commit == c.head);
    CHECK(parsed.metadata.secondary_operators == std::vector<std::string>{"Invert"});
    CHECK(c.validate(printed.out).ok());

    auto with_out = init;
    with_out.insert(with_out.end(), {"--out", "mr.md"});
    const odo::ProcessResult written = odo::testing::run_in(c.repo.root(), driver, with_out);
    CHECK(written.exit_code == 0);
    CHECK(written.out.empty());
    CHECK(c.repo.read("mr.md") == printed.out);

    const odo::ProcessResult refreshed =
        odo::testing::run_in(c.repo.root(), driver,
                             {"Flip", "--phase", "summary", "--results", "mr.md", "--out", "mr.md",
                              "--impact-metric", "python_overhead"});
    CHECK(refreshed.exit_code == 0);
    CHECK(parse_summary(c.repo.read("mr.md")).metadata.impact_metric ==
          ImpactMetric::PythonOverhead);
}

TEST_CASE("optimize_op --phase summary errors: one line on stderr, exit 2") {
    const Campaign c;
    const odo::ProcessResult r = odo::testing::run_in(
        c.repo.root(), ODO_OPTIMIZE_OP, {"flip", "--phase", "summary", "--state", "final"});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "optimize-op summary: initializing a summary requires --benchmark-base, "
                   "--optimized-cases-file, --bottleneck, --profile-evidence\n");
    const odo::ProcessResult missing = odo::testing::run_in(
        c.repo.root(), ODO_OPTIMIZE_OP, {"flip", "--phase", "summary", "--results", "absent.md"});
    CHECK(missing.exit_code == 2);
    CHECK(missing.err == "optimize-op summary: cannot read MR description: absent.md\n");
}

namespace {

const std::string flip_ledger = "bench/campaigns/OpFlip.ledger.jsonl";
const std::string flip_profiled = "flip_uchar3_basic[InOutDataType=uchar3][shape=8x1080x1920]"
                                  "[layout=NHWC][inputKind=Tensor]";

// Records as odo_campaign writes them, on Flip's NHWC Tensor case.
odo::campaign::NewRecord flip_record(odo::campaign::RecordKind kind, boost::json::object fields) {
    return {kind,
            "2020-01-01T00:00:00Z",
            std::string(40, 'a'),
            "Flip",
            std::move(fields),
            {odo::campaign::cite_bytes("bench/campaigns/roofline.json", "{}")}};
}

odo::campaign::NewRecord flip_profile(double bwutil_pct) {
    return flip_record(
        odo::campaign::RecordKind::Profile,
        odo::campaign::profile_fields({"host-roofline",
                                       flip_profiled,
                                       {},
                                       boost::json::object{{"bwutil_pct", bwutil_pct}},
                                       bwutil_pct >= 60 ? "memory-bound" : "compute-bound",
                                       bwutil_pct,
                                       80}));
}

// A lead on the profiled case and its evaluation: the case from 100 us to `after_us`.
std::vector<odo::campaign::NewRecord> flip_lead(const std::string& id, double after_us) {
    std::vector<odo::campaign::RunTiming> before, after;
    for (int run = 0; run < 3; ++run) {
        before.push_back({flip_profiled, "HOST", 100, 1});
        after.push_back({flip_profiled, "HOST", after_us, 1});
    }
    const auto e = odo::campaign::evaluate_lead(before, after, {flip_profiled});
    return {
        flip_record(odo::campaign::RecordKind::Lead,
                    odo::campaign::lead_fields(id, "wider loads", "memory", {flip_profiled})),
        flip_record(odo::campaign::RecordKind::Evaluation,
                    odo::campaign::evaluation_fields(id, e, before, after, std::nullopt, "cpp"))};
}

void write_flip_ledger(const TempRepo& repo, const std::vector<odo::campaign::NewRecord>& records) {
    std::string bytes;
    for (const auto& r : records)
        bytes = odo::campaign::append_record(bytes, r, flip_ledger);
    repo.write(flip_ledger, bytes);
}

const ChecklistItem& lead_exhaustion_item(const ParsedSummary& s) {
    for (const ChecklistItem& item : s.body.checklist)
        if (item.label == "Lead exhaustion")
            return item;
    FAIL("no Lead exhaustion item");
    return s.body.checklist.front();
}

} // namespace

TEST_CASE("summary init with a campaign ledger: the profile evidence and Lead exhaustion from it") {
    const Campaign c;
    auto records = flip_lead("wider-loads", 70);
    records.insert(records.begin(), flip_profile(40));
    records.push_back(flip_profile(91));
    write_flip_ledger(c.repo, records);
    auto o = c.init();
    CHECK(phase_error(o) == "the campaign ledger " + flip_ledger +
                                " writes the bottleneck and the profile evidence; drop "
                                "--bottleneck and --profile-evidence");
    o.bottleneck.reset();
    o.profile_evidence.reset();
    const std::string text = odo::gates::run_summary_phase(o);
    const ParsedSummary parsed = parse_summary(text);
    CHECK(parsed.body.bottleneck == Bottleneck::MemoryBound);
    CHECK(parsed.body.profile_evidence ==
          "host-roofline measured 91.0% BWUtil for `" + flip_profiled + "` (ledger `" +
              flip_ledger +
              "` record 4, citing `bench/campaigns/roofline.json`). Classification: "
              "memory-bound, 91.0% at ridge (>= 80.0%).");
    const ChecklistItem& lead = lead_exhaustion_item(parsed);
    CHECK(lead.checked);
    CHECK(lead.evidence == "host-roofline measured 91.0% at ridge for `" + flip_profiled +
                               "` (>= 80.0%; ceiling 1.10x) after 1 win(s) (ledger `" +
                               flip_ledger + "` record 4).");
    CHECK(is_hard_evidence(lead.evidence));
    CHECK(read_lead_exhaustion(lead.evidence).exhausted());
    const ValidationResult r = c.validate(text);
    CHECK_MESSAGE(r.ok(), first_error(r));
}

TEST_CASE("summary refresh with a campaign ledger: three strikes, or the loop still going") {
    Campaign c;
    const std::filesystem::path description = c.repo.root() / "description.md";
    odo::write_file_atomically(description, odo::gates::run_summary_phase(c.init()));
    auto records = flip_lead("a", 100);
    records.insert(records.begin(), flip_profile(40));
    write_flip_ledger(c.repo, records);
    const ParsedSummary going =
        parse_summary(odo::gates::run_summary_phase(c.refresh(description)));
    CHECK_FALSE(lead_exhaustion_item(going).checked);
    CHECK(lead_exhaustion_item(going).evidence ==
          "no stop condition yet (ledger `" + flip_ledger +
              "`: 0 win(s), 1 strike(s) since the last win)");
    CHECK(going.body.bottleneck == Bottleneck::ComputeBound);
    CHECK(going.body.profile_evidence.rfind("host-roofline measured 40.0% BWUtil", 0) == 0);

    for (const char* id : {"b", "c"})
        for (auto& r : flip_lead(id, 100))
            records.push_back(std::move(r));
    write_flip_ledger(c.repo, records);
    const ParsedSummary struck =
        parse_summary(odo::gates::run_summary_phase(c.refresh(description)));
    CHECK(lead_exhaustion_item(struck).checked);
    CHECK(lead_exhaustion_item(struck).evidence ==
          "three failed leads (3 strikes) after the last win on `" + flip_profiled +
              "`, measured at 0.0% (a), 0.0% (b) and 0.0% (c) (ledger `" + flip_ledger +
              "` records 3, 5, 7).");

    // A ledger with a problem writes nothing: the record is named.
    std::string bytes = c.repo.read(flip_ledger);
    bytes.replace(bytes.rfind("\"outcome\": \"strike\""), 19, "\"outcome\": \"win\"");
    c.repo.write(flip_ledger, bytes);
    CHECK(phase_error(c.refresh(description)) ==
          flip_ledger + ": record 7: outcome says win; its runs compute strike");
}
