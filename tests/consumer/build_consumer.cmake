# Script mode: install odo (MODE=install) or point at its source (MODE=subdirectory), then
# configure, build and run the consumer project.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

include(${CMAKE_CURRENT_LIST_DIR}/../support/run_checked.cmake)

set(args -S ${PROJECT_DIR} -B ${WORK_DIR}/build -DCONSUMER_MODE=${MODE})
if(MODE STREQUAL "install")
  run(${CMAKE_COMMAND} --install ${ODO_BINARY_DIR} --prefix ${WORK_DIR}/prefix)
  # The GitLab CI template is installed beside the tools (docs/ci.md).
  if(NOT EXISTS ${WORK_DIR}/prefix/share/odo/ci/gitlab/odo.gitlab-ci.yml)
    message(FATAL_ERROR "the installation has no share/odo/ci/gitlab/odo.gitlab-ci.yml")
  endif()
  list(APPEND args -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix)
else()
  list(APPEND args -DODO_SOURCE_DIR=${ODO_SOURCE_DIR})
endif()
run(${CMAKE_COMMAND} ${args})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/consumer)

# The consumer's own installation must not carry odo along (ODO_INSTALL is off under
# add_subdirectory unless asked for).
if(MODE STREQUAL "subdirectory")
  run(${CMAKE_COMMAND} --install ${WORK_DIR}/build --prefix ${WORK_DIR}/consumer-prefix)
  if(EXISTS ${WORK_DIR}/consumer-prefix/include/odo)
    message(FATAL_ERROR "installing the consumer installed odo's headers too")
  endif()
endif()
