#pragma once
// Appending one record to a ledger: its seq and prev follow from the ledger's last line, and the
// ledger's new bytes are its old bytes with the new line after them, which odo_campaign writes
// atomically under a lock, so a reader sees the ledger before or after the append, never half a
// line, and concurrent appends take turns. A ledger with problems is not appended to: a record
// chained after a broken one would launder it.
#include "odo/campaign/ledger_read.hpp"
#include "odo/campaign/ledger_record.hpp"
#include "odo/core/error.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace odo::campaign {

// The first problem of `ledger` as one line naming `origin` and the record; empty when none.
inline std::string first_problem(const Ledger& ledger, std::string_view origin) {
    if (ledger.problems.empty())
        return {};
    const LedgerProblem& p = ledger.problems.front();
    std::string line = std::string(origin) + ": ";
    if (p.seq)
        line += "record " + std::to_string(p.seq) + ": ";
    line += p.what;
    if (ledger.problems.size() > 1)
        line += " (and " + std::to_string(ledger.problems.size() - 1) + " more problems)";
    return line;
}

namespace detail {

// What the reader would refuse in `line`, the record after `ledger`'s last: a record is checked
// alone, so an append reads the ledger once, however long it is.
inline std::vector<LedgerProblem> new_line_problems(const Ledger& ledger, std::string_view line,
                                                    const NewRecord& record) {
    const std::uint64_t seq = ledger.records.size() + 1;
    const std::string where = "line " + std::to_string(seq) + ": ";
    std::string why;
    std::vector<std::string> wrong;
    if (auto object = line_object(line, why))
        read_record(line, *std::move(object), wrong);
    else
        wrong.push_back(std::move(why));
    if (!ledger.records.empty() && record.op != ledger.records.front().op)
        wrong.push_back("operator " + record.op + " in a ledger of " + ledger.records.front().op);
    if (!ledger.records.empty() && record.time < ledger.records.back().time)
        wrong.push_back("time " + record.time + " is earlier than the record before it (" +
                        ledger.records.back().time + ")");
    std::vector<LedgerProblem> problems;
    for (const std::string& w : wrong)
        problems.push_back({seq, where + w});
    return problems;
}

} // namespace detail

// `bytes` with `record` appended as its next line; `ledger` is their parse, which must have no
// problem (a record chained after a broken one would launder it).
inline std::string append_record(std::string_view bytes, const Ledger& ledger,
                                 const NewRecord& record, std::string_view origin) {
    if (const std::string problem = first_problem(ledger, origin); !problem.empty())
        throw InputError(problem);
    const std::string prev =
        ledger.records.empty() ? first_prev() : ledger_digest(ledger.records.back().line);
    const std::string line = record_line(ledger.records.size() + 1, prev, record);
    // A record the reader would refuse (an empty field, say) is never written.
    Ledger refused;
    refused.problems = detail::new_line_problems(ledger, line, record);
    if (const std::string problem = first_problem(refused, origin); !problem.empty())
        throw InputError(problem);
    if (bytes.size() + line.size() + 1 > ledger_max_bytes)
        throw InputError(std::string(origin) + ": the record would take the ledger over " +
                         std::to_string(ledger_max_bytes) + " bytes");
    std::string out;
    out.reserve(bytes.size() + line.size() + 1);
    out.append(bytes).append(line) += '\n';
    return out;
}

// `bytes` (a well-formed ledger, possibly empty) with `record` appended as its next line.
inline std::string append_record(std::string_view bytes, const NewRecord& record,
                                 std::string_view origin) {
    return append_record(bytes, parse_ledger(bytes, origin), record, origin);
}

} // namespace odo::campaign
