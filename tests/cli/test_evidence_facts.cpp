// The evidence facts gathered from real git (gates/evidence_facts.hpp) on throw-away
// repositories laid out from tests/data/oprepo, judged by the evidence checks.
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/gates/evidence_facts.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

using odo::testing::oprepo_fixture;

using odo::Finding;
using odo::Status;
using odo::testing::TempRepo;
using namespace odo::gates;

using odo::testing::guide;
const std::string invert_kernel = "src/cvcuda/priv/OpInvert.cu";
const std::string config = "bench/config/operators/invert.json";
const std::string invert_binding = "python/mod_cvcuda/operators/OpInvert.cpp";
const std::string header = "src/cvcuda/include/cvcuda/OpInvert.hpp";
const odo::repo::OperatorSet ops = {"flip", "invert"};

// The Invert campaign of a fixture repository: its facts against `base`, and its checks.
struct FactsCampaign {
    odo::repo::Layout layout;
    odo::repo::OperatorPaths op;
    ConfigDocuments documents; // the run's config versions, knowing the working tree's bytes
    EvidenceFacts facts;

    FactsCampaign(const TempRepo& repo, const std::string& base)
        : op(odo::repo::resolve_operator(repo.root(), layout, "Invert")),
          documents(odo::repo::try_read_repo_file(repo.root(), config)),
          facts(gather_evidence_facts(odo::repo::Git(repo.root()), layout, op, ops, base,
                                      documents)) {}

    std::optional<Finding> odo0() const {
        return check_odo0_no_optimization(facts.range, op, guide);
    }
    Finding odo2() const {
        return check_odo2_baselines_updated(facts.range, facts.config, op, guide);
    }
    Finding odo5() const { return check_odo5_api_abi(facts.range, facts.api, op, layout, guide); }
    Finding odo6() const {
        return check_odo6_perf_hygiene(facts.range, facts.commits, op, ops, layout, guide);
    }
    Finding odo10() const {
        return check_odo10_operator_scope(facts.range, ops, layout, op,
                                          {op.operator_name, {}, std::nullopt}, {}, guide);
    }
};

void replace_unique_in(const TempRepo& repo, const std::string& path, const std::string& from,
                       const std::string& to) {
    std::string text = repo.read(path);
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    REQUIRE(text.find(from, at + 1) == std::string::npos);
    repo.write(path, text.replace(at, from.size(), to));
}

using odo::testing::contains;

} // namespace

TEST_CASE("a kernel optimization with re-measured baselines: the facts and the clean checks") {
    TempRepo repo(oprepo_fixture);
    const std::string base = repo.head();
    repo.write(invert_kernel, repo.read(invert_kernel) + "// vectorized loads\n");
    const std::string perf = repo.commit("perf(invert): vectorize loads");
    replace_unique_in(repo, config, "\"gpu_time_us_cpp\": 137.25", "\"gpu_time_us_cpp\": 120.5");
    const std::string refresh = repo.commit("chore: refresh invert baselines");
    const FactsCampaign c(repo, base);

    CHECK(c.facts.range.merge_base == base);
    CHECK(c.facts.range.problem.empty());
    CHECK(c.facts.range.changed == std::vector<std::string>{config, invert_kernel});
    CHECK(c.facts.range.implementation_changed == std::vector<std::string>{invert_kernel});
    REQUIRE(c.facts.commits.commits.size() == 2);
    CHECK(c.facts.commits.commits[0].sha == refresh);
    CHECK(c.facts.commits.commits[0].parents == std::vector<std::string>{perf});
    CHECK(c.facts.commits.commits[0].files == std::vector<std::string>{config});
    CHECK(c.facts.commits.commits[1].subject == "perf(invert): vectorize loads");
    REQUIRE(c.facts.commits.outside.count(base));
    CHECK(c.facts.commits.outside.at(base).subject == "chore: establish test base");
    REQUIRE(c.facts.config.before);
    REQUIRE(c.facts.config.after);
    REQUIRE(c.facts.config.after->document);
    CHECK(*c.facts.config.after->document == boost::json::parse(repo.read(config)));
    // HEAD's bytes are the working tree's: one document serves both.
    CHECK(c.facts.config.after->document == c.documents.working()->document);
    CHECK(c.facts.config.before->document != c.facts.config.after->document);
    CHECK(c.facts.api.binding_before == c.facts.api.binding_after);
    REQUIRE(c.facts.api.header_lines);
    CHECK(c.facts.api.header_lines->empty());

    CHECK_FALSE(c.odo0());
    const Finding odo2 = c.odo2();
    CHECK(odo2.status == Status::Pass);
    CHECK(odo2.evidence ==
          config + " baselines changed vs " + base +
              "; 1 row(s) added or changed: configs ['invert_uchar3_basic']; case keys "
              "['invert_uchar3_basic[InOutDataType=uchar3][shape=8x1080x1920][layout=NHWC]"
              "[inputKind=Tensor]']; SKUs ['H100_PCIe_350W_1095MHz']");
    CHECK(c.odo5().status == Status::Pass);
    const Finding odo6 = c.odo6();
    CHECK(odo6.status == Status::Pass);
    CHECK(odo6.evidence == "2 commit(s) checked");
    CHECK(c.odo10().status == Status::Pass);
}

