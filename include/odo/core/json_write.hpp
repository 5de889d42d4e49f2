#pragma once
#include "odo/core/python_repr.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace odo::json {

// The subset of Python's json.dumps options that the contract's files and reports use.
struct DumpOptions {
    int indent = -1;          // < 0: one line with ", " and ": " separators
    bool sort_keys = false;   // keys sorted by code point (UTF-8 byte order is the same)
    bool ensure_ascii = true; // non-ASCII as \uXXXX (surrogate pairs above the BMP)
};

namespace detail {

inline void append_u_escape(std::string& out, unsigned code) {
    static const char hex[] = "0123456789abcdef";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += hex[(code >> shift) & 0xf];
}

// Decodes one UTF-8 sequence at s[i]; invalid bytes decode to themselves (as Latin-1) so the
// writer never throws on odd input.
inline unsigned decode_utf8(std::string_view s, std::size_t& i) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    auto cont = [&](std::size_t k) -> int {
        if (i + k >= s.size())
            return -1;
        const auto b = static_cast<unsigned char>(s[i + k]);
        return (b & 0xC0) == 0x80 ? (b & 0x3F) : -1;
    };
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        if (int c1 = cont(1); c1 >= 0) {
            i += 2;
            return ((b0 & 0x1Fu) << 6) | unsigned(c1);
        }
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        int c1 = cont(1), c2 = cont(2);
        if (c1 >= 0 && c2 >= 0) {
            i += 3;
            return ((b0 & 0x0Fu) << 12) | (unsigned(c1) << 6) | unsigned(c2);
        }
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        int c1 = cont(1), c2 = cont(2), c3 = cont(3);
        if (c1 >= 0 && c2 >= 0 && c3 >= 0) {
            i += 4;
            return ((b0 & 0x07u) << 18) | (unsigned(c1) << 12) | (unsigned(c2) << 6) | unsigned(c3);
        }
    }
    i += 1;
    return b0;
}

inline void write_string(std::string& out, std::string_view s, bool ensure_ascii) {
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        switch (c) {
        case '"':
            out += "\\\"";
            ++i;
            continue;
        case '\\':
            out += "\\\\";
            ++i;
            continue;
        case '\n':
            out += "\\n";
            ++i;
            continue;
        case '\r':
            out += "\\r";
            ++i;
            continue;
        case '\t':
            out += "\\t";
            ++i;
            continue;
        case '\b':
            out += "\\b";
            ++i;
            continue;
        case '\f':
            out += "\\f";
            ++i;
            continue;
        default:
            break;
        }
        if (c < 0x20 || (ensure_ascii && c == 0x7f)) {
            append_u_escape(out, c);
            ++i;
        } else if (c < 0x80 || !ensure_ascii) {
            out += static_cast<char>(c);
            ++i;
        } else {
            const unsigned code = decode_utf8(s, i);
            if (code >= 0x10000) {
                const unsigned v = code - 0x10000;
                append_u_escape(out, 0xD800 + (v >> 10));
                append_u_escape(out, 0xDC00 + (v & 0x3FF));
            } else {
                append_u_escape(out, code);
            }
        }
    }
    out += '"';
}

inline void newline(std::string& out, const DumpOptions& o, int depth) {
    out += '\n';
    out.append(static_cast<std::size_t>(o.indent * depth), ' ');
}

inline void write_value(std::string& out, const boost::json::value& v, const DumpOptions& o,
                        int depth) {
    const bool pretty = o.indent >= 0;
    switch (v.kind()) {
    case boost::json::kind::null:
        out += "null";
        return;
    case boost::json::kind::bool_:
        out += v.get_bool() ? "true" : "false";
        return;
    case boost::json::kind::int64:
        out += std::to_string(v.get_int64());
        return;
    case boost::json::kind::uint64:
        out += std::to_string(v.get_uint64());
        return;
    case boost::json::kind::double_: {
        const std::string r = python_float_repr(v.get_double());
        out += r == "nan" ? "NaN" : r == "inf" ? "Infinity" : r == "-inf" ? "-Infinity" : r;
        return;
    }
    case boost::json::kind::string:
        write_string(out, v.get_string(), o.ensure_ascii);
        return;
    case boost::json::kind::array: {
        const auto& a = v.get_array();
        if (a.empty()) {
            out += "[]";
            return;
        }
        out += '[';
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (i)
                out += pretty ? "," : ", ";
            if (pretty)
                newline(out, o, depth + 1);
            write_value(out, a[i], o, depth + 1);
        }
        if (pretty)
            newline(out, o, depth);
        out += ']';
        return;
    }
    case boost::json::kind::object: {
        const auto& obj = v.get_object();
        if (obj.empty()) {
            out += "{}";
            return;
        }
        std::vector<const boost::json::key_value_pair*> items;
        items.reserve(obj.size());
        for (const auto& kv : obj)
            items.push_back(&kv);
        if (o.sort_keys)
            std::sort(items.begin(), items.end(),
                      [](auto* a, auto* b) { return a->key() < b->key(); });
        out += '{';
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i)
                out += pretty ? "," : ", ";
            if (pretty)
                newline(out, o, depth + 1);
            write_string(out, items[i]->key(), o.ensure_ascii);
            out += ": ";
            write_value(out, items[i]->value(), o, depth + 1);
        }
        if (pretty)
            newline(out, o, depth);
        out += '}';
        return;
    }
    }
}

} // namespace detail

// Byte-for-byte what Python's json.dumps(value, indent=…, sort_keys=…, ensure_ascii=…) prints.
inline std::string dumps(const boost::json::value& v, const DumpOptions& options = {}) {
    std::string out;
    detail::write_value(out, v, options, 0);
    return out;
}

} // namespace odo::json
