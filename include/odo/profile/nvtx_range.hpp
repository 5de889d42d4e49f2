#pragma once
// NVTX ranges in odo's domain, with registered strings (nsys triggers capture on registered
// strings only, and they cost a handle lookup rather than a string copy per push). Portable: with
// <nvtx3/nvToolsExt.h> reachable (building against odo::cuda) the ranges are real; otherwise, or
// with ODO_HAVE_NVTX defined to 0 or NVTX_DISABLE defined, they compile to nothing.
#include "odo/profile/nvtx_domain.hpp"

#include <string_view>

#if !defined(ODO_HAVE_NVTX)
#if defined(NVTX_DISABLE)
#define ODO_HAVE_NVTX 0
#elif defined(__has_include)
#if __has_include(<nvtx3/nvToolsExt.h>)
#define ODO_HAVE_NVTX 1
#else
#define ODO_HAVE_NVTX 0
#endif
#else
#define ODO_HAVE_NVTX 0
#endif
#endif

#if ODO_HAVE_NVTX
// The header-library rule of nvtx3.hpp: explicit-version symbols only, so another library's NVTX
// C++ wrapper of a different version can share a translation unit with this one.
#if !defined(NVTX3_CPP_REQUIRE_EXPLICIT_VERSION)
#define NVTX3_CPP_REQUIRE_EXPLICIT_VERSION
#define ODO_UNDEF_NVTX3_EXPLICIT_VERSION
#endif
#include <nvtx3/nvtx3.hpp>
#if defined(ODO_UNDEF_NVTX3_EXPLICIT_VERSION)
#undef NVTX3_CPP_REQUIRE_EXPLICIT_VERSION
#undef ODO_UNDEF_NVTX3_EXPLICIT_VERSION
#endif

#include <mutex>
#include <string>
#include <unordered_map>
#endif

namespace odo::profile {

#if ODO_HAVE_NVTX
namespace detail {

struct OdoNvtxDomain {
    static constexpr char const* name{"odo"};
};
static_assert(std::string_view(OdoNvtxDomain::name) == nvtx_domain);

using RegisteredName = nvtx3::v1::registered_string_in<OdoNvtxDomain>;

// Each distinct name is registered once for the life of the process; case keys are few, and a
// registered handle must stay valid while any tool may still read it.
inline const RegisteredName& registered_name(std::string_view name) {
    static std::mutex mutex;
    static std::unordered_map<std::string, RegisteredName> names; // nodes: references stay valid
    const std::lock_guard<std::mutex> lock(mutex);
    auto it = names.find(std::string(name));
    if (it == names.end())
        it = names.emplace(std::string(name), RegisteredName(std::string(name))).first;
    return it->second;
}

} // namespace detail
#endif

// A push/pop range named `name` (a case key) in odo's domain, from construction to destruction.
// The benchmark runner opens one around each case.
class ScopedRange {
public:
#if ODO_HAVE_NVTX
    explicit ScopedRange(std::string_view name)
        : range_(nvtx3::v1::event_attributes{detail::registered_name(name)}) {}
#else
    explicit ScopedRange(std::string_view) noexcept {}
#endif
    ScopedRange(const ScopedRange&) = delete;
    ScopedRange& operator=(const ScopedRange&) = delete;

private:
#if ODO_HAVE_NVTX
    nvtx3::v1::scoped_range_in<detail::OdoNvtxDomain> range_;
#endif
};

} // namespace odo::profile
