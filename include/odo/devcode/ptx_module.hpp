#pragma once
// PTX text (`nvcc -ptx`) read into a devcode::Module: one symbol per .entry, .func and module-scope
// datum, each body one canonical statement per line. What canonicalization removes is what two
// compiles of equivalent sources may differ in without a different program: comments, debug
// directives (.loc, .file, .section .debug_*), the numbers nvcc gives labels ($L__BB0_5 counts
// the functions before it), the parameters' names (they embed the mangled name, which a change of
// signature changes), anonymous-namespace discriminators, and line breaks and blanks.
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text_cursor.hpp"
#include "odo/devcode/device_code.hpp"
#include "odo/devcode/device_symbol_name.hpp"

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::devcode {

// Throws InputError naming `origin` on a NUL byte, more than max_device_code_bytes, an
// unterminated comment, statement or body, no .target, or two symbols of one canonical name.
ODO_API Module parse_ptx(std::string_view text, std::string_view origin);

#if ODO_DEVCODE_DEFINITIONS
namespace detail {

// The placeholders canonical bodies use; '#' occurs nowhere in PTX, which the reader enforces.
inline constexpr std::string_view ptx_param_placeholder = "%param#";
inline constexpr std::string_view ptx_label_placeholder = "$L#";
inline constexpr std::string_view ptx_self_placeholder = "%self#";

inline bool is_ptx_identifier_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$' || c == '%';
}

class PtxReader {
public:
    explicit PtxReader(std::string_view origin) : origin_(origin) {}

    [[noreturn]] void fail(std::size_t line, const std::string& what) const {
        throw InputError(std::string(origin_) + ":" + std::to_string(line) + ": " + what);
    }

    // The text with each comment replaced by a blank (newlines kept, so line numbers and
    // line-ended directives survive); a quoted string is copied as is.
    std::string without_comments(std::string_view text) const {
        std::string out;
        out.reserve(text.size());
        std::size_t line = 1;
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (c == '"') {
                const std::size_t end = text.find_first_of("\"\n", i + 1);
                const std::size_t stop = end == std::string_view::npos ? text.size() : end;
                out.append(text.substr(i, stop - i));
                if (end != std::string_view::npos && text[end] == '"')
                    out.push_back('"');
                i = (end != std::string_view::npos && text[end] == '"') ? end : stop - 1;
            } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
                i = text.find('\n', i);
                if (i == std::string_view::npos)
                    break;
                out.push_back('\n');
                ++line;
            } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
                const std::size_t end = text.find("*/", i + 2);
                if (end == std::string_view::npos)
                    fail(line, "a comment opened with /* is never closed");
                for (std::size_t k = i; k < end; ++k)
                    if (text[k] == '\n') {
                        out.push_back('\n');
                        ++line;
                    }
                out.push_back(' ');
                i = end + 1;
            } else {
                line += c == '\n';
                out.push_back(c);
            }
        }
        return out;
    }

    std::size_t line_at(std::string_view text, std::size_t at) const {
        std::size_t line = 1;
        for (std::size_t i = 0; i < at && i < text.size(); ++i)
            line += text[i] == '\n';
        return line;
    }

    // The position after the '}' that closes the '{' at `open`.
    std::size_t after_closing_brace(std::string_view text, std::size_t open) const {
        int depth = 0;
        for (std::size_t i = open; i < text.size(); ++i) {
            if (text[i] == '"') {
                i = text.find('"', i + 1);
                if (i == std::string_view::npos)
                    break;
            } else if (text[i] == '{') {
                ++depth;
            } else if (text[i] == '}' && --depth == 0) {
                return i + 1;
            }
        }
        fail(line_at(text, open), "a '{' is never closed");
    }

private:
    std::string_view origin_;
};

inline std::string collapse_blanks(std::string_view s) {
    std::string out;
    bool blank = false;
    for (const char c : s) {
        if (text::is_ascii_space(c)) {
            blank = !out.empty();
            continue;
        }
        if (blank)
            out.push_back(' ');
        blank = false;
        out.push_back(c);
    }
    return out;
}

