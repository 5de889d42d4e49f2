// Fuzzes the ODO-9 `## Memory footprint` section reader. Any description reads without throwing;
// a declaration comes only from exactly one section without errors, its increase is 1-20 digits
// without leading zeros, its evidence is stripped (empty only as a placeholder), an approval
// names someone; and printing the declaration as a canonical section, alone, reads back the same
// declaration.
#include <odo/core/text.hpp>
#include <odo/summary/memory_section.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void require(bool condition) {
    if (!condition)
        std::abort();
}

std::string canonical_section(const odo::summary::MemoryDeclaration& d) {
    std::string out =
        "## Memory footprint\nPeak attributable increase: " + d.increase_bytes +
        " B\nNew runtime CUDA allocations/frees: " + (d.new_allocations ? "yes" : "no") +
        "\nEvidence: " + d.evidence + "\n";
    if (d.approval)
        out += "Approved-by: " + d.approval->approver + " (" + d.approval->reason + ")\n";
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::summary;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const MemorySectionReading reading = read_memory_section(text);
    is_placeholder_evidence(text);
    if (!reading.declaration)
        return 0;
    const MemoryDeclaration& d = *reading.declaration;
    require(reading.section_count == 1 && reading.errors.empty());
    const std::string& digits = d.increase_bytes;
    require(!digits.empty() && digits.size() <= 20 &&
            digits.find_first_not_of("0123456789") == std::string::npos &&
            (digits == "0" || digits.front() != '0'));
    // "Evidence: " followed by blanks declares empty evidence, as in the reference; the gate
    // must then judge it a placeholder.
    require(odo::text::strip(d.evidence) == d.evidence &&
            (!d.evidence.empty() || is_placeholder_evidence(d.evidence)));
    if (d.approval)
        require(!d.approval->approver.empty() && !d.approval->reason.empty() &&
                d.approval->approver.find_first_of("()") == std::string::npos);
    // Fields hold no line break, so the canonical section is one section of the same fields,
    // unless removing a comment joined "<!" and "--" into a new opener that hides what follows.
    if (d.evidence.find("<!--") != std::string::npos ||
        (d.approval &&
         (d.approval->approver + d.approval->reason).find("<!--") != std::string::npos))
        return 0;
    const MemorySectionReading again = read_memory_section(canonical_section(d));
    require(again.declaration.has_value());
    const MemoryDeclaration& e = *again.declaration;
    require(e.increase_bytes == d.increase_bytes && e.new_allocations == d.new_allocations &&
            e.evidence == d.evidence && e.approval.has_value() == d.approval.has_value());
    if (d.approval)
        require(e.approval->approver == d.approval->approver &&
                e.approval->reason == d.approval->reason);
    return 0;
}
