#pragma once
// The MR description as every evidence check reads it. Editors on Windows prepend a UTF-8 byte
// order mark, which hides the first line from every line-anchored rule, and old Mac editors end
// lines with a lone CR, which the summary parser splits on but line-by-line readers (the memory
// footprint section, ODO-9) did not. Normalising once where the description is read gives every
// reader the same lines.
#include "odo/core/linkage.hpp"
#include <string>
#include <string_view>

namespace odo::summary {

inline constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

// `text` without a leading byte order mark, with CRLF and lone CR line ends made "\n".
ODO_API std::string normalized_description(std::string_view text);
#if ODO_SUMMARY_DEFINITIONS
ODO_API std::string normalized_description(std::string_view text) {
    if (text.substr(0, utf8_bom.size()) == utf8_bom)
        text.remove_prefix(utf8_bom.size());
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\r') {
            out += text[i];
            continue;
        }
        out += '\n';
        if (i + 1 < text.size() && text[i + 1] == '\n')
            ++i;
    }
    return out;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
