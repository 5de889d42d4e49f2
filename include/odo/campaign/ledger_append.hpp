#pragma once
// Appending one record to a ledger: its seq and prev follow from the ledger's last line, and the
// file is replaced atomically by its old bytes with the new line after them, so a reader sees the
// ledger before or after the append, never half a line. A ledger with problems is not appended
// to: a record chained after a broken one would launder it.
#include "odo/campaign/ledger_read.hpp"
#include "odo/campaign/ledger_record.hpp"
#include "odo/core/atomic_write.hpp"
#include "odo/core/error.hpp"

#include <filesystem>
#include <string>
#include <string_view>

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

// `bytes` (a well-formed ledger, possibly empty) with `record` appended as its next line.
inline std::string append_record(std::string_view bytes, const NewRecord& record,
                                 std::string_view origin) {
    const Ledger ledger = parse_ledger(bytes, origin);
    if (const std::string problem = first_problem(ledger, origin); !problem.empty())
        throw InputError(problem);
    const std::string prev =
        ledger.records.empty() ? first_prev() : ledger_digest(ledger.records.back().line);
    std::string out(bytes);
    out += record_line(ledger.records.size() + 1, prev, record);
    out += '\n';
    if (out.size() > ledger_max_bytes)
        throw InputError(std::string(origin) + ": the record would take the ledger over " +
                         std::to_string(ledger_max_bytes) + " bytes");
    // A record the reader would refuse (an empty field, say) is never written.
    if (const std::string problem = first_problem(parse_ledger(out, origin), origin);
        !problem.empty())
        throw InputError(problem);
    return out;
}

// Appends `record` to the ledger file at `path` (created with its folder when absent).
inline void append_record_file(const std::filesystem::path& path, const NewRecord& record) {
    const std::string bytes = read_ledger_bytes(path).value_or(std::string());
    const std::string updated = append_record(bytes, record, path.string());
    std::filesystem::create_directories(path.parent_path());
    write_file_atomically(path, updated);
}

} // namespace odo::campaign
