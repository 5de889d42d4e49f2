#pragma once
// The walk over stripped code (strip_code) that finds what each brace opens: the body extraction
// (blocks.hpp) and the namespace scopes RED-11 reads (unnamed_namespace.hpp) both read the code
// between the last ';', '{' or '}' outside parentheses and a '{' ("the segment") to decide what the
// brace opens. The walk jumps from one of ( ) ; { } to the next through a table, so the bytes in
// between cost one lookup each, and it counts no lines: a caller that needs a brace's line counts
// the newlines up to it.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace odo::refactor {

namespace detail {

// Whether the walk stops at a byte.
inline constexpr std::array<bool, 256> brace_walk_stops = [] {
    std::array<bool, 256> stops{};
    for (const unsigned char c : {'(', ')', ';', '{', '}'})
        stops[c] = true;
    return stops;
}();

inline std::size_t next_brace_walk_stop(std::string_view code, std::size_t i) {
    while (i < code.size() && !brace_walk_stops[static_cast<unsigned char>(code[i])])
        ++i;
    return i;
}

} // namespace detail

// Calls open(offset, segment) at each '{', the segment nullopt inside parentheses, and
// close(offset) at each '}', in the order they appear.
template <class Open, class Close>
void walk_braces(std::string_view code, Open open, Close close) {
    std::size_t segment = 0;
    int parens = 0;
    for (std::size_t i = detail::next_brace_walk_stop(code, 0); i < code.size();
         i = detail::next_brace_walk_stop(code, i + 1)) {
        switch (code[i]) {
        case '(':
            ++parens;
            break;
        case ')':
            parens = parens > 0 ? parens - 1 : 0;
            break;
        case ';':
            if (parens == 0)
                segment = i + 1;
            break;
        case '{':
            open(i, parens == 0 ? std::optional<std::string_view>(code.substr(segment, i - segment))
                                : std::nullopt);
            if (parens == 0)
                segment = i + 1;
            break;
        default: // '}'
            close(i);
            if (parens == 0)
                segment = i + 1;
        }
    }
}

} // namespace odo::refactor
