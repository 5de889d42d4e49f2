#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/layout.hpp"
#include "odo/review/source_text.hpp"
#include "odo/review/submit_signatures.hpp"

#include <cctype>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo::review {

// The Python binding's public surface (review-refactor.md §3.1): what Python callers can see of
// an operator — its registrations, the C++ signatures they bind and the type aliases those
// signatures reach. Anything the reader cannot take apart with certainty yields no snapshot,
// which ODO-5 turns into MANUAL: the snapshot fails closed.

// The binding source's conventions. CV-CUDA's are the defaults.
struct BindingGrammar {
    std::string export_function;                           // "ExportOpHQResize"
    std::string def_call = "m.def(";                       // one registration
    std::string trace_wrapper = "NvtxTrace(";              // wraps a callable, tracing it
    std::string namespace_close = "// namespace cvcudapy"; // closes the export's namespace
    std::string docstring_delimiter = "pbdoc";             // R"pbdoc(...)pbdoc"
};

ODO_API BindingGrammar binding_grammar(const repo::Layout& layout, std::string_view operator_name);
#if ODO_REVIEW_DEFINITIONS
ODO_API BindingGrammar binding_grammar(const repo::Layout& layout, std::string_view operator_name) {
    BindingGrammar g;
    g.export_function = "ExportOp" + std::string(operator_name);
    g.def_call = layout.grammar.binding_def_call;
    return g;
}
#endif // ODO_REVIEW_DEFINITIONS

// (name, text) pairs: a bound symbol and its signature, or an alias and its target, each
// whitespace-normalized.
using NamedText = std::pair<std::string, std::string>;

struct BindingSnapshot {
    std::string registration;          // the export body, docstrings and comments dropped
    std::vector<NamedText> signatures; // per registration, in order
    std::vector<NamedText> aliases;    // reachable from the signatures, sorted
};

inline bool operator==(const BindingSnapshot& a, const BindingSnapshot& b) {
    return a.registration == b.registration && a.signatures == b.signatures &&
           a.aliases == b.aliases;
}

// A snapshot, or why the source could not be parsed safely.
struct SnapshotResult {
    std::optional<BindingSnapshot> snapshot;
    std::string problem;
};

