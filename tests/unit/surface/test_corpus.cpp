// The real CV-CUDA benchmark configs (tests/data/cvcuda, see NOTICE.md there).
#include <odo/surface/case_expansion.hpp>
#include <odo/surface/fake_planar.hpp>
#include <odo/surface/manifest.hpp>
#include <odo/surface/sku_map.hpp>

#include <doctest/doctest.h>

#include <set>

using namespace odo::surface;
namespace fs = std::filesystem;

namespace {

const fs::path config_dir = ODO_TEST_DATA_DIR "/cvcuda/bench/config";

BenchConfig corpus_config(const std::string& op) {
    return load_bench_config_file(config_dir / "operators" / (op + ".json"));
}

} // namespace

TEST_CASE("every corpus config expands to exactly its committed baseline keys") {
    const std::pair<const char*, std::size_t> operators[] = {{"flip", 33},
                                                             {"cvtcolor", 39},
                                                             {"posterize", 10},
                                                             {"jpegcompressiondistortion", 8},
                                                             {"nonmaximumsuppression", 5},
                                                             {"label", 11},
                                                             {"minarearect", 5}};
    std::vector<BenchConfig> all;
    for (const auto& [op, expected_cases] : operators) {
        CAPTURE(op);
        const BenchConfig config = corpus_config(op);
        CHECK(config.benchmark == op);
        CHECK_FALSE(config.old_shape);
        CHECK(configs_with_invalid_tier(config).empty());
        CHECK(configs_without_cases(config).empty());
        std::size_t cases = 0;
        for (const ConfigEntry& entry : config.entries) {
            CAPTURE(entry.key);
            const auto specs = case_axis_specs(entry.fields, entry.key);
            std::set<std::string> expected;
            for (const CaseKey& key : expand_case_keys(entry.key, specs)) {
                expected.insert(key.str());
                CHECK(validate_case_key_for_config(key.str(), entry.key, specs) == key);
            }
            std::set<std::string> committed;
            for (const auto& kv : entry_baselines(entry.fields, entry.key))
                committed.insert(std::string(kv.key()));
            CHECK(expected == committed);
            cases += expected.size();
        }
        CHECK(cases == expected_cases);
        all.push_back(config);
    }
    CHECK_NOTHROW(check_unique_config_keys(all));
}

TEST_CASE("float64 and int64 axes of the corpus render as the committed keys") {
    const BenchConfig nms = corpus_config("nonmaximumsuppression");
    CHECK(expected_case_keys(nms.entries[0].key, nms.entries[0].fields).front().str() ==
          "nonmaximumsuppression_basic[InOutDataType=short4][shape=640x4096][inputKind=Tensor]"
          "[scoreThreshold=0.5][iouThreshold=0.5]");
    const BenchConfig rect = corpus_config("minarearect");
    CHECK(expected_case_keys(rect.entries[0].key, rect.entries[0].fields).front().str() ==
          "minarearect_basic[InOutDataType=int16][shape=4096x1024][inputKind=Tensor]"
          "[numPoints=0]");
}

TEST_CASE("FakePlanar pairing on the corpus") {
    for (const char* op : {"flip", "cvtcolor", "jpegcompressiondistortion", "nonmaximumsuppression",
                           "minarearect"}) {
        CAPTURE(op);
        CHECK(fake_planar_pairing_issues(corpus_config(op)).empty());
    }
    // At these commits two operators pair their advanced FakePlanar case only with a basic-tier
    // native case, which the same-tier rule rejects.
    CHECK(fake_planar_pairing_issues(corpus_config("posterize")) ==
          std::vector<std::string>{
              "posterize_fake_planar_uchar3_advanced[InOutDataType=uchar3][shape=64x1080x1920]"
              "[layout=NCHW_FAKE][inputKind=Tensor]: found 0 same-tier native NCHW/CHW matches, "
              "expected exactly 1"});
    CHECK(fake_planar_pairing_issues(corpus_config("label")) ==
          std::vector<std::string>{
              "label_fakeplanar_nchw_advanced[InOutDataType=uint8][shape=32x1080x1920]"
              "[runChoice=DEFAULT][layout=NCHW_FAKE][inputKind=Tensor]: found 0 same-tier native "
              "NCHW/CHW matches, expected exactly 1"});
}

TEST_CASE("the corpus SKU map routes the four reference stems") {
    const SkuMap map = load_sku_map(config_dir / "sku_map.json");
    CHECK(map.stems() == std::vector<std::string>{
                             "A100_PCIE_40GB_250W_1095MHz", "A100_PCIE_40GB_250W_1095MHz_CUDA12",
                             "H100_PCIe_350W_1095MHz", "H100_PCIe_350W_1095MHz_CUDA12"});
    CHECK(map.route("NVIDIA A100-PCIE-40GB", 250, 1095, 12).stem ==
          "A100_PCIE_40GB_250W_1095MHz_CUDA12");
    CHECK(map.route("NVIDIA H100 PCIe", 350, 1095, 13).stem == "H100_PCIe_350W_1095MHz");
    CHECK_FALSE(map.find_route("NVIDIA H100 PCIe", 350, 1005, 13));
}
