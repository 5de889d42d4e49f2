#pragma once
// The replaced global operator new and delete behind odo/bench/allocation_hook.hpp: every standard
// form, allocating with malloc (posix_memalign beyond the default alignment) and freeing with
// free, so any delete frees what any new allocated. Included only by the runner's implementation,
// once per executable: replacements may not be inline, and a second definition is a link error.
// A program with replacements of its own defines ODO_BENCH_NO_ALLOCATION_HOOK in that translation
// unit and goes without `--footprint`.
//
// AddressSanitizer still sees every block: it intercepts malloc, posix_memalign and free (only its
// new/delete mismatch report is lost, as both sides here are malloc/free).
#include "odo/bench/allocation_hook.hpp"

#include <cstddef>
#include <cstdlib>
#include <new>

#include <stdlib.h> // posix_memalign

namespace odo::bench::detail {

inline void* allocate_block(std::size_t bytes, std::size_t alignment) noexcept {
    const std::size_t size = bytes == 0 ? 1 : bytes; // each new returns a distinct pointer
    if (alignment <= __STDCPP_DEFAULT_NEW_ALIGNMENT__)
        return std::malloc(size);
    void* block = nullptr;
    return posix_memalign(&block, alignment, size) == 0 ? block : nullptr;
}

// The throwing operator new's contract: retry through the new-handler, else std::bad_alloc.
inline void* hooked_new(std::size_t bytes, std::size_t alignment) {
    while (true) {
        if (void* block = allocate_block(bytes, alignment)) {
            try {
                hook_allocated(block, bytes);
            } catch (...) {
                std::free(block);
                throw;
            }
            return block;
        }
        const std::new_handler handler = std::get_new_handler();
        if (!handler)
            throw std::bad_alloc();
        handler();
    }
}

// A nothrow operator new behaves as the throwing one, with null for the exception.
inline void* hooked_new_nothrow(std::size_t bytes, std::size_t alignment) noexcept {
    try {
        return hooked_new(bytes, alignment);
    } catch (...) {
        return nullptr;
    }
}

inline void hooked_delete(void* block) noexcept {
    if (!block)
        return;
    hook_freed(block);
    std::free(block);
}

inline std::size_t alignment_of(std::align_val_t alignment) noexcept {
    return static_cast<std::size_t>(alignment);
}

} // namespace odo::bench::detail

void* operator new(std::size_t bytes) {
    return odo::bench::detail::hooked_new(bytes, 0);
}
void* operator new[](std::size_t bytes) {
    return odo::bench::detail::hooked_new(bytes, 0);
}
void* operator new(std::size_t bytes, std::align_val_t alignment) {
    return odo::bench::detail::hooked_new(bytes, odo::bench::detail::alignment_of(alignment));
}
void* operator new[](std::size_t bytes, std::align_val_t alignment) {
    return odo::bench::detail::hooked_new(bytes, odo::bench::detail::alignment_of(alignment));
}
void* operator new(std::size_t bytes, const std::nothrow_t&) noexcept {
    return odo::bench::detail::hooked_new_nothrow(bytes, 0);
}
void* operator new[](std::size_t bytes, const std::nothrow_t&) noexcept {
    return odo::bench::detail::hooked_new_nothrow(bytes, 0);
}
void* operator new(std::size_t bytes, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    return odo::bench::detail::hooked_new_nothrow(bytes,
                                                  odo::bench::detail::alignment_of(alignment));
}
void* operator new[](std::size_t bytes, std::align_val_t alignment,
                     const std::nothrow_t&) noexcept {
    return odo::bench::detail::hooked_new_nothrow(bytes,
                                                  odo::bench::detail::alignment_of(alignment));
}

void operator delete(void* block) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete[](void* block) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete(void* block, std::size_t) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete[](void* block, std::size_t) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete(void* block, std::align_val_t) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete[](void* block, std::align_val_t) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete(void* block, std::size_t, std::align_val_t) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete[](void* block, std::size_t, std::align_val_t) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete(void* block, const std::nothrow_t&) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete[](void* block, const std::nothrow_t&) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete(void* block, std::align_val_t, const std::nothrow_t&) noexcept {
    odo::bench::detail::hooked_delete(block);
}
void operator delete[](void* block, std::align_val_t, const std::nothrow_t&) noexcept {
    odo::bench::detail::hooked_delete(block);
}
