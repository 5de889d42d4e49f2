#pragma once

namespace odo::bench {

// Makes the compiler assume `value` is read and memory is touched, so host work whose result
// is never used is not optimized away (Google Benchmark's DoNotOptimize).
template <class T>
inline void do_not_optimize(T const& value) {
    asm volatile("" : : "r,m"(value) : "memory");
}

} // namespace odo::bench
