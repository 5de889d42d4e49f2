#pragma once
// The walk over stripped code (strip_code) that finds what each brace opens: the body extraction
// (blocks.hpp) and the namespace scopes RED-11 reads (unnamed_namespace.hpp) both read the code
// between the last ';', '{' or '}' outside parentheses and a '{' ("the segment") to decide what the
// brace opens. The walk jumps from one of ( ) ; { } to the next (byte_search.hpp), eight bytes at
// a time, and it counts no lines: a caller that needs a brace's line counts the newlines up to it.
#include "odo/core/byte_search.hpp"

#include <cstddef>
#include <optional>
#include <string_view>

namespace odo::refactor {

// Calls open(offset, segment) at each '{', the segment nullopt inside parentheses, and
// close(offset) at each '}', in the order they appear.
template <class Open, class Close>
void walk_braces(std::string_view code, Open open, Close close) {
    std::size_t segment = 0;
    int parens = 0;
    for (std::size_t i = text::next_byte_of<'(', ')', ';', '{', '}'>(code, 0); i < code.size();
         i = text::next_byte_of<'(', ')', ';', '{', '}'>(code, i + 1)) {
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
