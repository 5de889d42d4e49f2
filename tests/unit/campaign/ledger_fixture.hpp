#pragma once
// Ledgers built the way odo_campaign builds them, record by record, for the ledger tests.
#include <odo/campaign/campaign_state.hpp>
#include <odo/campaign/ledger_append.hpp>
#include <odo/campaign/ledger_read.hpp>
#include <odo/campaign/ledger_record.hpp>

#include <doctest/doctest.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace ledger_fixture {

using namespace odo::campaign;

inline const std::string commit_a(40, 'a');
inline const std::string hot_case = "invert_u8[layout=NHWC]";
inline const std::string cold_case = "invert_u8[layout=NCHW]";

inline NewRecord record_of(RecordKind kind, boost::json::object fields,
                           std::string time = "2026-12-01T10:00:00Z") {
    return {kind,     std::move(time),   commit_a,
            "Invert", std::move(fields), {cite_bytes("bench/runs/a.json", "{}")}};
}

inline NewRecord profile_at(double ceiling_pct, double ridge_pct = 80,
                            std::vector<std::string> represents = {cold_case}) {
    ProfileFields p{"host-roofline",
                    hot_case,
                    std::move(represents),
                    boost::json::object{{"bwutil_pct", ceiling_pct}},
                    "memory-bound",
                    ceiling_pct,
                    ridge_pct};
    return record_of(RecordKind::Profile, profile_fields(p));
}

inline NewRecord lead_named(const std::string& id) {
    return record_of(RecordKind::Lead, lead_fields(id, "fewer loads", "memory", {hot_case}));
}

// Each of `times` one run of `key` with noise `noise_us`.
inline std::vector<RunTiming> timed(const std::string& key, std::initializer_list<double> times,
                                    double noise_us = 1) {
    std::vector<RunTiming> out;
    for (double t : times)
        out.push_back({key, "HOST", t, noise_us});
    return out;
}

// An evaluation of `id` whose hot case goes from 100 µs to `after_us` (cold case unchanged).
inline NewRecord evaluation_of(const std::string& id, double after_us,
                               std::optional<std::string> kept = std::nullopt) {
    auto before = timed(hot_case, {100, 100, 100});
    auto after = timed(hot_case, {after_us, after_us, after_us});
    for (const auto& r : timed(cold_case, {50, 50, 50})) {
        before.push_back(r);
        after.push_back(r);
    }
    const LeadEvaluation e = evaluate_lead(before, after, {hot_case});
    return record_of(RecordKind::Evaluation, evaluation_fields(id, e, before, after, kept, "cpp"));
}

inline std::string ledger_of(std::initializer_list<NewRecord> records) {
    std::string bytes;
    for (const NewRecord& r : records)
        bytes = append_record(bytes, r, "test.ledger.jsonl");
    return bytes;
}

// The ledger's lines, each without its newline.
inline std::vector<std::string> lines_of(const std::string& bytes) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at < bytes.size()) {
        const std::size_t eol = bytes.find('\n', at);
        out.push_back(bytes.substr(at, eol - at));
        at = eol == std::string::npos ? bytes.size() : eol + 1;
    }
    return out;
}

inline std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines)
        out += l + "\n";
    return out;
}

// `lines` with each prev set to the digest of the line before: how a careful forger hides an
// edit from the chain (only the recomputed figures and git history still see it).
inline std::vector<std::string> rechained(std::vector<std::string> lines) {
    const std::string field = "\"prev\": \"";
    for (std::size_t i = 1; i < lines.size(); ++i)
        lines[i].replace(lines[i].find(field) + field.size(), 64, ledger_digest(lines[i - 1]));
    return lines;
}

// `text` with its first `from` replaced by `to`.
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

inline bool has_problem(const std::vector<LedgerProblem>& problems, std::uint64_t seq,
                        const std::string& part) {
    for (const auto& p : problems)
        if (p.seq == seq && p.what.find(part) != std::string::npos)
            return true;
    return false;
}

} // namespace ledger_fixture
