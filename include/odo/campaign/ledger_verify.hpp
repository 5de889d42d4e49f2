#pragma once
// Whether a campaign ledger can be believed (docs/campaign.md, "What the gate checks"): the
// evidence gate's ODO-4 passes from a ledger only when every record checks out. A ledger is
// merge-request content, so the check trusts nothing in it: the chain and the sequence (the
// parse), each evaluation's outcome and figures computed again from its recorded runs and each
// lead id once (the fold), those runs the very rows of the run artifacts it cites, every cited file
// read back with its recorded digest and size, every record's time no later than the commit under
// review, its commit in that commit's history, and the ledger of every earlier commit of the change
// a prefix of this one — so an edited, reordered or removed record, even one committed and
// rewritten since, cannot go unseen.
//
// Pure: the caller reads the files and the git history (gates/campaign_ledger_facts.hpp) and
// hands them in, so tests can tamper with each input alone.
#include "odo/campaign/campaign_state.hpp"
#include "odo/campaign/evaluation_runs.hpp"
#include "odo/campaign/ledger_read.hpp"
#include "odo/campaign/ledger_record.hpp"
#include "odo/core/error.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::campaign {

// The ledger as an earlier commit of the change held it.
struct EarlierLedger {
    std::string commit;
    std::string bytes;
    std::string path; // where that commit's layout put it, when not where HEAD's does; else ""
};

// The digest and size of a cited file as found in the repository or the artifacts folder (the
// reader hashes it: a large file need not be held whole); nullopt when it is in neither. May throw
// InputError for a path that must not be read (one leading outside, one too large), which becomes
// the citing record's problem.
using CitedFileReader = std::function<std::optional<CitedFile>(const CitedFile& cited)>;

// Whether a commit is in the history of the commit under review (itself included).
using InHistory = std::function<bool(const std::string& commit)>;

struct LedgerInputs {
    std::string origin;                 // the ledger's path, for messages
    std::string bytes;                  // the ledger at the commit under review
    std::string now;                    // that commit's time (a UTC timestamp): nothing is later
    std::vector<EarlierLedger> earlier; // the ledgers of the change's earlier commits
    CitedFileReader read_cited;
    InHistory in_history;
    // The runs of a cited run artifact: each evaluation's recorded runs must be exactly the rows
    // of the artifacts it names (evaluation_runs.hpp). Empty: not checked.
    ArtifactRunsReader read_runs;
};

struct LedgerVerification {
    Ledger ledger;
    CampaignState state;
    std::vector<LedgerProblem> problems; // every problem, by seq (0: the file itself)
    std::size_t cited_files = 0;         // distinct files read back

    bool ok() const noexcept { return problems.empty(); }
};

namespace detail {

// The number of whole lines `earlier` and `head` share from their start.
inline std::uint64_t shared_lines(std::string_view earlier, std::string_view head) {
    std::uint64_t lines = 0;
    std::size_t at = 0;
    while (at < earlier.size()) {
        const std::size_t eol = earlier.find('\n', at);
        const std::size_t end = eol == std::string_view::npos ? earlier.size() : eol + 1;
        if (head.substr(at, end - at) != earlier.substr(at, end - at))
            break;
        ++lines;
        at = end;
    }
    return lines;
}

inline std::string short_sha(const std::string& commit) {
    return commit.substr(0, 8);
}

} // namespace detail

// What an earlier commit's ledger holds that the ledger under review does not: it must be a
// prefix, line for line. The problem names the first record of the earlier ledger that was edited,
// reordered or removed since.
inline std::vector<LedgerProblem> history_problems(std::string_view head,
                                                   const std::vector<EarlierLedger>& earlier) {
    std::vector<LedgerProblem> problems;
    for (const EarlierLedger& e : earlier) {
        if (head.substr(0, e.bytes.size()) == e.bytes)
            continue;
        const std::uint64_t seq = detail::shared_lines(e.bytes, head) + 1;
        problems.push_back({seq, "record " + std::to_string(seq) + " of the ledger at commit " +
                                     detail::short_sha(e.commit) +
                                     (e.path.empty() ? "" : " (" + e.path + ")") +
                                     " is edited, reordered or removed in this one (a ledger "
                                     "only grows)"});
    }
    return problems;
}

