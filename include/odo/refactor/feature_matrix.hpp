#pragma once
// The feature matrix a public header's Doxygen "Limitations" table declares, input and output
// apart (review-refactor.md §2.8): what a refactor must leave exactly as it was (VER-4), and the
// input dtypes a dispatch guard must admit (RED-3).
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/review/declared_layouts.hpp"
#include "odo/review/source_text.hpp"

#include <cctype>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

namespace odo::refactor {

struct DeclaredSide {
    std::set<std::string> layouts;
    std::set<int> channels;
    std::set<std::string> dtypes; // u8, s8, u16, s16, u32, s32, f16, f32, f64

    bool operator==(const DeclaredSide& o) const {
        return layouts == o.layouts && channels == o.channels && dtypes == o.dtypes;
    }
};

struct FeatureMatrix {
    DeclaredSide input;
    DeclaredSide output;

    bool operator==(const FeatureMatrix& o) const { return input == o.input && output == o.output; }
    bool operator!=(const FeatureMatrix& o) const { return !(*this == o); }
};

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
// The text after "<label>:" up to the next "Input:" or "Output:".
inline std::string_view labelled_section(std::string_view block, std::string_view label) {
    const auto at = block.find(label);
    if (at == std::string_view::npos)
        return {};
    const std::string_view rest = block.substr(at + label.size());
    return rest.substr(0, std::min(rest.find("Input:"), rest.find("Output:")));
}
#endif // ODO_REFACTOR_DEFINITIONS

// Every "<label> [ ... ]" bracket's contents.
template <class Visit>
void for_each_bracket(std::string_view section, std::string_view label, Visit visit) {
    for (auto at = section.find(label); at != std::string_view::npos;
         at = section.find(label, at + 1)) {
        std::size_t open = at + label.size();
        while (open < section.size() && std::isspace(static_cast<unsigned char>(section[open])))
            ++open;
        const auto close = section.find(']', open);
        if (open < section.size() && section[open] == '[' && close != std::string_view::npos)
            visit(section.substr(open + 1, close - open - 1));
    }
}

#if ODO_REFACTOR_DEFINITIONS
// A layout token in any spelling the headers use: kNHWC, NVCV_TENSOR_NHWC or NHWC.
inline std::string layout_name(std::string_view token) {
    token = text::strip(token);
    if (text::starts_with(token, "NVCV_TENSOR_"))
        token.remove_prefix(12);
    else if (token.size() > 1 && token[0] == 'k' &&
             std::isupper(static_cast<unsigned char>(token[1])))
        token.remove_prefix(1);
    if (token.empty())
        return {};
    for (const char c : token)
        if (!std::isupper(static_cast<unsigned char>(c)) &&
            !std::isdigit(static_cast<unsigned char>(c)) && c != '_')
            return {};
    return std::string(token);
}

inline std::size_t skip_spaces(std::string_view s, std::size_t i) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
        ++i;
    return i;
}

// The dtype of a supported row "<n>bit <Unsigned|Signed|Float> | Yes" whose "bit" is at `bit`.
// Read by hand, not with std::regex: the header is the change author's text, and libstdc++'s
// matcher recurses once per character a `\s*` consumes.
inline std::optional<std::string> declared_dtype(std::string_view s, std::size_t bit) {
    std::size_t digits = bit;
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(s[digits - 1])))
        --digits;
    std::size_t i = bit + 3;
    if (digits == bit || skip_spaces(s, i) == i)
        return std::nullopt;
    i = skip_spaces(s, i);
    char prefix = 0;
    for (const auto& [word, letter] :
         {std::pair<std::string_view, char>{"Unsigned", 'u'}, {"Signed", 's'}, {"Float", 'f'}})
        if (s.substr(i, word.size()) == word) {
            prefix = letter;
            i += word.size();
            break;
        }
    i = skip_spaces(s, i);
    if (prefix == 0 || i >= s.size() || s[i] != '|')
        return std::nullopt;
    i = skip_spaces(s, i + 1);
    if (s.substr(i, 3) != "Yes" ||
        (i + 3 < s.size() && review::detail::is_identifier_char(s[i + 3])))
        return std::nullopt;
    const std::string_view bits = s.substr(digits, bit - digits);
    const bool known = prefix == 'f' ? (bits == "16" || bits == "32" || bits == "64")
                                     : (bits == "8" || bits == "16" || bits == "32");
    return known ? std::optional<std::string>(prefix + std::string(bits)) : std::nullopt;
}

inline DeclaredSide declared_side(std::string_view section) {
    DeclaredSide side;
    for_each_bracket(section, "Data Layout:", [&](std::string_view items) {
        std::size_t start = 0;
        while (start <= items.size()) {
            const auto comma = std::min(items.find(',', start), items.size());
            if (std::string name = layout_name(items.substr(start, comma - start)); !name.empty())
                side.layouts.insert(std::move(name));
            start = comma + 1;
        }
    });
    for_each_bracket(section, "Channels:", [&](std::string_view items) {
        for (std::size_t i = 0; i < items.size();) {
            std::size_t j = i;
            while (j < items.size() && std::isdigit(static_cast<unsigned char>(items[j])))
                ++j;
            if (j > i && j - i < 6)
                side.channels.insert(std::stoi(std::string(items.substr(i, j - i))));
            i = j > i ? j : i + 1;
        }
    });
    for (auto at = section.find("bit"); at != std::string_view::npos;
         at = section.find("bit", at + 1))
        if (auto dtype = declared_dtype(section, at))
            side.dtypes.insert(*std::move(dtype));
    return side;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
inline FeatureMatrix parse_feature_matrix(std::string_view header) {
    const std::string_view block = review::detail::limitations_block(header);
    FeatureMatrix m;
    const bool labelled = block.find("Input:") != std::string_view::npos ||
                          block.find("Output:") != std::string_view::npos;
    m.input = detail::declared_side(labelled ? detail::labelled_section(block, "Input:") : block);
    m.output = detail::declared_side(detail::labelled_section(block, "Output:"));
    return m;
}

// "in(lay=[NHWC] ch=[1,3] dt=[u8]) out(...)" for evidence.
inline std::string describe(const FeatureMatrix& m) {
    auto side = [](const DeclaredSide& s) {
        std::string out = "lay=[";
        for (const auto& l : s.layouts)
            out += (out.back() == '[' ? "" : ",") + l;
        out += "] ch=[";
        for (int c : s.channels)
            out += (out.back() == '[' ? "" : ",") + std::to_string(c);
        out += "] dt=[";
        for (const auto& d : s.dtypes)
            out += (out.back() == '[' ? "" : ",") + d;
        return out + "]";
    };
    return "in(" + side(m.input) + ") out(" + side(m.output) + ")";
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
