#pragma once
// The `git cat-file --batch` protocol, apart from the process that speaks it, so the reader can be
// tested and fuzzed without git.
#include "odo/core/linkage.hpp"
#include <algorithm>
#include <cstddef>
#include <functional>
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
ODO_API std::optional<std::string> cat_file_batch_input(const std::vector<std::string>& specs);
#if ODO_REPO_DEFINITIONS
ODO_API std::optional<std::string> cat_file_batch_input(const std::vector<std::string>& specs) {
    std::string input;
    for (const std::string& spec : specs) {
        if (spec.find_first_of("\r\n") != std::string::npos)
            return std::nullopt;
        input += spec + "\n";
    }
    return input;
}
#endif // ODO_REPO_DEFINITIONS

namespace detail {

// The object id and size in a cat-file header "<hex sha> <type> <size>", or nullopt for any
// other line. A size too large to be real is not a header either.
struct CatFileHeader {
    std::string_view oid;
    std::size_t size = 0;
};

#if ODO_REPO_DEFINITIONS
inline std::optional<CatFileHeader> cat_file_header(std::string_view header) {
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
    return CatFileHeader{header.substr(0, first), size};
}
#endif // ODO_REPO_DEFINITIONS

// The header line at the front of `out` answering `spec`: a found object's id and size, or a
// missing one; Incomplete until the line is whole, Foreign for a line of any other shape.
struct CatFileHead {
    enum class Shape { Found, Missing, Incomplete, Foreign } shape = Shape::Incomplete;
    std::string_view oid;
    std::size_t size = 0;   // the contents' bytes, when found
    std::size_t length = 0; // the line with its newline
};

ODO_API CatFileHead cat_file_head(std::string_view out, const std::string& spec);
#if ODO_REPO_DEFINITIONS
ODO_API CatFileHead cat_file_head(std::string_view out, const std::string& spec) {
    using Shape = CatFileHead::Shape;
    const std::size_t eol = out.find('\n');
    if (eol == std::string_view::npos)
        return {};
    const std::string_view header = out.substr(0, eol);
    if (const auto parsed = cat_file_header(header))
        return {Shape::Found, parsed->oid, parsed->size, eol + 1};
    if (header != spec + " missing" && header != spec + " ambiguous")
        return {Shape::Foreign, {}, 0, 0};
    return {Shape::Missing, {}, 0, eol + 1};
}
#endif // ODO_REPO_DEFINITIONS

// One answer read from the front of `out`: its object id and contents (empty oid and no
// contents for a missing or ambiguous spec) and how many bytes it took.
struct CatFileAnswer {
    enum class Shape { Complete, Incomplete, Foreign } shape = Shape::Incomplete;
    std::string_view oid;
    std::optional<std::string_view> contents;
    std::size_t length = 0;
};

ODO_API CatFileAnswer next_cat_file_answer(std::string_view out, const std::string& spec);
#if ODO_REPO_DEFINITIONS
ODO_API CatFileAnswer next_cat_file_answer(std::string_view out, const std::string& spec) {
    using Shape = CatFileAnswer::Shape;
    const CatFileHead head = cat_file_head(out, spec);
    if (head.shape == CatFileHead::Shape::Incomplete)
        return {};
    if (head.shape == CatFileHead::Shape::Foreign)
        return {Shape::Foreign, {}, {}, 0};
    if (head.shape == CatFileHead::Shape::Missing)
        return {Shape::Complete, {}, std::nullopt, head.length};
    const std::size_t body = head.length;
    if (head.size >= out.size() - body)
        return {};
    if (out[body + head.size] != '\n')
        return {Shape::Foreign, {}, {}, 0};
    return {Shape::Complete, head.oid, out.substr(body, head.size), body + head.size + 1};
}
#endif // ODO_REPO_DEFINITIONS

} // namespace detail

// Reads git's answers to `specs`, in order: a header line, then for a found object exactly `size`
// bytes of contents and a newline; "<spec> missing" or "<spec> ambiguous" for none. Reading stops
// at the first answer of another shape, or cut short: that spec and the ones after it are absent,
// never paired with an answer that may belong to another spec.
ODO_API CatFileObjects parse_cat_file_batch(std::string_view out,
                                            const std::vector<std::string>& specs);
#if ODO_REPO_DEFINITIONS
ODO_API CatFileObjects parse_cat_file_batch(std::string_view out,
                                            const std::vector<std::string>& specs) {
    CatFileObjects result;
    for (const std::string& spec : specs) {
        const detail::CatFileAnswer answer = detail::next_cat_file_answer(out, spec);
        if (answer.shape != detail::CatFileAnswer::Shape::Complete)
            break;
        result[spec] =
            answer.contents ? std::optional<std::string>(*answer.contents) : std::nullopt;
        out.remove_prefix(answer.length);
    }
    return result;
}
#endif // ODO_REPO_DEFINITIONS

