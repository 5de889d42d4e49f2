#pragma once
// What every phase reads from the repository's bench tree: the operator universe (the bench
// manifest's keys, used for attribution) and the reference SKUs. An absent file is an empty
// universe, as in the reference; a malformed one throws InputError naming the file.
#include "odo/core/linkage.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/ownership.hpp"
#include "odo/repo/repo_path.hpp"
#include "odo/surface/manifest.hpp"
#include "odo/surface/sku_map.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace odo::gates {

#if ODO_GATES_DEFINITIONS
// Refuses a file the manifest's include patterns reach outside the repository.
inline surface::FileGuard inside(const std::filesystem::path& repo_root) {
    const std::filesystem::path base = std::filesystem::weakly_canonical(repo_root);
    return [base](const std::filesystem::path& file) {
        repo::repo_file_path(base, file.lexically_relative(base));
    };
}

inline repo::OperatorSet manifest_operators(const std::filesystem::path& repo_root,
                                            const repo::Layout& layout) {
    repo::OperatorSet ops;
    const std::filesystem::path manifest = repo::repo_file_path(repo_root, layout.paths.manifest);
    if (std::filesystem::exists(manifest))
        for (const std::string& name :
             surface::load_manifest_file(manifest, inside(repo_root)).operator_names())
            ops.insert(name);
    return ops;
}

// The repository's SKU map; empty when it has none.
inline surface::SkuMap reference_sku_map(const std::filesystem::path& repo_root,
                                         const repo::Layout& layout) {
    const std::filesystem::path sku_map = repo::repo_file_path(repo_root, layout.paths.sku_map);
    if (!std::filesystem::exists(sku_map))
        return {};
    return surface::load_sku_map(sku_map);
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
