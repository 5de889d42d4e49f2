#pragma once
// Which function bodies sit in an unnamed namespace (`namespace { ... }`), where a function has
// internal linkage as a `static` one does: nothing outside its file can call it, so RED-11 may call
// it dead when its own file never names it again (review-refactor.md §7.23, a reference defect).
#include "odo/core/linkage.hpp"
#include "odo/refactor/brace_walk.hpp"
#include "odo/review/source_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

namespace odo::refactor {

namespace detail {

enum class Scope { named_namespace, unnamed_namespace, other };

#if ODO_REFACTOR_DEFINITIONS
// What the code before a '{' at parenthesis depth 0 opens: `namespace [name] {`,
// `inline namespace {` or `extern "" {` (a linkage block, transparent), or anything else.
inline Scope scope_opened_by(std::string_view segment) {
    std::vector<std::string_view> words;
    bool line_start = true;
    for (std::size_t i = 0; i < segment.size();) {
        // A preprocessor line (`#include ""` before the first namespace) opens nothing.
        if (line_start && segment[i] == '#') {
            i = std::min(segment.find('\n', i), segment.size());
            continue;
        }
        line_start =
            segment[i] == '\n' || (line_start && (segment[i] == ' ' || segment[i] == '\t'));
        if (review::detail::is_identifier_char(segment[i]) || segment[i] == ':' ||
            segment[i] == '"') {
            std::size_t end = i;
            while (end < segment.size() && (review::detail::is_identifier_char(segment[end]) ||
                                            segment[end] == ':' || segment[end] == '"'))
                ++end;
            words.push_back(segment.substr(i, end - i));
            i = end;
        } else if (std::isspace(static_cast<unsigned char>(segment[i]))) {
            ++i;
        } else {
            return Scope::other;
        }
    }
    if (!words.empty() && words.front() == "inline")
        words.erase(words.begin());
    if (words.size() == 2 && words[0] == "extern" && words[1] == "\"\"")
        return Scope::named_namespace;
    if (words.empty() || words[0] != "namespace" || words.size() > 2)
        return Scope::other;
    return words.size() == 1 ? Scope::unnamed_namespace : Scope::named_namespace;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

// Where the brace of a body (not a namespace's) stands: at namespace scope, with an unnamed
// namespace among its enclosing ones or not, or inside a class or function. A member (a `static`
// one too, which other files call as X::f) or a local is not what a stray `static` function is.
enum class BodyScope { nested, namespace_scope, unnamed_namespace };

// The namespaces the braces of stripped code open and close, followed brace by brace as
// walk_braces reports them: the body extraction asks it for each body's scope as it walks.
class NamespaceScopes {
public:
    // The scope of a '{' after `segment` (nullopt inside parentheses); `nested` for a namespace's.
    BodyScope open(std::optional<std::string_view> segment);
    void close();

private:
    std::vector<detail::Scope> open_;
    std::size_t unnamed_ = 0, other_ = 0;
};

#if ODO_REFACTOR_DEFINITIONS
ODO_API BodyScope NamespaceScopes::open(std::optional<std::string_view> segment) {
    const detail::Scope scope = segment ? detail::scope_opened_by(*segment) : detail::Scope::other;
    const BodyScope at = scope != detail::Scope::other || other_ > 0 ? BodyScope::nested
                         : unnamed_ > 0                              ? BodyScope::unnamed_namespace
                                                                     : BodyScope::namespace_scope;
    open_.push_back(scope);
    unnamed_ += scope == detail::Scope::unnamed_namespace;
    other_ += scope == detail::Scope::other;
    return at;
}

ODO_API void NamespaceScopes::close() {
    if (open_.empty())
        return;
    unnamed_ -= open_.back() == detail::Scope::unnamed_namespace;
    other_ -= open_.back() == detail::Scope::other;
    open_.pop_back();
}

// The offsets, in stripped code (strip_code), of the '{' of every body at namespace scope inside
// an unnamed namespace.
inline std::set<std::size_t> unnamed_namespace_bodies(std::string_view code) {
    NamespaceScopes scopes;
    std::set<std::size_t> out;
    walk_braces(
        code,
        [&](std::size_t offset, std::optional<std::string_view> segment) {
            if (scopes.open(segment) == BodyScope::unnamed_namespace)
                out.insert(offset);
        },
        [&](std::size_t) { scopes.close(); });
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
