#pragma once
// The operator config's versions one evidence run judges — the working tree's, and the blobs git
// reads at the merge base, at HEAD and at the summary's baseline — each distinct text parsed
// once and shared by the checks that read it: a 10,000-case config is a 20 MB document, and the
// merge base's used to be parsed three times, HEAD's once more although its bytes were the
// working tree's.
#include "odo/core/error.hpp"
#include "odo/core/json_arena.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"

#include <boost/json.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace odo::gates {

// One present version of the config.
struct ConfigDocument {
    std::shared_ptr<const boost::json::value> document; // null: not JSON
    std::string problem; // the parse error after the name of what was read, e.g. ": invalid JSON…"

    // The document as an object, or nullptr.
    const boost::json::object* object() const { return document ? document->if_object() : nullptr; }
};

// The parse of `text`, into an arena of its own (a version is read whole and freed whole); a
// failure keeps its message so that each reader can name its source.
ODO_API ConfigDocument parse_config_document(std::string_view text);
#if ODO_GATES_DEFINITIONS
ODO_API ConfigDocument parse_config_document(std::string_view text) {
    try {
        return {
            std::make_shared<const boost::json::value>(json::parse(text, "", json::make_arena())),
            ""};
    } catch (const InputError& e) {
        return {nullptr, e.what()};
    }
}
#endif // ODO_GATES_DEFINITIONS

// Parses each distinct version once. Git's versions are known by object id and by the spec that
// named them; one whose bytes equal the working tree's shares the working tree's document, which
// is compared byte for byte, never by a hash a hostile blob could collide with.
class ConfigDocuments {
public:
    // `working_text`: the working tree's bytes, nullopt when the file is missing.
    explicit ConfigDocuments(std::optional<std::string> working_text)
        : working_text_(std::move(working_text)) {
        if (working_text_)
            working_ = parse_config_document(*working_text_);
    }

    // nullopt: the working tree has no config.
    const std::optional<ConfigDocument>& working() const noexcept { return working_; }

    // The version git answered for `spec` (nullopt contents: missing there), remembered.
    std::optional<ConfigDocument> from_git(const std::string& spec, std::string_view oid,
                                           std::optional<std::string_view> contents) {
        std::optional<ConfigDocument> version;
        if (contents)
            version = blob(oid, *contents);
        by_spec_[spec] = version;
        return version;
    }

    // A spec answered before, or nullptr when git has not been asked about it.
    const std::optional<ConfigDocument>* known(const std::string& spec) const {
        const auto it = by_spec_.find(spec);
        return it == by_spec_.end() ? nullptr : &it->second;
    }

    // Once git's versions are read the working tree's bytes are no longer needed.
    void release_working_text() { working_text_.reset(); }

private:
    ConfigDocument blob(std::string_view oid, std::string_view contents) {
        if (const auto it = by_oid_.find(std::string(oid)); it != by_oid_.end())
            return it->second;
        ConfigDocument version = working_text_ && contents == *working_text_
                                     ? *working_
                                     : parse_config_document(contents);
        if (!oid.empty())
            by_oid_.emplace(std::string(oid), version);
        return version;
    }

    std::optional<std::string> working_text_;
    std::optional<ConfigDocument> working_;
    std::map<std::string, ConfigDocument> by_oid_;
    std::map<std::string, std::optional<ConfigDocument>> by_spec_;
};

} // namespace odo::gates
