# CMake helpers for op repositories that embed odo's benchmark primitives (docs/bench.md).
#
#   odo_add_benchmark(<name> SOURCES <file>... CONFIG <operators/<op>.json> [LIBRARIES <lib>...])
#
# Adds the executable <name> linked to odo::odo, or to odo::cuda when a source is a .cu file,
# and defines ODO_BENCH_CONFIG as the config's absolute path, so main() reads
#
#   odo::bench::Runner runner(argc, argv, ODO_BENCH_CONFIG);
#
# The config is read when the benchmark runs (there is no generated header), so editing values
# or baselines needs no rebuild; `--config PATH` points a built binary at another file.
# Works in odo's own tree and from an installed odo (find_package(odo)).
function(odo_add_benchmark name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "CONFIG" "SOURCES;LIBRARIES")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "odo_add_benchmark(${name}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_SOURCES OR NOT arg_CONFIG)
    message(FATAL_ERROR "odo_add_benchmark(${name}): SOURCES and CONFIG are required")
  endif()
  cmake_path(ABSOLUTE_PATH arg_CONFIG BASE_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
             OUTPUT_VARIABLE config)
  if(NOT EXISTS ${config})
    message(FATAL_ERROR "odo_add_benchmark(${name}): no config at ${config}")
  endif()

  set(odo_target odo::odo)
  foreach(source IN LISTS arg_SOURCES)
    if(source MATCHES "\\.cu$")
      set(odo_target odo::cuda)
    endif()
  endforeach()
  if(NOT TARGET ${odo_target})
    message(FATAL_ERROR "odo_add_benchmark(${name}): ${odo_target} is not available "
                        "(a .cu benchmark needs the CUDA Toolkit)")
  endif()

  add_executable(${name} ${arg_SOURCES})
  target_link_libraries(${name} PRIVATE ${odo_target} ${arg_LIBRARIES})
  target_compile_definitions(${name} PRIVATE ODO_BENCH_CONFIG="${config}")
endfunction()
