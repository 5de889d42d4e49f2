#pragma once
// A driver's result objects that live until the process ends are freed by its exit, not one
// allocation at a time: the evidence context of a 10,000-case config is hundreds of thousands
// of small values, and destroying them cost about 5 % of the phase for nobody's benefit. A kept
// object stays reachable from a global list, so LeakSanitizer does not count it as a leak.
#include <utility>

namespace odo::driver {
namespace detail {

struct Kept {
    virtual ~Kept() = default;
    Kept* next = nullptr;
};

template <class T>
struct KeptValue final : Kept {
    explicit KeptValue(T&& v) : value(std::move(v)) {}
    T value;
};

// Trivially destructible, so no exit handler walks it before the leak check.
inline Kept* kept_objects = nullptr;

} // namespace detail

// Moves `value` where it lives until exit and is never destroyed; only for what the process
// holds to its end (its destructor's side effects are not run).
template <class T>
const T& kept_until_exit(T&& value) {
    auto* node = new detail::KeptValue<T>(std::move(value));
    node->next = detail::kept_objects;
    detail::kept_objects = node;
    return node->value;
}

} // namespace odo::driver
