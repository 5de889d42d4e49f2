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

// The versions of a config along its history, read one at a time: a commit's parent version is
// usually the next older commit's own, so an object id seen just before is not read again. Each
// version is digested as it is read (baseline_digest.hpp), under one random key per walk.
class ConfigVersionReader {
public:
    ConfigVersion read(std::string_view oid, std::optional<std::string_view> contents) {
        if (!contents)
            return {"", std::make_shared<const BaselineDigests>()}; // absent: no baselines
        if (last_ && !oid.empty() && last_->oid == oid)
            return *last_;
        auto baselines = baseline_digests(*contents, key_);
        return {std::string(oid),
                baselines ? std::make_shared<const BaselineDigests>(std::move(*baselines))
                          : nullptr};
    }

    // The version to reuse for the next one that has the same object id.
    void remember(ConfigVersion version) { last_ = std::move(version); }

private:
    SipKey key_ = random_sip_key();
    std::optional<ConfigVersion> last_;
};

} // namespace detail

// The newest of the last `limit` commits touching `config_path` whose baselines differ from its
// parent's — the commit that last refreshed the committed baselines — or "" when none does
// within the window. A commit that only edits case definitions is not a refresh, and neither is
// one where either side exists but does not parse: a commit that breaks or repairs the JSON
// says nothing about measurements. A file created with baselines is a refresh.
//
// The versions stream through one `git cat-file --batch` per batch of commits and are judged
// as they arrive, so the walk holds one commit's two versions at a time, never the history;
// a pair git did not answer whole is not judged.
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
        git.stream_objects(specs, [&](const std::string&, std::string_view oid,
                                      std::optional<std::string_view> contents) {
            const std::size_t commit = begin + answered / 2;
            const bool is_after = answered++ % 2 == 0;
            detail::ConfigVersion version = reader.read(oid, contents);
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