TEST_CASE("an implementation change without re-measured baselines is an ODO-2 GAP") {
    TempRepo repo(oprepo_fixture);
    const std::string base = repo.head();
    repo.write(invert_kernel, repo.read(invert_kernel) + "// faster\n");
    // Editing a case definition next to the baseline block is not a re-measurement.
    replace_unique_in(repo, config, "\"description\": \"invert basic\"",
                      "\"description\": \"basic\"");
    repo.commit("perf(invert): faster");
    const Finding odo2 = FactsCampaign(repo, base).odo2();
    CHECK(odo2.status == Status::Gap);
    CHECK(odo2.evidence == "no baseline delta in " + config);
}

TEST_CASE("ODO-2 judges HEAD's config, not an uncommitted working-tree edit") {
    TempRepo repo(oprepo_fixture);
    const std::string base = repo.head();
    repo.write(invert_kernel, repo.read(invert_kernel) + "// faster\n");
    repo.commit("perf(invert): faster");
    // Re-measured in the working tree only: HEAD still holds the base's rows.
    replace_unique_in(repo, config, "\"gpu_time_us_cpp\": 137.25", "\"gpu_time_us_cpp\": 120.5");
    const FactsCampaign uncommitted(repo, base);
    CHECK(uncommitted.odo2().status == Status::Gap);
    CHECK(uncommitted.facts.config.after->document != uncommitted.documents.working()->document);
    // One version parsed once: HEAD's bytes are the merge base's.
    CHECK(uncommitted.facts.config.after->document == uncommitted.facts.config.before->document);

    repo.commit("chore: refresh invert baselines");
    // Committed, then the working tree put back to the base's bytes: HEAD's rows count.
    replace_unique_in(repo, config, "\"gpu_time_us_cpp\": 120.5", "\"gpu_time_us_cpp\": 137.25");
    const FactsCampaign reverted(repo, base);
    CHECK(reverted.odo2().status == Status::Pass);
    CHECK(reverted.facts.config.before->document == reverted.documents.working()->document);
    CHECK(reverted.facts.config.after->document != reverted.documents.working()->document);
}

TEST_CASE("a change that leaves the implementation alone reaches ODO-0/ODO-2 N-A") {
    TempRepo repo(oprepo_fixture);
    const std::string base = repo.head();
    repo.write("tests/cvcuda/system/TestOpInvert.cpp",
               repo.read("tests/cvcuda/system/TestOpInvert.cpp") + "// more cases\n");
    repo.commit("test: cover odd widths");
    const FactsCampaign c(repo, base);
    CHECK(c.facts.range.implementation_changed.empty());
    REQUIRE(c.odo0());
    CHECK(c.odo0()->status == Status::NotApplicable);
    CHECK(c.odo2().status == Status::NotApplicable);
    CHECK(c.odo5().status == Status::Pass);
    CHECK(c.odo6().status == Status::Pass);
    CHECK(c.odo10().status == Status::Pass);
}

TEST_CASE("binding changes are snapshotted at the merge base and HEAD") {
    TempRepo repo(oprepo_fixture);
    const std::string base = repo.head();
    replace_unique_in(repo, invert_binding, "    return input;",
                      "    Tensor result = input;\n    return result;");
    repo.commit("perf(invert): skip a copy");
    CHECK(FactsCampaign(repo, base).odo5().summary ==
          "API/ABI surface unchanged (binding implementation only)");
    replace_unique_in(repo, invert_binding, "&Invert, \"src\"_a", "&Invert, \"source\"_a");
    repo.commit("perf(invert): rename the argument");
    const Finding odo5 = FactsCampaign(repo, base).odo5();
    CHECK(odo5.status == Status::Gap);
    CHECK(odo5.evidence == "m.def registration/arguments/defaults");
}

