# Script mode: install odo into a scratch prefix, then configure, build and run a project that
# adds a benchmark with odo_add_benchmark from the installed package.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

include(${CMAKE_CURRENT_LIST_DIR}/../support/run_checked.cmake)

run(${CMAKE_COMMAND} --install ${ODO_BINARY_DIR} --prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} -S ${PROJECT_DIR} -B ${WORK_DIR}/build -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/bench_installed --list)
if(NOT last_output STREQUAL "installed_basic[InOutDataType=uint8][n=3]\n")
  message(FATAL_ERROR "unexpected --list output: '${last_output}'")
endif()
