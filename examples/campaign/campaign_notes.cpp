// The measured parts of the example campaign's MR description (scripts/demo.sh), written from
// the files the run produced, never typed: the bottleneck and profile evidence of the optimized
// case, and the human half of the summary — the checklist items, a learning and the
// memory-footprint section.
//
//   odo_campaign_notes profile --campaign DIR --operator NAME --case KEY
//   odo_campaign_notes complete --campaign DIR --case KEY --operator NAME --description FILE
//
// DIR is the campaign's artifact folder; the file names are the ones scripts/demo.sh writes
// (campaign_files below). Exit codes: 0 done, 1 a measurement says the item cannot be checked,
// 2 bad usage or input (one line on stderr naming the file or option).
#include <odo/core/atomic_write.hpp>
#include <odo/core/error.hpp>
#include <odo/core/file.hpp>
#include <odo/core/fixed_point.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/text.hpp>
#include <odo/profile/bottleneck.hpp>
#include <odo/profile/memory_footprint.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using odo::InputError;

// The files of one campaign on one operator, relative to its artifact folder.
struct CampaignFiles {
    fs::path dir;
    std::string op; // lowercase
    // oplib_roofline's comparison of the optimized case with a same-bytes memcpy.
    fs::path roofline() const { return dir / (op + "-roofline.json"); }
    // "invert-baselines-after.json": a copy of the operator's config as committed after the
    // import, so its figures are exactly the ones the summary reads from git.
    fs::path baselines(const std::string& when) const {
        return dir / (op + "-baselines-" + when + ".json");
    }
    fs::path pixel_log() const { return dir / "pixel-tests.txt"; }
    fs::path validation_log() const { return dir / "validate.txt"; }
    fs::path footprint(const std::string& when) const {
        return dir / ("footprint-" + when + ".json");
    }
    fs::path bottleneck() const { return dir / "bottleneck.txt"; }
    fs::path profile_evidence() const { return dir / "profile-evidence.txt"; }
    fs::path lead_exhaustion() const { return dir / "lead-exhaustion.txt"; }
};

// `--name value` pairs; every option is required once.
std::map<std::string, std::string> parse_options(int argc, char** argv,
                                                 const std::vector<std::string>& names) {
    std::map<std::string, std::string> options;
    for (int i = 2; i < argc; i += 2) {
        const std::string name = argv[i];
        if (std::find(names.begin(), names.end(), name) == names.end())
            throw InputError(name + ": unknown option");
        if (i + 1 >= argc)
            throw InputError(name + ": needs a value");
        if (!options.emplace(name, argv[i + 1]).second)
            throw InputError(name + ": given twice");
    }
    for (const std::string& name : names)
        if (!options.count(name))
            throw InputError(name + ": required");
    return options;
}

std::string percent(double fraction) {
    return odo::fixed_point(fraction * 100, 0) + "%";
}

// One language's committed metrics of `case_key` in an operator config (its only SKU).
struct CaseFigures {
    std::string sku;
    std::int64_t n_runs = 0;
    double time_us = 0;
    double bwutil = 0;
};

CaseFigures case_figures(const fs::path& config, const std::string& case_key,
                         const std::string& language) {
    const auto doc = odo::json::parse(odo::read_file(config), config.string());
    const std::string config_key = case_key.substr(0, case_key.find('['));
    const auto* entry = doc.at("configs").as_object().if_contains(config_key);
    const auto* baselines = entry ? entry->as_object().if_contains("baselines") : nullptr;
    const auto* rows = baselines ? baselines->as_object().if_contains(case_key) : nullptr;
    if (!rows || rows->as_object().size() != 1)
        throw InputError(config.string() + ": no single-SKU baseline for " + case_key);
    const auto& [sku, metrics] = *rows->as_object().begin();
    const auto number = [&](const std::string& field) {
        const auto* v = metrics.as_object().if_contains(field);
        if (!v || !v->is_number())
            throw InputError(config.string() + ": " + case_key + " has no number " + field);
        return v->to_number<double>();
    };
    return {std::string(sku), static_cast<std::int64_t>(number("n_runs")),
            number("gpu_time_us_" + language), number("gpu_bwutil_" + language)};
}

// The case keys with a baseline in an operator config.
std::size_t committed_cases(const fs::path& config) {
    const auto doc = odo::json::parse(odo::read_file(config), config.string());
    std::size_t cases = 0;
    for (const auto& entry : doc.at("configs").as_object())
        if (const auto* b = entry.value().as_object().if_contains("baselines"))
            cases += b->as_object().size();
    return cases;
}

