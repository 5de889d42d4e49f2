#pragma once
// VER-6's evidence: the "Pixelwise equality to reference" lines a test run prints (odo/pixel's
// EvidenceLog, one per test), read back from the run's output. Each line is written by the code
// that compared the pixels, so a refactor that kept every comparison green proves bit-exactness
// without a person restating it. A line ends "; sources <fingerprint>" when the run was told the
// tree it was built from ($ODO_SOURCES_FINGERPRINT); VER-6 takes only lines naming the tree it
// verifies. A typed line cannot be told from a printed one: the device-code proof can be re-run.
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace odo::refactor {

struct PixelEvidenceLine {
    std::string test; // "TestOpInvert.correct_output"
    bool checked = false;
    std::size_t passed = 0;
    std::size_t total = 0;
    std::string sources; // the tree the run was built from ("; sources <16 hex>"); "" when unnamed
    std::string text;
};

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
inline bool read_count(std::string_view s, std::size_t& i, std::size_t& value) {
    const std::size_t start = i;
    value = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - start < 12)
        value = value * 10 + static_cast<std::size_t>(s[i++] - '0');
    return i > start;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// The evidence lines of tests whose name starts with "<test_stem>." ("TestOpInvert."), in order.
inline std::vector<PixelEvidenceLine> pixel_evidence_lines(std::string_view run_output,
                                                           std::string_view test_stem) {
    constexpr std::string_view label = "** \xE2\x80\x94 ";
    constexpr std::string_view item = "**Pixelwise equality to reference";
    std::vector<PixelEvidenceLine> out;
    for (std::string_view raw : text::lines(run_output)) {
        const std::string_view line = text::strip(raw);
        const bool checked = text::starts_with(line, "- [x] ");
        if (!(checked || text::starts_with(line, "- [ ] ")) ||
            line.substr(6, item.size()) != item || line.find(label) == std::string_view::npos)
            continue;
        const std::string marker = " in `" + std::string(test_stem) + ".";
        const auto at = line.find(marker);
        if (at == std::string_view::npos)
            continue;
        const auto name_end = line.find("`: ", at + marker.size());
        if (name_end == std::string_view::npos)
            continue;
        PixelEvidenceLine e;
        e.test = std::string(line.substr(at + 5, name_end - at - 5));
        e.checked = checked;
        e.text = std::string(line);
        std::size_t i = name_end + 3;
        if (!detail::read_count(line, i, e.passed) || i >= line.size() || line[i] != '/' ||
            !detail::read_count(line, ++i, e.total) || line.substr(i, 17) != " variants passed,")
            continue;
        constexpr std::string_view field = "; sources ";
        const auto named = line.rfind(field);
        if (named != std::string_view::npos && named + field.size() + 16 == line.size() &&
            line.find_first_not_of("0123456789abcdef", named + field.size()) ==
                std::string_view::npos)
            e.sources = std::string(line.substr(named + field.size()));
        out.push_back(std::move(e));
    }
    return out;
}

// Complete: checked, every variant passed, at least one variant.
inline bool is_green(const PixelEvidenceLine& e) {
    return e.checked && e.total > 0 && e.passed == e.total;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
