#pragma once
// Each config's committed baselines in a version of an operator config, reduced to a keyed
// 64-bit digest while the text is read, so that comparing two versions of a 10,000-case config
// (PRE-6's refresh walk reads up to 200 of them) builds no document: the walk keeps two small
// maps, not two parsed copies of the rows.
//
// Two versions' digests are equal exactly when their `baselines_by_config` maps are (Boost.JSON's
// value equality: formatting and key order play no part, integers compare by value whatever their
// sign type, a double never equals an integer, -0.0 equals 0.0), unless two different values
// digest alike: the digests are SipHash-2-4 under a key drawn at random for each run, so no text
// can be written to make that happen, and it happens by chance with a probability near 2^-64.
#include "odo/baseline/baseline_map.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/siphash.hpp"

#include <boost/json.hpp>
#include <boost/json/basic_parser_impl.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo::baseline {

// config key -> the digest of its "baselines" value, for the configs `baselines_by_config` keeps.
using BaselineDigests = std::map<std::string, std::uint64_t>;

// The digest of one value; equal values digest alike whatever their text.
ODO_API std::uint64_t json_digest(const boost::json::value& value, const SipKey& key);
// The digests of a parsed map (what the streamed reading below is tested against).
ODO_API BaselineDigests baseline_digests(const BaselineMap& map, const SipKey& key);
// The digests read straight from an operator config's text; nullopt exactly where
// `baselines_by_config` gives nullopt (not JSON, a repeated key, not an object).
ODO_API std::optional<BaselineDigests> baseline_digests(std::string_view text, const SipKey& key);

// The same digests read from a text handed over in pieces, in order, as a pipe delivers it: the
// text is parsed as it arrives and never held whole.
class BaselineDigestReader {
public:
    ODO_API explicit BaselineDigestReader(const SipKey& key);
    ODO_API ~BaselineDigestReader();
    BaselineDigestReader(const BaselineDigestReader&) = delete;
    BaselineDigestReader& operator=(const BaselineDigestReader&) = delete;

    ODO_API void feed(std::string_view piece);
    // After the last piece: what `baseline_digests` gives for the whole text.
    ODO_API std::optional<BaselineDigests> finish();

private:
    struct Parser; // the JSON parser and its handler, defined with the layer
    std::unique_ptr<Parser> parser_;
    bool failed_ = false;
};

#if ODO_BASELINE_DEFINITIONS
namespace detail {

// A scalar's canonical form: a head word (a tag, and the sign of an integer), then a payload
// word (an integer's magnitude, a double's bits) or a string's bytes. Integers are a sign and
// a magnitude whatever type holds them; -0.0 is 0.0.
class Scalar {
public:
    static Scalar null() { return Scalar('n'); }
    static Scalar boolean(bool b) { return Scalar(b ? 't' : 'f'); }
    static Scalar int64(std::int64_t v) {
        return v < 0 ? Scalar('i', '-', 0 - static_cast<std::uint64_t>(v))
                     : Scalar('i', '+', static_cast<std::uint64_t>(v));
    }
    static Scalar uint64(std::uint64_t v) { return Scalar('i', '+', v); }
    static Scalar real(double v) {
        const double canonical = v == 0 ? 0.0 : v;
        std::uint64_t bits = 0;
        std::memcpy(&bits, &canonical, sizeof bits);
        return Scalar('d', 0, bits);
    }
    // A string's bytes are not copied: the view must outlive the Scalar.
    static Scalar string(std::string_view text) {
        Scalar s('s');
        s.text_ = text;
        return s;
    }

    std::uint64_t head() const noexcept { return head_; }
    // Absorbs the payload and finishes the digest.
    std::uint64_t finish(SipHasher& h) const noexcept {
        if (has_value_)
            h.word(value_);
        return h.finish(text_.data(), text_.size());
    }

private:
    explicit Scalar(char tag) : head_(static_cast<unsigned char>(tag)) {}
    Scalar(char tag, char sign, std::uint64_t value)
        : head_(static_cast<unsigned char>(tag) |
                static_cast<std::uint64_t>(static_cast<unsigned char>(sign)) << 8),
          value_(value), has_value_(true) {}

