#pragma once
// What each odo_campaign verb is told (docs/campaign.md): the operator, the verb, where the
// repository, layout and artifacts are, and the verb's own options. The driver fills it from its
// command line; an op repository's own tool can fill it and call the verbs directly.
#include "odo/campaign/campaign_session.hpp"
#include "odo/profile/bottleneck.hpp"

#include <iostream>
#include <string>
#include <vector>

namespace odo::campaign {

struct VerbOptions {
    std::string op, verb;
    // Where the verbs write what they report and what went wrong (a caller's own streams).
    std::ostream* out = &std::cout;
    std::ostream* err = &std::cerr;
    std::string repo, layout, artifacts;
    // profile
    std::string report, ncu, case_key;
    std::vector<std::string> represents;
    double ridge_pct = odo::profile::BottleneckThresholds{}.ridge_sol_pct;
    // lead
    std::string id, hypothesis, category;
    std::vector<std::string> targets;
    // evaluate
    std::string lead;
    std::vector<std::string> before, after;
    std::string kept, language = "cpp";
    bool dry_run = false;
    // note
    std::string text;
    // status
    std::string format = "md", preflight;
    // publish
    std::string upstream;
    // start
    std::string build_dir, bench_target, bench, sku, base, branch, profiler, test;
    CampaignSession session;
    // baseline
    bool commit = false;
};

} // namespace odo::campaign