inline std::string_view first_word(std::string_view s) {
    std::size_t end = 0;
    while (end < s.size() && !text::is_ascii_space(s[end]) && s[end] != ';')
        ++end;
    return s.substr(0, end);
}

inline bool has_word(std::string_view s, std::string_view word) {
    for (std::size_t at = s.find(word); at != std::string_view::npos; at = s.find(word, at + 1)) {
        const bool starts = at == 0 || !is_ptx_identifier_char(s[at - 1]);
        const std::size_t end = at + word.size();
        if (starts && (end == s.size() || !is_ptx_identifier_char(s[end])))
            return true;
    }
    return false;
}

// The identifier a declaration declares: the last one before an initializer or array extent.
inline std::string_view declared_name(std::string_view decl, std::size_t& at) {
    const std::size_t stop = decl.find_first_of("=[;");
    std::string_view head = decl.substr(0, stop == std::string_view::npos ? decl.size() : stop);
    while (!head.empty() && text::is_ascii_space(head.back()))
        head.remove_suffix(1);
    std::size_t begin = head.size();
    while (begin > 0 && is_ptx_identifier_char(head[begin - 1]))
        --begin;
    at = begin;
    return head.substr(begin);
}

// The parenthesized text starting at `open` ('('), without the parentheses; `end` is after ')'.
inline bool parenthesized(std::string_view s, std::size_t open, std::string_view& inside,
                          std::size_t& end) {
    int depth = 0;
    for (std::size_t i = open; i < s.size(); ++i) {
        depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
        if (depth == 0) {
            inside = s.substr(open + 1, i - open - 1);
            end = i + 1;
            return true;
        }
    }
    return false;
}