    std::uint64_t head_;
    std::uint64_t value_ = 0;
    bool has_value_ = false;
    std::string_view text_;
};

// The digests, SipHash-2-4 of words that begin with a tag: a scalar its canonical form; an
// object member its key's digest and its value (a scalar's form inline, a container's digest);
// an object its members' digests sorted, so key order plays no part; an array its elements'
// digests in order.
class ValueDigester {
public:
    explicit ValueDigester(const SipKey& key) : key_(key) {}

    std::uint64_t scalar(const Scalar& v) const {
        SipHasher h(key_);
        h.word(v.head());
        return v.finish(h);
    }
    std::uint64_t scalar_member(std::uint64_t key_digest, const Scalar& v) const {
        SipHasher h(key_);
        h.word('m' | v.head() << 8).word(key_digest);
        return v.finish(h);
    }
    std::uint64_t container_member(std::uint64_t key_digest, std::uint64_t value_digest) const {
        return SipHasher(key_)
            .word('m' | std::uint64_t('c') << 8)
            .word(key_digest)
            .word(value_digest)
            .finish();
    }
    // Digests `members[0, n)` after sorting them in place.
    std::uint64_t object(std::uint64_t* members, std::size_t n) const {
        std::sort(members, members + n);
        return SipHasher(key_).word('o').words(members, n).finish();
    }
    std::uint64_t array(const std::uint64_t* elements, std::size_t n) const {
        return SipHasher(key_).word('a').words(elements, n).finish();
    }
    // A config repeats a few short keys (SKUs, metric names) on every row: their digests are
    // remembered, each under its exact bytes.
    std::uint64_t key(std::string_view s) {
        if (s.empty() || s.size() > sizeof(KeySlot::bytes))
            return key_digest(s);
        KeySlot& slot = known_keys_[(s.size() * 31 + static_cast<unsigned char>(s[0]) +
                                     static_cast<unsigned char>(s[s.size() / 2]) * 7 +
                                     static_cast<unsigned char>(s.back()) * 13) %
                                    known_keys_.size()];
        if (slot.size != s.size() || std::memcmp(slot.bytes, s.data(), s.size()) != 0) {
            slot.size = s.size();
            std::memcpy(slot.bytes, s.data(), s.size());
            slot.digest = key_digest(s);
        }
        return slot.digest;
    }

private:
    std::uint64_t key_digest(std::string_view s) const {
        return SipHasher(key_).word('k').finish(s.data(), s.size());
    }

    struct KeySlot {
        std::size_t size = 0; // 0: empty
        char bytes[32];
        std::uint64_t digest = 0;
    };

    SipKey key_;
    std::array<KeySlot, 64> known_keys_{};
};

// A Boost.JSON parser handler that digests every value as it closes and keeps only the digests
// of the configs' "baselines" (where `for_each_baselines` finds them), under the same parse
// options and exact number reading as `json::parse`. A repeated key fails the parse.
class DigestHandler {
public:
    static constexpr std::size_t max_object_size = std::size_t(-1);
    static constexpr std::size_t max_array_size = std::size_t(-1);
    static constexpr std::size_t max_key_size = std::size_t(-1);
    static constexpr std::size_t max_string_size = std::size_t(-1);

    explicit DigestHandler(const SipKey& key) : digest_(key) {}

    // After a complete parse: the digests, or nullopt when the document is not an object.
    std::optional<BaselineDigests> result() const {
        if (!root_is_object_)
            return std::nullopt;
        const auto& found = configs_is_object_ ? in_configs_ : at_root_;
        return BaselineDigests(found.begin(), found.end());
    }

