// update_baseline: quality, regression and coverage refusals; atomic, byte-stable writes.
#include "fixtures.hpp"
#include "temp_dir.hpp"

#include <odo/baseline/import.hpp>
#include <odo/core/file.hpp>

#include <doctest/doctest.h>

using namespace odo::baseline;

namespace {

// A both-language update of one case × SKU with 1 % noise and Python 5 µs slower.
BaselineUpdate update(const std::string& case_key, const std::string& sku, double cpp_us,
                      std::int64_t n_runs = 3) {
    BaselineUpdate u{"invert_basic", case_key, sku, {}};
    u.metrics.n_runs = n_runs;
    u.metrics.cpp = LanguageMetrics{cpp_us, cpp_us / 100, 0.8};
    u.metrics.python = LanguageMetrics{cpp_us + 5, (cpp_us + 5) / 100, 0.79};
    u.metrics.gap_stddev_us = 0.5;
    return u;
}

// The fixture operator committed in a temp config dir.
struct Committed {
    TempDir dir;
    std::filesystem::path path;
    explicit Committed(const boost::json::value& doc = fixture::document())
        : path(dir.write("operators/invert.json", render_operator_document(doc))) {}
    ConfigSet set() const { return load_config_set(dir.path()); }
    std::string bytes() const { return odo::read_file(path); }
};

} // namespace

TEST_CASE("an import replaces the rows it measured and writes json.dumps(indent=4) bytes") {
    Committed repo;
    const ConfigSet set = repo.set();
    const ImportPlan plan = plan_import(set, {update(fixture::nhwc, "H100", 101)}, fixture::stems);
    REQUIRE(plan.ok());
    REQUIRE(plan.files.size() == 1);
    CHECK(plan.files[0].changed);
    CHECK(plan.files[0].rows == 1);
    CHECK(apply_import(set, plan) == std::vector<std::filesystem::path>{repo.path});

    boost::json::value expected = fixture::document();
    fixture::metrics(expected, fixture::nhwc, "H100") =
        updated_metrics_object(nullptr, update(fixture::nhwc, "H100", 101).metrics);
    CHECK(repo.bytes() == render_operator_document(expected));
    CHECK(repo.bytes().substr(0, 6) == "{\n    ");
    CHECK(repo.bytes().back() == '\n');
    CHECK(import_change_lines(plan) ==
          std::vector<std::string>{"+1.00% 100.00 -> 101.00 us  H100 invert_basic [cpp] "
                                   "(InOutDataType=uchar3, shape=8x1080x1920, layout=NHWC, "
                                   "inputKind=Tensor)",
                                   "+0.95% 105.00 -> 106.00 us  H100 invert_basic [python] "
                                   "(InOutDataType=uchar3, shape=8x1080x1920, layout=NHWC, "
                                   "inputKind=Tensor)"});
    CHECK(render_import_markdown(plan).find("| H100 | +1.00% | 100.00 | 101.00 | 3 | invert_basic "
                                            "[cpp] (") != std::string::npos);
}

TEST_CASE("re-importing what is committed leaves the file untouched") {
    Committed repo;
    const ConfigSet set = repo.set();
    const std::string before = repo.bytes();
    const auto time_before = std::filesystem::last_write_time(repo.path);
    BaselineUpdate same{"invert_basic", fixture::nhwc, "H100", {}};
    std::vector<std::string> problems;
    boost::json::value doc = fixture::document();
    same.metrics = *read_metrics(fixture::metrics(doc, fixture::nhwc, "H100"),
                                 MetricsSchema::Committed, problems);
    const ImportPlan plan = plan_import(set, {same}, fixture::stems);
    REQUIRE(plan.ok());
    CHECK_FALSE(plan.files[0].changed);
    CHECK(apply_import(set, plan).empty());
    CHECK(repo.bytes() == before);
    CHECK(std::filesystem::last_write_time(repo.path) == time_before);
}

