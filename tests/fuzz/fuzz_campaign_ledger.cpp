// Fuzzes the campaign ledger reader and the fold: any bytes either are refused as a whole
// (odo::InputError: too large, not UTF-8) or come back as records and problems, and folding the
// records never throws or crashes, whatever they claim; a ledger with no problems takes a new
// record and still reads back without one; checking evaluations against their artifacts never
// throws.
#include <odo/campaign/campaign_state.hpp>
#include <odo/campaign/evaluation_runs.hpp>
#include <odo/campaign/ledger_append.hpp>
#include <odo/campaign/ledger_read.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    odo::campaign::Ledger ledger;
    try {
        ledger = odo::campaign::parse_ledger(bytes, "fuzz");
    } catch (const odo::InputError&) {
        return 0;
    }
    const odo::campaign::CampaignState state = odo::campaign::fold(ledger);
    if (state.strikes_since_last_win < 0 || state.wins < 0)
        std::abort();
    // Every artifact reads as one run of 1 us: the check compares, it never throws.
    const odo::campaign::ArtifactRunsReader one_run = [](const odo::campaign::CitedFile&,
                                                         odo::baseline::Language) {
        return std::vector<odo::campaign::RunTiming>{{"k", "SKU", 1, 0}};
    };
    for (const odo::campaign::LedgerRecord& r : ledger.records)
        odo::campaign::evaluation_runs_problems(r, one_run);
    if (!ledger.problems.empty() || ledger.records.empty())
        return 0;
    const odo::campaign::NewRecord note{odo::campaign::RecordKind::Note,
                                        "9999-12-31T23:59:59Z", // after any record's time
                                        std::string(40, 'a'),
                                        ledger.records.front().op,
                                        odo::campaign::note_fields("fuzz"),
                                        {}};
    try {
        const std::string appended = odo::campaign::append_record(bytes, note, "fuzz");
        const odo::campaign::Ledger again = odo::campaign::parse_ledger(appended, "fuzz");
        if (!again.problems.empty() || again.records.size() != ledger.records.size() + 1)
            std::abort();
    } catch (const odo::InputError&) {
        // a ledger at its size limit
    }
    return 0;
}
