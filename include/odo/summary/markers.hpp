#pragma once
#include "odo/repo/layout.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/python_text.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace odo::summary {

inline constexpr std::string_view cvcuda_marker_token = "cvcuda-optimize-summary:v1";

// The HTML-comment markers that bound the summary block in an MR description:
//   <!-- TOKEN {metadata JSON} -->   …   <!-- /TOKEN -->
// The token comes from the layout profile (Layout::Grammar::summary_marker).
class Markers {
public:
    Markers() : Markers(std::string(cvcuda_marker_token)) {}

    explicit Markers(std::string token)
        : token_(std::move(token)), start_prefix_("<!-- " + token_ + " "),
          end_line_("<!-- /" + token_ + " -->") {
        if (token_.empty() || pytext::has_line_break(token_) ||
            pytext::strip(token_).size() != token_.size())
            throw SummaryError("summary marker token must be non-empty text without line "
                               "breaks or surrounding whitespace");
    }

    static Markers from_layout(const repo::Layout& layout) {
        return Markers(layout.grammar.summary_marker);
    }

    const std::string& token() const noexcept { return token_; }
    const std::string& end_line() const noexcept { return end_line_; }

    std::string start_line(std::string_view metadata_json) const {
        return start_prefix_ + std::string(metadata_json) + " -->";
    }

    // The metadata JSON of a start line `<!-- TOKEN {…} -->` (trailing whitespace allowed), or
    // nullopt. The JSON runs from the first '{' to the last '}' before the closing ` -->`.
    std::optional<std::string_view> start_metadata(std::string_view line) const {
        const std::string_view trimmed = pytext::rstrip(line);
        constexpr std::string_view close = " -->";
        if (trimmed.substr(0, start_prefix_.size()) != start_prefix_ ||
            trimmed.size() < start_prefix_.size() + close.size() + 2 ||
            trimmed.substr(trimmed.size() - close.size()) != close)
            return std::nullopt;
        const std::string_view json = trimmed.substr(
            start_prefix_.size(), trimmed.size() - close.size() - start_prefix_.size());
        if (json.front() != '{' || json.back() != '}')
            return std::nullopt;
        return json;
    }

    // A line shaped like a marker: an HTML comment that names the token. Only such lines count
    // as markers, so prose that merely mentions the token (e.g. "the `TOKEN` block") is inert.
    bool is_marker_shaped(std::string_view line) const {
        const std::string_view s = pytext::lstrip(line);
        return s.substr(0, 4) == "<!--" && s.find(token_) != std::string_view::npos;
    }

private:
    std::string token_;
    std::string start_prefix_;
    std::string end_line_;
};

} // namespace odo::summary