TEST_CASE("the quality gate refuses the import and nothing is written") {
    Committed repo;
    const ConfigSet set = repo.set();
    BaselineUpdate noisy = update(fixture::nhwc, "H100", 100);
    noisy.metrics.python->noise_us = 30;
    const ImportPlan plan = plan_import(set, {noisy}, fixture::stems);
    CHECK(plan.failures ==
          std::vector<std::string>{"H100 invert_basic (InOutDataType=uchar3, shape=8x1080x1920, "
                                   "layout=NHWC, inputKind=Tensor): Python noise 28.57% exceeds "
                                   "10.0%"});
    const std::string before = repo.bytes();
    CHECK_THROWS_AS(apply_import(set, plan), odo::InputError);
    CHECK(repo.bytes() == before);
}

TEST_CASE("a same-key slowdown beyond the limit is refused unless allowed") {
    Committed repo;
    const ConfigSet set = repo.set();
    const std::vector<BaselineUpdate> slower{update(fixture::nchw, "A100", 190 * 1.11)};
    const ImportPlan refused = plan_import(set, slower, fixture::stems);
    REQUIRE(refused.failures.size() == 2); // C++ +11 %, Python +10.7 %
    CHECK(refused.failures[0] ==
          "A100 invert_basic [cpp] (InOutDataType=uchar3, shape=8x1080x1920, layout=NCHW, "
          "inputKind=Tensor): same-key baseline would regress +11.00% (190.00 -> 210.90 us; "
          "limit 10.0%)");
    ImportOptions allow;
    allow.allow_regressions = true;
    CHECK(plan_import(set, slower, fixture::stems, allow).ok());
    ImportOptions loose;
    loose.max_regression_pct = 11.5;
    CHECK(plan_import(set, slower, fixture::stems, loose).ok());
}

TEST_CASE("an import that would leave the surface incomplete is refused") {
    boost::json::value doc = fixture::document();
    doc.at("configs").as_object()["invert_gray_basic"] = boost::json::object{
        {"tier", "basic"}, {"dtypes", {"uint8"}}, {"string_axes", {{"shape", {"8x1080x1920"}}}}};
    Committed repo(doc);
    const ConfigSet set = repo.set();
    const std::string gray = "invert_gray_basic[InOutDataType=uint8][shape=8x1080x1920]";
    BaselineUpdate h100_only = update(gray, "H100", 50);
    h100_only.config_key = "invert_gray_basic";
    const ImportPlan plan = plan_import(set, {h100_only}, fixture::stems);
    CHECK(plan.failures ==
          std::vector<std::string>{"refusing to write " + repo.path.string() + ": " + gray +
                                   ": missing SKU baseline(s) ['A100']"});
    BaselineUpdate a100 = h100_only;
    a100.sku = "A100";
    const ImportPlan complete = plan_import(set, {h100_only, a100}, fixture::stems);
    REQUIRE(complete.ok());
    apply_import(set, complete);
    const auto written = load_operator_file(repo.path);
    const auto& rows =
        written.document.at("configs").at("invert_gray_basic").at("baselines").at(gray).as_object();
    CHECK(rows.begin()->key() == "H100"); // new SKUs are appended in update order
    CHECK(import_change_lines(complete)[0].substr(0, 12) == "NEW 50.00 us");
}

TEST_CASE("an operator selection keeps only that operator and must be measured") {
    Committed repo;
    const ConfigSet set = repo.set();
    ImportOptions options;
    options.operators = {"flip"};
    CHECK_THROWS_WITH_AS(
        plan_import(set, {update(fixture::nhwc, "H100", 100)}, fixture::stems, options),
        "operator 'flip' is not measured by the inputs (measured: ['invert'])", odo::InputError);
    options.operators = {"invert"};
    CHECK(plan_import(set, {update(fixture::nhwc, "H100", 100)}, fixture::stems, options).ok());
}

TEST_CASE("an old flat config is written in the new shape") {
    boost::json::object flat = fixture::document().at("configs").as_object();
    flat.at("invert_basic").as_object()["benchmark"] = "invert";
    Committed repo(flat);
    const ConfigSet set = repo.set();
    REQUIRE(set.files()[0].config.old_shape);
    const ImportPlan plan = plan_import(set, {update(fixture::nhwc, "H100", 100)}, fixture::stems);
    REQUIRE(plan.ok());
    apply_import(set, plan);
    const OperatorFile written = load_operator_file(repo.path);
    CHECK_FALSE(written.config.old_shape);
    CHECK(written.config.benchmark == "invert");
    CHECK_FALSE(written.config.entries[0].fields.contains("benchmark"));
}
