// Fuzzes the quoted #include reader behind path attribution. Nothing throws; every target is a
// non-empty name without quotes or line breaks, taken from an #include line of the source, and
// there are never more targets than lines.
#include <odo/core/text.hpp>
#include <odo/repo/include_graph.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view source(reinterpret_cast<const char*>(data), size);
    const auto targets = odo::repo::quoted_includes(source);
    if (targets.size() > odo::text::lines(source).size())
        std::abort();
    for (const std::string& target : targets)
        if (target.empty() || target.find_first_of("\"\n") != std::string::npos ||
            source.find("\"" + target + "\"") == std::string_view::npos)
            std::abort();
    return 0;
}