namespace detail {

ODO_API bool contains_word(std::string_view s, std::string_view word);
#if ODO_REVIEW_DEFINITIONS
// Python's " ".join(s.split()).
inline std::string normalize_space(std::string_view s) {
    std::string out;
    for (std::size_t i = skip_spaces(s, 0); i < s.size(); i = skip_spaces(s, i)) {
        if (!out.empty())
            out += ' ';
        while (i < s.size() && !is_regex_space(s[i]))
            out += s[i++];
    }
    return out;
}

inline bool word_at(std::string_view s, std::size_t at, std::string_view word) {
    return s.substr(at, word.size()) == word && (at == 0 || !is_identifier_char(s[at - 1])) &&
           (at + word.size() >= s.size() || !is_identifier_char(s[at + word.size()]));
}

ODO_API bool contains_word(std::string_view s, std::string_view word) {
    for (auto at = s.find(word); at != std::string_view::npos; at = s.find(word, at + 1))
        if (word_at(s, at, word))
            return true;
    return false;
}

// Matches `pieces` in order from `i`, with optional whitespace before each piece; the position
// after the last piece, or npos.
inline std::size_t match_spaced(std::string_view s, std::size_t i,
                                const std::vector<std::string_view>& pieces) {
    for (std::string_view piece : pieces) {
        i = skip_spaces(s, i);
        if (s.substr(i, piece.size()) != piece)
            return std::string_view::npos;
        i += piece.size();
    }
    return i;
}

// The positions just after the '{' of every "void <export>(py::module &m) {" at a line start.
inline std::vector<std::size_t> export_bodies(std::string_view s, const BindingGrammar& g) {
    std::vector<std::size_t> bodies;
    for (std::size_t line = 0; line < s.size();) {
        std::size_t i = line;
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
            ++i;
        if (word_at(s, i, "void") && i + 4 < s.size() && is_regex_space(s[i + 4])) {
            const std::size_t end =
                match_spaced(s, i + 4, {g.export_function, "(", "py::module", "&", "m", ")", "{"});
            if (end != std::string_view::npos)
                bodies.push_back(end);
        }
        const auto nl = s.find('\n', line);
        line = nl == std::string_view::npos ? s.size() : nl + 1;
    }
    return bodies;
}

// The first line-start '}' after `from` that is followed, across whitespace, by the namespace
// closing comment ending its line; npos when there is none.
inline std::size_t export_end(std::string_view s, std::size_t from, const BindingGrammar& g) {
    for (auto at = s.find("\n}", from); at != std::string_view::npos; at = s.find("\n}", at + 1)) {
        const std::size_t brace = at + 1;
        const std::size_t comment = skip_spaces(s, brace + 1);
        if (s.substr(comment, g.namespace_close.size()) != g.namespace_close)
            continue;
        std::size_t rest = comment + g.namespace_close.size();
        while (rest < s.size() && s[rest] != '\n' && is_regex_space(s[rest]))
            ++rest;
        if (rest == s.size() || s[rest] == '\n')
            return brace;
    }
    return std::string_view::npos;
}

// Every raw docstring R"<d>(...)<d>" emptied, so docstring edits are not API changes.
inline std::string without_docstrings(std::string_view body, std::string_view delimiter) {
    const std::string open = "R\"" + std::string(delimiter) + "(";
    const std::string close = ")" + std::string(delimiter) + "\"";
    std::string out;
    std::size_t i = 0;
    for (auto at = body.find(open); at != std::string_view::npos; at = body.find(open, i)) {
        const auto end = body.find(close, at + open.size());
        if (end == std::string_view::npos)
            break;
        out.append(body.substr(i, at + open.size() - i));
        i = end;
    }
    out.append(body.substr(i));
    return out;
}

// The symbol a registration binds: def_call "name", &Symbol or def_call "name",
// NvtxTrace("...", &Symbol; nullopt for any other form (a lambda, a qualified name, ...).
inline std::optional<std::string> bound_symbol(std::string_view body, std::size_t call_end,
                                               const BindingGrammar& g) {
    auto string_literal_end = [&](std::size_t i) -> std::size_t {
        i = skip_spaces(body, i);
        if (i >= body.size() || body[i] != '"')
            return std::string_view::npos;
        const auto close = body.find('"', i + 1);
        return close == std::string_view::npos ? close : close + 1;
    };
    std::size_t i = string_literal_end(call_end);
    if (i == std::string_view::npos || (i = match_spaced(body, i, {","})) == std::string_view::npos)
        return std::nullopt;
    if (const std::size_t traced = match_spaced(body, i, {g.trace_wrapper});
        traced != std::string_view::npos) {
        i = string_literal_end(traced);
        if (i == std::string_view::npos ||
            (i = match_spaced(body, i, {","})) == std::string_view::npos)
            return std::nullopt;
    }
    if ((i = match_spaced(body, i, {"&"})) == std::string_view::npos)
        return std::nullopt;
    i = skip_spaces(body, i);
    const std::size_t end = identifier_end(body, i);
    if (end == i || body.substr(end, 2) == "::")
        return std::nullopt;
    return std::string(body.substr(i, end - i));
}

// The whitespace-normalized signature of the one definition of `symbol`: a line whose text before
// the symbol holds no '{' or ';', then "symbol(...)" with no ';' or '{' inside, then '{'.
inline std::vector<std::string> definitions(std::string_view code, std::string_view symbol) {
    std::vector<std::string> found;
    for (auto at = code.find(symbol); at != std::string_view::npos;
         at = code.find(symbol, at + 1)) {
        if (!word_at(code, at, symbol))
            continue;
        const auto nl = code.rfind('\n', at);
        const std::size_t line_start = nl == std::string_view::npos ? 0 : nl + 1;
        if (code.substr(line_start, at - line_start).find_first_of("{;") != std::string_view::npos)
            continue;
        const std::size_t paren = skip_spaces(code, at + symbol.size());
        if (paren >= code.size() || code[paren] != '(')
            continue;
        const auto stop = code.find_first_of(";{", paren);
        if (stop == std::string_view::npos || code[stop] != '{')
            continue;
        std::size_t close = stop;
        while (close > paren && is_regex_space(code[close - 1]))
            --close;
        if (code[close - 1] != ')')
            continue;
        found.push_back(normalize_space(code.substr(line_start, close - line_start)));
    }
    return found;
}
#endif // ODO_REVIEW_DEFINITIONS

// Alias definitions by name; nullopt marks a definition that cannot be resolved.
using AliasTable = std::map<std::string, std::vector<std::optional<std::string>>>;

#if ODO_REVIEW_DEFINITIONS
// `using Name = target;` definitions. A target without ';', or holding braces, is unresolved.
inline void add_using_aliases(std::string_view code, AliasTable& table) {
    for (auto at = code.find("using"); at != std::string_view::npos;
         at = code.find("using", at + 1)) {
        if (!word_at(code, at, "using"))
            continue;
        const std::size_t name_start = skip_spaces(code, at + 5);
        const std::size_t name_end = identifier_end(code, name_start);
        const std::size_t eq = skip_spaces(code, name_end);
        if (name_end == name_start || name_start == at + 5 || eq >= code.size() ||
            code[eq] != '=' || code.substr(eq, 2) == "==")
            continue;
        const std::string name(code.substr(name_start, name_end - name_start));
        const auto semi = code.find(';', eq);
        const std::string_view target = semi == std::string_view::npos
                                            ? std::string_view{}
                                            : code.substr(eq + 1, semi - eq - 1);
        if (semi == std::string_view::npos || target.find_first_of("{}") != std::string_view::npos)
            table[name].push_back(std::nullopt);
        else
            table[name].push_back(normalize_space(target));
    }
}

// A declarator list split at top-level commas; nullopt when its brackets do not balance.
inline std::optional<std::vector<std::string_view>> split_declarators(std::string_view decl) {
    std::vector<std::string_view> parts;
    std::string open;
    std::size_t start = 0;
    for (std::size_t i = 0; i < decl.size(); ++i) {
        const char c = decl[i];
        if (c == '<' || c == '(' || c == '[' || c == '{') {
            open += c;
        } else if (c == '>' || c == ')' || c == ']' || c == '}') {
            const char expected = c == '>' ? '<' : c == ')' ? '(' : c == ']' ? '[' : '{';
            if (open.empty() || open.back() != expected)
                return std::nullopt;
            open.pop_back();
        } else if (c == ',' && open.empty()) {
            parts.push_back(decl.substr(start, i - start));
            start = i + 1;
        }
    }
    if (!open.empty())
        return std::nullopt;
    parts.push_back(decl.substr(start));
    return parts;
}

// The position of the first top-level '(' or '[' of a declarator, or npos.
inline std::size_t first_top_level_bracket(std::string_view d) {
    int angle = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
        if (d[i] == '<')
            ++angle;
        else if (d[i] == '>')
            --angle;
        else if ((d[i] == '(' || d[i] == '[') && angle == 0)
            return i;
    }
    return std::string_view::npos;
}

