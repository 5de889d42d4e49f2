// Fuzzes refactor_op's reader of the refactor guideline's curated tunables. Nothing throws; the
// threshold stays a ratio in (0, 1], the floor at least 1, every utility and allowlisted name is
// one non-empty line without surrounding spaces, and allowlist keys are lower case.
#include <odo/core/text.hpp>
#include <odo/refactor/tunables.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void require_entry(const std::string& name) {
    if (name.empty() || name.find('\n') != std::string::npos ||
        odo::text::strip(name).size() != name.size())
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view doc(reinterpret_cast<const char*>(data), size);
    const odo::refactor::Tunables t = odo::refactor::parse_tunables(doc);
    if (!(t.threshold > 0.0 && t.threshold <= 1.0) || t.min_block_lines < 1)
        std::abort();
    for (const std::string& name : t.shared_utils)
        require_entry(name);
    for (const auto& [op, names] : t.allowlist) {
        if (odo::text::lower(op) != op)
            std::abort();
        for (const std::string& name : names)
            require_entry(name);
    }
    return 0;
}
