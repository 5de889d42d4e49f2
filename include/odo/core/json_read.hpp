#pragma once
#include "odo/core/error.hpp"
#include "odo/core/python_repr.hpp"

#include <boost/json.hpp>
#include <boost/json/basic_parser_impl.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace odo::json {

namespace detail {

// A number as a parser hands it over, possibly in parts, and the double its text spells:
// converted with std::from_chars (correctly rounded), which Boost.JSON's own conversion is not.
class NumberText {
public:
    void append(boost::json::string_view part) { text_.append(part.data(), part.size()); }
    void clear() noexcept { text_.clear(); }
    // The double whose text ends with `last`; the parser's `parsed` where the text is out of
    // range (inf, which validators reject).
    double exact_double(double parsed, boost::json::string_view last) {
        append(last);
        double exact = parsed;
        if (std::from_chars(text_.data(), text_.data() + text_.size(), exact).ec != std::errc())
            exact = parsed;
        text_.clear();
        return exact;
    }

private:
    std::string text_;
};

// Builds a boost::json::value like boost::json::parse, except that every floating-point number
// is converted from its own text with std::from_chars (correctly rounded), so values written
// back with Python's repr reproduce the input bytes, and that a key repeated within one object
// fails the parse: readers would keep the last silently, so a row or field written twice would
// vanish without a word. The repetition is found when its object closes, as Python's
// object_pairs_hook finds it.
//
// Keys are compared by a 64-bit hash first (copying every key cost half the parse on
// multi-megabyte configs); two keys of one object that hash alike stop the parse with
// `maybe_repeated`, and parse() reads the document again with `exact_keys`, which compares the
// keys themselves, so a collision never fails a valid document.
class ExactHandler {
public:
    static constexpr std::size_t max_object_size = std::size_t(-1);
    static constexpr std::size_t max_array_size = std::size_t(-1);
    static constexpr std::size_t max_key_size = std::size_t(-1);
    static constexpr std::size_t max_string_size = std::size_t(-1);

    boost::json::value_stack stack;
    NumberText number;
    std::optional<std::string> repeated_key; // set when the parse failed on a repeated key

    bool on_document_begin(boost::json::error_code&) { return true; }
    bool on_document_end(boost::json::error_code&) { return true; }
    bool exact_keys = false;     // compare the keys themselves, not their hashes
    bool maybe_repeated = false; // two keys of one object hash alike: read again with exact_keys

    bool on_object_begin(boost::json::error_code&) {
        if (exact_keys)
            open_keys_.emplace_back();
        else
            object_starts_.push_back(key_hashes_.size());
        return true;
    }
    bool on_object_end(std::size_t n, boost::json::error_code& ec) {
        if (exact_keys ? repeats_key() : repeats_hash()) {
            ec = boost::json::error::syntax;
            return false;
        }
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
        if (exact_keys)
            key_.append(s.data(), s.size());
        else
            key_hash_ = hash(key_hash_, s);
        return true;
    }
    bool on_key(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        stack.push_key(s);
        if (exact_keys) {
            key_.append(s.data(), s.size());
            open_keys_.back().push_back(std::move(key_));
            key_.clear();
        } else {
            key_hashes_.push_back(hash(key_hash_, s));
            key_hash_ = fnv_offset;
        }
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
        number.append(s);
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
        stack.push_double(number.exact_double(v, s));
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
    static constexpr std::uint64_t fnv_offset = 14695981039346656037ull;

    static std::uint64_t hash(std::uint64_t h, boost::json::string_view s) {
        for (const char c : s)
            h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull; // FNV-1a
        return h;
    }

    // Whether two keys of the object closing hash alike; forgets its keys.
    bool repeats_hash() {
        const auto begin = key_hashes_.begin() + static_cast<std::ptrdiff_t>(object_starts_.back());
        object_starts_.pop_back();
        bool repeated = false;
        if (key_hashes_.end() - begin <= 16) {
            for (auto i = begin; i != key_hashes_.end() && !repeated; ++i)
                repeated = std::find(i + 1, key_hashes_.end(), *i) != key_hashes_.end();
        } else {
            sorted_.assign(begin, key_hashes_.end());
            std::sort(sorted_.begin(), sorted_.end());
            repeated = std::adjacent_find(sorted_.begin(), sorted_.end()) != sorted_.end();
        }
        key_hashes_.erase(begin, key_hashes_.end());
        maybe_repeated = repeated;
        return repeated;
    }

    // Whether the object closing repeats a key (named in repeated_key); forgets its keys.
    bool repeats_key() {
        std::unordered_set<std::string_view> seen;
        for (const std::string& key : open_keys_.back())
            if (!seen.insert(key).second) {
                repeated_key = key;
                return true;
            }
        open_keys_.pop_back();
        return false;
    }

    std::vector<std::uint64_t> key_hashes_;           // the keys of every open object, hashed
    std::vector<std::size_t> object_starts_;          // where each open object's hashes begin
    std::vector<std::uint64_t> sorted_;               // scratch for a large object's hashes
    std::uint64_t key_hash_ = fnv_offset;             // the key being read, hashed
    std::vector<std::vector<std::string>> open_keys_; // with exact_keys: each open object's keys
    std::string key_;                                 // with exact_keys: the key being read
};

// Where a reading stopped, counted over the pieces of text it went through.
struct TextPlace {
    std::size_t line = 1, column = 1;

