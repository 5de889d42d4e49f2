#pragma once
// One record of a campaign ledger (docs/formats.md "Campaign ledger"): a line of JSON that says
// what the optimization loop did — a profile, a lead opened, a lead evaluated, a review, a note —
// when, at which commit, on which figures, and the digest of every file it cites. Each line holds
// the BLAKE2b-256 of the line before it, so a line edited, reordered or removed breaks the chain.
#include "odo/campaign/lead_outcome.hpp"
#include "odo/core/blake2b.hpp"
#include "odo/core/error.hpp"
#include "odo/core/json_write.hpp"

#include <boost/json.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::campaign {

inline constexpr std::string_view ledger_version = "odo-campaign/v1";
// A ledger larger than this is refused unread: a campaign writes a few hundred lines.
inline constexpr std::size_t ledger_max_bytes = std::size_t{16} << 20;
// A line longer than this is refused unparsed: a JSON array of small numbers takes twelve times
// its text in memory, and the largest evaluation a surface needs is a fraction of it.
inline constexpr std::size_t record_max_bytes = std::size_t{4} << 20;
// The most items a list or map of a record holds (runs, cases, represents, figures, files): a
// thousand cases measured ten times each.
inline constexpr std::size_t record_max_items = 10000;
// Lines with problems read before the rest of a ledger is left unread: a ledger of ten million
// empty lines is refused in a moment, not by ten million messages.
inline constexpr std::size_t ledger_problem_lines_read = 100;

// The `prev` of the first record: no line came before it.
inline std::string first_prev() {
    return std::string(64, '0');
}

// A file a record rests on, by the path it was cited with (repository- or artifacts-relative).
struct CitedFile {
    std::string path;
    std::string blake2b; // BLAKE2b-256, hex
    std::uint64_t bytes = 0;
};

enum class RecordKind { Profile, Lead, Evaluation, Review, Note };

constexpr std::string_view to_string(RecordKind kind) noexcept {
    switch (kind) {
    case RecordKind::Profile:
        return "profile";
    case RecordKind::Lead:
        return "lead";
    case RecordKind::Evaluation:
        return "evaluation";
    case RecordKind::Review:
        return "review";
    case RecordKind::Note:
        return "note";
    }
    return "?";
}

inline std::optional<RecordKind> record_kind(std::string_view text) noexcept {
    for (RecordKind kind : {RecordKind::Profile, RecordKind::Lead, RecordKind::Evaluation,
                            RecordKind::Review, RecordKind::Note})
        if (to_string(kind) == text)
            return kind;
    return std::nullopt;
}

// A record as read from its line; `fields` holds the kind's own fields as parsed.
struct LedgerRecord {
    std::uint64_t seq = 0;
    std::string prev, time, commit, op;
    RecordKind kind = RecordKind::Note;
    boost::json::object fields;
    std::vector<CitedFile> files;
    std::string line; // the exact bytes of the line, without its newline
};

// A record about to be appended: seq and prev come from the ledger it is appended to.
struct NewRecord {
    RecordKind kind = RecordKind::Note;
    std::string time; // utc_timestamp()
    std::string commit;
    std::string op;
    boost::json::object fields;
    std::vector<CitedFile> files;
};

// The digest that chains lines and identifies cited files.
inline std::string ledger_digest(std::string_view bytes) {
    return blake2b_256_hex(bytes);
}

inline CitedFile cite_bytes(std::string path, std::string_view bytes) {
    return {std::move(path), ledger_digest(bytes), bytes.size()};
}

