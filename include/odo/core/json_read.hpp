#pragma once
#include "odo/core/error.hpp"
#include "odo/core/python_repr.hpp"

#include <boost/json.hpp>
#include <boost/json/basic_parser_impl.hpp>

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace odo::json {

namespace detail {

// Builds a boost::json::value like boost::json::parse, except that every floating-point number
// is converted from its own text with std::from_chars (correctly rounded), so values written
// back with Python's repr reproduce the input bytes, and that a key repeated within one object
// fails the parse: readers would keep the last silently, so a row or field written twice would
// vanish without a word. The repetition is found when its object closes, as Python's
// object_pairs_hook finds it.
class ExactHandler {
public:
    static constexpr std::size_t max_object_size = std::size_t(-1);
    static constexpr std::size_t max_array_size = std::size_t(-1);
    static constexpr std::size_t max_key_size = std::size_t(-1);
    static constexpr std::size_t max_string_size = std::size_t(-1);

    boost::json::value_stack stack;
    std::string number;
    std::optional<std::string> repeated_key; // set when the parse failed on a repeated key

    bool on_document_begin(boost::json::error_code&) { return true; }
    bool on_document_end(boost::json::error_code&) { return true; }
    bool on_object_begin(boost::json::error_code&) {
        open_keys_.emplace_back();
        return true;
    }
    bool on_object_end(std::size_t n, boost::json::error_code& ec) {
        std::unordered_set<std::string_view> seen;
        for (const std::string& key : open_keys_.back()) {
            if (!seen.insert(key).second) {
                repeated_key = key;
                ec = boost::json::error::syntax;
                return false;
            }
        }
        open_keys_.pop_back();
        stack.push_object(n);
        return true;
    }
    bool on_array_begin(boost::json::error_code&) { return true; }
    bool on_array_end(std::size_t n, boost::json::error_code&) {
        stack.push_array(n);
        return true;
    }
    bool on_key_part(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        stack.push_chars(s);
        key_.append(s.data(), s.size());
        return true;
    }
    bool on_key(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        stack.push_key(s);
        key_.append(s.data(), s.size());
        open_keys_.back().push_back(std::move(key_));
        key_.clear();
        return true;
    }
    bool on_string_part(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        stack.push_chars(s);
        return true;
    }
    bool on_string(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        stack.push_string(s);
        return true;
    }
    bool on_number_part(boost::json::string_view s, boost::json::error_code&) {
        number.append(s.data(), s.size());
        return true;
    }
    bool on_int64(std::int64_t v, boost::json::string_view, boost::json::error_code&) {
        number.clear();
        stack.push_int64(v);
        return true;
    }
    bool on_uint64(std::uint64_t v, boost::json::string_view, boost::json::error_code&) {
        number.clear();
        stack.push_uint64(v);
        return true;
    }
    bool on_double(double v, boost::json::string_view s, boost::json::error_code&) {
        number.append(s.data(), s.size());
        double exact = v;
        auto res = std::from_chars(number.data(), number.data() + number.size(), exact);
        if (res.ec != std::errc())
            exact = v; // out of range: keep the parser's value (inf), rejected by validators
        number.clear();
        stack.push_double(exact);
        return true;
    }
    bool on_bool(bool b, boost::json::error_code&) {
        stack.push_bool(b);
        return true;
    }
    bool on_null(boost::json::error_code&) {
        stack.push_null();
        return true;
    }
    bool on_comment_part(boost::json::string_view, boost::json::error_code&) { return true; }
    bool on_comment(boost::json::string_view, boost::json::error_code&) { return true; }

private:
    std::vector<std::vector<std::string>> open_keys_; // the keys of each object not yet closed
    std::string key_;                                 // the key being read
};

inline std::string line_and_column(std::string_view text, std::size_t offset) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + " column " + std::to_string(column);
}

} // namespace detail

// Parses one JSON document. Errors name `source` (a file path or a description) and the place,
// or the key an object repeats.
inline boost::json::value parse(std::string_view text, std::string_view source) {
    boost::json::basic_parser<detail::ExactHandler> parser{boost::json::parse_options{}};
    parser.handler().stack.reset();
    boost::json::error_code ec;
    const std::size_t used = parser.write_some(false, text.data(), text.size(), ec);
    if (const auto& key = parser.handler().repeated_key)
        throw InputError(std::string(source) + ": key " + python_str_repr(*key) +
                         " appears twice in one object");
    if (ec)
        throw InputError(std::string(source) + ": invalid JSON (" + ec.message() + ") at " +
                         detail::line_and_column(text, used));
    if (used < text.size())
        throw InputError(std::string(source) +
                         ": invalid JSON (extra data after the document) at " +
                         detail::line_and_column(text, used));
    return parser.handler().stack.release();
}

inline std::optional<boost::json::value> try_parse(std::string_view text) {
    try {
        return parse(text, "");
    } catch (const InputError&) {
        return std::nullopt;
    }
}

// A JSON number as a double, or nullopt for anything else (booleans are not numbers).
inline std::optional<double> as_number(const boost::json::value& v) noexcept {
    if (v.is_double())
        return v.get_double();
    if (v.is_int64())
        return static_cast<double>(v.get_int64());
    if (v.is_uint64())
        return static_cast<double>(v.get_uint64());
    return std::nullopt;
}

} // namespace odo::json
