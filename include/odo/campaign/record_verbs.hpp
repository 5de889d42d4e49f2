#pragma once
// HOST-ONLY: runs git, cmake and the benchmark. Never include from a .cu file.
//
// The odo_campaign verbs that append a record (docs/campaign.md): profile, lead (with a
// session, the lead's base build snapshotted first), evaluate (with a session, odo times that
// base against the working tree's build and leaves the outcome for keep or revert), review, and
// publish. Each takes the verb's options and the campaign, prints what it did, and returns the
// exit code; bad input is InputError.
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/language.hpp"
#include "odo/campaign/bench_measurement.hpp"
#include "odo/campaign/campaign_repository.hpp"
#include "odo/campaign/evaluation_runs.hpp"
#include "odo/campaign/lead_attempt.hpp"
#include "odo/campaign/lead_category.hpp"
#include "odo/campaign/lead_outcome.hpp"
#include "odo/campaign/profile_reading.hpp"
#include "odo/core/fixed_point.hpp"
#include "odo/refactor/checklist_evidence.hpp"
#include "odo/refactor/gate_line.hpp"
#include "odo/repo/source_tree.hpp"

#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace odo::campaign {

namespace fs = std::filesystem;

inline int record_profile(const VerbOptions& o, const Campaign& c) {
    const bool csv = !o.ncu.empty();
    const ReadFile input = c.read_cited(csv ? "--ncu" : "--report", csv ? o.ncu : o.report);
    const std::string& file = csv ? o.ncu : o.report;
    ProfileRead read;
    if (csv) {
        read = ncu_export(input.bytes, file, o.ridge_pct);
    } else {
        const auto doc = odo::json::parse(input.bytes, file);
        if (!doc.is_object())
            throw InputError(file + ": not a JSON object");
        const auto& obj = doc.get_object();
        read = obj.contains("bwutil") ? host_roofline(obj, file, o.ridge_pct)
                                      : profile_report(obj, file);
    }
    if (read.case_key.empty() && o.case_key.empty())
        throw InputError("--case KEY: the ncu export does not name the case it profiled");
    if (!o.case_key.empty() && !read.case_key.empty() && o.case_key != read.case_key)
        throw InputError(file + ": profiles " + read.case_key + ", not --case " + o.case_key);
    const std::string key = o.case_key.empty() ? read.case_key : o.case_key;
    const campaign::OperatorSurface surface = c.surface();
    c.require_surface_case("--case", key, surface);
    for (const std::string& r : o.represents)
        c.require_surface_case("--represents", r, surface);
    const campaign::ProfileFields fields{
        read.source,      key,        o.represents, read.figures, read.bottleneck,
        read.ceiling_pct, o.ridge_pct};
    c.append(campaign::RecordKind::Profile, campaign::profile_fields(fields), {input.cited});
    c.out() << key << ": " << read.bottleneck << ", " << odo::fixed_point(read.ceiling_pct, 1)
            << "% against a ridge of " << odo::fixed_point(o.ridge_pct, 1) << "% ("
            << (read.ceiling_pct >= o.ridge_pct ? "at the ridge" : "below the ridge") << ")\n";
    return 0;
}

// The working tree's changes beside the ledger.
inline std::vector<std::string> tree_changes(const Campaign& c) {
    return campaign::changed_paths(odo::repo::Git(c.root()), c.ledger_path());
}

inline fs::path lead_folder(const Campaign& c, const std::string& id) {
    return c.session_folder() / ("lead-" + id);
}

// The benchmark built at HEAD, copied where the lead's evaluation finds it: the yardstick its
// change is timed against. The tree must not hold a change yet, or the yardstick would have it.
inline void snapshot_lead_base(const Campaign& c, const std::string& id) {
    const campaign::CampaignSession& s = *c.session();
    if (const auto changed = tree_changes(c); !changed.empty())
        throw InputError("the working tree has changes (" + changed.front() +
                         (changed.size() > 1
                              ? " and " + std::to_string(changed.size() - 1) + " more"
                              : std::string()) +
                         "): open the lead before making its change, so its base is HEAD");
    c.out() << "building " << s.bench_target << " at HEAD: lead " << id << "'s base\n"
            << std::flush;
    campaign::build_bench(s);
    const fs::path folder = lead_folder(c, id);
    fs::remove_all(folder);
    fs::create_directories(folder);
    fs::copy_file(s.bench, folder / s.bench.filename());
}

