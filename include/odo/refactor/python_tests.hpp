#pragma once
// The tests pytest collects from one Python file, as VER-5's coverage signature counts them: every
// function named test* at module level or in a class named Test* (nested Test* classes too; a
// function inside a function, or in a class of another name, is not collected), and for each
// `@pytest.mark.parametrize` over it the number of its value rows. Dropping a test function or a
// row moves the signature; renaming nothing, reflowing or editing a body does not.
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/review/source_text.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace odo::refactor {

namespace detail {

#if ODO_REFACTOR_DEFINITIONS
// Python source with comments and the contents of string literals blanked, newlines kept: a `def
// test_` in a docstring or after '#' is no test, and a bracket in a string opens nothing.
inline std::string blank_python(std::string_view s) {
    std::string out(s);
    auto blank = [&](std::size_t from, std::size_t to) {
        for (std::size_t k = from; k < to; ++k)
            if (out[k] != '\n')
                out[k] = ' ';
    };
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        if (c == '#') {
            const std::size_t end = std::min(s.find('\n', i), s.size());
            blank(i, end);
            i = end;
        } else if (c == '"' || c == '\'') {
            const std::size_t q = s.compare(i, 3, std::string(3, c)) == 0 ? 3 : 1;
            const std::string_view quote = s.substr(i, q);
            std::size_t j = i + q;
            while (j < s.size() && s.compare(j, q, quote) != 0 && !(q == 1 && s[j] == '\n'))
                j += s[j] == '\\' ? 2 : 1;
            j = std::min(j, s.size());
            blank(i + q, j);
            i = j < s.size() && s[j] != '\n' ? j + q : j; // unterminated: ends at its line
        } else {
            ++i;
        }
    }
    return out;
}

// A logical line of blanked Python: its indentation and its text, continuation lines joined.
struct PythonStatement {
    std::size_t indent;
    std::string text;
};

inline std::vector<PythonStatement> python_statements(std::string_view blanked) {
    std::vector<PythonStatement> out;
    int depth = 0;
    bool continued = false;
    for (std::string_view line : text::lines(blanked)) {
        const std::string_view body = text::strip(line);
        if (depth > 0 || continued) {
            if (!out.empty())
                out.back().text += " " + std::string(body);
        } else if (!body.empty()) {
            out.push_back({line.find_first_not_of(" \t"), std::string(body)});
        }
        for (const char c : body)
            depth += (c == '(' || c == '[' || c == '{') - (c == ')' || c == ']' || c == '}');
        depth = std::max(depth, 0);
        continued = !body.empty() && body.back() == '\\';
    }
    return out;
}

// The arguments of the call whose '(' is at `open`, split at its top-level commas, stripped;
// an empty last one (a trailing comma) is dropped.
inline std::vector<std::string> top_level_items(std::string_view s, std::size_t open) {
    std::vector<std::string> items;
    std::string item;
    int depth = 0;
    for (std::size_t i = open + 1; i < s.size(); ++i) {
        const char c = s[i];
        if ((c == ')' || c == ']' || c == '}') && depth == 0)
            break;
        if (c == ',' && depth == 0) {
            items.emplace_back(text::strip(item));
            item.clear();
            continue;
        }
        depth += (c == '(' || c == '[' || c == '{') - (c == ')' || c == ']' || c == '}');
        item += c;
    }
    if (!text::strip(item).empty())
        items.emplace_back(text::strip(item));
    return items;
}

// The keyword of a `name=value` argument, or "" for a positional one (`a == b` is positional).
inline std::string_view keyword_of(std::string_view arg) {
    const std::size_t end = review::detail::word_end(arg, 0);
    const std::string_view rest = text::strip(arg.substr(end));
    if (end == 0 || rest.empty() || rest[0] != '=' || (rest.size() > 1 && rest[1] == '='))
        return {};
    return arg.substr(0, end);
}

// The rows of a parametrize decorator: how many values a literal list or tuple holds, else the
// expression naming them (a change of which table is used is a change).
inline std::string parametrize_rows(std::string_view decorator) {
    std::string values;
    std::size_t positional = 0;
    for (const std::string& arg : top_level_items(decorator, decorator.find('('))) {
        const std::string_view keyword = keyword_of(arg);
        if (keyword == "argvalues")
            values = std::string(text::strip(std::string_view(arg).substr(arg.find('=') + 1)));
        else if (keyword.empty() && positional++ == 1)
            values = arg;
    }
    if (!values.empty() && (values.front() == '[' || values.front() == '('))
        return std::to_string(top_level_items(values, 0).size());
    std::string collapsed;
    for (const char c : values)
        if (c != ' ' && c != '\t')
            collapsed += c;
    return collapsed;
}

inline bool is_parametrize(std::string_view decorator) {
    for (const char* call : {"@pytest.mark.parametrize", "@mark.parametrize", "@parametrize"})
        if (text::starts_with(decorator, call) &&
            text::strip(decorator.substr(std::string_view(call).size())).substr(0, 1) == "(")
            return true;
    return false;
}

// The name a `def`/`async def`/`class` statement introduces, or "".
inline std::string_view introduced_name(std::string_view statement, std::string_view keyword) {
    if (!text::starts_with(statement, keyword))
        return {};
    const std::string_view rest = text::strip(statement.substr(keyword.size()));
    if (rest.size() == statement.size() - keyword.size()) // no blank after the keyword
        return {};
    return rest.substr(0, review::detail::word_end(rest, 0));
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace detail

#if ODO_REFACTOR_DEFINITIONS
// "pytest:<Class.>name" per collected test and "pytest:<Class.>name parametrize=<rows>" per
// parametrize decorator over it, sorted.
inline std::vector<std::string> python_test_signature(std::string_view source) {
    struct Scope {
        std::size_t indent;
        std::string name;
        bool collected_class; // a Test* class whose enclosing scopes are all collected classes
    };
    std::vector<Scope> scopes;
    std::vector<std::string> decorators, out;
    for (const auto& st : detail::python_statements(detail::blank_python(source))) {
        while (!scopes.empty() && scopes.back().indent >= st.indent)
            scopes.pop_back();
        const bool collectible = std::all_of(scopes.begin(), scopes.end(),
                                             [](const Scope& s) { return s.collected_class; });
        if (st.text[0] == '@') {
            decorators.push_back(st.text);
            continue;
        }
        std::string_view def = detail::introduced_name(st.text, "def");
        if (def.empty())
            def = detail::introduced_name(st.text, "async def");
        const std::string_view cls = detail::introduced_name(st.text, "class");
        if (!def.empty() && collectible && text::starts_with(def, "test")) {
            std::string qualified;
            for (const Scope& s : scopes)
                qualified += s.name + ".";
            qualified += std::string(def);
            out.push_back("pytest:" + qualified);
            for (const std::string& d : decorators)
                if (detail::is_parametrize(d))
                    out.push_back("pytest:" + qualified +
                                  " parametrize=" + detail::parametrize_rows(d));
        }
        if (!def.empty() || !cls.empty())
            scopes.push_back({st.indent, std::string(def.empty() ? cls : def),
                              !cls.empty() && collectible && text::starts_with(cls, "Test")});
        decorators.clear();
    }
    std::sort(out.begin(), out.end());
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