// "2026-12-05T08:30:00Z": the record time format, UTC to the second.
inline std::string utc_timestamp(std::chrono::system_clock::time_point at) {
    const std::time_t t = std::chrono::system_clock::to_time_t(at);
    std::tm utc{};
    gmtime_r(&t, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

namespace detail {

inline boost::json::array cited_files_json(const std::vector<CitedFile>& files) {
    boost::json::array out;
    for (const CitedFile& f : files)
        out.push_back(
            boost::json::object{{"path", f.path}, {"blake2b", f.blake2b}, {"bytes", f.bytes}});
    return out;
}

inline boost::json::array strings_json(const std::vector<std::string>& items) {
    boost::json::array out;
    for (const std::string& item : items)
        out.emplace_back(item);
    return out;
}

} // namespace detail

// The line of `record` appended after a line whose digest is `prev`, without its newline. The
// common fields come first in a fixed order, then the kind's fields, then the cited files.
inline std::string record_line(std::uint64_t seq, std::string_view prev, const NewRecord& record) {
    boost::json::object o{
        {"ledger", ledger_version},       {"seq", seq},          {"prev", prev},
        {"kind", to_string(record.kind)}, {"time", record.time}, {"commit", record.commit},
        {"operator", record.op}};
    for (const auto& field : record.fields)
        o[field.key()] = field.value();
    o["files"] = detail::cited_files_json(record.files);
    return json::dumps(o, {-1, false, false});
}

// --- the fields of each kind -----------------------------------------------------------------

// What a profile measured of one case, judged against the ridge.
struct ProfileFields {
    std::string source; // ncu | nsys | sanitizer | host-roofline
    std::string case_key;
    std::vector<std::string> represents; // surface cases the profiled case stands for
    boost::json::object figures;         // name -> number
    std::string bottleneck;
    double ceiling_pct = 0; // the figure judged against the ridge
    double ridge_pct = 80;
};

inline boost::json::object profile_fields(const ProfileFields& p) {
    return {{"source", p.source},
            {"case", p.case_key},
            {"represents", detail::strings_json(p.represents)},
            {"figures", p.figures},
            {"bottleneck", p.bottleneck},
            {"ceiling_pct", p.ceiling_pct},
            {"ridge_pct", p.ridge_pct},
            {"at_ridge", p.ceiling_pct >= p.ridge_pct}};
}

inline boost::json::object lead_fields(const std::string& id, const std::string& hypothesis,
                                       const std::string& category,
                                       const std::vector<std::string>& targets) {
    return {{"id", id},
            {"hypothesis", hypothesis},
            {"category", category},
            {"targets", detail::strings_json(targets)}};
}

inline boost::json::array run_timings_json(const std::vector<RunTiming>& runs) {
    boost::json::array out;
    for (const RunTiming& r : runs)
        out.push_back(boost::json::object{{"case", r.case_key},
                                          {"sku", r.sku},
                                          {"time_us", r.time_us},
                                          {"noise_us", r.noise_us}});
    return out;
}

inline boost::json::array case_changes_json(const std::vector<CaseChange>& cases) {
    boost::json::array out;
    for (const CaseChange& c : cases)
        out.push_back(boost::json::object{{"case", c.case_key},
                                          {"sku", c.sku},
                                          {"targeted", c.targeted},
                                          {"delta_pct", c.band.delta_pct},
                                          {"band_low_pct", c.band.low_pct},
                                          {"band_high_pct", c.band.high_pct}});
    return out;
}

// The run artifacts of each side of an evaluation, by the paths the record cites them with.
struct EvaluationArtifacts {
    std::vector<std::string> before, after;
};

// An evaluation closes lead `lead_id`; its outcome, cases and reasons are `evaluation`'s, which
// evaluate_lead computed from exactly these runs, read from `artifacts` (left out when none are
// named: evaluation_runs_problems then says the runs cite no files).
inline boost::json::object
evaluation_fields(const std::string& lead_id, const LeadEvaluation& evaluation,
                  const std::vector<RunTiming>& before, const std::vector<RunTiming>& after,
                  const std::optional<std::string>& kept_commit, const std::string& language,
                  const EvaluationArtifacts& artifacts = {}) {
    boost::json::object fields{
        {"lead", lead_id},
        {"outcome", to_string(evaluation.outcome)},
        {"kept_commit", kept_commit ? boost::json::value(*kept_commit) : nullptr},
        {"language", language}};
    if (!artifacts.before.empty() || !artifacts.after.empty())
        fields["artifacts"] =
            boost::json::object{{"before", detail::strings_json(artifacts.before)},
                                {"after", detail::strings_json(artifacts.after)}};
    fields["runs"] = boost::json::object{{"before", run_timings_json(before)},
                                         {"after", run_timings_json(after)}};
    fields["cases"] = case_changes_json(evaluation.cases);
    fields["reasons"] = detail::strings_json(evaluation.reasons);
    return fields;
}

inline boost::json::object review_fields(const std::string& phase, const std::string& result,
                                         const std::string& fingerprint) {
    return {{"phase", phase}, {"result", result}, {"fingerprint", fingerprint}};
}

inline boost::json::object note_fields(const std::string& text) {
    return {{"text", text}};
}

} // namespace odo::campaign