// The last identifier of `s`, or "".
inline std::string last_identifier(std::string_view s) {
    std::size_t end = s.size();
    while (end > 0 && !is_identifier_char(s[end - 1]))
        --end;
    std::size_t start = end;
    while (start > 0 && is_identifier_char(s[start - 1]))
        --start;
    const std::string_view word = s.substr(start, end - start);
    return identifier_end(word, 0) == word.size() ? std::string(word) : std::string();
}

// The name a declarator declares, by heuristics good enough to mark it unresolved: after the
// last '*' of a pointer group "(*Name)" / "(Owner::*Name)", else the identifier before the first
// top-level '(' or '[', else the last identifier.
inline std::string declared_name(std::string_view d) {
    const std::size_t bracket = first_top_level_bracket(d);
    if (bracket != std::string_view::npos && d[bracket] == '(') {
        const auto close = d.find(')', bracket);
        const std::string_view group = d.substr(bracket, close - bracket);
        if (const auto star = group.rfind('*'); star != std::string_view::npos) {
            const std::string_view after = group.substr(star + 1);
            const std::size_t start = skip_spaces(after, 0);
            return std::string(after.substr(start, identifier_end(after, start) - start));
        }
    }
    return last_identifier(d.substr(0, bracket));
}

// "typedef <target> <Name>" with a plain trailing name: (Name, target).
inline std::optional<NamedText> simple_typedef(std::string_view d) {
    d = text::strip(d);
    if (first_top_level_bracket(d) != std::string_view::npos)
        return std::nullopt;
    const std::string name = last_identifier(d);
    if (name.empty() || !text::ends_with(d, name))
        return std::nullopt;
    const std::string_view target = d.substr(0, d.size() - name.size());
    if (target.empty() || !(is_regex_space(target.back()) || target.back() == '*' ||
                            target.back() == '&' || target.back() == '>'))
        return std::nullopt;
    const std::string normalized = normalize_space(target);
    if (normalized.empty())
        return std::nullopt;
    return NamedText{name, normalized};
}

