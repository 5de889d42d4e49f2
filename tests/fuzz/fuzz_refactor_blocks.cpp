// Fuzzes refactor_op's block extraction: comment and literal stripping, then the named bodies and
// their fingerprints. Nothing throws; stripping keeps every newline (line numbers stay true); each
// body is named for an identifier or "lambda", starts no later than it ends and inside the text,
// holds at least the floor of lines (every normalized line is a non-empty single line), its
// shingles are sorted and unique, and its offset is its opening brace; every body RED-11 places in
// an unnamed namespace opens with a brace.
#include <odo/refactor/blocks.hpp>
#include <odo/refactor/code_text.hpp>
#include <odo/refactor/unnamed_namespace.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::refactor;
    if (size == 0)
        return 0;
    const std::size_t floor = 1 + data[0] % 8;
    const std::string_view source(reinterpret_cast<const char*>(data) + 1, size - 1);
    const std::string code = strip_code(source);
    const auto newlines = std::count(source.begin(), source.end(), '\n');
    if (std::count(code.begin(), code.end(), '\n') != newlines)
        std::abort();
    for (const std::size_t brace : unnamed_namespace_bodies(code))
        if (brace >= code.size() || code[brace] != '{')
            std::abort();
    for (const Block& b : extract_blocks(source, "fuzz.cu", floor)) {
        if (b.offset >= code.size() || code[b.offset] != '{')
            std::abort();
        if (b.name.empty() || b.start < 1 || b.start > b.end ||
            b.end > static_cast<std::size_t>(newlines) + 1 || b.lines < floor ||
            b.path != "fuzz.cu" || b.shingles.empty() ||
            !std::is_sorted(b.shingles.begin(), b.shingles.end()) ||
            std::adjacent_find(b.shingles.begin(), b.shingles.end()) != b.shingles.end())
            std::abort();
        for (const char c : b.name)
            if (!odo::review::detail::is_identifier_char(c))
                std::abort();
    }
    for (const std::string& line : detail::normalized_lines(code))
        if (line.empty() || line.find('\n') != std::string::npos ||
            collapse_whitespace(line) != line)
            std::abort();
    return 0;
}
