#pragma once
#include "odo/core/text.hpp"

#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace odo::profile::detail {

// One record of the CSV the profilers print: fields separated by commas, optionally quoted, a
// quote inside a quoted field doubled. Unquoted fields are stripped of surrounding blanks (old
// nsys versions indent their tables). Cells view the line, or owned storage for fields that held
// doubled quotes, so splitting the common case allocates nothing per cell.
class CsvRecord {
public:
    // Splits `line` (without its newline); false when a quoted field is not closed.
    bool parse(std::string_view line) {
        cells_.clear();
        unescaped_.clear();
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        std::size_t pos = 0;
        while (true) {
            if (!parse_field(line, pos))
                return false;
            if (pos >= line.size())
                return true;
            ++pos; // the comma
        }
    }

    const std::vector<std::string_view>& cells() const noexcept { return cells_; }

private:
    bool parse_field(std::string_view line, std::size_t& pos) {
        const std::size_t start = line.find_first_not_of(" \t", pos);
        if (start == std::string_view::npos || line[start] != '"') {
            const std::size_t comma = line.find(',', pos);
            const std::size_t end = comma == std::string_view::npos ? line.size() : comma;
            cells_.push_back(text::strip(line.substr(pos, end - pos)));
            pos = end;
            return true;
        }
        std::size_t close = start + 1;
        bool doubled = false;
        while (true) {
            close = line.find('"', close);
            if (close == std::string_view::npos)
                return false;
            if (close + 1 < line.size() && line[close + 1] == '"') {
                doubled = true;
                close += 2;
                continue;
            }
            break;
        }
        const std::string_view inner = line.substr(start + 1, close - start - 1);
        cells_.push_back(doubled ? unescape(inner) : inner);
        pos = line.find(',', close + 1);
        if (pos == std::string_view::npos)
            pos = line.size();
        return true;
    }

    std::string_view unescape(std::string_view inner) {
        std::string& out = unescaped_.emplace_back();
        for (std::size_t i = 0; i < inner.size(); ++i) {
            out += inner[i];
            if (inner[i] == '"')
                ++i; // skip the second quote of the pair
        }
        return out;
    }

    std::vector<std::string_view> cells_;
    std::deque<std::string> unescaped_; // deque: growing it never moves the strings cells view
};

// The index of the first cell equal to one of `names`, tried in order (columns are found by
// header name because each tool version orders and names them a little differently).
inline std::ptrdiff_t find_column(const std::vector<std::string_view>& header,
                                  std::initializer_list<std::string_view> names) {
    for (std::string_view name : names)
        for (std::size_t i = 0; i < header.size(); ++i)
            if (header[i] == name)
                return static_cast<std::ptrdiff_t>(i);
    return -1;
}

} // namespace odo::profile::detail