    bool on_document_begin(boost::json::error_code&) { return true; }
    bool on_document_end(boost::json::error_code&) { return true; }
    bool on_object_begin(boost::json::error_code&) {
        open(true);
        return true;
    }
    bool on_object_end(std::size_t n, boost::json::error_code& ec) {
        const Frame frame = frames_.back();
        if (repeats_key(frame)) {
            ec = boost::json::error::syntax;
            return false;
        }
        const std::uint64_t d = digest_.object(children_.data() + frame.children, n);
        close(frame);
        return add_container(d, true, n == 0);
    }
    bool on_array_begin(boost::json::error_code&) {
        open(false);
        return true;
    }
    bool on_array_end(std::size_t n, boost::json::error_code&) {
        const Frame frame = frames_.back();
        const std::uint64_t d = digest_.array(children_.data() + frame.children, n);
        close(frame);
        return add_container(d, false, false);
    }
    bool on_key_part(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        keys_[frames_.size() - 1].append(s.data(), s.size());
        return true;
    }
    bool on_key(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        std::string& key = keys_[frames_.size() - 1];
        key.append(s.data(), s.size());
        key_digests_.push_back(digest_.key(key));
        return true;
    }
    bool on_string_part(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        text_.append(s.data(), s.size());
        return true;
    }
    bool on_string(boost::json::string_view s, std::size_t, boost::json::error_code&) {
        if (text_.empty())
            return add_scalar(Scalar::string(std::string_view(s.data(), s.size())));
        text_.append(s.data(), s.size());
        add_scalar(Scalar::string(text_));
        text_.clear();
        return true;
    }
    bool on_number_part(boost::json::string_view s, boost::json::error_code&) {
        number_.append(s);
        return true;
    }
    bool on_int64(std::int64_t v, boost::json::string_view, boost::json::error_code&) {
        number_.clear();
        return add_scalar(Scalar::int64(v));
    }
    bool on_uint64(std::uint64_t v, boost::json::string_view, boost::json::error_code&) {
        number_.clear();
        return add_scalar(Scalar::uint64(v));
    }
    bool on_double(double v, boost::json::string_view s, boost::json::error_code&) {
        // Read from its own text as json::parse reads it, so that both see the same double.
        return add_scalar(Scalar::real(number_.exact_double(v, s)));
    }
    bool on_bool(bool b, boost::json::error_code&) { return add_scalar(Scalar::boolean(b)); }
    bool on_null(boost::json::error_code&) { return add_scalar(Scalar::null()); }
    bool on_comment_part(boost::json::string_view, boost::json::error_code&) { return true; }
    bool on_comment(boost::json::string_view, boost::json::error_code&) { return true; }

private:
    struct Frame {
        bool object;
        std::size_t children;    // where its members' digests begin in children_
        std::size_t key_digests; // where its keys' digests begin in key_digests_
    };

    void open(bool object) {
        frames_.push_back({object, children_.size(), key_digests_.size()});
        if (keys_.size() < frames_.size())
            keys_.emplace_back();
        keys_[frames_.size() - 1].clear();
    }

    void close(const Frame& frame) {
        children_.resize(frame.children);
        key_digests_.resize(frame.key_digests);
        frames_.pop_back();
    }

    // Keys are told apart by their digests: a repetition is never missed, and two different keys
    // pass for one only by chance (about 2^-64 a pair, under a key no input can know).
    bool repeats_key(const Frame& frame) {
        sorted_.assign(key_digests_.begin() + static_cast<std::ptrdiff_t>(frame.key_digests),
                       key_digests_.end());
        std::sort(sorted_.begin(), sorted_.end());
        return std::adjacent_find(sorted_.begin(), sorted_.end()) != sorted_.end();
    }

    // A scalar read: a member or element of the innermost open container, or the document.
    bool add_scalar(const Scalar& v) {
        if (frames_.empty())
            return true; // a document that is not an object
        if (!frames_.back().object) {
            children_.push_back(digest_.scalar(v));
            return true;
        }
        std::string& key = keys_[frames_.size() - 1];
        children_.push_back(digest_.scalar_member(key_digests_.back(), v));
        if (key == "baselines" || key == "configs")
            keep_baselines(key, digest_.scalar(v), false, false);
        key.clear();
        return true;
    }

    // A container closed, with its digest.
    bool add_container(std::uint64_t d, bool object, bool empty) {
        if (frames_.empty()) {
            root_is_object_ = object;
            return true;
        }
        if (!frames_.back().object) {
            children_.push_back(d);
            return true;
        }
        std::string& key = keys_[frames_.size() - 1];
        children_.push_back(digest_.container_member(key_digests_.back(), d));
        keep_baselines(key, d, object, empty);
        key.clear();
        return true;
    }