    // Newlines found with memchr, not a character at a time: every piece of a file read in
    // pieces passes here, not only the text before an error.
    void advance(std::string_view consumed) {
        const char* const end = consumed.data() + consumed.size();
        const char* after_newline = nullptr;
        for (const char* p = consumed.data(); p != end;) {
            const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
            if (!newline)
                break;
            ++line;
            p = after_newline = static_cast<const char*>(newline) + 1;
        }
        column = after_newline ? static_cast<std::size_t>(end - after_newline) + 1
                               : column + consumed.size();
    }
    // "line L column C" after `consumed` more.
    std::string after(std::string_view consumed) const {
        TextPlace place = *this;
        place.advance(consumed);
        return "line " + std::to_string(place.line) + " column " + std::to_string(place.column);
    }
};

// A document's text as the parser is handed it: one piece, and whether it is the last.
struct TextPiece {
    std::string_view text;
    bool last = true;
};

// One reading of a document whose pieces `next_piece()` hands over in order; nullopt when two
// keys of an object hash alike and `exact_keys` is off. Errors name `source` and the place.
template <class NextPiece>
std::optional<boost::json::value> parse_pieces(NextPiece&& next_piece, std::string_view source,
                                               bool exact_keys,
                                               const boost::json::storage_ptr& storage) {
    boost::json::basic_parser<ExactHandler> parser{boost::json::parse_options{}};
    parser.handler().stack.reset(storage);
    parser.handler().exact_keys = exact_keys;
    TextPlace place;
    while (true) {
        const TextPiece piece = next_piece();
        boost::json::error_code ec;
        const std::size_t used =
            parser.write_some(!piece.last, piece.text.data(), piece.text.size(), ec);
        if (parser.handler().maybe_repeated)
            return std::nullopt;
        if (const auto& key = parser.handler().repeated_key)
            throw InputError(std::string(source) + ": key " + python_str_repr(*key) +
                             " appears twice in one object");
        if (ec)
            throw InputError(std::string(source) + ": invalid JSON (" + ec.message() + ") at " +
                             place.after(piece.text.substr(0, used)));
        if (used < piece.text.size())
            throw InputError(std::string(source) +
                             ": invalid JSON (extra data after the document) at " +
                             place.after(piece.text.substr(0, used)));
        if (piece.last)
            return parser.handler().stack.release();
        place.advance(piece.text);
    }
}

// One reading of `text`.
inline std::optional<boost::json::value> parse_once(std::string_view text, std::string_view source,
                                                    bool exact_keys,
                                                    const boost::json::storage_ptr& storage) {
    return parse_pieces([&] { return TextPiece{text, true}; }, source, exact_keys, storage);
}

} // namespace detail

// Parses one JSON document. Errors name `source` (a file path or a description) and the place,
// or the key an object repeats. The values are built in `storage` (json_arena.hpp for a large
// document read once).
inline boost::json::value parse(std::string_view text, std::string_view source,
                                const boost::json::storage_ptr& storage = {}) {
    if (auto value = detail::parse_once(text, source, false, storage))
        return *std::move(value);
    return *detail::parse_once(text, source, true, storage);
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
