// Fuzzes the v1 summary parser. Any input either parses or throws SummaryError; a parsed
// description splits back into exactly its bytes; printing the parsed block canonically gives a
// block that parses to the same canonical text (a fixed point); validation never throws.
#include <odo/summary/parse.hpp>
#include <odo/summary/render.hpp>
#include <odo/summary/validate.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::summary;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const Markers markers;
    validate_summary(text, ValidationOptions{});
    ParsedSummary parsed;
    try {
        parsed = parse_summary(text, markers);
    } catch (const SummaryError&) {
        return 0;
    }
    if (parsed.prefix + parsed.block + parsed.suffix != text)
        std::abort();
    const std::string canonical = render_block(parsed.metadata, parsed.body, markers);
    const ParsedSummary again = parse_summary(canonical, markers); // must not throw
    if (render_block(again.metadata, again.body, markers) != canonical)
        std::abort();
    return 0;
}
