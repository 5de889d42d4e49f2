// The real CV-CUDA configs (tests/data/cvcuda, see NOTICE.md there): byte-for-byte round trip,
// clean validation, and perturbed copies that must fail with the right message.
#include <odo/baseline/config_set.hpp>
#include <odo/baseline/regression.hpp>
#include <odo/baseline/validation.hpp>
#include <odo/core/file.hpp>
#include <odo/surface/sku_map.hpp>

#include <doctest/doctest.h>

#include <set>

using namespace odo::baseline;
namespace fs = std::filesystem;

namespace {

const fs::path config_dir = ODO_TEST_DATA_DIR "/cvcuda/bench/config";
const std::vector<std::string> all_stems =
    odo::surface::load_sku_map(config_dir / "sku_map.json").stems();
// flip.json and cvtcolor.json come from older commits that measured only the CUDA 13 stems.
const std::set<std::string> two_stem_files{"flip.json", "cvtcolor.json"};
const std::vector<std::string> cuda13_stems{"A100_PCIE_40GB_250W_1095MHz",
                                            "H100_PCIe_350W_1095MHz"};

OperatorFile corpus_file(const std::string& name) {
    return load_operator_file(config_dir / "operators" / name);
}

ConfigSet set_of(boost::json::value doc, const std::string& name = "posterize.json") {
    std::vector<OperatorFile> files;
    files.push_back(parse_operator_file(name, render_operator_document(doc)));
    return ConfigSet(std::move(files));
}

// The first case × SKU metrics object of the first config with baselines.
boost::json::object& first_row(boost::json::value& doc, std::string* case_key = nullptr,
                               std::string* sku = nullptr) {
    for (auto& entry : doc.at("configs").as_object()) {
        auto& baselines = entry.value().at("baselines").as_object();
        if (baselines.empty())
            continue;
        auto& payload = baselines.begin()->value().as_object();
        if (case_key)
            *case_key = baselines.begin()->key();
        if (sku)
            *sku = payload.begin()->key();
        return payload.begin()->value().as_object();
    }
    throw std::logic_error("no baselines");
}

std::vector<std::string> issue_texts(const ValidationSummary& s) {
    std::vector<std::string> out;
    for (const auto& issue : s.issues)
        out.push_back(issue.text());
    return out;
}

} // namespace

TEST_CASE("every corpus config round-trips byte for byte") {
    std::size_t files = 0;
    for (const fs::path& path : operator_config_paths(config_dir)) {
        CAPTURE(path);
        const OperatorFile file = load_operator_file(path);
        CHECK(render_operator_document(file.document) == file.bytes);
        CHECK(render_operator_document(new_shape_document(file)) == file.bytes);
        ++files;
    }
    CHECK(files == 7);
}

TEST_CASE("the five four-stem corpus files validate clean against the newest SKU map") {
    REQUIRE(all_stems.size() == 4);
    const ConfigSet set = load_config_set(config_dir);
    BaselineSelection four_stem_files;
    for (const OperatorFile& file : set.files())
        if (!two_stem_files.count(file.path.filename().string()))
            four_stem_files.files.insert(file.path.string());
    REQUIRE(four_stem_files.files.size() == 5);
    const ValidationSummary summary = validate_baselines(set, all_stems, four_stem_files);
    CHECK(issue_texts(summary).empty());
    CHECK(summary.files == 5);
    CHECK(summary.cases == 10 + 8 + 5 + 11 + 5);
    CHECK(summary.metric_rows == summary.cases * 4);
}

TEST_CASE("flip and cvtcolor validate clean against their two stems, and name the others missing") {
    const ConfigSet set = load_config_set(config_dir);
    BaselineSelection older;
    for (const OperatorFile& file : set.files())
        if (two_stem_files.count(file.path.filename().string()))
            older.files.insert(file.path.string());
    const ValidationSummary clean = validate_baselines(set, cuda13_stems, older);
    CHECK(issue_texts(clean).empty());
    CHECK(clean.cases == 33 + 39);

    const ValidationSummary newest = validate_baselines(set, all_stems, older);
    REQUIRE(newest.issues.size() == 33 + 39);
    for (const ValidationIssue& issue : newest.issues)
        CHECK(issue.problem == "missing SKU baseline(s) ['A100_PCIE_40GB_250W_1095MHz_CUDA12', "
                               "'H100_PCIe_350W_1095MHz_CUDA12']");
}

