#pragma once
// HOST-ONLY (reads a SourceTree, whose revision reader runs git). The fingerprint of the sources a
// refactor_op report judged, which its Review/refactor gate line (gate_line.hpp) names.
#include "odo/core/blake2b.hpp"
#include "odo/core/linkage.hpp"
#include "odo/refactor/gate_line.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/source_tree.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace odo::refactor {

// BLAKE2b-64 over the operator's judged sources (public headers, private sources, binding) as
// "<path>\0<bytes>\0" in path order, a missing file as "<path>\0-\0"; 16 hex digits.
ODO_API std::string sources_fingerprint(const repo::SourceTree& tree,
                                        const repo::OperatorPaths& op);
#if ODO_REFACTOR_DEFINITIONS
ODO_API std::string sources_fingerprint(const repo::SourceTree& tree,
                                        const repo::OperatorPaths& op) {
    std::vector<std::string> paths = op.priv;
    for (const std::string& path : {op.header, op.hpp, op.pybind})
        if (!path.empty())
            paths.push_back(path);
    std::sort(paths.begin(), paths.end());
    paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
    tree.prefetch(paths);
    std::string all;
    for (const std::string& path : paths) {
        const auto text = tree.read(path);
        all += path + '\0' + (text ? *text : std::string("-")) + '\0';
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(blake2b_64(all)));
    return hex;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