// Each cited file read back: it must exist and have the recorded size and BLAKE2b-256. A file
// cited by several records is read once.
inline std::vector<LedgerProblem> cited_file_problems(const Ledger& ledger,
                                                      const CitedFileReader& read,
                                                      std::size_t* files_read = nullptr) {
    std::vector<LedgerProblem> problems;
    std::map<std::string, std::optional<CitedFile>> seen; // path -> what it holds (nullopt: none)
    for (const LedgerRecord& r : ledger.records)
        for (const CitedFile& cited : r.files) {
            auto it = seen.find(cited.path);
            if (it == seen.end()) {
                std::optional<CitedFile> found;
                try {
                    found = read(cited);
                } catch (const InputError& e) {
                    problems.push_back({r.seq, "cites " + cited.path + ": " + e.what()});
                    seen.emplace(cited.path, std::nullopt);
                    continue;
                }
                it = seen.emplace(cited.path, std::move(found)).first;
            }
            const std::optional<CitedFile>& actual = it->second;
            if (!actual)
                problems.push_back({r.seq, "cites " + cited.path +
                                               ", which is neither in the repository, nor "
                                               "under the artifacts folder, nor in the published "
                                               "evidence store"});
            else if (actual->blake2b != cited.blake2b || actual->bytes != cited.bytes)
                problems.push_back(
                    {r.seq, "cites " + cited.path + " with BLAKE2b " + cited.blake2b.substr(0, 16) +
                                "… (" + std::to_string(cited.bytes) + " bytes); the file has " +
                                actual->blake2b.substr(0, 16) + "… (" +
                                std::to_string(actual->bytes) + " bytes)"});
        }
    if (files_read)
        *files_read = static_cast<std::size_t>(
            std::count_if(seen.begin(), seen.end(), [](const auto& s) { return s.second; }));
    return problems;
}

// Records made at a commit the reviewed commit does not descend from, or kept commits it does not
// hold: a record of another branch, or typed.
inline std::vector<LedgerProblem> commit_problems(const Ledger& ledger,
                                                  const InHistory& in_history) {
    std::vector<LedgerProblem> problems;
    if (!in_history)
        return problems;
    for (const LedgerRecord& r : ledger.records) {
        if (!in_history(r.commit))
            problems.push_back({r.seq, "was recorded at commit " + detail::short_sha(r.commit) +
                                           ", which is not in the history under review"});
        const boost::json::value* kept = r.fields.if_contains("kept_commit");
        if (kept && kept->is_string() && !in_history(std::string(kept->get_string())))
            problems.push_back({r.seq, "keeps commit " +
                                           detail::short_sha(std::string(kept->get_string())) +
                                           ", which is not in the history under review"});
    }
    return problems;
}

// Every check above over one ledger; problems sorted by seq, the file's own first.
inline LedgerVerification verify_ledger(const LedgerInputs& in) {
    LedgerVerification v;
    try {
        v.ledger = parse_ledger(in.bytes, in.origin);
    } catch (const InputError& e) {
        v.problems.push_back({0, e.what()});
        return v;
    }
    v.state = fold(v.ledger);
    if (v.ledger.records.empty() && v.ledger.problems.empty())
        v.problems.push_back({0, "the ledger holds no record"});
    auto add = [&](std::vector<LedgerProblem> more) {
        v.problems.insert(v.problems.end(), std::make_move_iterator(more.begin()),
                          std::make_move_iterator(more.end()));
    };
    add(v.ledger.problems);
    add(v.state.problems);
    add(records_from_the_future(v.ledger, in.now));
    add(history_problems(in.bytes, in.earlier));
    add(commit_problems(v.ledger, in.in_history));
    add(cited_file_problems(v.ledger, in.read_cited, &v.cited_files));
    if (in.read_runs)
        for (const LedgerRecord& r : v.ledger.records)
            add(evaluation_runs_problems(r, in.read_runs));
    std::stable_sort(v.problems.begin(), v.problems.end(),
                     [](const LedgerProblem& a, const LedgerProblem& b) { return a.seq < b.seq; });
    return v;
}

} // namespace odo::campaign
