#pragma once
#include <boost/json.hpp>
#include <boost/json/basic_parser_impl.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace odo::baseline::detail {

// A parse handler that builds nothing and remembers the first key repeated within one object.
// JSON readers keep the last of repeated keys silently, so a row written twice in an artifact
// would otherwise vanish without a word.
class DuplicateKeyFinder {
public:
    static constexpr std::size_t max_object_size = std::size_t(-1);
    static constexpr std::size_t max_array_size = std::size_t(-1);
    static constexpr std::size_t max_key_size = std::size_t(-1);
    static constexpr std::size_t max_string_size = std::size_t(-1);

    std::vector<std::unordered_set<std::string>> open_objects;
    std::string key;
    std::optional<std::string> duplicate;

    bool on_document_begin(boost::json::error_code&) { return true; }
    bool on_document_end(boost::json::error_code&) { return true; }
    bool on_object_begin(boost::json::error_code&) {
        open_objects.emplace_back();
        return true;
    }
    bool on_object_end(std::size_t, boost::json::error_code&) {
        open_objects.pop_back();
        return true;
    }
    bool on_array_begin(boost::json::error_code&) { return true; }
    bool on_array_end(std::size_t, boost::json::error_code&) { return true; }
    bool on_key_part(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        key.append(s.data(), s.size());
        return true;
    }
    bool on_key(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        key.append(s.data(), s.size());
        if (!open_objects.back().insert(key).second && !duplicate)
            duplicate = key;
        key.clear();
        return true;
    }
    bool on_string_part(boost::json::string_view, std::size_t, boost::json::error_code&) {
        return true;
    }
    bool on_string(boost::json::string_view, std::size_t, boost::json::error_code&) { return true; }
    bool on_number_part(boost::json::string_view, boost::json::error_code&) { return true; }
    bool on_int64(std::int64_t, boost::json::string_view, boost::json::error_code&) { return true; }
    bool on_uint64(std::uint64_t, boost::json::string_view, boost::json::error_code&) {
        return true;
    }
    bool on_double(double, boost::json::string_view, boost::json::error_code&) { return true; }
    bool on_bool(bool, boost::json::error_code&) { return true; }
    bool on_null(boost::json::error_code&) { return true; }
    bool on_comment_part(boost::json::string_view, boost::json::error_code&) { return true; }
    bool on_comment(boost::json::string_view, boost::json::error_code&) { return true; }
};

// The first key that appears twice in one object of `text`, or nullopt (also for text that is
// not JSON: the real parse reports that).
inline std::optional<std::string> first_duplicate_key(std::string_view text) {
    boost::json::basic_parser<DuplicateKeyFinder> parser{boost::json::parse_options{}};
    boost::json::error_code ec;
    parser.write_some(false, text.data(), text.size(), ec);
    return parser.handler().duplicate;
}

} // namespace odo::baseline::detail
