// The one translation unit of unit_bench that compiles odo's runner, as odo_add_benchmark's
// generated source does for a benchmark executable.
#define ODO_BENCH_IMPLEMENT
#include <odo/bench/runner.hpp>
