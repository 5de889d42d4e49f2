#pragma once
// Whose tools a library captures its baselines with, and so which commands a fix text names
// (Layout::tooling, docs/layout.md "tooling"). CV-CUDA refreshes baselines through a CI job and a
// Python import script of its own; any other library has odo's drivers. A fix text naming the
// other library's tools sends its reader to a file that does not exist.
#include "odo/core/linkage.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace odo::repo {

enum class Tooling {
    Cvcuda, // bench/_internal/update_baseline.py and the baseline-regen CI configuration
    Odo,    // odo_campaign <Op> baseline, odo_baseline import
};

// The spelling in layout files: "cvcuda", "odo".
constexpr std::string_view to_string(Tooling tooling) noexcept {
    return tooling == Tooling::Cvcuda ? "cvcuda" : "odo";
}

ODO_API std::optional<Tooling> parse_tooling(std::string_view text) noexcept;
#if ODO_REPO_DEFINITIONS
ODO_API std::optional<Tooling> parse_tooling(std::string_view text) noexcept {
    for (Tooling tooling : {Tooling::Cvcuda, Tooling::Odo})
        if (to_string(tooling) == text)
            return tooling;
    return std::nullopt;
}
#endif // ODO_REPO_DEFINITIONS

// The commands that capture one operator's baselines with odo's tools. A check that tells an
// author to (re)capture baselines keeps CV-CUDA's sentence for Tooling::Cvcuda, byte for byte,
// and words its own from these otherwise.
struct BaselineCapture {
    Tooling tooling = Tooling::Cvcuda;
    std::string operator_name; // canonical spelling, "Invert"
    std::string op;            // lower-case key, "invert"

    bool cvcuda() const noexcept { return tooling == Tooling::Cvcuda; }
    // Measures the full surface (every basic and advanced case, each entry point) and imports it.
    std::string measure_command() const { return "odo_campaign " + operator_name + " baseline"; }
    // Imports the run artifacts of measurements made elsewhere (a CI job, a reference machine).
    std::string import_command() const {
        return "odo_baseline import --operator " + op + " --from RUNS";
    }
    // "`<measure>` (...), or import runs measured elsewhere with `<import>`", the core of each
    // odo fix text.
    std::string measure_or_import() const {
        return "`" + measure_command() +
               "` (it measures every basic and advanced case and imports them), or import runs "
               "measured elsewhere with `" +
               import_command() + "`";
    }
};

} // namespace odo::repo
