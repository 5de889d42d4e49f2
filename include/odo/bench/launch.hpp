#pragma once
#include "odo/bench/detail/function_ref.hpp"

// The CUDA runtime's stream type is `CUstream_st*`; declaring the struct lets portable code hand
// streams around without including the CUDA headers.
struct CUstream_st;

namespace odo::bench {

// What the launcher of a benchmark receives for each launch: the stream to put its work on
// (null on the host backend). Work on any other stream is not timed.
class Launch {
public:
    explicit Launch(CUstream_st* stream = nullptr) noexcept : stream_(stream) {}

    // A cudaStream_t in CUDA code.
    CUstream_st* get_stream() const noexcept { return stream_; }

private:
    CUstream_st* stream_;
};

// How the launcher behaves (nvbench's exec tags).
enum class ExecTag {
    Default, // asynchronous launches: cold samples hide the launch, batch samples follow
    Sync,    // the launcher synchronizes itself: no launch hiding, no batch (a batch would
             // deadlock behind the blocking kernel)
};

// What the backends receive: a non-owning reference to the body's launcher.
using LaunchRef = detail::FunctionRef<void(Launch&)>;

} // namespace odo::bench
