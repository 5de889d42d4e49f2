#include <odo/repo/cat_file_batch.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

using namespace odo::repo;

namespace {

const std::string sha_a(40, 'a');
const std::string sha_b(40, 'b');

struct Seen {
    std::string spec, oid;
    std::optional<std::string> contents;
    bool operator==(const Seen& o) const {
        return spec == o.spec && oid == o.oid && contents == o.contents;
    }
};

// Feeds `out` to a stream `piece` bytes at a time, as a pipe might deliver it.
std::vector<Seen> stream_in_pieces(const std::string& out, const std::vector<std::string>& specs,
                                   std::size_t piece, std::string* left = nullptr) {
    std::vector<Seen> seen;
    CatFileStream stream(specs, [&](const std::string& spec, std::string_view oid,
                                    std::optional<std::string_view> contents) {
        seen.push_back({spec, std::string(oid),
                        contents ? std::optional<std::string>(*contents) : std::nullopt});
        return true;
    });
    std::string buffer;
    for (std::size_t pos = 0; pos < out.size(); pos += piece) {
        buffer += out.substr(pos, piece);
        stream.feed(buffer);
    }
    if (left)
        *left = buffer;
    CHECK(stream.answered() == seen.size());
    return seen;
}

} // namespace

TEST_CASE("cat-file stream: answers arrive one at a time, whatever the pieces the pipe cuts") {
    const std::vector<std::string> specs = {"HEAD:a", "HEAD:gone", "v1:b", "HEAD:empty"};
    const std::string out = sha_a + " blob 6\nx\ny z\n\nHEAD:gone missing\n" + sha_b +
                            " blob 3\nabc\n" + sha_a + " blob 0\n\n";
    const std::vector<Seen> expected = {{"HEAD:a", sha_a, std::string("x\ny z\n")},
                                        {"HEAD:gone", "", std::nullopt},
                                        {"v1:b", sha_b, std::string("abc")},
                                        {"HEAD:empty", sha_a, std::string()}};
    for (const std::size_t piece : {std::size_t(1), std::size_t(7), out.size()}) {
        CAPTURE(piece);
        std::string left;
        CHECK(stream_in_pieces(out, specs, piece, &left) == expected);
        CHECK(left.empty()); // every answer handed over is erased from the buffer
    }
    // The same bytes read whole give the same contents.
    const CatFileObjects whole = parse_cat_file_batch(out, specs);
    REQUIRE(whole.size() == 4);
    CHECK(whole.at("HEAD:a") == std::optional<std::string>("x\ny z\n"));
}

TEST_CASE("cat-file stream: an answer cut short waits; one of another shape stops the stream") {
    const std::vector<std::string> specs = {"HEAD:a", "HEAD:b"};
    std::string left;
    // Cut inside the second object: only the first is handed over, the rest waits in the buffer.
    const std::string cut = sha_a + " blob 1\nx\n" + sha_b + " blob 5\nab";
    CHECK(stream_in_pieces(cut, specs, 3, &left).size() == 1);
    CHECK(left == sha_b + " blob 5\nab");
    // A foreign line for the second spec: nothing more is attributed to any spec.
    const std::string foreign = sha_a + " blob 1\nx\nfatal: something\n" + sha_b + " blob 1\ny\n";
    CHECK(stream_in_pieces(foreign, specs, 1).size() == 1);
    // A size that disagrees with the bytes (no newline after them) is foreign too.
    CHECK(stream_in_pieces(sha_a + " blob 1\nxy\n", {"HEAD:a"}, 2).empty());
}

TEST_CASE("cat-file stream: a handler that wants no more answers stops the stream") {
    const std::vector<std::string> specs = {"HEAD:a", "HEAD:b", "HEAD:c"};
    const std::string out =
        sha_a + " blob 1\nx\n" + sha_b + " blob 1\ny\n" + sha_a + " blob 1\nz\n";
    for (const std::size_t piece : {std::size_t(1), out.size()}) {
        CAPTURE(piece);
        std::vector<std::string> seen;
        CatFileStream stream(
            specs, [&](const std::string& spec, std::string_view, std::optional<std::string_view>) {
                seen.push_back(spec);
                return seen.size() < 2;
            });
        std::string buffer;
        bool wanted = true;
        for (std::size_t pos = 0; pos < out.size(); pos += piece) {
            buffer += out.substr(pos, piece);
            wanted = stream.feed(buffer);
            if (!wanted)
                break;
        }
        CHECK_FALSE(wanted);
        CHECK(seen == std::vector<std::string>{"HEAD:a", "HEAD:b"});
        CHECK(stream.answered() == 2); // not a complete read
        CHECK(buffer.empty());
        buffer = out;
        CHECK_FALSE(stream.feed(buffer)); // nothing more is handed over
        CHECK(seen.size() == 2);
    }
    // The last answer also ends what is wanted.
    const std::vector<std::string> one_spec = {"HEAD:a"};
    CatFileStream all(one_spec, [](auto&&...) { return true; });
    std::string one = sha_a + " blob 1\nx\n";
    CHECK_FALSE(all.feed(one));
    CHECK(all.answered() == 1);
}