// Adds the line-start typedefs. Any typedef that is not "typedef ...;" without braces, or whose
// declarators cannot be named, makes the whole table unavailable: the problem is returned.
inline std::optional<std::string> add_typedefs(std::string_view code, AliasTable& table) {
    for (std::string_view line : text::lines(code)) {
        const std::size_t at = line.find_first_not_of(" \t");
        if (at == std::string_view::npos || !word_at(line, at, "typedef"))
            continue;
        const std::string_view rest =
            code.substr(static_cast<std::size_t>(line.data() - code.data()) + at);
        const auto semi = rest.find(';');
        const std::string shown = normalize_space(line);
        if (semi == std::string_view::npos ||
            rest.substr(0, semi).find_first_of("{}") != std::string_view::npos)
            return "typedef cannot be parsed: " + shown;
        const auto declarators = split_declarators(rest.substr(7, semi - 7));
        if (!declarators)
            return "typedef has unbalanced brackets: " + shown;
        if (declarators->size() == 1)
            if (auto alias = simple_typedef(declarators->front())) {
                table[alias->first].push_back(alias->second);
                continue;
            }
        for (std::string_view d : *declarators) {
            const std::string name = declared_name(d);
            if (name.empty())
                return "typedef declares no recognizable name: " + shown;
            table[name].push_back(std::nullopt);
        }
    }
    return std::nullopt;
}
#endif // ODO_REVIEW_DEFINITIONS

// The aliases reachable from the signatures, following alias targets transitively; the problem
// when one of them has no single resolvable definition or the chain has a cycle.
class AliasResolver {
public:
    explicit AliasResolver(const AliasTable& table) : table_(table) {}

    std::optional<std::string> visit_used_in(std::string_view text) {
        for (const auto& entry : table_)
            if (contains_word(text, entry.first))
                if (auto problem = visit(entry.first))
                    return problem;
        return std::nullopt;
    }

    std::vector<NamedText> resolved() const {
        return std::vector<NamedText>(resolved_.begin(), resolved_.end());
    }

private:
    std::optional<std::string> visit(const std::string& name) {
        if (resolved_.count(name))
            return std::nullopt;
        if (on_path_.count(name))
            return "type alias " + name + " refers to itself";
        const auto& defs = table_.at(name);
        if (defs.size() != 1)
            return "type alias " + name + " has " + std::to_string(defs.size()) + " definitions";
        if (!defs.front())
            return "type alias " + name + " cannot be resolved";
        on_path_.insert(name);
        if (auto problem = visit_used_in(*defs.front()))
            return problem;
        on_path_.erase(name);
        resolved_.emplace(name, *defs.front());
        return std::nullopt;
    }

