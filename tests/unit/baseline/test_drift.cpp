// bench_drift: medians of the earlier and recent parts of each nightly series.
#include <odo/baseline/drift.hpp>

#include <doctest/doctest.h>

using namespace odo::baseline;

namespace {

Artifact nightly(double cpp_us, bool is_nightly = true, const std::string& sku = "H100") {
    ArtifactRow row{"c", "c[a=1]", sku, {}};
    row.metrics.n_runs = 1;
    row.metrics.cpp = LanguageMetrics{cpp_us, 0.1, 0.5};
    return {"n.json", boost::json::object{{"is_nightly", is_nightly}}, {row}};
}

std::vector<Artifact> series(std::vector<double> times) {
    std::vector<Artifact> out;
    for (double t : times)
        out.push_back(nightly(t));
    return out;
}

} // namespace

TEST_CASE("a step in the recent nights is reported with its robust sigmas") {
    // 30 nights: 21 around 100 µs, then 9 at 104 µs. split = max(8, floor(30·0.7)) = 21.
    std::vector<double> times;
    for (int week = 0; week < 3; ++week)
        for (double t : {100.0, 100.2, 99.8, 100.0, 100.1, 99.9, 100.0})
            times.push_back(t);
    times.resize(30, 104.0);
    const DriftReport r = detect_drift(series(times));
    CHECK(r.artifacts_used == 30);
    CHECK(r.series == 1);
    REQUIRE(r.findings.size() == 1);
    const DriftFinding& f = r.findings[0];
    CHECK(f.baseline_us == 100);
    CHECK(f.recent_us == 104);
    CHECK(f.shift_pct == doctest::Approx(4.0));
    CHECK(f.n_baseline == 21);
    CHECK(f.n_recent == 9);
    // MAD of the head is 0.1 µs: spread = 1.4826·0.1/100·100 % = 0.148 %, below the 0.5 % floor.
    CHECK(f.spread_pct == doctest::Approx(0.14826));
    CHECK(f.sigmas == doctest::Approx(4.0 / 0.5));
    CHECK_FALSE(r.large(f));
    const std::string md = render_drift_markdown(r);
    CHECK(md.find("# Benchmark drift report\n") == 0);
    CHECK(md.find("| +4.00% | 100.00 | 104.00 | 0.15% | 8.0 | H100 | c[a=1] |") !=
          std::string::npos);
    CHECK(render_drift_json(r).find("\"config_key\": \"c\"") != std::string::npos);
}

TEST_CASE("small shifts, short series and non-nightly runs are not reported") {
    std::vector<double> flat(30, 100.0);
    for (std::size_t i = 21; i < 30; ++i)
        flat[i] = 101.5; // 1.5 % < min shift 2 %
    CHECK(detect_drift(series(flat)).series == 1);
    CHECK(detect_drift(series(flat)).findings.empty());
    CHECK(detect_drift(series(std::vector<double>(15, 100.0))).short_series == 1);
    std::vector<Artifact> local = series(std::vector<double>(16, 100.0));
    local[0] = nightly(100, false);
    const DriftReport r = detect_drift(local);
    CHECK(r.artifacts_used == 15);
    CHECK(r.short_series == 1);
    DriftOptions any;
    any.any_run_context = true;
    CHECK(detect_drift(local, any).artifacts_used == 16);
}

TEST_CASE("large shifts are told apart from quiet drift") {
    std::vector<double> times(30, 100.0);
    for (std::size_t i = 21; i < 30; ++i)
        times[i] = 120;
    const DriftReport r = detect_drift(series(times));
    REQUIRE(r.findings.size() == 1);
    CHECK(r.large(r.findings[0]));
    CHECK(render_drift_markdown(r).find("## Quiet drift\n\n_none_\n") != std::string::npos);
}
