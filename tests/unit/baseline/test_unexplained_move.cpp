// Rows of an operator whose code did not change that an import moves beyond their noise: the
// runners' difference, which the import job warns about instead of letting a summary quote it.
#include "fixtures.hpp"
#include "temp_dir.hpp"

#include <odo/baseline/unexplained_move.hpp>

#include <doctest/doctest.h>

using namespace odo::baseline;

namespace {

// A merged C++-only row of `cpp_us` with noise 0.5 % over `n_runs` runs.
BaselineUpdate merged_row(const std::string& case_key, double cpp_us, std::int64_t n_runs = 4) {
    BaselineUpdate u{"invert_basic", case_key, "H100", {}};
    u.metrics.n_runs = n_runs;
    u.metrics.cpp = LanguageMetrics{cpp_us, cpp_us * 0.005, 0.8};
    return u;
}

} // namespace

TEST_CASE("unexplained moves: an unchanged operator's row beyond its noise, and only that") {
    const ConfigSet set = fixture::set(); // H100 committed at 100 (NHWC) and 120 µs (NCHW)
    // NHWC 40 % faster with the same code: far beyond 0.5 % noise. NCHW within it.
    const std::vector<BaselineUpdate> updates{merged_row(fixture::nhwc, 60),
                                              merged_row(fixture::nchw, 120.2)};
    const auto moves = unexplained_moves(set, updates, {"invert"});
    REQUIRE(moves.size() == 1);
    CHECK(moves[0].op == "invert");
    CHECK(moves[0].case_key == fixture::nhwc);
    CHECK(moves[0].language == Language::Cpp);
    CHECK(moves[0].band.high_pct < 0);
    CHECK(unexplained_move_line(moves[0]) ==
          "invert: H100 invert_basic [cpp] (InOutDataType=uchar3, shape=8x1080x1920, layout=NHWC, "
          "inputKind=Tensor): 100.00 -> 60.00 us (-40.0 %; the noise allows -40.6 % .. -39.4 %)");

    // The operator's sources changed: the move is the change's, nothing to warn about.
    CHECK(unexplained_moves(set, updates, {}).empty());
    // A new row (nothing committed) cannot have moved.
    boost::json::value doc = fixture::document();
    doc.at("configs").at("invert_basic").at("baselines").as_object().erase(fixture::nhwc);
    CHECK(unexplained_moves(fixture::set(doc), updates, {"invert"}).empty());
    // A row without a noise figure cannot tell.
    boost::json::value quiet = fixture::document();
    fixture::metrics(quiet, fixture::nhwc, "H100").erase("gpu_noise_us_cpp");
    CHECK(unexplained_moves(fixture::set(quiet), updates, {"invert"}).empty());
    // Slower beyond noise is a move too.
    CHECK(unexplained_moves(set, {merged_row(fixture::nhwc, 130)}, {"invert"}).size() == 1);
}

TEST_CASE("unexplained moves: an operator is unchanged unless a source of its is changed; the "
          "baselines and the SKU map are data") {
    TempDir dir; // no sources to scan: every path below is attributed by name
    const odo::repo::OperatorSet ops{"flip", "invert"};
    const odo::repo::Attribution attribution(dir.path(), odo::repo::Layout::cvcuda(), ops);
    const std::set<std::string> data{"bench/config/operators/invert.json",
                                     "bench/config/sku_map.json"};
    const auto unchanged = [&](std::vector<std::string> changed) {
        return operators_unchanged_by(changed, attribution, ops, data);
    };
    CHECK(unchanged({}) == std::set<std::string>{"flip", "invert"});
    CHECK(unchanged({"src/cvcuda/priv/OpInvert.cu"}) == std::set<std::string>{"flip"});
    // Committed figures and quality limits change nothing that is timed...
    CHECK(unchanged({"bench/config/operators/invert.json", "bench/config/sku_map.json"}) ==
          std::set<std::string>{"flip", "invert"});
    // ...but the bench configs' other files (a broad path) move every operator.
    CHECK(unchanged({"bench/config/bench_params.json"}).empty());
    // Without the data excluded, the operator's config would count as its source.
    CHECK(operators_unchanged_by({"bench/config/operators/invert.json"}, attribution, ops, {}) ==
          std::set<std::string>{"flip"});
}