    const AliasTable& table_;
    std::set<std::string> on_path_;
    std::map<std::string, std::string> resolved_;
};

#if ODO_REVIEW_DEFINITIONS
inline SnapshotResult unsafe(std::string problem) {
    return {std::nullopt, std::move(problem)};
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

// The snapshot of one revision of a binding source. Comments count nowhere: they are blanked
// before definitions and aliases are read, and dropped from the registration text.
ODO_API SnapshotResult binding_api_snapshot(std::string_view source, const BindingGrammar& g);
// The parts in which two snapshots differ, in the reference's words and order.
ODO_API std::vector<std::string> snapshot_differences(const BindingSnapshot& before,
                                                      const BindingSnapshot& after);
#if ODO_REVIEW_DEFINITIONS
ODO_API SnapshotResult binding_api_snapshot(std::string_view source, const BindingGrammar& g) {
    if (text::strip(source).empty())
        return detail::unsafe("the binding source is empty");
    const std::vector<std::size_t> bodies = detail::export_bodies(source, g);
    if (bodies.size() != 1)
        return detail::unsafe(std::to_string(bodies.size()) + " definitions of void " +
                              g.export_function + "(py::module &m)");
    const std::size_t end = detail::export_end(source, bodies.front(), g);
    if (end == std::string_view::npos)
        return detail::unsafe(g.export_function + " is not closed by a line \"} " +
                              g.namespace_close + "\"");
    const std::string body = blank_comments(detail::without_docstrings(
        source.substr(bodies.front(), end - bodies.front()), g.docstring_delimiter));

    BindingSnapshot snapshot{detail::normalize_space(body), {}, {}};
    std::size_t calls = 0;
    std::vector<std::string> symbols;
    for (auto at = body.find(g.def_call); at != std::string::npos;
         at = body.find(g.def_call, at + 1)) {
        ++calls;
        if (auto symbol = detail::bound_symbol(body, at + g.def_call.size(), g))
            symbols.push_back(*symbol);
    }
    if (calls == 0 || calls != symbols.size())
        return detail::unsafe(std::to_string(calls) + " " + g.def_call + " call(s) but " +
                              std::to_string(symbols.size()) +
                              " bind a named callable directly (&Symbol or " + g.trace_wrapper +
                              "\"...\", &Symbol)");

    const std::string code = blank_comments(source);
    for (const std::string& symbol : symbols) {
        const std::vector<std::string> found = detail::definitions(code, symbol);
        if (found.size() != 1)
            return detail::unsafe("bound callable " + symbol + " has " +
                                  std::to_string(found.size()) + " definitions");
        snapshot.signatures.emplace_back(symbol, found.front());
    }

    detail::AliasTable table;
    detail::add_using_aliases(code, table);
    if (auto problem = detail::add_typedefs(code, table))
        return detail::unsafe(*problem);
    detail::AliasResolver resolver(table);
    for (const NamedText& signature : snapshot.signatures)
        if (auto problem = resolver.visit_used_in(signature.second))
            return detail::unsafe(*problem);
    snapshot.aliases = resolver.resolved();
    return {std::move(snapshot), ""};
}

ODO_API std::vector<std::string> snapshot_differences(const BindingSnapshot& before,
                                                      const BindingSnapshot& after) {
    std::vector<std::string> parts;
    if (before.registration != after.registration)
        parts.emplace_back("m.def registration/arguments/defaults");
    if (before.signatures != after.signatures)
        parts.emplace_back("bound callable signature(s)");
    if (before.aliases != after.aliases)
        parts.emplace_back("bound callable type alias(es)");
    return parts;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace odo::review