inline std::vector<std::string_view> split_top_level(std::string_view s) {
    std::vector<std::string_view> parts;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i < s.size() && (s[i] == '(' || s[i] == '[' || s[i] == '{'))
            ++depth;
        else if (i < s.size() && (s[i] == ')' || s[i] == ']' || s[i] == '}'))
            --depth;
        else if (i == s.size() || (s[i] == ',' && depth == 0)) {
            if (collapse_blanks(s.substr(start, i - start)).size() > 0)
                parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

// Rewrites one statement's identifiers: parameters to their position, labels to their order of
// first mention in the function, anonymous-namespace discriminators to the canonical token.
class StatementCanon {
public:
    explicit StatementCanon(std::map<std::string, std::size_t> params, std::string self = {})
        : params_(std::move(params)), self_(std::move(self)) {}

    std::string operator()(std::string_view statement) {
        std::string out;
        for (std::size_t i = 0; i < statement.size();) {
            if (!is_ptx_identifier_char(statement[i])) {
                out.push_back(statement[i++]);
                continue;
            }
            std::size_t end = i;
            while (end < statement.size() && is_ptx_identifier_char(statement[end]))
                ++end;
            out += identifier(std::string(statement.substr(i, end - i)));
            i = end;
        }
        return collapse_blanks(out);
    }

private:
    std::string identifier(const std::string& id) {
        const auto param = params_.find(id);
        if (param != params_.end())
            return std::string(ptx_param_placeholder) + std::to_string(param->second);
        if (!self_.empty() && id == self_)
            return std::string(ptx_self_placeholder);
        if (id.compare(0, 4, "$L__") == 0) {
            const auto label = labels_.emplace(id, labels_.size()).first;
            return std::string(ptx_label_placeholder) + std::to_string(label->second);
        }
        if (id.find(anonymous_namespace_tag) != std::string::npos)
            return canonical_symbol_name(id);
        return id;
    }

    std::map<std::string, std::size_t> params_;
    std::map<std::string, std::size_t> labels_;
    std::string self_; // a datum's own name, so that a renamed datum keeps its body
};

inline bool is_line_directive(std::string_view word) {
    return word == ".version" || word == ".target" || word == ".address_size" || word == ".file" ||
           word == ".loc";
}

// The statements of a function body (between its outer braces): one per ';', label or block
// brace; `.loc` and `.file` lines dropped.
inline std::vector<std::string> body_statements(const PtxReader& reader, std::string_view body,
                                                std::size_t first_line, StatementCanon& canon) {
    std::vector<std::string> out;
    std::string current;
    bool pending = false;        // current holds more than blanks
    bool pending_is_name = true; // and only identifier characters: a ':' ends a label
    int operand_braces = 0;
    std::size_t line = first_line;
    for (std::size_t i = 0; i < body.size(); ++i) {
        const char c = body[i];
        line += c == '\n';
        if (!pending && c == '.' && is_line_directive(first_word(body.substr(i)))) {
            const std::size_t end = body.find('\n', i);
            i = end == std::string_view::npos ? body.size() : end - 1;
            continue;
        }
        if (c == '#')
            reader.fail(line, "a '#' in a function body; PTX has none");
        if (!pending && (c == '{' || c == '}')) {
            out.emplace_back(1, c);
            continue;
        }
        const bool label = c == ':' && pending && pending_is_name;
        current.push_back(c);
        if (!text::is_ascii_space(c)) {
            pending_is_name = pending_is_name && (is_ptx_identifier_char(c) || label);
            pending = true;
        }
        operand_braces += c == '{' ? 1 : c == '}' ? -1 : 0;
        if ((c == ';' && operand_braces == 0) || label) {
            out.push_back(canon(current));
            current.clear();
            pending = false;
            pending_is_name = true;
        }
    }
    if (!collapse_blanks(current).empty())
        reader.fail(line, "a statement is not ended by ';' before its function's closing brace");
    return out;
}

struct PtxFunctionHeader {
    SymbolKind kind = SymbolKind::kernel;
    std::string raw_name;
    std::string returns; // a .func's return parameter list, as written
    std::vector<std::string> params;
    std::map<std::string, std::size_t> param_positions;
    std::string performance_directives; // .maxntid, .reqntid, ... between the parameters and '{'
};

inline PtxFunctionHeader function_header(const PtxReader& reader, std::string_view header,
                                         std::size_t line) {
    PtxFunctionHeader h;
    const bool entry = has_word(header, ".entry");
    h.kind = entry ? SymbolKind::kernel : SymbolKind::function;
    std::size_t at = header.find(entry ? ".entry" : ".func") + (entry ? 6 : 5);
    const auto skip_blanks = [&] {
        while (at < header.size() && text::is_ascii_space(header[at]))
            ++at;
    };
    std::string_view inside;
    skip_blanks();
    if (!entry && at < header.size() && header[at] == '(') {
        if (!parenthesized(header, at, inside, at))
            reader.fail(line, "a .func's return parameters are not closed by ')'");
        h.returns = collapse_blanks(inside);
        skip_blanks();
    }
    const std::size_t name_begin = at;
    while (at < header.size() && is_ptx_identifier_char(header[at]))
        ++at;
    h.raw_name = std::string(header.substr(name_begin, at - name_begin));
    if (h.raw_name.empty())
        reader.fail(line, "a function declaration names no function");
    skip_blanks();
    if (at < header.size() && header[at] == '(') {
        if (!parenthesized(header, at, inside, at))
            reader.fail(line, "the parameters of " + h.raw_name + " are not closed by ')'");
        for (std::string_view decl : split_top_level(inside)) {
            std::size_t name_at = 0;
            const std::string_view name = declared_name(decl, name_at);
            if (name.empty())
                reader.fail(line, "a parameter of " + h.raw_name + " has no name");
            std::string type = std::string(decl.substr(0, name_at)) +
                               std::string(decl.substr(name_at + name.size()));
            h.param_positions.emplace(std::string(name), h.params.size());
            h.params.push_back(collapse_blanks(type));
        }
    }
    h.performance_directives = collapse_blanks(header.substr(at));
    return h;
}

inline Symbol ptx_function(const PtxReader& reader, std::string_view header, std::string_view body,
                           std::size_t line) {
    PtxFunctionHeader h = function_header(reader, header, line);
    Symbol s;
    s.kind = h.kind;
    s.name = canonical_symbol_name(h.raw_name);
    s.base_name = symbol_base_name(s.name);
    s.params = std::move(h.params);
    StatementCanon canon(std::move(h.param_positions));
    if (!h.returns.empty())
        s.body.push_back(".returns (" + canon(h.returns) + ")");
    if (!h.performance_directives.empty())
        s.body.push_back(canon(h.performance_directives));
    for (std::string& statement : body_statements(reader, body, line, canon))
        s.body.push_back(std::move(statement));
    return s;
}

inline Symbol ptx_datum(std::string_view statement) {
    std::size_t name_at = 0;
    const std::string_view declared = declared_name(statement, name_at);
    // A statement that declares nothing (a module-scope .pragma) stands for itself.
    const std::string whole = collapse_blanks(statement);
    const std::string_view name = declared.empty() ? std::string_view(whole) : declared;
    Symbol s;
    s.kind = SymbolKind::datum;
    s.name = canonical_symbol_name(name);
    s.base_name = symbol_base_name(s.name);
    StatementCanon canon({}, std::string(name));
    s.body.push_back(canon(statement));
    return s;
}

inline void add_symbol(const PtxReader& reader, Module& m, std::set<std::string>& names, Symbol s,
                       std::size_t line) {
    if (!names.insert(s.name).second)
        reader.fail(line, "a second definition of " + s.name);
    m.symbols.push_back(std::move(s));
}

} // namespace detail

