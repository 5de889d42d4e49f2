#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <string>
#include <string_view>

namespace odo::repo {

// Repository paths are handled as text, '/'-separated and relative to the root, exactly as git
// prints them, so that the same path compares equal whatever produced it.

// The file name without its last extension (Python's Path.stem): "filter_var_shape.cu" ->
// "filter_var_shape"; a leading dot does not start an extension.
ODO_API std::string_view file_stem(std::string_view path) noexcept;
ODO_API std::string_view trim_trailing_slashes(std::string_view dir) noexcept;
// Whether `path` lies inside directory `dir`, at any depth.
ODO_API bool is_under(std::string_view path, std::string_view dir) noexcept;
ODO_API std::string_view file_extension(std::string_view path) noexcept;
ODO_API std::string_view file_name(std::string_view path) noexcept;
// Step 1 of the attribution rules: backslashes become '/', surrounding whitespace goes, a
// leading "./" is removed repeatedly, then leading '/' are stripped.
ODO_API std::string normalize_path(std::string_view path);
// A table key names one file exactly, every file below a directory (key ends in '/'), or the
// files matching a wildcard pattern.
ODO_API bool path_key_matches(std::string_view key, std::string_view path) noexcept;
#if ODO_REPO_DEFINITIONS
ODO_API std::string normalize_path(std::string_view path) {
    std::string p(path);
    for (char& c : p)
        if (c == '\\')
            c = '/';
    p = std::string(text::strip(p));
    while (text::starts_with(p, "./"))
        p.erase(0, 2);
    p.erase(0, p.find_first_not_of('/'));
    return p;
}

ODO_API std::string_view file_name(std::string_view path) noexcept {
    const auto slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

ODO_API std::string_view file_stem(std::string_view path) noexcept {
    const std::string_view name = file_name(path);
    const auto dot = name.rfind('.');
    return dot == std::string_view::npos || dot == 0 ? name : name.substr(0, dot);
}

ODO_API std::string_view file_extension(std::string_view path) noexcept {
    const std::string_view name = file_name(path);
    return name.substr(file_stem(name).size());
}

ODO_API std::string_view trim_trailing_slashes(std::string_view dir) noexcept {
    while (!dir.empty() && dir.back() == '/')
        dir.remove_suffix(1);
    return dir;
}

ODO_API bool is_under(std::string_view path, std::string_view dir) noexcept {
    dir = trim_trailing_slashes(dir);
    return !dir.empty() && path.size() > dir.size() + 1 && text::starts_with(path, dir) &&
           path[dir.size()] == '/';
}

// The part of `path` below `dir` ("src/a/b.cu" below "src/a" is "b.cu"); empty when outside.
inline std::string_view relative_to(std::string_view path, std::string_view dir) noexcept {
    return is_under(path, dir) ? path.substr(trim_trailing_slashes(dir).size() + 1)
                               : std::string_view{};
}

// Shell-style wildcard match: '*' matches any run and '?' any one character, neither crossing a
// '/', so a pattern can name files in one directory ("legacy/warp*.cu").
inline bool glob_match(std::string_view pattern, std::string_view path) noexcept {
    std::size_t p = 0, s = 0;
    std::size_t star = std::string_view::npos, resume = 0;
    while (s < path.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = s;
        } else if (p < pattern.size() &&
                   (pattern[p] == path[s] || (pattern[p] == '?' && path[s] != '/'))) {
            ++p;
            ++s;
        } else if (star != std::string_view::npos && path[resume] != '/') {
            p = star + 1;
            s = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

inline bool has_wildcard(std::string_view pattern) noexcept {
    return pattern.find_first_of("*?") != std::string_view::npos;
}

ODO_API bool path_key_matches(std::string_view key, std::string_view path) noexcept {
    if (!key.empty() && key.back() == '/')
        return text::starts_with(path, key);
    if (has_wildcard(key))
        return glob_match(key, path);
    return key == path;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
