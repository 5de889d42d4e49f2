// The same-key regression gate: in memory, and against a ref of a throw-away git repository.
#include "fixtures.hpp"
#include "temp_repo.hpp"

#include <odo/baseline/regression.hpp>
#include <odo/baseline/regression_at_ref.hpp>

#include <doctest/doctest.h>

using namespace odo::baseline;
using odo::Status;

namespace {

RegressionReport gate(const boost::json::value& now, const boost::json::value& before,
                      const BaselineSelection& selection = {}) {
    const OperatorFile current = fixture::file(now);
    return compare_revisions({{"invert.json", &current.config, fixture::file(before).config}},
                             "main", selection);
}

const RegressionRow& row_of(const RegressionReport& r, const std::string& case_key,
                            const std::string& sku, Language language = Language::Cpp) {
    for (const RegressionRow& row : r.rows)
        if (row.key.case_key == case_key && row.key.sku == sku && row.key.language == language)
            return row;
    throw std::logic_error("no such row");
}

// The fixture operator under other names, so that it can sit beside the original.
std::string renamed_operator(const std::string& config_key) {
    std::string text = render_operator_document(fixture::document());
    for (std::size_t at = text.find("invert_basic"); at != std::string::npos;
         at = text.find("invert_basic", at))
        text.replace(at, 12, config_key);
    return text.replace(text.find("\"invert\""), 8, "\"" + config_key + "\"");
}

} // namespace

TEST_CASE("identical revisions compare every row and pass") {
    const RegressionReport r = gate(fixture::document(), fixture::document());
    CHECK(r.rows.size() == 2 * 2 * 2);
    CHECK(r.compared() == 8);
    CHECK(r.regressed() == 0);
    CHECK(r.new_rows() == 0);
    CHECK(r.status() == Status::Pass);
    CHECK(regression_summary(r) == "compared 8 same-key row(s) vs main: 0 regressed beyond 10.0%, "
                                   "0 cannot tell, 0 new (not comparable)");
}

TEST_CASE("a slowdown beyond 10 % fails with the reference's message; improvements pass") {
    boost::json::value now = fixture::document();
    fixture::metrics(now, fixture::nhwc, "H100")["gpu_time_us_cpp"] = 112.0;
    fixture::metrics(now, fixture::nchw, "A100")["gpu_time_us_cpp"] = 100.0;
    const RegressionReport r = gate(now, fixture::document());
    CHECK(r.regressed() == 1);
    CHECK(r.status() == Status::Gap);
    const RegressionRow& slow = row_of(r, fixture::nhwc, "H100");
    CHECK(slow.verdict == ChangeVerdict::Slower);
    CHECK(regression_message(r, slow) ==
          "invert.json: H100 invert_basic [cpp] (InOutDataType=uchar3, shape=8x1080x1920, "
          "layout=NHWC, inputKind=Tensor): same-key baseline regressed +12.00% vs main (100.00 -> "
          "112.00 us, case=" +
              fixture::nhwc + ")");
    const RegressionRow& fast = row_of(r, fixture::nchw, "A100");
    CHECK_FALSE(fast.regressed);
    CHECK(fast.verdict == ChangeVerdict::Faster);
}

TEST_CASE("exactly 10 % slower is within the limit") {
    boost::json::value now = fixture::document();
    fixture::metrics(now, fixture::nhwc, "H100")["gpu_time_us_cpp"] = 110.0;
    CHECK(gate(now, fixture::document()).regressed() == 0);
}

TEST_CASE("within the limit but with a noise band past it: cannot tell, MANUAL") {
    boost::json::value before = fixture::document();
    fixture::metrics(before, fixture::nhwc, "H100")["gpu_noise_us_cpp"] = 5.0;
    boost::json::value now = before;
    fixture::metrics(now, fixture::nhwc, "H100")["gpu_time_us_cpp"] = 108.0;
    const RegressionReport r = gate(now, before);
    CHECK(r.regressed() == 0);
    CHECK(r.cannot_tell() == 1);
    CHECK(r.status() == Status::Manual);
    const RegressionRow& row = row_of(r, fixture::nhwc, "H100");
    CHECK(cannot_tell_message(r, row).find(": cannot tell whether the baseline regressed vs main: "
                                           "+8.00%, noise band ") != std::string::npos);
}

