// Property: whatever valid benchmark data it is given, a generated summary — provisional or
// final, either metric, with or without a local SKU — parses, validates against the same data,
// survives CRLF conversion, and refreshes to itself.
#include "fixture.hpp"
#include "text_helpers.hpp"

#include <odo/summary/generate.hpp>
#include <odo/summary/refresh.hpp>
#include <odo/summary/validate.hpp>

#include <doctest/doctest.h>

#include <random>

using namespace odo::summary;

namespace {

class RandomOperator {
public:
    explicit RandomOperator(unsigned seed) : rng_(seed) {
        const bool with_layout = pick(4) != 0;
        const std::size_t signatures = 1 + pick(6);
        for (std::size_t j = 0; j < signatures; ++j)
            add_signature(j, with_layout);
        local_sku_ = pick(3) == 0;
        metric_ = pick(2) ? ImpactMetric::CppTime : ImpactMetric::PythonOverhead;
        time_every_case();
    }

    fixture::Surface surface;
    std::vector<std::string> targets; // non-FakePlanar keys

    ImpactMetric metric() const { return metric_; }
    std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }

    std::vector<std::string> optimized() {
        std::vector<std::string> keys;
        for (const std::string& key : targets)
            if (pick(2))
                keys.push_back(key);
        if (keys.empty())
            keys.push_back(targets[pick(targets.size())]);
        return keys;
    }

private:
    void add_signature(std::size_t j, bool with_layout) {
        static const char* dtypes[] = {"uchar3", "float3", "uint8", "uchar4", "short2", "half3"};
        static const char* kinds[] = {"Tensor", "VarShape", "TensorBatch"};
        const std::string tier = pick(2) ? "basic" : "advanced";
        const std::string dtype = dtypes[pick(6)];
        const std::string kind = kinds[pick(3)];
        const std::string shape = std::to_string(j + 1) + "x64x64";
        const std::string config = "example_" + std::to_string(j);
        if (!with_layout) {
            surface.add_config(config, tier, {dtype}, {{"shape", {shape}}, {"inputKind", {kind}}},
                               {1, 1}, {1, 1});
            targets.push_back(config + "[InOutDataType=" + dtype + "][shape=" + shape +
                              "][inputKind=" + kind + "]");
            return;
        }
        const bool interleaved = pick(2), planar = !interleaved || pick(2);
        const fixture::Axes axes{{"shape", shape}, {"inputKind", kind}};
        if (interleaved)
            targets.push_back(surface.add(config + "_nhwc", tier, dtype, "NHWC", 1, 1, axes));
        if (planar)
            targets.push_back(surface.add(config + "_nchw", tier, dtype, "NCHW", 1, 1, axes));
        if (planar && tier == "advanced" && kind == "Tensor" && pick(2))
            surface.add(config + "_fake", tier, dtype, pick(2) ? "NCHW_FAKE" : "CHW_FAKE", 1, 1,
                        axes);
    }

    // Timings with many exact decimal ties (x.xx5 ratios) among plain random ones.
    double random_time() {
        static const double ties[] = {2.01, 2.0, 1.005, 0.5, 4.02, 3.015, 2.675, 1.0};
        if (pick(2))
            return ties[pick(8)] * static_cast<double>(1 + pick(4));
        return std::uniform_real_distribution<double>(0.5, 5000.0)(rng_);
    }

    void time_every_case() {
        std::vector<std::string> stems{fixture::A100, fixture::H100};
        if (local_sku_)
            stems.push_back("RTX_6000_Ada");
        for (bool side : {false, true})
            for (auto& config : surface.configs(side))
                for (auto& c : config.value().as_object()["baselines"].as_object()) {
                    boost::json::object payload;
                    for (const std::string& stem : stems) {
                        const double cpp = random_time();
                        boost::json::object t{{"gpu_time_us_cpp", cpp}};
                        if (metric_ == ImpactMetric::PythonOverhead)
                            t["gpu_time_us_python"] = random_time(); // gaps of either sign
                        payload[stem] = std::move(t);
                    }
                    c.value() = std::move(payload);
                }
    }

    std::mt19937 rng_;
    bool local_sku_ = false;
    ImpactMetric metric_ = ImpactMetric::CppTime;
};

using odo::testing::to_crlf;

std::string first_error(const ValidationResult& r) {
    return r.errors.empty() ? "" : r.errors[0].code + ": " + r.errors[0].message;
}

} // namespace

TEST_CASE("property: generated summaries parse, validate against their data and refresh to "
          "themselves") {
    const auto skus = fixture::sku_map();
    std::size_t python_overhead = 0, finals = 0;
    for (unsigned seed = 1; seed <= 300; ++seed) {
        CAPTURE(seed);
        RandomOperator op(seed);
        const State state = op.pick(2) ? State::Final : State::Provisional;
        Metadata m = fixture::metadata(state);
        m.impact_metric = op.metric();
        m.optimized_cases = op.optimized();
        const HumanContent h =
            state == State::Final ? fixture::human() : HumanContent{Bottleneck::ComputeBound,
                                                                    "Not profiled yet.",
                                                                    placeholder_checklist(),
                                                                    {},
                                                                    "",
                                                                    ""};
        const Placement placement{op.pick(2) ? "Intro mentioning cvcuda-optimize-summary:v1.\n```\n"
                                               "<!-- cvcuda-optimize-summary:v1 {} -->\n```\n"
                                             : "",
                                  op.pick(2) ? "\n\n## Memory footprint\nPeak: 0 B\n" : "", "\n",
                                  Markers()};
        const SummaryArtifacts artifacts = fixture::artifacts(op.surface, skus);
        const std::string text = generate_summary(m, artifacts, h, placement);
        const ParsedSummary parsed = parse_summary(text);
        CHECK(parsed.prefix == placement.prefix);
        CHECK(parsed.suffix == placement.suffix);
        CHECK(render_block(parsed.metadata, parsed.body, Markers()) == parsed.block);
        const ValidationResult r =
            validate_summary(parsed, fixture::with_artifacts(op.surface, skus));
        CHECK_MESSAGE(r.ok(), first_error(r));
        CHECK(refresh_summary(text, artifacts, {}) == text);
        const ValidationResult crlf =
            validate_summary(to_crlf(text), fixture::with_artifacts(op.surface, skus));
        CHECK_MESSAGE(crlf.ok(), first_error(crlf));
        python_overhead += m.impact_metric == ImpactMetric::PythonOverhead;
        finals += state == State::Final;
    }
    // Both metrics and both states were exercised.
    CHECK(python_overhead > 50);
    CHECK(finals > 50);
}
