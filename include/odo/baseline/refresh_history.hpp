#pragma once
// HOST-ONLY: reads git history through odo::repo::Git.
#include "odo/baseline/baseline_digest.hpp"
#include "odo/core/linkage.hpp"
#include "odo/repo/git.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::baseline {

namespace detail {

// One version of the config as the history walk keeps it: the object id git named and the
// digests of its baselines, shared by the pairs it belongs to (null: present but unparseable). A
// missing object has no id and no baselines.
struct ConfigVersion {
    std::string oid;
    std::shared_ptr<const BaselineDigests> baselines;
};

// The versions of a config along its history, read one at a time as git's answers arrive in
// pieces: a commit's parent version is usually the next older commit's own, so an object id
// seen just before is not read again. Each version is digested as its pieces arrive
// (baseline_digest.hpp), under one random key per walk, and is never held whole.
class ConfigVersionReader {
public:
    // Takes one piece of an answer; the version once its last piece arrived.
    std::optional<ConfigVersion> read(const repo::CatFilePiece& piece) {
        if (piece.first)
            begin(piece);
        if (digests_)
            digests_->feed(piece.bytes);
        if (!piece.last)
            return std::nullopt;
        if (digests_) {
            if (auto baselines = digests_->finish())
                reading_.baselines = std::make_shared<const BaselineDigests>(std::move(*baselines));
            digests_.reset();
        }
        return std::move(reading_);
    }

    // The version to reuse for the next one that has the same object id.
    void remember(ConfigVersion version) { last_ = std::move(version); }

private:
    void begin(const repo::CatFilePiece& piece) {
        digests_.reset();
        if (!piece.found) {
            reading_ = {"", std::make_shared<const BaselineDigests>()}; // absent: no baselines
        } else if (last_ && last_->oid == piece.oid) {
            reading_ = *last_;
        } else {
            reading_ = {std::string(piece.oid), nullptr}; // null until its digests are read
            digests_.emplace(key_);
        }
    }

    SipKey key_ = random_sip_key();
    std::optional<ConfigVersion> last_;
    ConfigVersion reading_;                       // the answer arriving
    std::optional<BaselineDigestReader> digests_; // its digests, when it is read
};

} // namespace detail

// The newest of the last `limit` commits touching `config_path` whose baselines differ from its
// parent's — the commit that last refreshed the committed baselines — or "" when none does
// within the window. A commit that only edits case definitions is not a refresh, and neither is
// one where either side exists but does not parse: a commit that breaks or repairs the JSON
// says nothing about measurements. A file created with baselines is a refresh.
//
// The versions stream through one `git cat-file --batch` per batch of commits and are judged
// as they arrive, so the walk holds one commit's two versions' digests at a time, never the
// history nor a version's text; a pair git did not answer whole is not judged.
ODO_API std::string last_baseline_refresh(const repo::Git& git, const std::string& config_path,
                                          int limit = 100);
#if ODO_BASELINE_DEFINITIONS
ODO_API std::string last_baseline_refresh(const repo::Git& git, const std::string& config_path,
                                          int limit) {
    const std::vector<std::string> commits = git.commits_touching(config_path, limit);
    detail::ConfigVersionReader reader;
    // Most refreshes are among the newest commits: read a small batch first, then the rest.
    const std::size_t first_batch = 8;
    for (std::size_t begin = 0; begin < commits.size();) {
        const std::size_t end = begin == 0 ? std::min(first_batch, commits.size()) : commits.size();
        std::vector<std::string> specs;
        for (std::size_t i = begin; i < end; ++i) {
            specs.push_back(commits[i] + ":" + config_path);
            specs.push_back(commits[i] + "~1:" + config_path);
        }
        std::size_t answered = 0;
        std::optional<detail::ConfigVersion> after;
        std::string refresh;
        git.stream_object_pieces(specs, [&](const repo::CatFilePiece& piece) {
            std::optional<detail::ConfigVersion> read = reader.read(piece);
            if (!read)
                return true;
            detail::ConfigVersion version = std::move(*read);
            const std::size_t commit = begin + answered / 2;
            const bool is_after = answered++ % 2 == 0;
            if (is_after) {
                after = std::move(version);
                reader.remember(*after);
                return true;
            }
            if (after->baselines && version.baselines && *after->baselines != *version.baselines)
                refresh = commits[commit];
            after.reset();
            reader.remember(std::move(version));
            return refresh.empty(); // the rest of the batch is read past, not kept
        });
        if (!refresh.empty())
            return refresh;
        begin = end;
    }
    return {};
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
