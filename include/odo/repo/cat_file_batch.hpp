#pragma once
// The `git cat-file --batch` protocol, apart from the process that speaks it, so the reader can be
// tested and fuzzed without git.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::repo {

// What a batch read: each spec's contents, nullopt for a missing object. A spec whose answer did
// not come back whole is absent, so callers compare sizes to tell a complete read.
using CatFileObjects = std::map<std::string, std::optional<std::string>>;

// The batch's standard input: one spec per line. nullopt when a spec holds a line break, since
// git would read it as two requests and every later answer would be attributed to the wrong spec.
inline std::optional<std::string> cat_file_batch_input(const std::vector<std::string>& specs) {
    std::string input;
    for (const std::string& spec : specs) {
        if (spec.find_first_of("\r\n") != std::string::npos)
            return std::nullopt;
        input += spec + "\n";
    }
    return input;
}

namespace detail {

// The size in a cat-file header "<hex sha> <type> <size>", or nullopt for any other line. A size
// too large to be real is not a header either.
inline std::optional<std::size_t> cat_file_object_size(std::string_view header) {
    const auto first = header.find(' ');
    const auto second = header.find(' ', first + 1);
    if (first == std::string_view::npos || second == std::string_view::npos ||
        header.find(' ', second + 1) != std::string_view::npos)
        return std::nullopt;
    if (header.find_first_not_of("0123456789abcdef") != first || (first != 40 && first != 64))
        return std::nullopt;
    const std::string_view digits = header.substr(second + 1);
    if (digits.empty() || digits.size() > 18 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    std::size_t size = 0;
    for (const char digit : digits)
        size = size * 10 + static_cast<std::size_t>(digit - '0');
    return size;
}

} // namespace detail

// Reads git's answers to `specs`, in order: a header line, then for a found object exactly `size`
// bytes of contents and a newline; "<spec> missing" or "<spec> ambiguous" for none. Reading stops
// at the first answer of another shape, or cut short: that spec and the ones after it are absent,
// never paired with an answer that may belong to another spec.
inline CatFileObjects parse_cat_file_batch(std::string_view out,
                                           const std::vector<std::string>& specs) {
    CatFileObjects result;
    std::size_t pos = 0;
    for (const std::string& spec : specs) {
        const std::size_t eol = out.find('\n', pos);
        if (eol == std::string_view::npos)
            break;
        const std::string_view header = out.substr(pos, eol - pos);
        pos = eol + 1;
        const auto size = detail::cat_file_object_size(header);
        if (!size) {
            if (header != spec + " missing" && header != spec + " ambiguous")
                break;
            result[spec] = std::nullopt;
            continue;
        }
        if (*size >= out.size() - pos || out[pos + *size] != '\n')
            break;
        result[spec] = std::string(out.substr(pos, *size));
        pos += *size + 1;
    }
    return result;
}

} // namespace odo::repo
