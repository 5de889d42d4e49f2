#pragma once
#include "odo/core/linkage.hpp"
#include "odo/surface/case_key.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

namespace odo::surface {

// What a case measures, independent of which config declared it and in what axis order: the
// tier and the sorted (axis, value) pairs (summary.md §3.4 "workload identity"). Two cases with
// equal identities time the same work. Ordered like Python's tuples of strings (byte order).
struct WorkloadIdentity {
    std::string tier;
    AxisValues axes; // sorted

    // The identity with `axis` left out, e.g. the FakePlanar signature without `layout`.
    WorkloadIdentity without(std::string_view axis) const {
        WorkloadIdentity out{tier, {}};
        for (const auto& pair : axes)
            if (pair.first != axis)
                out.axes.push_back(pair);
        return out;
    }

    bool has(std::string_view axis, std::string_view value) const {
        return std::any_of(axes.begin(), axes.end(), [&](const auto& pair) {
            return pair.first == axis && pair.second == value;
        });
    }

    friend bool operator<(const WorkloadIdentity& a, const WorkloadIdentity& b) {
        return std::tie(a.tier, a.axes) < std::tie(b.tier, b.axes);
    }
    friend bool operator==(const WorkloadIdentity& a, const WorkloadIdentity& b) {
        return a.tier == b.tier && a.axes == b.axes;
    }
    friend bool operator!=(const WorkloadIdentity& a, const WorkloadIdentity& b) {
        return !(a == b);
    }
};

ODO_API WorkloadIdentity workload_identity(std::string tier, const CaseKey& key);
#if ODO_SURFACE_DEFINITIONS
ODO_API WorkloadIdentity workload_identity(std::string tier, const CaseKey& key) {
    WorkloadIdentity identity{std::move(tier), key.axes};
    std::sort(identity.axes.begin(), identity.axes.end());
    return identity;
}
#endif // ODO_SURFACE_DEFINITIONS

} // namespace odo::surface
