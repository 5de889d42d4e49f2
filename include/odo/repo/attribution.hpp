#pragma once
#include "odo/core/linkage.hpp"
#include "odo/repo/include_graph.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/ownership.hpp"
#include "odo/repo/path_template.hpp"
#include "odo/repo/path_text.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::repo {

// Which operators' benchmarks a change to a path can move (review-refactor.md §4.3): used by
// the baseline-freshness gate to decide whether committed baselines are stale. Holds the
// repository's include graph, built on the first header that needs it and then reused, so
// attributing a whole diff scans the sources once.
class Attribution {
public:
    Attribution(std::filesystem::path repo_root, Layout layout, OperatorSet ops)
        : repo_root_(std::move(repo_root)), layout_(std::move(layout)), ops_(std::move(ops)),
          cache_(std::make_shared<Cache>()) {}

    OperatorSet operators_for_path(std::string_view path) const {
        return owners_of(normalize_path(path), true);
    }

private:
    // Built on first use and shared by copies: the include graph, and what is known of each
    // includer met while deriving headers (the includers of neighbouring headers overlap).
    struct Cache {
        std::once_flag graph_built;
        std::optional<IncludeGraph> graph;
        std::mutex mutex;
        std::map<std::string, OperatorSet> includer_owners;
        std::map<std::string, bool> includer_is_broad;
    };

    bool matches_any(const std::vector<std::string>& keys, std::string_view path) const {
        return std::any_of(keys.begin(), keys.end(),
                           [&](const std::string& key) { return path_key_matches(key, path); });
    }

    bool is_broad(std::string_view path) const {
        const auto& a = layout_.attribution;
        return matches_any(a.broad_sources, path) ||
               std::any_of(
                   a.broad_prefixes.begin(), a.broad_prefixes.end(),
                   [&](const std::string& prefix) { return text::starts_with(path, prefix); });
    }

    std::optional<std::string> exact(std::string_view body) const {
        return exact_owner(body, ops_, layout_.attribution.name_suffixes);
    }

    OperatorSet shared_owners(const std::string& path) const {
        OperatorSet owners;
        for (const auto& [key, ops] : layout_.attribution.multi_op_sources)
            if (path_key_matches(key, path))
                owners.insert(ops.begin(), ops.end());
        return owners;
    }

    std::optional<std::string> bench_artifact_owner(const std::string& path) const {
        for (const auto& tpl : per_operator_bench_templates(layout_))
            if (auto body = match_template(tpl, path))
                if (auto owner = exact(*body))
                    return owner;
        return std::nullopt;
    }

    // "src/cvcuda/priv/OpResize.cu" under the root "src/cvcuda/priv/Op" names "Resize".
    std::optional<std::string> op_prefixed_owner(const std::string& path) const {
        for (const auto& root : layout_.attribution.op_prefixed_roots) {
            if (!text::starts_with(path, root) || path.find('/', root.size()) != std::string::npos)
                continue;
            const std::string_view stem = file_stem(path);
            const std::string_view prefix = file_name(root);
            if (text::starts_with(stem, prefix))
                if (auto owner = exact(stem.substr(prefix.size())))
                    return owner;
        }
        return std::nullopt;
    }

    bool is_derivable_header(const std::string& path) const {
        const auto& a = layout_.attribution;
        const std::string ext(file_extension(path));
        return std::find(a.header_extensions.begin(), a.header_extensions.end(), ext) !=
                   a.header_extensions.end() &&
               std::any_of(a.include_roots.begin(), a.include_roots.end(),
                           [&](const std::string& root) { return is_under(path, root); });
    }

    const IncludeGraph& graph() const {
        std::call_once(cache_->graph_built, [&] {
            cache_->graph = IncludeGraph::scan(repo_root_, layout_.attribution.include_roots,
                                               layout_.attribution.include_extensions);
        });
        return *cache_->graph;
    }

    bool is_broad_includer(const std::string& includer) const {
        const std::lock_guard<std::mutex> lock(cache_->mutex);
        auto [it, inserted] = cache_->includer_is_broad.try_emplace(includer);
        if (inserted)
            it->second = is_broad(includer);
        return it->second;
    }

    OperatorSet underived_owners(const std::string& includer) const {
        const std::lock_guard<std::mutex> lock(cache_->mutex);
        auto [it, inserted] = cache_->includer_owners.try_emplace(includer);
        if (inserted)
            it->second = owners_of(includer, false);
        return it->second;
    }

    // A header no rule claims belongs to the operators of the files including it, found
    // without deriving again and without walking through broad files.
    OperatorSet includer_owners(const std::string& header) const {
        OperatorSet owners;
        const auto includers = graph().transitive_includers(
            header, [&](const std::string& f) { return is_broad_includer(f); });
        for (const auto& includer : includers) {
            const OperatorSet found = underived_owners(includer);
            owners.insert(found.begin(), found.end());
        }
        return owners;
    }

    // Steps 2-9 of §4.3, in order; the first rule that names an operator decides.
    OperatorSet owners_of(const std::string& path, bool derive_headers) const {
        const auto& a = layout_.attribution;
        if (path.empty() || matches_any(a.unowned_sources, path))
            return {};
        if (OperatorSet shared = shared_owners(path); !shared.empty())
            return shared;
        if (auto owner = bench_artifact_owner(path))
            return {*owner};
        if (is_broad(path))
            return ops_;
        if (auto owner = op_prefixed_owner(path))
            return {*owner};
        if (is_under(path, layout_.paths.priv_dir))
            if (auto owner = exact(file_stem(path)))
                return {*owner};
        if (derive_headers && is_derivable_header(path))
            return includer_owners(path);
        return {};
    }

    std::filesystem::path repo_root_;
    Layout layout_;
    OperatorSet ops_;
    std::shared_ptr<Cache> cache_;
};

#if ODO_REPO_DEFINITIONS
// The operators one path attributes to. Each call scans the include graph afresh when a header
// needs it; attribute_paths or an Attribution object share one scan across many paths.
inline OperatorSet operators_for_path(std::string_view path, const OperatorSet& ops,
                                      const std::filesystem::path& repo_root,
                                      const Layout& layout) {
    return Attribution(repo_root, layout, ops).operators_for_path(path);
}

// Normalized path -> its operators, for every path of a change.
inline std::map<std::string, OperatorSet> attribute_paths(const std::vector<std::string>& paths,
                                                          const OperatorSet& ops,
                                                          const std::filesystem::path& repo_root,
                                                          const Layout& layout) {
    const Attribution attribution(repo_root, layout, ops);
    std::map<std::string, OperatorSet> out;
    for (const auto& path : paths)
        out[normalize_path(path)] = attribution.operators_for_path(path);
    return out;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
