#pragma once
// A summary block as data: its metadata and everything the visible part shows. The parser
// produces it, the renderer prints it, and generation fills its derived fields from benchmark
// data.
#include "odo/core/linkage.hpp"
#include "odo/summary/checklist.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/metadata.hpp"
#include "odo/summary/tables.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::summary {

enum class Bottleneck { MemoryBound, ComputeBound };

constexpr std::string_view to_string(Bottleneck b) noexcept {
    return b == Bottleneck::MemoryBound ? "Memory-bound" : "Compute-bound";
}

ODO_API Bottleneck parse_bottleneck(std::string_view text);
#if ODO_SUMMARY_DEFINITIONS
inline std::optional<Bottleneck> try_parse_bottleneck(std::string_view text) {
    if (text == "Memory-bound")
        return Bottleneck::MemoryBound;
    if (text == "Compute-bound")
        return Bottleneck::ComputeBound;
    return std::nullopt;
}

ODO_API Bottleneck parse_bottleneck(std::string_view text) {
    if (const auto b = try_parse_bottleneck(text))
        return *b;
    throw SummaryError("bottleneck must be Memory-bound or Compute-bound");
}
#endif // ODO_SUMMARY_DEFINITIONS

struct SummaryBody {
    // Human text inside the block before the title, and between the status line and the
    // bottleneck line. The reference drops both on refresh; odo keeps them (summary.md §8.8).
    std::string lead_text;
    std::string preamble_notes;

    std::string status_line;           // "> Final reference-hardware evidence · base `…` · …"
    std::vector<std::string> warnings; // "> ⚠️ **Non-reference local GPU:** …"
    Bottleneck bottleneck = Bottleneck::MemoryBound;
    std::string profile_evidence;

    long long optimized_count = 0;
    long long total_count = 0;
    std::vector<std::string> categories;
    std::vector<ImpactRow> impact_rows;
    std::vector<LayoutRow> layout_rows;
    // Why the Layout comparison holds one "Not applicable: …" line instead of its table (odo's
    // form, for an operator that declares planar layouts not applicable); "" for the table.
    std::string layout_not_applicable;

    std::vector<ChecklistItem> checklist;
    std::vector<std::string> learnings;
};

// A parsed description: the block's content plus the text around it, byte for byte.
struct ParsedSummary {
    Metadata metadata;
    SummaryBody body;
    std::string prefix;
    std::string block;
    std::string suffix;
    std::string newline; // the block's line break, kept when the block is rewritten
};

} // namespace odo::summary
