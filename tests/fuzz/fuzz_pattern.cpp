// Fuzzes odo::Pattern against std::regex_search. The first byte picks one of the evidence
// checklist's patterns and the letter case; the rest is the text. Both must give the same answer
// (the text is kept short enough for std::regex's recursion).
#include <odo/core/pattern.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <regex>
#include <string>

namespace {

const char* const patterns[] = {
    R"(\bEXPECT_(EQ|NEAR)\s*\()",
    R"(\b(cupy|cp|numpy|np)\.testing\.assert_(array_equal|allclose|equal)\s*\()",
    R"(\bassert\s+(bool\(|(cupy|cp|numpy|np|torch)\.(all|array_equal|allclose|equal)\(|[A-Za-z_]\w*(\.[A-Za-z_]\w*|\[[^\]]*\])*\s*(==|!=|<=|>=|<|>)))",
    R"(\b(reference|oracle|gold|host|cpu)\b)",
    R"(\d+(\.\d+)?\s*(%|x\b|u?s\b|ms\b))",
    R"(\b(at[ -]?)?ridge\b)",
    R"(\b(3|three)\b[^\n]{0,120}?\b(strike|struck|failed leads?)\b)",
    R"(\bno refactors? applied\b|\brefactors? applied\s*[:=]\s*(no|false|n/a)\b)",
    R"((--phase\s+assess|phase\s*[:=]\s*assess)\b[^\n]{0,120}?\b(PASS|RECOMMENDATIONS?|MANUAL|RED-\d+)\b)",
    R"(.[a-c]{2,}\.\t|a{2,3}b|x+?y|(?:q|r)\B\W\D\S)",
};
constexpr std::size_t pattern_count = sizeof(patterns) / sizeof(patterns[0]);

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0 || size > 2048)
        return 0;
    const char* pattern = patterns[data[0] % pattern_count];
    const bool icase = data[0] & 0x80;
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const bool ours = odo::Pattern(pattern, icase ? odo::Pattern::Case::insensitive
                                                  : odo::Pattern::Case::sensitive)
                          .found_in(text);
    const bool theirs = std::regex_search(
        text, std::regex(pattern, icase ? std::regex::ECMAScript | std::regex::icase
                                        : std::regex::ECMAScript));
    if (ours != theirs)
        std::abort();
    return 0;
}
