#pragma once
// The runs an evaluation record holds, against the run artifacts it cites. The fold recomputes an
// outcome from the recorded runs; this closes the other gap: that the recorded runs are the rows
// of the artifacts (whose digests the record names), not figures typed beside them.
#include "odo/baseline/artifact.hpp"
#include "odo/baseline/config_set.hpp"
#include "odo/campaign/campaign_state.hpp"
#include "odo/campaign/lead_outcome.hpp"
#include "odo/campaign/ledger_read.hpp"
#include "odo/campaign/ledger_record.hpp"
#include "odo/core/error.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace odo::campaign {

// The runs of one artifact file's bytes timed in `language`, each row checked against the
// repository's configs and SKU stems as an import checks it; InputProblems listing every bad row.
inline std::vector<RunTiming> artifact_runs(std::string_view bytes, const std::string& source,
                                            const baseline::ConfigSet& set,
                                            const std::vector<std::string>& sku_stems,
                                            baseline::LanguageSet languages,
                                            baseline::Language language) {
    std::vector<std::string> problems;
    const baseline::Artifact artifact = baseline::ingest_artifact(
        baseline::parse_artifact_text(bytes, source), set, sku_stems, problems, languages);
    if (!problems.empty())
        throw InputProblems(problems);
    return run_timings({artifact}, language);
}

// The runs of an artifact a record cites (its path and digest), timed in `language`; InputError
// when it cannot be found or read.
using ArtifactRunsReader =
    std::function<std::vector<RunTiming>(const CitedFile& artifact, baseline::Language language)>;

namespace detail {

inline void sort_runs(std::vector<RunTiming>& runs) {
    std::sort(runs.begin(), runs.end(), [](const RunTiming& a, const RunTiming& b) {
        return std::tie(a.case_key, a.sku, a.time_us, a.noise_us) <
               std::tie(b.case_key, b.sku, b.time_us, b.noise_us);
    });
}

inline bool same_runs(std::vector<RunTiming> a, std::vector<RunTiming> b) {
    sort_runs(a);
    sort_runs(b);
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const RunTiming& x, const RunTiming& y) {
                          return x.case_key == y.case_key && x.sku == y.sku &&
                                 x.time_us == y.time_us && x.noise_us == y.noise_us;
                      });
}

} // namespace detail

// Whether each side's recorded runs are exactly the rows of the artifacts the record lists for
// that side, each of them a file the record cites. Empty for a record of another kind.
inline std::vector<LedgerProblem> evaluation_runs_problems(const LedgerRecord& r,
                                                           const ArtifactRunsReader& read) {
    std::vector<LedgerProblem> problems;
    if (r.kind != RecordKind::Evaluation)
        return problems;
    const auto problem = [&](std::string what) { problems.push_back({r.seq, std::move(what)}); };
    const auto language = baseline::parse_language(r.fields.at("language").get_string());
    if (!language)
        return {{r.seq, "`language` " + std::string(r.fields.at("language").get_string()) +
                            " is not an entry point odo knows"}};
    if (!r.fields.contains("artifacts"))
        return {{r.seq, "names no run artifacts its runs were read from (`artifacts`)"}};
    std::map<std::string, const CitedFile*> cited;
    for (const CitedFile& f : r.files)
        cited.emplace(f.path, &f);
    for (const char* side : {"before", "after"}) {
        std::vector<RunTiming> from_artifacts;
        bool complete = true;
        for (const auto& item : r.fields.at("artifacts").at(side).get_array()) {
            const std::string path(item.get_string());
            const auto file = cited.find(path);
            if (file == cited.end()) {
                problem(std::string("artifacts.") + side + " names " + path +
                        ", a file the record does not cite");
                complete = false;
                continue;
            }
            try {
                for (RunTiming& run : read(*file->second, *language))
                    from_artifacts.push_back(std::move(run));
            } catch (const InputError& e) {
                problem(std::string("artifacts.") + side + " " + path + ": " + e.what());
                complete = false;
            }
        }
        if (complete &&
            !detail::same_runs(detail::recorded_runs(r.fields.at("runs").at(side)), from_artifacts))
            problem(std::string("runs.") + side + " are not the rows of the artifacts it cites (" +
                    std::to_string(r.fields.at("runs").at(side).get_array().size()) +
                    " recorded, " + std::to_string(from_artifacts.size()) + " in the artifacts)");
    }
    return problems;
}

} // namespace odo::campaign
