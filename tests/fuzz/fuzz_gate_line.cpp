// Fuzzes ODO-8's reader of the Review/refactor gate lines an MR description cites. Nothing throws
// and a long run of any character is read in bounded stack; each citation read names an
// operator, assess or verify, a 16-digit sources fingerprint and a verdict refactor_op prints, and
// the line refactor_op would print for those fields reads back as the same citation.
#include <odo/refactor/gate_line.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::refactor;
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (const CitedReport& c : find_cited_reports(text)) {
        if (c.operator_name.empty() || (c.phase != "assess" && c.phase != "verify") ||
            c.sources.size() != 16 ||
            c.sources.find_first_not_of("0123456789abcdef") != std::string::npos ||
            (c.verdict != "ADVISORY" && c.verdict != "PARITY-OK" && c.verdict != "GATE-FAIL" &&
             c.verdict != "NEEDS-LOCAL-PROOF"))
            std::abort();
        const std::string again = "`refactor_op " + c.operator_name + " --phase " + c.phase +
                                  "` on sources " + c.sources + ": " + c.verdict +
                                  " \xE2\x80\x94 " + c.counts + "; open: " + c.open;
        const auto read = find_cited_reports(again);
        if (read.size() != 1 || read[0].operator_name != c.operator_name ||
            read[0].phase != c.phase || read[0].sources != c.sources ||
            read[0].verdict != c.verdict || read[0].counts != c.counts || read[0].open != c.open)
            std::abort();
    }
    return 0;
}
