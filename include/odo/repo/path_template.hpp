#pragma once
#include "odo/core/linkage.hpp"
#include "odo/repo/path_text.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::repo {

// A path template names one operator's file: "tests/cvcuda/system/TestOp{Name}.cpp". The
// placeholders are {Name} (the canonical spelling taken from the public header's file name),
// {name} (its lower case) and {py} (the Python function name). Plain placeholders rather than
// regexes keep a layout file readable and make a path easy to match back to its operator.
struct PlaceholderValues {
    std::string_view Name;
    std::string_view name;
    std::string_view py;
};

namespace detail {

struct Placeholder {
    std::size_t begin;
    std::size_t end; // one past the '}'
    std::string_view key;
};

#if ODO_REPO_DEFINITIONS
inline bool is_placeholder_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// Every "{word}" in a template, in order.
inline std::vector<Placeholder> placeholders(std::string_view tpl) {
    std::vector<Placeholder> out;
    for (std::size_t open = tpl.find('{'); open != std::string_view::npos;
         open = tpl.find('{', open + 1)) {
        std::size_t close = open + 1;
        while (close < tpl.size() && is_placeholder_char(tpl[close]))
            ++close;
        if (close < tpl.size() && tpl[close] == '}' && close > open + 1)
            out.push_back({open, close + 1, tpl.substr(open + 1, close - open - 1)});
    }
    return out;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace detail

ODO_API std::string expand(std::string_view tpl, const PlaceholderValues& values);
// What the placeholder of a one-placeholder template stands for in `path`, or nullopt when the
// path does not fit: "bench/cpp/ops/Bench{Name}.cpp" matches "bench/cpp/ops/BenchFlip.cpp" with
// "Flip". The match is one non-empty file-name part, never a directory.
ODO_API std::optional<std::string_view> match_template(std::string_view tpl, std::string_view path);
#if ODO_REPO_DEFINITIONS
inline bool is_known_placeholder(std::string_view key) noexcept {
    return key == "Name" || key == "name" || key == "py";
}

// The first placeholder that is not {Name}, {name} or {py}, e.g. "{Nmae}"; nullopt when none.
inline std::optional<std::string> unknown_placeholder(std::string_view tpl) {
    for (const auto& ph : detail::placeholders(tpl))
        if (!is_known_placeholder(ph.key))
            return "{" + std::string(ph.key) + "}";
    return std::nullopt;
}

inline std::size_t placeholder_count(std::string_view tpl) {
    return detail::placeholders(tpl).size();
}

ODO_API std::string expand(std::string_view tpl, const PlaceholderValues& values) {
    std::string out;
    std::size_t done = 0;
    for (const auto& ph : detail::placeholders(tpl)) {
        out.append(tpl.substr(done, ph.begin - done));
        if (ph.key == "Name")
            out.append(values.Name);
        else if (ph.key == "name")
            out.append(values.name);
        else if (ph.key == "py")
            out.append(values.py);
        else
            out.append(tpl.substr(ph.begin, ph.end - ph.begin));
        done = ph.end;
    }
    out.append(tpl.substr(done));
    return out;
}

// Whether a one-placeholder template has its placeholder in the file name, so that the
// directory part is fixed: "bench/cpp/ops/Bench{Name}.cpp" does, "{name}/x.cpp" does not.
inline bool placeholder_in_file_name(std::string_view tpl) {
    const auto phs = detail::placeholders(tpl);
    const auto slash = tpl.rfind('/');
    return phs.size() == 1 && (slash == std::string_view::npos || phs.front().begin > slash);
}

ODO_API std::optional<std::string_view> match_template(std::string_view tpl,
                                                       std::string_view path) {
    const auto phs = detail::placeholders(tpl);
    if (phs.size() != 1)
        return std::nullopt;
    const std::string_view prefix = tpl.substr(0, phs.front().begin);
    const std::string_view suffix = tpl.substr(phs.front().end);
    if (path.size() <= prefix.size() + suffix.size() || !text::starts_with(path, prefix) ||
        !text::ends_with(path, suffix))
        return std::nullopt;
    const std::string_view body =
        path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
    if (body.find('/') != std::string_view::npos)
        return std::nullopt;
    return body;
}

// The directory part of a template whose placeholder is in the file name ("" at the root).
inline std::string_view template_directory(std::string_view tpl) noexcept {
    const auto slash = tpl.rfind('/');
    return slash == std::string_view::npos ? std::string_view{} : tpl.substr(0, slash);
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
