#pragma once
// HOST-ONLY: reads git history through odo::repo::Git.
#include "odo/baseline/baseline_map.hpp"
#include "odo/repo/git.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace odo::baseline {

// The newest of the last `limit` commits touching `config_path` whose baselines differ from its
// parent's — the commit that last refreshed the committed baselines — or "" when none does
// within the window. A commit that only edits case definitions is not a refresh, and neither is
// one where either side exists but does not parse: a commit that breaks or repairs the JSON
// says nothing about measurements. A file created with baselines is a refresh.
inline std::string last_baseline_refresh(const repo::Git& git, const std::string& config_path,
                                         int limit = 100) {
    const std::vector<std::string> commits = git.commits_touching(config_path, limit);
    // Most refreshes are among the newest commits: read a small batch first, then the rest,
    // each batch with one `git cat-file --batch`.
    const std::size_t first_batch = 8;
    for (std::size_t begin = 0; begin < commits.size();) {
        const std::size_t end = begin == 0 ? std::min(first_batch, commits.size()) : commits.size();
        std::vector<std::string> specs;
        for (std::size_t i = begin; i < end; ++i) {
            specs.push_back(commits[i] + ":" + config_path);
            specs.push_back(commits[i] + "~1:" + config_path);
        }
        const auto objects = git.read_objects(specs);
        auto baselines_at = [&](const std::string& spec) -> std::optional<BaselineMap> {
            const auto it = objects.find(spec);
            if (it == objects.end() || !it->second)
                return BaselineMap{};                // absent at that revision: no baselines
            return baselines_by_config(*it->second); // nullopt: present but unparseable
        };
        for (std::size_t i = begin; i < end; ++i) {
            const auto after = baselines_at(commits[i] + ":" + config_path);
            const auto before = baselines_at(commits[i] + "~1:" + config_path);
            if (after && before && *after != *before)
                return commits[i];
        }
        begin = end;
    }
    return {};
}

} // namespace odo::baseline