TEST_CASE("a corpus row 12 % slower fails the regression gate with the reference's message") {
    const OperatorFile original = corpus_file("posterize.json");
    boost::json::value slower = original.document;
    std::string case_key, sku;
    boost::json::object& row = first_row(slower, &case_key, &sku);
    const double before = row.at("gpu_time_us_cpp").as_double();
    for (const char* field :
         {"gpu_time_us_cpp", "gpu_time_us_python", "gpu_noise_us_cpp", "gpu_noise_us_python"})
        row[field] = row.at(field).as_double() * 1.12;
    const ConfigSet current = set_of(slower);
    CHECK(validate_baselines(current, all_stems).ok());

    const RegressionReport report = compare_revisions(
        {{"posterize.json", &current.files()[0].config, original.config}}, "main");
    REQUIRE(report.regressed() == 2); // C++ and Python of the one row
    CHECK(report.status() == odo::Status::Gap);
    const RegressionRow& cpp = report.rows[0];
    CHECK(cpp.regressed);
    CHECK(cpp.verdict == ChangeVerdict::Slower);
    CHECK(regression_message(report, cpp) ==
          "posterize.json: " + sku + " " + cpp.key.config_key + " [cpp] (" +
              "InOutDataType=uchar3, shape=64x1080x1920, layout=NCHW, inputKind=Tensor" +
              "): same-key baseline regressed +12.00% vs main (" +
              odo::baseline::detail::fixed(before, 2) + " -> " +
              odo::baseline::detail::fixed(before * 1.12, 2) + " us, case=" + case_key + ")");
    CHECK(report.compared() == 10 * 4 * 2);
    CHECK(report.new_rows() == 0);
}

TEST_CASE("a corpus copy missing one SKU fails coverage") {
    boost::json::value doc = corpus_file("label.json").document;
    std::string case_key;
    first_row(doc, &case_key);
    auto& payload =
        doc.at("configs").as_object().begin()->value().at("baselines").at(case_key).as_object();
    payload.erase("H100_PCIe_350W_1095MHz_CUDA12");
    CHECK(issue_texts(validate_baselines(set_of(doc, "label.json"), all_stems)) ==
          std::vector<std::string>{"label.json: " + case_key +
                                   ": missing SKU baseline(s) ['H100_PCIe_350W_1095MHz_CUDA12']"});
}

TEST_CASE("a SKU map of 20,000 stems names ten missing stems per case and counts the rest") {
    std::vector<std::string> stems = all_stems;
    for (int i = 0; i < 20000; ++i)
        stems.push_back("X" + std::to_string(i));
    const auto issues = issue_texts(
        validate_baselines(set_of(corpus_file("label.json").document, "label.json"), stems));
    REQUIRE_FALSE(issues.empty());
    for (const std::string& issue : issues) {
        CAPTURE(issue);
        CHECK(issue.size() < 600);
        CHECK(issue.find("'] \xE2\x80\xA6 and 19,990 more") != std::string::npos);
    }
}

TEST_CASE("a noisy corpus row and a parity breach fail the quality gate") {
    boost::json::value noisy = corpus_file("minarearect.json").document;
    std::string case_key, sku;
    boost::json::object& row = first_row(noisy, &case_key, &sku);
    row["gpu_noise_us_cpp"] = row.at("gpu_time_us_cpp").as_double() * 0.15;
    CHECK(issue_texts(validate_baselines(set_of(noisy, "minarearect.json"), all_stems)) ==
          std::vector<std::string>{"minarearect.json: " + case_key + " " + sku +
                                   ": C++ noise 15.00% exceeds 10.0%"});

    boost::json::value breach = corpus_file("minarearect.json").document;
    boost::json::object& pair = first_row(breach);
    pair["gpu_time_us_python"] = pair.at("gpu_time_us_cpp").as_double() * 1.25;
    const auto issues =
        issue_texts(validate_baselines(set_of(breach, "minarearect.json"), all_stems));
    REQUIRE_FALSE(issues.empty());
    CHECK(issues[0] == "minarearect.json: " + case_key + " " + sku +
                           ": parity +25.00% exceeds ±10.0% (Python vs C++)");
}

TEST_CASE("a corpus row under a SKU the map does not know is named by case key and stem") {
    boost::json::value doc = corpus_file("label.json").document;
    std::string case_key, sku;
    const boost::json::object row = first_row(doc, &case_key, &sku);
    doc.at("configs")
        .as_object()
        .begin()
        ->value()
        .at("baselines")
        .at(case_key)
        .as_object()["V100"] = row;
    const auto issues = issue_texts(validate_baselines(set_of(doc, "label.json"), all_stems));
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].rfind("label.json: " + case_key +
                              " V100: unknown SKU stem (not in "
                              "sku_map.json ['",
                          0) == 0);
}