TEST_CASE("a baseline resting on one run cannot tell, even within the limit") {
    boost::json::value before = fixture::document();
    fixture::metrics(before, fixture::nhwc, "H100")["n_runs"] = 1;
    const RegressionReport r = gate(before, before);
    CHECK(r.cannot_tell() == 2);
    CHECK(cannot_tell_message(r, row_of(r, fixture::nhwc, "H100"))
              .find("the baseline rests on a single run") != std::string::npos);
}

TEST_CASE("rows without a comparable earlier row are reported as new, not passed silently") {
    boost::json::value before = fixture::document();
    auto& baselines = before.at("configs").at("invert_basic").at("baselines").as_object();
    baselines.at(fixture::nchw).as_object().erase("A100");
    fixture::metrics(before, fixture::nhwc, "H100")["gpu_time_us_python"] = 0.0;
    const RegressionReport r = gate(fixture::document(), before);
    CHECK(r.new_rows() == 3);
    CHECK(new_row_message(row_of(r, fixture::nchw, "A100")) ==
          "invert.json: A100 invert_basic [cpp] (InOutDataType=uchar3, shape=8x1080x1920, "
          "layout=NCHW, inputKind=Tensor): new row, not compared (no same-key row at main)");
    CHECK(row_of(r, fixture::nhwc, "H100", Language::Python).new_reason ==
          "the row at main has no positive time");
    CHECK(r.status() == Status::Pass);

    const OperatorFile current = fixture::file();
    const RegressionReport absent =
        compare_revisions({{"invert.json", &current.config, std::nullopt}}, "main");
    CHECK(absent.new_rows() == 8);
    CHECK(absent.rows[0].new_reason == "the file does not exist at main");
}

TEST_CASE("the config-key filter applies to both revisions") {
    boost::json::value now = fixture::document();
    fixture::metrics(now, fixture::nhwc, "H100")["gpu_time_us_cpp"] = 150.0;
    BaselineSelection other;
    other.config_keys = {"other_config"};
    const RegressionReport r = gate(now, fixture::document(), other);
    CHECK(r.rows.empty());
}

TEST_CASE("the gate reads the ref with git and names a ref that does not resolve") {
    odo::testing::TempRepo repo;
    const std::string path = "bench/config/operators/invert.json";
    repo.write(path, render_operator_document(fixture::document()));
    repo.write("bench/config/operators/old.json", render_operator_document(fixture::document()));
    repo.commit("baselines");
    boost::json::value now = fixture::document();
    fixture::metrics(now, fixture::nhwc, "A100")["gpu_time_us_python"] = 190.0;
    repo.write(path, render_operator_document(now));
    repo.remove("bench/config/operators/old.json");
    repo.write("bench/config/operators/new.json", renamed_operator("invert_new"));
    const ConfigSet set = load_config_set(repo.root() / "bench/config");
    const odo::repo::Git git(repo.root());

    const RegressionReport r = reject_regressions_from(git, "main", set);
    CHECK(r.regressed() == 1);
    CHECK(r.compared() == 8);
    CHECK(r.new_rows() == 8);
    CHECK(r.status() == Status::Gap);
    const RegressionRow& slow = row_of(r, fixture::nhwc, "A100", Language::Python);
    CHECK(regression_message(r, slow).find("invert.json: A100 invert_basic [python] (") !=
          std::string::npos);
    CHECK(regression_message(r, slow).find("regressed +15.15% vs main (165.00 -> 190.00 us") !=
          std::string::npos);

    CHECK_THROWS_WITH_AS(reject_regressions_from(git, "no-such-ref", set),
                         doctest::Contains("ref 'no-such-ref' does not resolve to a commit"),
                         odo::InputError);
    repo.write("bench/config/operators/broken.json", "{}");
    repo.commit("add a broken file");
    repo.write("bench/config/operators/broken.json", renamed_operator("invert_broken"));
    CHECK_THROWS_WITH_AS(
        reject_regressions_from(git, "HEAD", load_config_set(repo.root() / "bench/config")),
        doctest::Contains("HEAD:bench/config/operators/broken.json"), odo::InputError);
}
