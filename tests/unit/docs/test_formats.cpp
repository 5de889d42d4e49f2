// Every JSON example of docs/formats.md is read by the odo reader of its kind, named by the HTML
// comment `<!-- odo-format: KIND -->` right before the block, and must be accepted in full: the
// docs cannot show a file odo refuses.
#include <odo/baseline/artifact.hpp>
#include <odo/baseline/config_set.hpp>
#include <odo/baseline/operator_file.hpp>
#include <odo/baseline/quality.hpp>
#include <odo/baseline/validation.hpp>
#include <odo/campaign/campaign_state.hpp>
#include <odo/campaign/ledger_read.hpp>
#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/repo/layout_file.hpp>
#include <odo/surface/bench_config.hpp>
#include <odo/surface/case_expansion.hpp>
#include <odo/surface/manifest.hpp>
#include <odo/surface/sku_map.hpp>

#include <doctest/doctest.h>

#include "temp_dir.hpp"

#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct JsonBlock {
    std::string kind;  // from the odo-format comment; empty when there is none
    std::string where; // docs/formats.md:LINE of the opening fence
    std::string text;
};

std::vector<JsonBlock> json_blocks(const std::string& markdown, const std::string& name) {
    static const std::regex marker(R"(^\s*<!--\s*odo-format:\s*([a-z-]+)\s*-->\s*$)");
    std::vector<JsonBlock> blocks;
    std::istringstream in(markdown);
    std::string line, kind;
    int number = 0;
    JsonBlock* open = nullptr;
    while (std::getline(in, line)) {
        ++number;
        if (open) {
            if (line.rfind("```", 0) == 0)
                open = nullptr;
            else
                open->text += line + "\n";
            continue;
        }
        std::smatch m;
        if (std::regex_match(line, m, marker)) {
            kind = m[1];
        } else if (line.rfind("```", 0) == 0) {
            if (line == "```json") {
                blocks.push_back({kind, name + ":" + std::to_string(number), ""});
                open = &blocks.back();
            }
            kind.clear();
        } else if (line.find_first_not_of(" \t") != std::string::npos) {
            kind.clear();
        }
    }
    return blocks;
}

std::vector<JsonBlock> blocks_of(const std::vector<JsonBlock>& all, const std::string& kind) {
    std::vector<JsonBlock> out;
    for (const JsonBlock& b : all)
        if (b.kind == kind)
            out.push_back(b);
    return out;
}

} // namespace

TEST_CASE("every JSON example of docs/formats.md is accepted by its odo reader") {
    const std::string name = "docs/formats.md";
    const auto blocks = json_blocks(odo::read_file(std::string(ODO_SOURCE_DIR) + "/" + name), name);
    REQUIRE(!blocks.empty());
    const std::vector<std::string> kinds{"bench-config", "manifest", "sku-map",
                                         "artifact",     "layout",   "campaign-ledger"};
    for (const JsonBlock& b : blocks) {
        INFO(b.where);
        const std::string why =
            "a json block needs <!-- odo-format: KIND --> before it, KIND one "
            "of bench-config, manifest, sku-map, artifact, layout, campaign-ledger (got \"" +
            b.kind + "\")";
        CHECK_MESSAGE(std::find(kinds.begin(), kinds.end(), b.kind) != kinds.end(), why);
    }
    for (const std::string& kind : kinds) {
        INFO(kind);
        CHECK(!blocks_of(blocks, kind).empty());
    }

    // The SKU maps first: their stems and quality limits judge the rows of the other examples.
    std::vector<std::string> stems;
    odo::baseline::QualityPolicy quality;
    for (const JsonBlock& b : blocks_of(blocks, "sku-map")) {
        INFO(b.where);
        const auto map = odo::surface::parse_sku_map(odo::json::parse(b.text, b.where), b.where);
        stems = map.stems();
        quality = odo::baseline::quality_policy(map);
        CHECK(map.entries.size() >= 1);
    }
    REQUIRE(!stems.empty());

    // Each config loads with its tiers and axes, every config has cases, and every committed row
    // is a valid case, SKU and metrics row (completeness is not asked of an example).
    std::vector<odo::baseline::OperatorFile> configs;
    for (const JsonBlock& b : blocks_of(blocks, "bench-config")) {
        INFO(b.where);
        REQUIRE_NOTHROW(configs.push_back(odo::baseline::parse_operator_file(b.where, b.text)));
        const auto& config = configs.back().config;
        REQUIRE_NOTHROW(odo::surface::require_valid_tiers(config));
        odo::baseline::ValidationSummary summary;
        for (const auto& entry : config.entries) {
            INFO(entry.key);
            CHECK(!odo::surface::expected_case_keys(entry.key, entry.fields).empty());
            CHECK_NOTHROW(odo::surface::warmup_iterations(entry.fields, entry.key));
            odo::baseline::validate_entry(entry, b.where, stems, quality, summary,
                                          odo::baseline::ValidationScope::PresentRows);
        }
        for (const auto& issue : summary.issues)
            FAIL_CHECK(issue.subject << ": " << issue.problem);
    }
    REQUIRE(!configs.empty());
    const odo::baseline::ConfigSet set(configs);

    // Artifacts: every row is a case of the config examples on a stem of the SKU map.
    for (const JsonBlock& b : blocks_of(blocks, "artifact")) {
        INFO(b.where);
        std::vector<std::string> problems;
        const auto artifact = odo::baseline::ingest_artifact(
            odo::baseline::parse_artifact_text(b.text, b.where), set, stems, problems);
        for (const std::string& p : problems)
            FAIL_CHECK(p);
        CHECK(!artifact.rows.empty());
    }

    // Manifests, in a folder that holds the config examples as operators/<benchmark>.json.
    const TempDir dir;
    for (const auto& file : configs)
        dir.write("operators/" + file.config.benchmark + ".json", file.bytes);
    for (const JsonBlock& b : blocks_of(blocks, "manifest")) {
        INFO(b.where);
        const auto manifest =
            odo::surface::parse_manifest(odo::json::parse(b.text, b.where), dir.path(), b.where);
        CHECK(!manifest.operators.empty());
        for (const auto& op : manifest.operators) {
            INFO(op.name);
            CHECK(std::filesystem::is_regular_file(op.config));
        }
    }

    for (const JsonBlock& b : blocks_of(blocks, "layout")) {
        INFO(b.where);
        CHECK_NOTHROW(odo::repo::parse_layout(b.text, b.where));
    }

    // Ledgers: chained, well formed, and every outcome what its runs compute.
    for (const JsonBlock& b : blocks_of(blocks, "campaign-ledger")) {
        INFO(b.where);
        const auto ledger = odo::campaign::parse_ledger(b.text, b.where);
        for (const auto& p : ledger.problems)
            FAIL_CHECK(p.seq << ": " << p.what);
        const auto state = odo::campaign::fold(ledger);
        for (const auto& p : state.problems)
            FAIL_CHECK(p.seq << ": " << p.what);
        CHECK(!ledger.records.empty());
    }
}

TEST_CASE("a repeated key in a formats example would be refused") {
    // The rule the page states for every file, checked on the reader every example goes through.
    CHECK_THROWS_AS(odo::json::parse(R"({"entries": [], "entries": []})", "sku_map.json"),
                    odo::InputError);
}