inline int record_lead(const VerbOptions& o, const Campaign& c) {
    const campaign::CampaignState s = c.state();
    if (s.open_lead)
        throw InputError("lead " + *s.open_lead + " is open: evaluate it before opening another");
    for (const campaign::Lead& lead : s.leads)
        if (lead.id == o.id)
            throw InputError("--id " + o.id + ": a lead of that id was opened before");
    if (!campaign::is_lead_category(o.category))
        throw InputError(
            "--category " + o.category + ": not one of " +
            odo::text::join({campaign::lead_categories.begin(), campaign::lead_categories.end()},
                            ", "));
    if (!o.id.empty() &&
        (o.id.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                "0123456789._-") != std::string::npos ||
         o.id.front() == '.' || o.id.front() == '-'))
        throw InputError("--id " + o.id +
                         ": letters, digits, '.', '_' and '-' only, not first '.' "
                         "or '-' (it names a ref and a folder)");
    const campaign::OperatorSurface surface = c.surface();
    for (const std::string& key : o.targets)
        c.require_surface_case("--target", key, surface);
    if (c.session())
        snapshot_lead_base(c, o.id);
    c.append(campaign::RecordKind::Lead,
             campaign::lead_fields(o.id, o.hypothesis, o.category, o.targets), {});
    return 0;
}

// One side's runs, read from its artifacts (each cited, its path kept in `paths`).
inline std::vector<campaign::RunTiming>
read_runs(const std::string& option, const std::vector<std::string>& from,
          odo::baseline::Language language, const Campaign& c,
          std::vector<campaign::CitedFile>& cited, std::vector<std::string>& paths) {
    const odo::baseline::ConfigSet set = c.load_configs();
    const auto stems = c.load_sku_map().stems();
    std::vector<campaign::RunTiming> runs;
    for (const fs::path& path : odo::baseline::artifact_paths({from.begin(), from.end()})) {
        ReadFile file = c.read_cited(option, path.string());
        std::vector<campaign::RunTiming> read;
        try {
            read = campaign::artifact_runs(file.bytes, path.string(), set, stems,
                                           c.layout().languages, language);
        } catch (const odo::InputProblems& e) { // one line: the first row, and how many more
            const auto& all = e.problems();
            throw InputError(
                all.front() +
                (all.size() > 1 ? " (and " + std::to_string(all.size() - 1) + " more rows refused)"
                                : std::string()));
        }
        for (campaign::RunTiming& run : read)
            runs.push_back(std::move(run));
        paths.push_back(file.cited.path);
        cited.push_back(std::move(file.cited));
    }
    return runs;
}

// "-12.3%", "+0.4%": a time change as the evaluation prints it.
inline std::string signed_pct(double pct) {
    std::string text = odo::fixed_point(pct, 1);
    if (text == "-0.0")
        text = "0.0";
    return (text.front() == '-' || text == "0.0" ? "" : "+") + text + "%";
}

// The lead's base against the working tree's build, every case, `lead_runs` times each,
// alternating side by side so that both see the same state of a busy machine. Returns the two
// folders of run artifacts.
inline std::pair<fs::path, fs::path> measure_lead(const Campaign& c, const std::string& id,
                                                  const std::string& language) {
    const campaign::CampaignSession& s = c.require_session("evaluate");
    const fs::path base = lead_folder(c, id) / s.bench.filename();
    if (!fs::is_regular_file(base))
        throw InputError("lead " + id + " has no base build in " + base.parent_path().string() +
                         " (it was opened without a session): give --before and --after");
    c.out() << "building " << s.bench_target << " with lead " << id << "'s change\n" << std::flush;
    campaign::build_bench(s);
    const fs::path dir = c.artifacts() / (c.paths().op + "-lead-" + id);
    fs::remove_all(dir);
    const std::map<std::string, fs::path> sides{{"before", base}, {"after", s.bench}};
    for (const auto& [side, bench] : sides)
        fs::create_directories(dir / side);
    const std::vector<std::string> keys = campaign::surface_cases(base);
    for (std::size_t i = 0; i < keys.size(); ++i) {
        for (int run = 1; run <= s.lead_runs; ++run)
            for (const auto& [side, bench] : sides)
                campaign::measure_case(
                    bench, keys[i], language, s, s.min_time_s,
                    dir / side /
                        ("case" + std::to_string(i + 1) + "-" + std::to_string(run) + ".json"));
        c.out() << "  [" << i + 1 << "/" << keys.size() << "] " << keys[i] << "\n" << std::flush;
    }
    return {dir / "before", dir / "after"};
}

inline fs::path pending_file(const Campaign& c) {
    return c.session_folder() / "pending-evaluation.json";
}