namespace {

// An answer as the piece stream handed it over: its contents joined, whether its last piece came.
struct Joined {
    std::string spec, oid;
    bool found = false;
    std::string contents;
    bool whole = false;
    bool operator==(const Joined& o) const {
        return spec == o.spec && oid == o.oid && found == o.found && contents == o.contents &&
               whole == o.whole;
    }
};

// Feeds `out` to a piece stream `cut` bytes at a time; `wanted` pieces at most are taken.
std::vector<Joined> pieces_joined(const std::string& out, const std::vector<std::string>& specs,
                                  std::size_t cut, std::string* left = nullptr,
                                  std::size_t wanted = std::size_t(-1)) {
    std::vector<Joined> seen;
    std::size_t pieces = 0;
    CatFilePieceStream stream(specs, [&](const CatFilePiece& p) {
        if (p.first)
            seen.push_back({p.spec, std::string(p.oid), p.found, {}, false});
        CHECK_FALSE(seen.back().whole); // nothing follows an answer's last piece
        seen.back().contents += p.bytes;
        seen.back().whole = p.last;
        return ++pieces < wanted;
    });
    std::string buffer;
    for (std::size_t pos = 0; pos < out.size(); pos += cut) {
        buffer += out.substr(pos, cut);
        if (!stream.feed(buffer))
            break;
    }
    if (left)
        *left = buffer;
    return seen;
}

} // namespace

TEST_CASE("cat-file piece stream: contents arrive in the pipe's pieces, whole answers end last") {
    const std::vector<std::string> specs = {"HEAD:a", "HEAD:gone", "v1:b", "HEAD:empty"};
    const std::string out = sha_a + " blob 6\nx\ny z\n\nHEAD:gone missing\n" + sha_b +
                            " blob 3\nabc\n" + sha_a + " blob 0\n\n";
    const std::vector<Joined> expected = {{"HEAD:a", sha_a, true, "x\ny z\n", true},
                                          {"HEAD:gone", "", false, "", true},
                                          {"v1:b", sha_b, true, "abc", true},
                                          {"HEAD:empty", sha_a, true, "", true}};
    for (const std::size_t cut : {std::size_t(1), std::size_t(7), out.size()}) {
        CAPTURE(cut);
        std::string left;
        CHECK(pieces_joined(out, specs, cut, &left) == expected);
        CHECK(left.empty()); // every byte handed over is erased from the buffer
    }
    // A buffer never holds more than the bytes not yet handed over: a large object passes
    // through in pieces.
    const std::string big(100000, 'q');
    std::string left;
    const auto seen =
        pieces_joined(sha_a + " blob 100000\n" + big + "\n", {"HEAD:big"}, 4096, &left);
    REQUIRE(seen.size() == 1);
    CHECK(seen[0].contents == big);
    CHECK(seen[0].whole);
}

TEST_CASE("cat-file piece stream: an answer cut short or of another shape never ends") {
    const std::vector<std::string> specs = {"HEAD:a", "HEAD:b"};
    // Cut inside the second object: its pieces so far came, its last did not.
    const auto cut = pieces_joined(sha_a + " blob 1\nx\n" + sha_b + " blob 5\nab", specs, 3);
    REQUIRE(cut.size() == 2);
    CHECK(cut[0].whole);
    CHECK(cut[1].contents == "ab");
    CHECK_FALSE(cut[1].whole);
    // A size that disagrees with the bytes (no newline after them): what came of it is never
    // whole, and nothing after it comes.
    for (const std::size_t piece : {std::size_t(1), std::size_t(2)}) {
        CAPTURE(piece);
        const auto wrong =
            pieces_joined(sha_a + " blob 1\nxy\n" + sha_b + " blob 1\ny\n", specs, piece);
        CHECK(wrong.size() <= 1);
        CHECK(std::none_of(wrong.begin(), wrong.end(), [](const Joined& j) { return j.whole; }));
    }
    // A foreign line for the second spec: nothing more is attributed to any spec.
    CHECK(pieces_joined(sha_a + " blob 1\nx\nfatal: something\n", specs, 1).size() == 1);
}

TEST_CASE("cat-file piece stream: a handler that wants no more pieces stops the stream") {
    const std::vector<std::string> specs = {"HEAD:a", "HEAD:b"};
    const std::string out = sha_a + " blob 4\nwxyz\n" + sha_b + " blob 1\ny\n";
    std::string left;
    const auto seen = pieces_joined(out, specs, 2, &left, 1);
    REQUIRE(seen.size() == 1);
    CHECK(seen[0].contents == "wx");
    CHECK(left.empty());
    // The last answer also ends what is wanted.
    const std::vector<std::string> one_spec = {"HEAD:a"};
    CatFilePieceStream all(one_spec, [](const CatFilePiece&) { return true; });
    std::string one = sha_a + " blob 1\nx\n";
    CHECK_FALSE(all.feed(one));
    CHECK(all.answered() == 1);
}
