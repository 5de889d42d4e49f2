#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <cctype>
#include <set>
#include <string>
#include <string_view>

namespace odo::review {

// The input image layouts a public header's Doxygen "Limitations" table declares
// (review-refactor.md §1.6.2, layouts only), e.g. from ` *  Data Layout: [kNHWC, kHWC]`.

namespace detail {

// The text after the first "Limitations:" up to a line starting "* Input/Output dependency" or
// the first "*/", whichever comes first; the whole header when either end is missing.
ODO_API std::string_view limitations_block(std::string_view header);
#if ODO_REVIEW_DEFINITIONS
ODO_API std::string_view limitations_block(std::string_view header) {
    constexpr std::string_view start_token = "Limitations:";
    const auto start = header.find(start_token);
    if (start == std::string_view::npos)
        return header;
    const std::string_view rest = header.substr(start + start_token.size());
    std::size_t end = rest.find("*/");
    for (auto nl = rest.find('\n'); nl != std::string_view::npos && nl < end;
         nl = rest.find('\n', nl + 1)) {
        const std::string_view line = text::strip(rest.substr(nl + 1));
        if (text::starts_with(line, "* Input/Output dependency")) {
            end = nl + 1;
            break;
        }
    }
    return end == std::string_view::npos ? header : rest.substr(0, end);
}

// Within the block, the part after the first "Input:" up to "Output:" (or the end).
inline std::string_view input_region(std::string_view block) {
    const auto input = block.find("Input:");
    if (input == std::string_view::npos)
        return block;
    const std::string_view rest = block.substr(input + 6);
    return rest.substr(0, rest.find("Output:"));
}

inline bool is_capital(char c) noexcept {
    return c >= 'A' && c <= 'Z';
}

// Uppercase runs of the first "Data Layout: [...]" bracket; "kNHWC" and "NVCV_TENSOR_NHWC"
// both give NHWC.
inline void add_bracket_layouts(std::string_view region, std::set<std::string>& layouts) {
    static const std::set<std::string, std::less<>> known = {"HW",   "NHW", "HWC",
                                                             "NHWC", "CHW", "NCHW"};
    constexpr std::string_view label = "Data Layout:";
    for (auto at = region.find(label); at != std::string_view::npos;
         at = region.find(label, at + 1)) {
        std::size_t open = at + label.size();
        while (open < region.size() && std::isspace(static_cast<unsigned char>(region[open])))
            ++open;
        const auto close = region.find(']', open);
        if (open >= region.size() || region[open] != '[' || close == std::string_view::npos)
            continue;
        const std::string_view bracket = region.substr(open + 1, close - open - 1);
        for (std::size_t i = 0; i < bracket.size();) {
            std::size_t j = i;
            while (j < bracket.size() && is_capital(bracket[j]))
                ++j;
            if (j > i && known.count(bracket.substr(i, j - i)))
                layouts.emplace(bracket.substr(i, j - i));
            i = j > i ? j : i + 1;
        }
        return;
    }
}

// The prose form "NVCV_TENSOR_[N]CHW" declares both planar layouts.
inline bool mentions_planar_prose(std::string_view region) {
    constexpr std::string_view prefix = "NVCV_TENSOR_";
    for (auto at = region.find(prefix); at != std::string_view::npos;
         at = region.find(prefix, at + 1)) {
        std::size_t end = at + prefix.size();
        while (end < region.size() &&
               (is_capital(region[end]) || region[end] == '[' || region[end] == ']'))
            ++end;
        const std::string_view run = region.substr(at + prefix.size(), end - at - prefix.size());
        if (run.find("CHW") != std::string_view::npos)
            return true;
    }
    return false;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

#if ODO_REVIEW_DEFINITIONS
// The declared input layouts, a subset of {HW, NHW, HWC, NHWC, CHW, NCHW}.
inline std::set<std::string> declared_input_layouts(std::string_view header) {
    const std::string_view region = detail::input_region(detail::limitations_block(header));
    std::set<std::string> layouts;
    detail::add_bracket_layouts(region, layouts);
    if (detail::mentions_planar_prose(region))
        layouts.insert({"NCHW", "CHW"});
    return layouts;
}

inline bool declares_planar(const std::set<std::string>& layouts) {
    return layouts.count("NCHW") > 0 || layouts.count("CHW") > 0;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace odo::review
