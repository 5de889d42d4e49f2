#pragma once
// The leads the example campaign measured after its last profile (scripts/demo.sh), one JSON
// line each in `<op>-leads.jsonl` of the campaign folder: the lead's name, the folders of its
// before and after run artifacts, and the outcome odo::campaign::evaluate_lead computed from them.
// The file is rewritten whole, atomically, for each new lead.
#include <odo/baseline/artifact.hpp>
#include <odo/baseline/config_set.hpp>
#include <odo/campaign/lead_outcome.hpp>
#include <odo/core/atomic_write.hpp>
#include <odo/core/error.hpp>
#include <odo/core/file.hpp>
#include <odo/core/fixed_point.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/core/text.hpp>
#include <odo/profile/evidence_text.hpp>
#include <odo/surface/sku_map.hpp>

#include <boost/json.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace campaign {

namespace fs = std::filesystem;

// The C++ timings of every run artifact in `dir`, one per run, checked against the repository's
// configs and SKU map as `odo_baseline import` checks them.
inline std::vector<odo::campaign::RunTiming> measured_runs(const fs::path& dir,
                                                           const fs::path& config_dir) {
    const odo::baseline::ConfigSet set = odo::baseline::load_config_set(config_dir);
    const auto stems = odo::surface::load_sku_map(config_dir / "sku_map.json").stems();
    std::vector<odo::baseline::Artifact> artifacts;
    for (const fs::path& path : odo::baseline::artifact_paths({dir}))
        artifacts.push_back(odo::baseline::load_artifact(path, set, stems));
    return odo::campaign::run_timings(artifacts, odo::baseline::Language::Cpp);
}

struct LeadRecord {
    std::string name;
    std::string target;
    std::string outcome; // "win" or "strike"
    double speedup_pct = 0;
};

inline std::vector<LeadRecord> read_leads(const fs::path& file) {
    std::vector<LeadRecord> leads;
    if (!fs::exists(file))
        return leads;
    const std::string text = odo::read_file(file);
    for (std::string_view line : odo::text::lines(text)) {
        if (line.empty())
            continue;
        const auto v = odo::json::parse(line, file.string());
        const auto& o = v.as_object();
        leads.push_back(
            {std::string(o.at("lead").as_string()), std::string(o.at("target").as_string()),
             std::string(o.at("outcome").as_string()), o.at("speedup_pct").to_number<double>()});
    }
    return leads;
}

// The strikes recorded after the last win, oldest first.
inline std::vector<odo::profile::Strike>
strikes_since_last_win(const std::vector<LeadRecord>& leads) {
    std::vector<odo::profile::Strike> strikes;
    for (const LeadRecord& lead : leads) {
        if (lead.outcome == "win")
            strikes.clear();
        else
            strikes.push_back({lead.name, lead.speedup_pct});
    }
    return strikes;
}

// One line of the leads file: what was tried, where its measurements are, what they say.
inline std::string lead_line(const std::string& name, const std::string& target,
                             const fs::path& before, const fs::path& after,
                             const odo::campaign::LeadEvaluation& e) {
    boost::json::array cases;
    double target_speedup = 0;
    for (const auto& c : e.cases) {
        if (c.targeted)
            target_speedup = c.speedup_pct();
        cases.push_back(boost::json::object{{"case", c.case_key},
                                            {"targeted", c.targeted},
                                            {"before_us", c.before.time_us},
                                            {"after_us", c.after.time_us},
                                            {"speedup_pct", c.speedup_pct()},
                                            {"band_low_pct", c.band.low_pct},
                                            {"band_high_pct", c.band.high_pct},
                                            {"verdict", to_string(c.verdict)}});
    }
    boost::json::array reasons;
    for (const auto& r : e.reasons)
        reasons.emplace_back(r);
    const boost::json::object line{{"lead", name},
                                   {"target", target},
                                   {"outcome", to_string(e.outcome)},
                                   {"speedup_pct", target_speedup},
                                   {"before", before.filename().string()},
                                   {"after", after.filename().string()},
                                   {"reasons", std::move(reasons)},
                                   {"cases", std::move(cases)}};
    return odo::json::dumps(line, {-1, false, true});
}

} // namespace campaign
