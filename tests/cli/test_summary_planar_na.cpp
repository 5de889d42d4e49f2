// The summary phase of an operator that declares planar image layouts not applicable: for a
// library on odo's tools (a layout file), the Layout comparison is one line; for one on CV-CUDA's
// (the built-in profile, or "tooling": "cvcuda"), the v1 table of n/a stays (issue 36).
#include "cli_support.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

using odo::testing::TempRepo;

const std::string planar_na_config = "bench/config/operators/invert.json";
const std::string planar_na_header = "src/cvcuda/include/cvcuda/OpInvert.h";

// Invert without planar layouts: the header opts out, the config keeps its NHWC cases only.
void planar_na_drop_planar(const TempRepo& repo) {
    std::string header = repo.read(planar_na_header);
    for (auto at = header.find("[kNHWC, kHWC, kNCHW, kCHW]"); at != std::string::npos;
         at = header.find("[kNHWC, kHWC, kNCHW, kCHW]"))
        header.replace(at, 26, "[kNHWC, kHWC]");
    const auto limitations = header.find(" * Limitations:\n");
    REQUIRE(limitations != std::string::npos);
    header.insert(limitations + 16, " * Planar image layouts: Not applicable\n"
                                    " * Reason: interleaved images only\n");
    repo.write(planar_na_header, header);
    boost::json::value doc = odo::json::parse(repo.read(planar_na_config), planar_na_config);
    auto& configs = doc.as_object()["configs"].as_object();
    std::vector<std::string> planar_only;
    for (auto& config : configs) {
        auto& entry = config.value().as_object();
        auto& layouts = entry["string_axes"].as_object()["layout"].as_array();
        boost::json::array kept;
        for (const auto& layout : layouts)
            if (layout == "NHWC")
                kept.push_back(layout);
        if (kept.empty()) {
            planar_only.push_back(std::string(config.key()));
            continue;
        }
        layouts = std::move(kept);
        auto& baselines = entry["baselines"].as_object();
        std::vector<std::string> drop;
        for (const auto& row : baselines)
            if (!odo::testing::contains(std::string(row.key()), "[layout=NHWC]"))
                drop.emplace_back(row.key());
        for (const auto& key : drop)
            baselines.erase(key);
    }
    for (const auto& key : planar_only)
        configs.erase(key);
    odo::json::DumpOptions o;
    o.indent = 4;
    repo.write(planar_na_config, odo::json::dumps(doc, o) + "\n");
}

std::string planar_na_layout_section(const TempRepo& repo) {
    const boost::json::value doc = odo::json::parse(repo.read(planar_na_config), planar_na_config);
    const std::string first_case(
        doc.at("configs").as_object().begin()->value().at("baselines").as_object().begin()->key());
    repo.write("cases.txt", first_case + "\n");
    const auto r = odo::testing::optimize_op(
        repo, {"Invert", "--phase", "summary", "--benchmark-base", "main", "--optimized-cases-file",
               "cases.txt", "--state", "provisional", "--bottleneck", "Memory-bound",
               "--profile-evidence", "ncu measured 91% DRAM throughput.", "--out", "mr.md"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string text = repo.read("mr.md");
    const auto from = text.find("### Layout comparison");
    const auto to = text.find("### Evidence checklist");
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    // ODO-3 reads the description back: the one-line form parses and validates there too.
    const auto evidence = odo::testing::optimize_op(
        repo, {"Invert", "--phase", "evidence", "--results", "mr.md", "--format", "json"});
    const auto report = odo::json::parse(evidence.out, "stdout");
    CHECK(odo::testing::finding_field(report, "ODO-3", "status", "absent") != "absent");
    CHECK_FALSE(odo::testing::contains(odo::testing::finding_field(report, "ODO-3", "evidence", ""),
                                       "table section may contain only"));
    return text.substr(from, to - from);
}

} // namespace

TEST_CASE("summary phase: the Layout comparison of an operator without planar layouts") {
    TempRepo repo(ODO_TEST_DATA_DIR "/oprepo");
    planar_na_drop_planar(repo);
    repo.write("odo-layout.json", "{}\n");
    repo.commit("Invert without planar layouts");
    repo.git({"checkout", "-q", "-b", "campaign"});
    repo.write("src/cvcuda/priv/OpInvert.cu", repo.read("src/cvcuda/priv/OpInvert.cu") + "//\n");
    repo.commit("perf(invert): faster");

    CHECK(planar_na_layout_section(repo) ==
          "### Layout comparison\n\nNot applicable: the operator declares planar image layouts "
          "not applicable (Reason: interleaved images only), so no case has a planar counterpart "
          "to compare.\n\n");

    repo.write("odo-layout.json", R"({"tooling": "cvcuda"})"
                                  "\n");
    const std::string table = planar_na_layout_section(repo);
    CHECK(odo::testing::contains(table, "| Interleaved / Planar | n/a \xE2\x80\x94 no matched "
                                        "equivalent configurations | n/a"));
    CHECK_FALSE(odo::testing::contains(table, "Not applicable"));
}