    // Where for_each_baselines looks: a root member's "baselines", or a "configs" member's.
    void keep_baselines(const std::string& key, std::uint64_t d, bool object, bool empty) {
        const std::size_t depth = frames_.size();
        if (depth == 1 && key == "configs")
            configs_is_object_ = object;
        if (key != "baselines" || (object && empty) || !frames_[0].object)
            return;
        if (depth == 2)
            at_root_.emplace_back(keys_[0], d);
        else if (depth == 3 && frames_[1].object && keys_[0] == "configs")
            in_configs_.emplace_back(keys_[1], d);
    }

    ValueDigester digest_;
    std::vector<Frame> frames_;
    std::vector<std::string> keys_;          // keys_[i]: the member frame i is reading
    std::vector<std::uint64_t> children_;    // every open container's members' digests
    std::vector<std::uint64_t> key_digests_; // every open object's keys' digests
    std::vector<std::uint64_t> sorted_;      // scratch for repeats_key
    std::string text_;                       // a string read in parts
    json::detail::NumberText number_;        // a number read in parts
    bool root_is_object_ = false, configs_is_object_ = false;
    std::vector<std::pair<std::string, std::uint64_t>> at_root_, in_configs_;
};

} // namespace detail

namespace detail {

// A scalar value's encoding, or nullopt for a container.
inline std::optional<Scalar> scalar_of(const boost::json::value& value) {
    switch (value.kind()) {
    case boost::json::kind::null:
        return Scalar::null();
    case boost::json::kind::bool_:
        return Scalar::boolean(value.get_bool());
    case boost::json::kind::int64:
        return Scalar::int64(value.get_int64());
    case boost::json::kind::uint64:
        return Scalar::uint64(value.get_uint64());
    case boost::json::kind::double_:
        return Scalar::real(value.get_double());
    case boost::json::kind::string:
        return Scalar::string(std::string_view(value.get_string()));
    default:
        return std::nullopt;
    }
}

} // namespace detail

ODO_API std::uint64_t json_digest(const boost::json::value& value, const SipKey& key) {
    detail::ValueDigester digest(key);
    if (const auto scalar = detail::scalar_of(value))
        return digest.scalar(*scalar);
    std::vector<std::uint64_t> children;
    if (const auto* array = value.if_array()) {
        for (const boost::json::value& e : *array)
            children.push_back(json_digest(e, key));
        return digest.array(children.data(), children.size());
    }
    for (const auto& kv : value.get_object()) {
        const std::uint64_t key_digest = digest.key(kv.key());
        const auto scalar = detail::scalar_of(kv.value());
        children.push_back(scalar
                               ? digest.scalar_member(key_digest, *scalar)
                               : digest.container_member(key_digest, json_digest(kv.value(), key)));
    }
    return digest.object(children.data(), children.size());
}

ODO_API BaselineDigests baseline_digests(const BaselineMap& map, const SipKey& key) {
    BaselineDigests digests;
    for (const auto& [config, baselines] : map)
        digests.emplace(config, json_digest(baselines, key));
    return digests;
}

struct BaselineDigestReader::Parser {
    explicit Parser(const SipKey& key) : json(boost::json::parse_options{}, key) {}
    boost::json::basic_parser<detail::DigestHandler> json;
};

ODO_API BaselineDigestReader::BaselineDigestReader(const SipKey& key)
    : parser_(std::make_unique<Parser>(key)) {}

ODO_API BaselineDigestReader::~BaselineDigestReader() = default;

// A piece the parser does not take whole ends the document early: extra data, not a config.
ODO_API void BaselineDigestReader::feed(std::string_view piece) {
    if (failed_ || piece.empty())
        return;
    boost::json::error_code ec;
    const std::size_t used = parser_->json.write_some(true, piece.data(), piece.size(), ec);
    failed_ = ec || used < piece.size();
}

ODO_API std::optional<BaselineDigests> BaselineDigestReader::finish() {
    if (failed_)
        return std::nullopt;
    boost::json::error_code ec;
    parser_->json.write_some(false, "", 0, ec);
    if (ec)
        return std::nullopt;
    return parser_->json.handler().result();
}

ODO_API std::optional<BaselineDigests> baseline_digests(std::string_view text, const SipKey& key) {
    BaselineDigestReader reader(key);
    reader.feed(text);
    return reader.finish();
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
