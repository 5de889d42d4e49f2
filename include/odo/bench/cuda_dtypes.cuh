#pragma once
#include "odo/bench/dtype.hpp"

#include <cuda_fp16.h>
#include <vector_types.h>

namespace odo::bench {

// InOutDataType names of the CUDA element types, as CV-CUDA's configs spell them.
ODO_BENCH_DTYPE_NAME(__half, "float16");
ODO_BENCH_DTYPE_NAME(uchar1, "uchar1");
ODO_BENCH_DTYPE_NAME(uchar2, "uchar2");
ODO_BENCH_DTYPE_NAME(uchar3, "uchar3");
ODO_BENCH_DTYPE_NAME(uchar4, "uchar4");
ODO_BENCH_DTYPE_NAME(char1, "char1");
ODO_BENCH_DTYPE_NAME(char2, "char2");
ODO_BENCH_DTYPE_NAME(char3, "char3");
ODO_BENCH_DTYPE_NAME(char4, "char4");
ODO_BENCH_DTYPE_NAME(ushort1, "ushort1");
ODO_BENCH_DTYPE_NAME(ushort2, "ushort2");
ODO_BENCH_DTYPE_NAME(ushort3, "ushort3");
ODO_BENCH_DTYPE_NAME(ushort4, "ushort4");
ODO_BENCH_DTYPE_NAME(short1, "short1");
ODO_BENCH_DTYPE_NAME(short2, "short2");
ODO_BENCH_DTYPE_NAME(short3, "short3");
ODO_BENCH_DTYPE_NAME(short4, "short4");
ODO_BENCH_DTYPE_NAME(uint1, "uint1");
ODO_BENCH_DTYPE_NAME(uint2, "uint2");
ODO_BENCH_DTYPE_NAME(uint3, "uint3");
ODO_BENCH_DTYPE_NAME(uint4, "uint4");
ODO_BENCH_DTYPE_NAME(int1, "int1");
ODO_BENCH_DTYPE_NAME(int2, "int2");
ODO_BENCH_DTYPE_NAME(int3, "int3");
ODO_BENCH_DTYPE_NAME(int4, "int4");
ODO_BENCH_DTYPE_NAME(float1, "float1");
ODO_BENCH_DTYPE_NAME(float2, "float2");
ODO_BENCH_DTYPE_NAME(float3, "float3");
ODO_BENCH_DTYPE_NAME(float4, "float4");

} // namespace odo::bench
