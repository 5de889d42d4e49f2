#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/layout.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace odo::repo {

// Commit-subject conventions of an optimization campaign (review-refactor.md §5), with the
// type words taken from the layout: "perf: ..." / "perf(scope): ..." for a kept optimization,
// and "test(<op>): ..." followed by "fix(<op>): ..." for a regression-backed fix.

namespace detail {

#if ODO_REPO_DEFINITIONS
inline bool is_subject_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// After the ':' a subject needs whitespace and then a non-space character.
inline bool has_description_after(std::string_view subject, std::size_t colon) noexcept {
    std::size_t i = colon + 1;
    if (i >= subject.size() || !is_subject_space(subject[i]))
        return false;
    while (i < subject.size() && is_subject_space(subject[i]))
        ++i;
    return i < subject.size();
}
#endif // ODO_REPO_DEFINITIONS

} // namespace detail

// The scope of "<type>(<scope>): <text>", where the scope holds no parentheses; nullopt when
// the subject has another form.
ODO_API std::optional<std::string> subject_scope(std::string_view subject, std::string_view type);
// "perf: ..." or "perf(<anything but ')'>): ...". The scope is not checked against the operator.
ODO_API bool is_perf_subject(std::string_view subject, const Layout::Commits& commits);
// "refactor: ..." or "refactor(scope): ...": a commit that says it changes no behaviour, which
// refactor_op's verify must prove (ODO-8) and which ODO-6 keeps out of a campaign's
// implementation commits.
ODO_API bool is_refactor_subject(std::string_view subject);
#if ODO_REPO_DEFINITIONS
ODO_API std::optional<std::string> subject_scope(std::string_view subject, std::string_view type) {
    if (subject.substr(0, type.size()) != type || subject.size() <= type.size() ||
        subject[type.size()] != '(')
        return std::nullopt;
    const std::size_t open = type.size();
    const std::size_t close = subject.find_first_of("()", open + 1);
    if (close == std::string_view::npos || subject[close] != ')' || close == open + 1 ||
        close + 1 >= subject.size() || subject[close + 1] != ':' ||
        !detail::has_description_after(subject, close + 1))
        return std::nullopt;
    return std::string(subject.substr(open + 1, close - open - 1));
}

ODO_API bool is_perf_subject(std::string_view subject, const Layout::Commits& commits) {
    const std::string_view type = commits.perf_type;
    if (subject.substr(0, type.size()) != type)
        return false;
    std::size_t colon = type.size();
    if (colon < subject.size() && subject[colon] == '(') {
        const std::size_t close = subject.find(')', colon + 1);
        if (close == std::string_view::npos || close == colon + 1)
            return false;
        colon = close + 1;
    }
    return colon < subject.size() && subject[colon] == ':' &&
           detail::has_description_after(subject, colon);
}

ODO_API bool is_refactor_subject(std::string_view subject) {
    constexpr std::string_view type = "refactor";
    if (subject.substr(0, type.size()) != type)
        return false;
    subject.remove_prefix(type.size());
    if (!subject.empty() && subject.front() == '(') {
        const auto close = subject.find(')');
        if (close == std::string_view::npos)
            return false;
        subject.remove_prefix(close + 1);
    }
    return subject.size() > 2 && subject[0] == ':' && (subject[1] == ' ' || subject[1] == '\t') &&
           !text::strip(subject.substr(1)).empty();
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
