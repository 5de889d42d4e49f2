// Merging the artifacts of sharded runs: the same bytes whatever order they arrive in, and the
// cases of an absent shard named.
#include "fixtures.hpp"
#include "temp_dir.hpp"

#include <odo/baseline/completeness.hpp>
#include <odo/baseline/merge.hpp>
#include <odo/baseline/operator_file.hpp>
#include <odo/baseline/shard_coverage.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>

using namespace odo::baseline;

namespace {

Artifact run(double cpp_us, double python_us, std::int64_t n_runs, double gap) {
    ArtifactRow r{"invert_basic", fixture::nhwc, "H100", {}};
    r.metrics.n_runs = n_runs;
    r.metrics.cpp = LanguageMetrics{cpp_us, cpp_us / 7, 0.3};
    r.metrics.python = LanguageMetrics{python_us, python_us / 7, 0.1};
    r.metrics.gap_stddev_us = gap;
    return {"run.json", std::nullopt, {r}};
}

bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

TEST_CASE("merge: the same artifacts in any order give bit-identical means") {
    // Summed left to right, 0.1 + 0.2 + 0.3 and 0.3 + 0.2 + 0.1 differ in the last bit.
    std::vector<Artifact> artifacts{run(0.1, 0.7, 1, 0.01), run(0.2, 0.3, 2, 0.02),
                                    run(0.3, 0.1, 1, 0.03)};
    std::sort(artifacts.begin(), artifacts.end(), [](const Artifact& a, const Artifact& b) {
        return a.rows[0].metrics.cpp->time_us < b.rows[0].metrics.cpp->time_us;
    });
    std::vector<std::string> problems;
    const std::vector<BaselineUpdate> first = merge_artifacts(artifacts, problems);
    REQUIRE(first.size() == 1);
    int orders = 0;
    do {
        const std::vector<BaselineUpdate> again = merge_artifacts(artifacts, problems);
        REQUIRE(again.size() == 1);
        const Metrics& a = first[0].metrics;
        const Metrics& b = again[0].metrics;
        CHECK(same_bits(a.cpp->time_us, b.cpp->time_us));
        CHECK(same_bits(a.cpp->noise_us, b.cpp->noise_us));
        CHECK(same_bits(a.python->time_us, b.python->time_us));
        CHECK(same_bits(a.python->bwutil, b.python->bwutil));
        CHECK(same_bits(*a.gap_stddev_us, *b.gap_stddev_us));
        ++orders;
    } while (std::next_permutation(
        artifacts.begin(), artifacts.end(), [](const Artifact& a, const Artifact& b) {
            return a.rows[0].metrics.cpp->time_us < b.rows[0].metrics.cpp->time_us;
        }));
    CHECK(orders == 6);
    CHECK(problems.empty());
}

TEST_CASE("completeness: every case of the imported operator on every SKU, or the missing named") {
    TempDir dir;
    dir.write("operators/invert.json", render_operator_document(fixture::document()));
    const ConfigSet set = load_config_set(dir.path());
    const auto update = [](const std::string& case_key, const std::string& sku) {
        return BaselineUpdate{"invert_basic", case_key, sku, {}};
    };
    const std::vector<BaselineUpdate> all{
        update(fixture::nchw, "A100"), update(fixture::nhwc, "A100"), update(fixture::nchw, "H100"),
        update(fixture::nhwc, "H100")};
    CHECK(missing_cases(set, all, fixture::stems, {}).empty());

    // The H100 runner's shard holding the NCHW case never arrived.
    const std::vector<BaselineUpdate> partial{all[0], all[1], all[3]};
    const auto missing = missing_cases(set, partial, fixture::stems, {});
    REQUIRE(missing.size() == 1);
    CHECK(missing[0].sku == "H100");
    CHECK(missing[0].config_key == "invert_basic");
    CHECK(missing[0].case_key == fixture::nchw);
    const std::string shard = std::to_string(odo::surface::shard_index_of(fixture::nchw, 2)) + "/2";
    CHECK(missing_case_lines(missing, {{"A100", 3}, {"H100", 2}}) ==
          std::vector<std::string>{"missing from the inputs: H100 " + fixture::nchw + " (shard " +
                                   shard + ")"});
    CHECK(missing_case_lines(missing, {{"A100", 2}}) ==
          std::vector<std::string>{"missing from the inputs: H100 " + fixture::nchw});

    // A SKU no runner reported at all: each of its cases is missing.
    CHECK(missing_cases(set, {all[0], all[1]}, fixture::stems, {}).size() == 2);
    // An operator asked for but not measured at all: all of its cases on every SKU.
    CHECK(missing_cases(set, {}, fixture::stems, {"invert"}).size() == 4);
    CHECK(missing_cases(set, {}, fixture::stems, {}).empty()); // nothing imported, nothing owed
}

namespace {

Artifact shard_artifact(const std::string& source, std::int64_t index) {
    return {source,
            boost::json::object{{"shard", {{"sku", "H100"}, {"index", index}, {"count", 2}}}},
            {}};
}

} // namespace

TEST_CASE(
    "shards: a shard seen more often than its job writes artifacts is refused, fewer missing") {
    // Each shard job writes 2 artifacts (two runs of one language); shard 1 arrived three times.
    const std::vector<Artifact> artifacts{shard_artifact("b.json", 1), shard_artifact("a.json", 1),
                                          shard_artifact("c.json", 1), shard_artifact("d.json", 2)};
    std::vector<std::string> problems;
    const ShardCoverage coverage = shard_coverage(artifacts, fixture::stems, 2, problems);
    CHECK(problems.empty());
    CHECK(shard_surplus_problems(coverage, 2) ==
          std::vector<std::string>{"H100 shard 1/2 arrived in 3 artifacts (a.json, b.json, "
                                   "c.json); each shard job writes 2 (--artifacts-per-shard): a "
                                   "shard seen twice is not merged"});
    CHECK(shard_surplus_problems(coverage, 3).empty());
    // Shard 2 lost one of its two; A100 sent nothing.
    CHECK(shard_gap_lines(coverage, 2) ==
          std::vector<std::string>{"missing from the inputs: A100 shard 1/2 (no artifact of it "
                                   "arrived)",
                                   "missing from the inputs: A100 shard 2/2 (no artifact of it "
                                   "arrived)",
                                   "missing from the inputs: H100 shard 2/2 (1 of 2 artifacts "
                                   "arrived)"});
    // Without the number a job writes, only unequal shards tell.
    const auto unequal = shard_gap_lines(coverage);
    REQUIRE(unequal.size() == 3);
    CHECK(unequal[2] == "H100: the shards arrived in unequal numbers of artifacts (1/2: 3, 2/2: "
                        "1): a shard was measured by two jobs, or another lost an artifact");
}