inline int record_evaluation(const VerbOptions& given, const Campaign& c) {
    VerbOptions o = given;
    const bool measured = o.before.empty();
    if (measured && fs::exists(pending_file(c)))
        throw InputError(pending_file(c).string() +
                         ": an evaluation waits to be kept or reverted (status says which)");
    if (measured && c.state().open_lead == o.lead) {
        const auto [before, after] = measure_lead(c, o.lead, o.language);
        o.before = {before.string()};
        o.after = {after.string()};
        o.dry_run = true; // recorded by keep or revert
    }
    const campaign::CampaignState s = c.state();
    if (!s.open_lead || *s.open_lead != o.lead)
        throw InputError("--lead " + o.lead + ": not the open lead (" +
                         (s.open_lead ? *s.open_lead : std::string("none is open")) + ")");
    const auto language = odo::baseline::parse_language(o.language);
    if (!language || !c.layout().languages.contains(*language))
        throw InputError("--language " + o.language + ": not an entry point of the layout");
    const campaign::Lead& lead = s.leads.back();
    std::vector<campaign::CitedFile> cited;
    campaign::EvaluationArtifacts artifacts;
    const auto before = read_runs("--before", o.before, *language, c, cited, artifacts.before);
    const auto after = read_runs("--after", o.after, *language, c, cited, artifacts.after);
    const campaign::LeadEvaluation e = campaign::evaluate_lead(
        before, after, std::set<std::string>(lead.targets.begin(), lead.targets.end()));
    std::optional<std::string> kept;
    if (!o.kept.empty())
        kept = odo::repo::Git(c.root()).user_commit("--kept", o.kept);
    if (!o.dry_run)
        c.append(campaign::RecordKind::Evaluation,
                 campaign::evaluation_fields(o.lead, e, before, after, kept, o.language, artifacts),
                 std::move(cited));
    c.out() << o.lead << ": " << campaign::to_string(e.outcome) << "\n";
    for (const campaign::CaseChange& change : e.cases)
        if (change.targeted)
            c.out() << "  target " << change.case_key << " on " << change.sku << ": time "
                    << signed_pct(change.band.delta_pct) << ", band "
                    << signed_pct(change.band.low_pct) << " to " << signed_pct(change.band.high_pct)
                    << ": " << odo::baseline::to_string(change.verdict) << "\n";
    for (const std::string& reason : e.reasons)
        c.out() << "  " << odo::one_line(reason) << "\n";
    if (measured) {
        const campaign::PendingEvaluation pending{o.lead,
                                                  std::string(campaign::to_string(e.outcome)),
                                                  o.before.front(), o.after.front(), o.language};
        odo::write_file_atomically(pending_file(c), campaign::pending_json(pending));
        c.out() << "next: odo_campaign " << c.name() << " "
                << (e.outcome == campaign::LeadOutcome::Win ? "keep" : "revert") << " --lead "
                << o.lead << "\n";
    }
    return 0;
}

// The refactor_op gate line of a report: a JSON report's `checklist`, else the text's own line.
inline odo::refactor::CitedReport cited_report(const std::string& bytes, const std::string& file) {
    std::string text = bytes;
    if (const auto doc = odo::json::try_parse(bytes); doc && doc->is_object())
        if (const auto* line = doc->get_object().if_contains("checklist");
            line && line->is_string())
            text = std::string(line->get_string());
    const auto reports = odo::refactor::find_cited_reports(text);
    if (reports.size() != 1)
        throw InputError(file + ": expected one refactor_op gate evidence line, found " +
                         std::to_string(reports.size()));
    return reports.front();
}

inline int record_review(const VerbOptions& o, const Campaign& c) {
    const ReadFile input = c.read_cited("--report", o.report);
    const odo::refactor::CitedReport report = cited_report(input.bytes, o.report);
    if (odo::text::lower(report.operator_name) != c.paths().op)
        throw InputError(o.report + ": a report of " + report.operator_name + ", not " + c.name());
    const std::string now =
        odo::refactor::sources_fingerprint(odo::repo::WorkingTree(c.root()), c.paths());
    if (report.sources != now)
        throw InputError(o.report + ": judged sources " + report.sources + ", the tree's are now " +
                         now + " (run refactor_op again)");
    c.append(campaign::RecordKind::Review,
             campaign::review_fields(report.phase, report.verdict, report.sources), {input.cited});
    return 0;
}

// Every file the ledger cites into the evidence store (with --upstream, that store merged in): a
// file the store lacks is read from the working tree or --artifacts and must hash to its digest.
inline int publish(const VerbOptions& o, const Campaign& c) {
    const odo::repo::Git git(c.root());
    const campaign::EvidenceStore store = campaign::EvidenceStore::open(git);
    if (!store.problem().empty())
        throw InputError(store.problem());
    std::vector<campaign::PublishedFile> files;
    std::set<std::string> seen;
    for (const campaign::LedgerRecord& r : c.ledger().records)
        for (const campaign::CitedFile& f : r.files) {
            if (store.holds(f.blake2b) || !seen.insert(f.blake2b).second)
                continue;
            auto bytes = c.cited_bytes(f);
            if (!bytes)
                throw InputError(c.ledger_path() + ": record " + std::to_string(r.seq) + " cites " +
                                 f.path +
                                 ", which neither the working tree nor --artifacts holds with "
                                 "its digest; give --artifacts DIR");
            files.push_back({f.blake2b, *std::move(bytes)});
        }
    if (!o.upstream.empty())
        require_revision_name("--upstream", o.upstream);
    const std::size_t added =
        campaign::publish(git, files, std::string(campaign::evidence_store_ref), o.upstream);
    const campaign::EvidenceStore now = campaign::EvidenceStore::open(git);
    c.out() << "published " << added << " new file(s); " << campaign::evidence_store_ref
            << " holds " << now.size() << " (commit " << now.commit().substr(0, 12)
            << "); push it with the branch: git push origin " << campaign::evidence_store_ref
            << "\n";
    return 0;
}

} // namespace odo::campaign
