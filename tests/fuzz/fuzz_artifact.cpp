// Fuzzes the baseline artifact readers: the envelope and bare JSON artifact forms, nvbench's own
// JSON output, and what is built from them (ingest, nvbench runs, merging, import planning).
// Any input either reads or throws odo::InputError; whatever is accepted must be a declared
// case with finite, non-negative figures.
#include "fuzz_baseline_fixture.hpp"

#include <odo/baseline/artifact.hpp>
#include <odo/baseline/import.hpp>
#include <odo/baseline/merge.hpp>
#include <odo/baseline/nvbench_json.hpp>
#include <odo/baseline/nvbench_run.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

using namespace odo::baseline;

void check_row(const ArtifactRow& row) {
    const IndexedConfig* config = fuzz::config_set().find(row.config_key);
    if (!config || !config->expected_cases.count(row.case_key) || row.metrics.n_runs < 1)
        std::abort();
    for (Language language : languages)
        if (const auto& m = row.metrics.of(language))
            if (!(m->time_us > 0) || !(m->noise_us >= 0) || !(m->bwutil >= 0) ||
                !std::isfinite(m->time_us + m->noise_us + m->bwutil))
                std::abort();
}

void plan(const std::vector<Artifact>& artifacts) {
    std::vector<std::string> problems;
    const auto updates = merge_artifacts(artifacts, problems);
    plan_import(fuzz::config_set(), updates, fuzz::sku_map().stems());
}

void fuzz_artifact(std::string_view text) {
    std::vector<std::string> problems;
    const Artifact artifact = ingest_artifact(parse_artifact_text(text, "fuzz"), fuzz::config_set(),
                                              fuzz::sku_map().stems(), problems);
    for (const ArtifactRow& row : artifact.rows)
        check_row(row);
    plan({artifact});
}

void fuzz_nvbench_json(std::string_view text) {
    const auto states = read_nvbench_json(odo::json::parse(text, "fuzz"), "fuzz");
    const NvbenchContext context{"invert_basic", Language::Cpp, 350, 1095, 13};
    const Artifact artifact = artifact_from_nvbench({{"fuzz", context, states}}, fuzz::config_set(),
                                                    fuzz::sku_map(), "fuzz");
    for (const ArtifactRow& row : artifact.rows)
        check_row(row);
    plan({artifact});
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        fuzz_artifact(text);
    } catch (const odo::InputError&) {
    }
    try {
        fuzz_nvbench_json(text);
    } catch (const odo::InputError&) {
    }
    return 0;
}