// The same answers, handed over one at a time as they arrive, so a reader of many large
// versions holds one of them at once. `feed` takes what arrived so far and erases the answers
// it handed to `on_object` (spec, object id, contents or nullopt for a missing object), which
// returns whether it wants the next one; `feed` returns whether more output is wanted: not after
// an answer of another shape, the last answer, or an answer the handler wanted to be the last.
// `answered()` tells a complete read.
class CatFileStream {
public:
    using Handler = std::function<bool(const std::string& spec, std::string_view oid,
                                       std::optional<std::string_view> contents)>;

    CatFileStream(const std::vector<std::string>& specs, Handler on_object)
        : specs_(specs), on_object_(std::move(on_object)) {}

    bool feed(std::string& out) {
        std::size_t taken = 0;
        while (!done_ && answered_ < specs_.size()) {
            const detail::CatFileAnswer answer = detail::next_cat_file_answer(
                std::string_view(out).substr(taken), specs_[answered_]);
            if (answer.shape == detail::CatFileAnswer::Shape::Incomplete)
                break;
            if (answer.shape == detail::CatFileAnswer::Shape::Foreign) {
                done_ = true;
                break;
            }
            done_ = !on_object_(specs_[answered_], answer.oid, answer.contents);
            ++answered_;
            taken += answer.length;
        }
        done_ = done_ || answered_ == specs_.size();
        out.erase(0, done_ ? out.size() : taken);
        return !done_;
    }

    std::size_t answered() const noexcept { return answered_; }

private:
    const std::vector<std::string>& specs_;
    Handler on_object_;
    std::size_t answered_ = 0;
    bool done_ = false; // nothing more is handed over
};

// One piece of an answer, as CatFilePieceStream hands it over.
struct CatFilePiece {
    const std::string& spec;
    std::string_view oid;   // "" for a missing object
    std::string_view bytes; // the next bytes of the contents
    bool found;             // false: git has no such object (one piece, first and last)
    bool first;             // the answer's first piece
    bool last;              // the answer is whole: all its contents and their newline arrived
};

// The same answers with each object's contents handed over in pieces as they arrive, so that a
// reader of a multi-megabyte version parses it from the pipe's pieces and never holds it whole.
// `feed` erases from `out` every byte it handed over; the handler returns whether it wants the
// rest. An answer that is cut short or turns out to be of another shape (no newline after its
// contents) never gets its last piece, and nothing after it is handed over: a reader judges a
// version only on its last piece.
class CatFilePieceStream {
public:
    using Handler = std::function<bool(const CatFilePiece&)>;

    CatFilePieceStream(const std::vector<std::string>& specs, Handler on_piece)
        : specs_(specs), on_piece_(std::move(on_piece)) {}

    bool feed(std::string& out) {
        std::size_t taken = 0;
        while (!done_ && answered_ < specs_.size()) {
            const std::string& spec = specs_[answered_];
            if (!open_) {
                const detail::CatFileHead head =
                    detail::cat_file_head(std::string_view(out).substr(taken), spec);
                using Shape = detail::CatFileHead::Shape;
                if (head.shape == Shape::Incomplete)
                    break;
                done_ = head.shape == Shape::Foreign;
                if (done_)
                    break;
                taken += head.length;
                if (head.shape == Shape::Missing) {
                    done_ = !on_piece_({spec, {}, {}, false, true, true});
                    ++answered_;
                    continue;
                }
                oid_ = head.oid;
                left_ = head.size;
                open_ = first_ = true;
            }
            if (!hand_over(out, taken))
                break;
        }
        done_ = done_ || answered_ == specs_.size();
        out.erase(0, done_ ? out.size() : taken);
        return !done_;
    }

    std::size_t answered() const noexcept { return answered_; }

private:
    // Hands over the open answer's contents at `out[taken]`; true when the answer is whole.
    bool hand_over(const std::string& out, std::size_t& taken) {
        const std::size_t n = std::min(left_, out.size() - taken);
        const bool whole = out.size() - taken > n; // the byte after the contents arrived
        if (whole && out[taken + n] != '\n')
            done_ = true; // another shape: nothing is attributed to this spec or later ones
        if (done_ || (n == 0 && !whole))
            return false;
        done_ = !on_piece_(
            {specs_[answered_], oid_, std::string_view(out).substr(taken, n), true, first_, whole});
        first_ = false;
        left_ -= n;
        taken += n;
        if (!whole)
            return false;
        ++taken;
        ++answered_;
        open_ = false;
        return true;
    }

    const std::vector<std::string>& specs_;
    Handler on_piece_;
    std::size_t answered_ = 0;
    bool done_ = false; // nothing more is handed over
    bool open_ = false; // an answer's contents are being handed over
    bool first_ = false;
    std::string oid_;      // the open answer's object id
    std::size_t left_ = 0; // its contents not yet handed over
};

} // namespace odo::repo