std::string read_line(const fs::path& path) {
    std::string text = odo::read_file(path);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    if (text.empty() || text.find('\n') != std::string::npos)
        throw InputError(path.string() + ": expected one line");
    return text;
}

double number_field(const boost::json::value& doc, const char* field, const fs::path& source) {
    const auto* v = doc.is_object() ? doc.as_object().if_contains(field) : nullptr;
    if (!v || !v->is_number())
        throw InputError(source.string() + ": '" + field + "' must be a number");
    return v->to_number<double>();
}

// The optimized case against the same-bytes memcpy (oplib_roofline), classified with the profile
// layer's SOL thresholds: on the host, the memcpy is the memory "speed of light".
int profile(int argc, char** argv) {
    const auto o = parse_options(argc, argv, {"--campaign", "--operator", "--case"});
    const CampaignFiles files{o.at("--campaign"), odo::text::lower(o.at("--operator"))};
    const std::string& key = o.at("--case");
    const CaseFigures after = case_figures(files.baselines("after"), key, "cpp");
    const fs::path roofline_path = files.roofline();
    const auto roofline = odo::json::parse(odo::read_file(roofline_path), roofline_path.string());
    const auto* measured_case =
        roofline.is_object() ? roofline.as_object().if_contains("case") : nullptr;
    if (!measured_case || *measured_case != key.c_str())
        throw InputError(roofline_path.string() + ": measures another case than " + key);
    const double bwutil = number_field(roofline, "bwutil", roofline_path);
    const odo::profile::BottleneckThresholds thresholds;
    const double util_pct = bwutil * 100;
    const bool memory_bound = util_pct >= thresholds.bound_sol_pct;
    const bool at_ridge = util_pct >= thresholds.ridge_sol_pct;
    const std::string measured =
        "oplib_roofline measured " + percent(bwutil) + " BWUtil (memory SOL: median " +
        odo::fixed_point(number_field(roofline, "operator_median_us", roofline_path), 2) +
        " us per call against " +
        odo::fixed_point(number_field(roofline, "memcpy_median_us", roofline_path), 2) +
        " us for a memcpy of the same bytes, alternating rounds, `" +
        roofline_path.filename().string() + "`) on `" + key + "`, committed at " +
        odo::fixed_point(after.time_us, 2) + " us over " + std::to_string(after.n_runs) + " runs";
    const std::string bottleneck = memory_bound ? "Memory-bound" : "Compute-bound";
    odo::write_file_atomically(files.bottleneck(), bottleneck + "\n");
    odo::write_file_atomically(files.profile_evidence(), measured + ".\n");
    odo::write_file_atomically(
        files.lead_exhaustion(),
        measured + (at_ridge
                        ? ": at ridge (>= " + odo::fixed_point(thresholds.ridge_sol_pct, 0) +
                              "% BWUtil), ceiling " + odo::fixed_point(100 / util_pct, 2) + "x.\n"
                        : ": below the ridge.\n"));
    std::cout << bottleneck << ", " << percent(bwutil) << " BWUtil"
              << (at_ridge ? " (at ridge)" : " (below the ridge)") << "\n";
    return 0;
}

// doctest's summary line: "[doctest] test cases: 12 | 12 passed | 0 failed | 0 skipped".
std::string test_summary(const fs::path& log) {
    const std::string text = odo::read_file(log);
    std::smatch m;
    if (!std::regex_search(
            text, m, std::regex(R"(test cases:\s*(\d+)\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed)")))
        throw InputError(log.string() + ": no doctest summary line");
    if (m[3] != "0" || m[1] != m[2])
        throw InputError(log.string() + ": the tests did not all pass");
    return std::string(m[2]) + "/" + std::string(m[1]) + " test cases passed";
}

// The pixel layer's own checklist line for the operator's Tensor test, without its prefix.
std::string pixel_evidence(const fs::path& log, const std::string& op) {
    const std::string prefix = "- [x] **Pixelwise equality to reference** \xE2\x80\x94 ";
    std::istringstream lines(odo::read_file(log));
    for (std::string line; std::getline(lines, line);)
        if (line.rfind(prefix, 0) == 0 && line.find("TestOp" + op) != std::string::npos)
            return line.substr(prefix.size());
    throw InputError(log.string() + ": no passing pixel evidence line for TestOp" + op);
}

