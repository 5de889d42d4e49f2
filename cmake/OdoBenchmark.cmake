# CMake helpers for op repositories that embed odo's benchmark primitives (see docs).
