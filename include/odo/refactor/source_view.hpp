#pragma once
// One source as the assess checks read it, prepared once: the text, the text with its comments
// blanked (review::blank_comments: offsets and newlines kept, so a line of one is the line of the
// other), the text as strip_code compares it, and where each line begins. RED-3…RED-12 and the
// body extraction all read these views instead of each stripping the same files again.
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/refactor/code_text.hpp"
#include "odo/review/source_text.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo::refactor {

class SourceView {
public:
    SourceView(std::string path, std::string text);

    const std::string& path() const noexcept { return path_; }
    const std::string& text() const noexcept { return text_; }
    const std::string& blanked() const noexcept { return blanked_; }
    const std::string& code() const noexcept { return code_; }

    // Lines as text::lines splits them, the same in the text and its blanked view.
    std::size_t line_count() const noexcept { return lines_.size(); }
    std::string_view text_line(std::size_t i) const { return line_of(text_, i); }
    std::string_view blanked_line(std::size_t i) const { return line_of(blanked_, i); }
    // The lines whose blanked view holds `needle` (no newline in it), in order, each once: a check
    // that looks only at lines holding a word reads those, found by one search of the text, not
    // every line.
    std::vector<std::size_t> blanked_lines_with(std::string_view needle) const;

private:
    std::string_view line_of(const std::string& s, std::size_t i) const {
        return std::string_view(s).substr(lines_[i].first, lines_[i].second);
    }

    std::string path_;
    std::string text_;
    std::string blanked_;
    std::string code_;
    std::vector<std::pair<std::size_t, std::size_t>> lines_; // offset and length of each line
};

#if ODO_REFACTOR_DEFINITIONS
ODO_API std::vector<std::size_t> SourceView::blanked_lines_with(std::string_view needle) const {
    std::vector<std::size_t> out;
    if (needle.empty()) { // every line holds it
        for (std::size_t i = 0; i < lines_.size(); ++i)
            out.push_back(i);
        return out;
    }
    auto line = lines_.begin();
    for (auto at = blanked_.find(needle); at != std::string::npos;) {
        line = std::upper_bound(line, lines_.end(), at,
                                [](std::size_t o, const std::pair<std::size_t, std::size_t>& l) {
                                    return o < l.first;
                                }) -
               1;
        out.push_back(static_cast<std::size_t>(line - lines_.begin()));
        at = blanked_.find(needle, line->first + line->second + 1);
    }
    return out;
}

ODO_API SourceView::SourceView(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)), blanked_(review::blank_comments(text_)),
      code_(strip_code(text_)) {
    for (std::string_view line : text::lines(text_))
        lines_.emplace_back(static_cast<std::size_t>(line.data() - text_.data()), line.size());
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
