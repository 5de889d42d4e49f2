#pragma once
#include "odo/core/linkage.hpp"
#include "odo/summary/description_text.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/markers.hpp"
#include "odo/summary/python_text.hpp"

#include <cstddef>
#include <string_view>
#include <vector>

namespace odo::summary {

inline constexpr std::size_t max_description_bytes = 2'000'000;
inline constexpr std::size_t max_block_bytes = 400'000;

// The live summary block of a description. prefix + block + suffix is the description; the
// block runs from the start marker to the end marker's text, and the suffix begins with the end
// marker's line break.
struct Block {
    std::string_view prefix;
    std::string_view block;
    std::string_view suffix;
    std::string_view metadata_json;
    std::vector<std::string_view> body_lines; // strictly between the markers, without breaks
    std::string_view newline;                 // the start marker's line break ("\n" if none)
};

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
// Marker-shaped lines outside fenced code (``` or ~~~ runs of three or more; a fence closes on
// a run of the same character at least as long, whatever follows it). Fence lines are never
// live; an unclosed fence hides the rest of the description.
inline std::vector<std::size_t> live_marker_lines(const std::vector<pytext::Line>& lines,
                                                  const Markers& markers) {
    std::vector<std::size_t> live;
    char fence_char = 0;
    std::size_t fence_length = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view s = pytext::lstrip(lines[i].text);
        const char c = s.empty() ? 0 : s.front();
        std::size_t run = 0;
        if (c == '`' || c == '~')
            while (run < s.size() && s[run] == c)
                ++run;
        if (run >= 3) {
            if (!fence_char) {
                fence_char = c;
                fence_length = run;
            } else if (c == fence_char && run >= fence_length) {
                fence_char = 0;
            }
            continue;
        }
        if (!fence_char && markers.is_marker_shaped(lines[i].text))
            live.push_back(i);
    }
    return live;
}

// The reference strips only CR/LF before comparing, so an end marker ended by another break
// (NEL, U+2028, …) is not an end marker.
inline bool is_end_marker(const pytext::Line& line, const Markers& markers) {
    const bool crlf_break =
        line.end.empty() || line.end == "\n" || line.end == "\r" || line.end == "\r\n";
    return crlf_break && line.text == markers.end_line();
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// Finds the one live block (summary.md §1.3). Throws SummaryError with the reference's
// messages, in its order.
inline Block extract_block(std::string_view description, const Markers& markers) {
    if (!pytext::is_valid_utf8(description))
        throw SummaryError("MR description must be text");
    if (description.size() > max_description_bytes)
        throw SummaryError("MR description exceeds the parser size limit");
    // A leading byte order mark belongs to the prefix, so a block on the first line is found
    // (as the evidence phase reads it) and a refresh writes the mark back.
    std::string_view text = description;
    if (text.substr(0, utf8_bom.size()) == utf8_bom)
        text.remove_prefix(utf8_bom.size());
    const auto lines = pytext::split_lines(text);
    const auto live = detail::live_marker_lines(lines, markers);
    std::vector<std::size_t> starts, ends;
    for (std::size_t i : live) {
        if (markers.start_metadata(lines[i].text))
            starts.push_back(i);
        else if (detail::is_end_marker(lines[i], markers))
            ends.push_back(i);
    }
    if (starts.size() != 1 || ends.size() != 1)
        throw SummaryError("expected exactly one live start marker and one matching end marker");
    const std::size_t start = starts.front(), end = ends.front();
    if (end <= start)
        throw SummaryError("optimization summary end marker precedes its start");
    if (live.size() != 2)
        throw SummaryError("nested or duplicate optimization summary marker");
    const auto offset = [&](std::size_t line) {
        return static_cast<std::size_t>(lines[line].text.data() - description.data());
    };
    Block b;
    const std::size_t block_begin = offset(start);
    const std::size_t block_end = offset(end) + lines[end].text.size();
    b.prefix = description.substr(0, block_begin);
    b.block = description.substr(block_begin, block_end - block_begin);
    b.suffix = description.substr(block_end);
    if (b.block.size() > max_block_bytes)
        throw SummaryError("optimization summary block exceeds the parser size limit");
    b.metadata_json = *markers.start_metadata(lines[start].text);
    for (std::size_t i = start + 1; i < end; ++i)
        b.body_lines.push_back(lines[i].text);
    b.newline = lines[start].end.empty() ? std::string_view("\n") : lines[start].end;
    return b;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
