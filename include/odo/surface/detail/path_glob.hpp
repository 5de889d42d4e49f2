#pragma once
#include "odo/core/linkage.hpp"
#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace odo::surface::detail {

// The regular files matching `pattern` (relative to `dir` unless absolute), component by
// component like Python's glob: no '**', and a wildcard matches a leading '.' only when the
// pattern component starts with '.'. Sorted.
ODO_API std::vector<std::filesystem::path> glob_files(const std::filesystem::path& dir,
                                                      std::string_view pattern);
#if ODO_SURFACE_DEFINITIONS
// Matches the bracket set starting at pattern[at] == '[' against `c`. Returns the index after
// the closing ']', or npos when the set is unterminated (then '[' is an ordinary character).
inline std::size_t match_bracket(std::string_view pattern, std::size_t at, char c, bool& matched) {
    std::size_t i = at + 1;
    const bool negate = i < pattern.size() && pattern[i] == '!';
    if (negate)
        ++i;
    const auto u = static_cast<unsigned char>(c);
    bool hit = false;
    for (bool first = true; i < pattern.size() && (first || pattern[i] != ']'); first = false) {
        const auto lo = static_cast<unsigned char>(pattern[i]);
        if (i + 2 < pattern.size() && pattern[i + 1] == '-' && pattern[i + 2] != ']') {
            hit = hit || (lo <= u && u <= static_cast<unsigned char>(pattern[i + 2]));
            i += 3;
        } else {
            hit = hit || lo == u;
            ++i;
        }
    }
    if (i >= pattern.size())
        return std::string_view::npos;
    matched = hit != negate;
    return i + 1;
}

// Whether the pattern element at pattern[p] matches `c`; `next` is the index after it.
inline bool match_element(std::string_view pattern, std::size_t p, char c, std::size_t& next) {
    next = p + 1;
    if (pattern[p] == '?')
        return true;
    if (pattern[p] == '[') {
        bool matched = false;
        const std::size_t end = match_bracket(pattern, p, c, matched);
        if (end != std::string_view::npos) {
            next = end;
            return matched;
        }
    }
    return pattern[p] == c;
}

// Python's fnmatch.fnmatchcase: '*', '?', '[set]', '[!set]'.
inline bool fnmatch(std::string_view pattern, std::string_view name) {
    std::size_t p = 0, n = 0, star = std::string_view::npos, star_n = 0;
    while (n < name.size()) {
        std::size_t next = 0;
        if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            star_n = n;
        } else if (p < pattern.size() && match_element(pattern, p, name[n], next)) {
            p = next;
            ++n;
        } else if (star == std::string_view::npos) {
            return false;
        } else { // let the last '*' swallow one more character
            p = star + 1;
            n = ++star_n;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

inline bool has_glob_magic(std::string_view s) noexcept {
    return s.find_first_of("*?[") != std::string_view::npos;
}

ODO_API std::vector<std::filesystem::path> glob_files(const std::filesystem::path& dir,
                                                      std::string_view pattern) {
    namespace fs = std::filesystem;
    const fs::path relative(pattern);
    std::vector<fs::path> candidates{relative.is_absolute() ? relative.root_path() : dir};
    std::error_code ec;
    for (const fs::path& part : relative.relative_path()) {
        const std::string component = part.string();
        if (component.empty())
            continue;
        std::vector<fs::path> next;
        for (const fs::path& base : candidates) {
            if (!has_glob_magic(component)) {
                if (fs::exists(base / component, ec))
                    next.push_back(base / component);
                continue;
            }
            for (fs::directory_iterator it(base, ec), end; !ec && it != end; it.increment(ec)) {
                const std::string name = it->path().filename().string();
                if ((name.front() != '.' || component.front() == '.') && fnmatch(component, name))
                    next.push_back(it->path());
            }
            ec.clear();
        }
        candidates = std::move(next);
    }
    std::vector<fs::path> files;
    for (const fs::path& p : candidates)
        if (fs::is_regular_file(p, ec))
            files.push_back(p);
    std::sort(files.begin(), files.end());
    return files;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface::detail