ODO_API Module parse_ptx(std::string_view raw, std::string_view origin) {
    using namespace detail;
    require_size_within_limit(raw.size(), origin);
    const std::size_t nul = raw.find('\0');
    if (nul != std::string_view::npos)
        throw InputError(std::string(origin) + ": a NUL byte at offset " + std::to_string(nul) +
                         "; PTX is text");
    const PtxReader reader(origin);
    const std::string stripped = reader.without_comments(raw);
    const std::string_view text = stripped;
    Module m;
    m.stage = Stage::ptx;
    std::set<std::string> names;
    std::size_t line = 1;
    for (std::size_t at = 0; at < text.size();) {
        if (text::is_ascii_space(text[at])) {
            line += text[at++] == '\n';
            continue;
        }
        const std::string_view word = first_word(text.substr(at));
        if (is_line_directive(word)) {
            const std::size_t end = std::min(text.find('\n', at), text.size());
            if (word == ".target")
                m.arch = first_word(
                    collapse_blanks(text.substr(at + word.size(), end - at - word.size())));
            at = end;
            continue;
        }
        std::size_t end = at;
        bool initializer = false;
        while (end < text.size() && text[end] != ';' && (text[end] != '{' || initializer)) {
            initializer = initializer || text[end] == '=';
            end = text[end] == '{' ? reader.after_closing_brace(text, end) : end + 1;
        }
        if (end == text.size())
            reader.fail(line, "a statement is not ended by ';' or a body");
        const std::string_view head = text.substr(at, end - at);
        const bool function = has_word(head, ".entry") || has_word(head, ".func");
        std::size_t next = end + 1;
        if (text[end] == '{') {
            next = reader.after_closing_brace(text, end);
            if (function)
                add_symbol(reader, m, names,
                           ptx_function(reader, head, text.substr(end + 1, next - end - 2), line),
                           line);
            else if (word != ".section")
                reader.fail(line, "a '{' opens neither a function body nor a debug section");
        } else if (!function) {
            add_symbol(reader, m, names, ptx_datum(text.substr(at, next - at)), line);
        }
        line += reader.line_at(text.substr(at, next - at), next - at) - 1;
        at = next;
    }
    if (m.arch.empty())
        throw InputError(std::string(origin) + ": no .target directive names the architecture");
    if (m.arch.back() == ',')
        m.arch.pop_back();
    return m;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