TEST_CASE("public header changes: signature lines are a GAP, other lines MANUAL") {
    TempRepo repo(oprepo_fixture);
    const std::string base = repo.head();
    replace_unique_in(repo, header, "class Invert final",
                      "/// Inverts every channel.\nclass Invert final");
    repo.commit("docs: describe Invert");
    const Finding manual = FactsCampaign(repo, base).odo5();
    CHECK(manual.status == Status::Manual);
    CHECK(manual.evidence.rfind("diff in " + header +
                                    " (1 changed line(s): +/// Inverts every "
                                    "channel.); a human must decide",
                                0) == 0);
    replace_unique_in(repo, header, "const nvcv::Tensor &out);",
                      "const nvcv::Tensor &out, int mode);");
    repo.commit("perf(invert): add a mode");
    const Finding gap = FactsCampaign(repo, base).odo5();
    CHECK(gap.status == Status::Gap);
    CHECK(contains(gap.evidence, "-    void operator()(cudaStream_t stream, const nvcv::Tensor"));
    CHECK(contains(gap.evidence, "; +    void operator()"));
}

TEST_CASE("a base that does not resolve is reported, not an empty change") {
    TempRepo repo(oprepo_fixture);
    const FactsCampaign c(repo, "no-such-ref");
    CHECK_FALSE(c.facts.range.merge_base);
    CHECK_FALSE(c.facts.range.changed);
    CHECK(c.facts.range.problem == "base no-such-ref does not resolve to a commit");
    REQUIRE(c.odo0());
    CHECK(c.odo0()->status == Status::Manual);
    CHECK(c.odo2().status == Status::Manual);
    CHECK(c.odo5().status == Status::Manual);
    const Finding odo6 = c.odo6();
    CHECK(odo6.status == Status::Manual);
    CHECK(odo6.evidence == "git merge-base no-such-ref HEAD returned no commit; base no-such-ref "
                           "does not resolve to a commit");
    CHECK(c.odo10().status == Status::Manual);
}

TEST_CASE("HEAD at the base has no commits to check") {
    TempRepo repo(oprepo_fixture);
    const FactsCampaign c(repo, "main");
    CHECK(c.facts.range.changed == std::vector<std::string>{});
    CHECK(c.odo6().summary == "No commits vs base to check");
}

TEST_CASE("a shallow clone without the merge base says so") {
    TempRepo origin(oprepo_fixture);
    origin.git({"checkout", "-q", "-b", "feature"});
    origin.write(invert_kernel, origin.read(invert_kernel) + "// one\n");
    origin.commit("perf(invert): one");
    const std::filesystem::path clone = origin.root().string() + "-shallow";
    std::filesystem::remove_all(clone);
    const auto cloned =
        odo::run_process("git", {"clone", "-q", "--depth", "1", "--branch", "feature",
                                 "file://" + origin.root().string(), clone.string()});
    REQUIRE(cloned.ok());
    REQUIRE(odo::testing::run_in(
                clone, "git",
                {"fetch", "-q", "--depth", "1", "origin", "main:refs/remotes/origin/main"})
                .ok());
    odo::repo::Layout layout;
    const auto op = odo::repo::resolve_operator(clone, layout, "Invert");
    ConfigDocuments documents(std::nullopt);
    const EvidenceFacts facts =
        gather_evidence_facts(odo::repo::Git(clone), layout, op, ops, "origin/main", documents);
    std::filesystem::remove_all(clone);
    CHECK_FALSE(facts.range.merge_base);
    CHECK(facts.range.problem ==
          "no merge base of origin/main and HEAD in this shallow clone (fetch full history)");
}

TEST_CASE("hundreds of commits are read with one log") {
    TempRepo repo(oprepo_fixture);
    const std::string base = repo.head();
    std::string stream;
    for (int i = 0; i < 300; ++i) {
        const std::string message = "perf(invert): step " + std::to_string(i) + "\n";
        const std::string content = "// step " + std::to_string(i) + "\n";
        stream +=
            "commit refs/heads/main\ncommitter odo <odo@example.com> " +
            std::to_string(1700000000 + i) + " +0000\ndata " + std::to_string(message.size()) +
            "\n" + message + (i == 0 ? "from " + base + "\n" : std::string()) + "M 100644 inline " +
            invert_kernel + "\ndata " + std::to_string(content.size()) + "\n" + content + "\n";
    }
    REQUIRE(odo::run_process("git", {"fast-import", "--quiet"},
                             {repo.root(), std::chrono::seconds(60), stream, {}})
                .ok());
    const FactsCampaign c(repo, base);
    CHECK(c.facts.commits.commits.size() == 300);
    CHECK(c.facts.commits.commits.front().subject == "perf(invert): step 299");
    CHECK(c.facts.commits.commits.back().files == std::vector<std::string>{invert_kernel});
    CHECK(c.odo6().evidence == "300 commit(s) checked");
}
