#pragma once
#include <memory>
#include <type_traits>
#include <utility>

namespace odo::bench::detail {

template <class Signature>
class FunctionRef;

// A non-owning reference to a callable: what the backends receive instead of std::function, so
// handing the launcher through a virtual call neither allocates nor copies it. The callable
// must outlive the reference.
template <class R, class... Args>
class FunctionRef<R(Args...)> {
public:
    template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, FunctionRef>>>
    FunctionRef(F&& f) noexcept // NOLINT: implicit, like a reference
        : object_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
          call_([](void* object, Args... args) -> R {
              return (*static_cast<std::remove_reference_t<F>*>(object))(
                  std::forward<Args>(args)...);
          }) {}

    R operator()(Args... args) const { return call_(object_, std::forward<Args>(args)...); }

private:
    void* object_;
    R (*call_)(void*, Args...);
};

} // namespace odo::bench::detail
