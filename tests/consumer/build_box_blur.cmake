# Script mode: install odo into a scratch prefix, then configure, build and run the box blur
# project (box_blur/): its GoogleTest pixel test passes and prints the evidence line, and its
# benchmark lists the config's cases and measures them into a run artifact.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

include(${CMAKE_CURRENT_LIST_DIR}/../support/run_checked.cmake)

function(expect_in text what)
  string(FIND "${text}" "${what}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${what}' in:\n${text}")
  endif()
endfunction()

run(${CMAKE_COMMAND} --install ${ODO_BINARY_DIR} --prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} -S ${PROJECT_DIR} -B ${WORK_DIR}/build -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)

run(${WORK_DIR}/build/test_box_blur)
expect_in("${last_output}" "[  PASSED  ] 1 test")
expect_in("${last_output}" "TestBoxBlur.keeps_a_ramp_away_from_the_borders")

run(${WORK_DIR}/build/bench_box_blur --list)
set(cases "box_blur_uint8_basic[InOutDataType=uint8][height=48][width=64][radius=1]\n"
          "box_blur_uint8_basic[InOutDataType=uint8][height=48][width=64][radius=2]\n")
string(CONCAT cases ${cases})
if(NOT last_output STREQUAL cases)
  message(FATAL_ERROR "unexpected --list output: '${last_output}'")
endif()
run(${WORK_DIR}/build/bench_box_blur --min-time 0.02 --sku consumer_host
    --json ${WORK_DIR}/run.json)
file(READ ${WORK_DIR}/run.json artifact)
string(JSON measured LENGTH "${artifact}" baselines)
if(NOT measured EQUAL 2)
  message(FATAL_ERROR "the run artifact holds ${measured} case keys, not 2:\n${artifact}")
endif()
