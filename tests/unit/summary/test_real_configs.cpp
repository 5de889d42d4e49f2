// Summaries of the real CV-CUDA configs in tests/data: the committed baselines are the "before";
// the test makes a candidate by scaling every third case by 0.8 on every SKU.
#include "fixture.hpp"

#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/summary/generate.hpp>
#include <odo/summary/refresh.hpp>
#include <odo/summary/validate.hpp>

#include <doctest/doctest.h>

#include <filesystem>

using namespace odo::summary;

namespace {

const std::filesystem::path config_dir =
    std::filesystem::path(ODO_TEST_DATA_DIR) / "cvcuda/bench/config";

boost::json::value load(const std::filesystem::path& path) {
    return odo::json::parse(odo::read_file(path), path.string());
}

struct RealOperator {
    std::string name;
    boost::json::value before, after;
    std::vector<std::string> scaled; // optimized keys, FakePlanar references left out
};

RealOperator scaled_operator(const std::filesystem::path& file) {
    RealOperator op{file.stem().string(), load(file), {}, {}};
    op.after = op.before;
    std::size_t index = 0;
    for (auto& config : op.after.as_object()["configs"].as_object()) {
        for (auto& c : config.value().as_object()["baselines"].as_object()) {
            if (index++ % 3)
                continue;
            for (auto& sku : c.value().as_object())
                for (const char* field : {"gpu_time_us_cpp", "gpu_time_us_python"}) {
                    auto& t = sku.value().as_object()[field];
                    t = *odo::json::as_number(t) * 0.8;
                }
            if (std::string(c.key()).find("_FAKE]") == std::string::npos)
                op.scaled.emplace_back(c.key());
        }
    }
    op.name[0] = static_cast<char>(op.name[0] - 'a' + 'A');
    return op;
}

Metadata metadata_for(const RealOperator& op, State state) {
    Metadata m = fixture::metadata(state);
    m.operator_name = op.name;
    m.optimized_cases = op.scaled;
    return m;
}

// The real configs that satisfy every surface rule. label.json and posterize.json (older
// snapshots) do not: a FakePlanar case there has no same-tier native NCHW partner (checked below).
std::vector<std::filesystem::path> operator_files() {
    std::vector<std::filesystem::path> files;
    for (const auto& f : std::filesystem::directory_iterator(config_dir / "operators"))
        if (f.path().filename() != "label.json" && f.path().filename() != "posterize.json")
            files.push_back(f.path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

TEST_CASE("provisional summaries of the real configs parse, validate and refresh unchanged") {
    const boost::json::value skus = load(config_dir / "sku_map.json");
    for (const auto& file : operator_files()) {
        CAPTURE(file.filename().string());
        const RealOperator op = scaled_operator(file);
        REQUIRE_FALSE(op.scaled.empty());
        const SummaryArtifacts artifacts{op.before, op.after, skus};
        for (ImpactMetric metric : {ImpactMetric::CppTime, ImpactMetric::PythonOverhead}) {
            Metadata m = metadata_for(op, State::Provisional);
            m.impact_metric = metric;
            HumanContent h;
            h.profile_evidence = "ncu measured 80% DRAM throughput.";
            const std::string text = generate_summary(m, artifacts, h);
            const ParsedSummary parsed = parse_summary(text);
            CHECK(parsed.body.optimized_count == static_cast<long long>(op.scaled.size()));
            CHECK_FALSE(parsed.body.categories.empty());
            CHECK(parsed.body.impact_rows.size() % 2 == 0);
            if (metric == ImpactMetric::CppTime)
                for (const ImpactRow& row : parsed.body.impact_rows)
                    if (row.scope == ImpactScope::Optimized)
                        CHECK(row.values[0].median.fixed(2) == "1.25");
            ValidationOptions o;
            o.baseline_config = &op.before;
            o.candidate_config = &op.after;
            o.sku_map = &skus;
            o.expected_operator = op.name;
            const ValidationResult r = validate_summary(parsed, o);
            CHECK_MESSAGE(r.ok(), (r.errors.empty() ? "" : r.errors[0].message));
            CHECK(refresh_summary(text, artifacts, {}) == text);
        }
    }
}

TEST_CASE("final summaries need every reference SKU of the real map") {
    const boost::json::value skus = load(config_dir / "sku_map.json");
    std::size_t finals = 0;
    for (const auto& file : operator_files()) {
        CAPTURE(file.filename().string());
        const RealOperator op = scaled_operator(file);
        const SummaryArtifacts artifacts{op.before, op.after, skus};
        const Metadata m = metadata_for(op, State::Final);
        const bool four_skus = op.before.at("configs")
                                   .as_object()
                                   .begin()
                                   ->value()
                                   .at("baselines")
                                   .as_object()
                                   .begin()
                                   ->value()
                                   .as_object()
                                   .size() == 4;
        if (!four_skus) {
            CHECK_THROWS_WITH_AS(
                generate_summary(m, artifacts, fixture::human()),
                "final summary lacks full before/after C++ timing coverage for reference SKU(s): "
                "A100_PCIE_40GB_250W_1095MHz_CUDA12, H100_PCIe_350W_1095MHz_CUDA12",
                SummaryError);
            continue;
        }
        const std::string text = generate_summary(m, artifacts, fixture::human());
        const ParsedSummary parsed = parse_summary(text);
        CHECK(parsed.body.impact_rows.size() == 8);
        CHECK(parsed.body.impact_rows[2].sku == "A100 CUDA 12");
        ++finals;
    }
    CHECK(finals == 3);
}

TEST_CASE("two real configs break the FakePlanar pairing rule, and the error says where") {
    const boost::json::value skus = load(config_dir / "sku_map.json");
    const std::pair<const char*, const char*> breakers[] = {
        {"label.json", "label_fakeplanar_nchw_advanced[InOutDataType=uint8][shape=32x1080x1920]"
                       "[runChoice=DEFAULT][layout=NCHW_FAKE][inputKind=Tensor]"},
        {"posterize.json", "posterize_fake_planar_uchar3_advanced[InOutDataType=uchar3][shape="
                           "64x1080x1920][layout=NCHW_FAKE][inputKind=Tensor]"}};
    for (const auto& [file, fake] : breakers) {
        const RealOperator op = scaled_operator(config_dir / "operators" / file);
        const std::string message =
            "baseline benchmark has 1 unmatched FakePlanar case signature(s); every FakePlanar "
            "case must be advanced Tensor and have exactly one same-tier otherwise-identical "
            "native NCHW/CHW case; " +
            std::string(fake) + ": found 0 same-tier native NCHW/CHW matches, expected exactly 1";
        CHECK_THROWS_WITH_AS(generate_summary(metadata_for(op, State::Provisional),
                                              {op.before, op.after, skus}, fixture::human()),
                             message.c_str(), SummaryError);
    }
}

TEST_CASE("the oprepo fixture summarizes its operators") {
    const std::filesystem::path oprepo = std::filesystem::path(ODO_TEST_DATA_DIR) / "oprepo";
    const boost::json::value skus = load(oprepo / "bench/config/sku_map.json");
    for (const char* name : {"flip", "invert"}) {
        const RealOperator op =
            scaled_operator(oprepo / "bench/config/operators" / (std::string(name) + ".json"));
        const std::string text = generate_summary(metadata_for(op, State::Final),
                                                  {op.before, op.after, skus}, fixture::human());
        CHECK(parse_summary(text).metadata.operator_name == op.name);
    }
}