// Replaces the open checklist item `label` with a checked one carrying `evidence`.
void check_item(std::string& description, const std::string& label, const std::string& evidence) {
    const std::string open = "- [ ] **" + label + "** \xE2\x80\x94 ";
    const auto at = description.find(open);
    if (at == std::string::npos)
        throw InputError("the description has no open checklist item " + label);
    const auto eol = description.find('\n', at);
    description.replace(at, eol - at, "- [x] **" + label + "** \xE2\x80\x94 " + evidence);
}

void replace_once(std::string& text, const std::string& from, const std::string& to,
                  const std::string& what) {
    const auto at = text.find(from);
    if (at == std::string::npos)
        throw InputError("the description has no " + what);
    text.replace(at, from.size(), to);
}

odo::profile::FootprintChange footprint_change(const CampaignFiles& files) {
    const auto read = [&](const std::string& when) {
        const fs::path path = files.footprint(when);
        return odo::profile::parse_footprints(odo::read_file(path), path.string());
    };
    return odo::profile::compare_footprints(read("before"), read("after"));
}

int complete(int argc, char** argv) {
    const auto o =
        parse_options(argc, argv, {"--campaign", "--case", "--operator", "--description"});
    const std::string& op = o.at("--operator");
    const CampaignFiles files{o.at("--campaign"), odo::text::lower(op)};
    const std::string& key = o.at("--case");
    const fs::path description_path = o.at("--description");
    std::string description = odo::read_file(description_path);

    const CaseFigures before = case_figures(files.baselines("before"), key, "cpp");
    const CaseFigures after = case_figures(files.baselines("after"), key, "cpp");
    const std::string lead = read_line(files.lead_exhaustion());
    if (lead.find("at ridge") == std::string::npos) {
        std::cerr << "odo_campaign_notes: Lead exhaustion cannot be checked: " << lead << "\n";
        return 1;
    }
    check_item(description, "Pixelwise equality to reference",
               pixel_evidence(files.pixel_log(), op) + "; " + test_summary(files.pixel_log()) +
                   " in `pixel-tests.txt`.");
    const odo::profile::FootprintChange footprint = footprint_change(files);
    const bool footprint_kept = footprint.increase_bytes == 0 && !footprint.new_allocations;
    check_item(description, "Memory-footprint checks",
               "Memory footprint section below, measured with odo's allocation ledger in "
               "`footprint-before.json` and `footprint-after.json`: " +
                   std::to_string(footprint.increase_bytes) + " B peak increase, " +
                   (footprint.new_allocations ? "new" : "no new") +
                   " allocations in the operator call" +
                   (footprint_kept ? ": no regression." : "; ODO-9 decides."));
    check_item(description, "Baselines updated",
               "`bench/config/operators/" + files.op + ".json` re-measured on " + after.sku + " (" +
                   std::to_string(after.n_runs) +
                   " runs through each entry point) and imported with `odo_baseline import` for " +
                   std::to_string(committed_cases(files.baselines("after"))) + " case keys (`" +
                   files.baselines("after").filename().string() + "`).");
    check_item(description, "Baseline validation",
               "`odo_baseline validate --reject-regressions-from main` passed with no regression "
               "(`validate.txt`).");
    check_item(description, "Lead exhaustion", lead);
    check_item(description, "Review/refactor gate",
               "`examples/campaign/perf-invert.patch` reviewed by hand "
               "when the example was written: passed, one flat loop and its dispatch; "
               "`tools/refactor_op.py " +
                   op +
                   " --phase assess` is not part of this example: MANUAL, no refactor applied.");
    replace_once(description, "- No optimization attempt has been accepted or rejected yet.",
                 "- Reading every element through the generic strided accessor kept the loop "
                 "scalar; one flat pass over packed data took `" +
                     key + "` from " + odo::fixed_point(before.time_us, 1) + " us to " +
                     odo::fixed_point(after.time_us, 1) + " us (" +
                     odo::fixed_point(before.time_us / after.time_us, 2) + "x).",
                 "learnings placeholder");
    description += "\n" + odo::profile::memory_footprint_section(footprint);
    odo::write_file_atomically(description_path, description);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const std::string command = argc > 1 ? argv[1] : "";
    try {
        if (command == "profile")
            return profile(argc, argv);
        if (command == "complete")
            return complete(argc, argv);
        std::cerr << "usage: odo_campaign_notes profile|complete --option value ...\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "odo_campaign_notes " << command << ": error: " << e.what() << "\n";
        return 2;
    }
}
