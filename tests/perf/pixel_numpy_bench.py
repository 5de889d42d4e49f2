#!/usr/bin/env python3
"""numpy.testing on the batch tests/perf/pixel_compare_bench.cpp measures odo on.

Same shape (8 x 1080 x 1920 x 3), same contents, same tolerances, best of several runs, so the
two programs' times can be set side by side (docs/performance.md). Run it with the interpreter
that has Debian's python3-numpy: /usr/bin/python3 tests/perf/pixel_numpy_bench.py [repetitions]
"""
import sys
import time

import numpy as np

SHAPE = (8, 1080, 1920, 3)


def best_seconds(run, repetitions):
    best = float("inf")
    for _ in range(repetitions):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def filled(dtype):
    """The C++ benchmark's pattern: (i * 2654435761) % 251, divided by 7 for floats."""
    index = np.arange(np.prod(SHAPE), dtype=np.uint64)
    values = (index * np.uint64(2654435761)) % np.uint64(251)
    if np.issubdtype(dtype, np.floating):
        return (values.astype(np.float64) / 7.0).astype(dtype).reshape(SHAPE)
    return values.astype(dtype).reshape(SHAPE)


def main():
    repetitions = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"numpy {np.__version__}, batch {' x '.join(map(str, SHAPE))}, best of {repetitions} runs")
    u8 = filled(np.uint8)
    u8_copy = u8.copy()
    f32 = filled(np.float32)
    f32_copy = f32.copy()
    f32_ulp = np.nextafter(f32, np.float32(1e9))
    cases = [
        ("u8 assert_array_equal", lambda: np.testing.assert_array_equal(u8, u8_copy)),
        ("f32 assert_allclose(rtol=1.3e-6, atol=1e-5)",
         lambda: np.testing.assert_allclose(f32, f32_copy, rtol=1.3e-6, atol=1e-5)),
        ("f32 assert_array_equal", lambda: np.testing.assert_array_equal(f32, f32_copy)),
        ("f32 assert_allclose, all 1 ulp off",
         lambda: np.testing.assert_allclose(f32_ulp, f32, rtol=1.3e-6, atol=1e-5)),
    ]
    for name, run in cases:
        seconds = best_seconds(run, repetitions)
        print(f"{name:<46} {seconds * 1e3:9.1f} ms")


if __name__ == "__main__":
    main()
