# For the CMake scripts (-P) that install odo and build and run a project against it:
# run(<command> <args>...) stops the script with the command's output when it fails, and leaves
# its standard output in `last_output`.
function(run)
  execute_process(COMMAND ${ARGV} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "command failed (${rc}): ${ARGV}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()
