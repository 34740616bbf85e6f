# Turns query files into one C header of string constants.
# Usage: cmake -DOUT=<header> -DINPUTS=<a.scm|b.scm> -P EmbedQueries.cmake
string(REPLACE "|" ";" INPUTS "${INPUTS}")
set(text "/* Generated from the .scm query files by cmake/EmbedQueries.cmake; do not edit. */\n")
foreach(f ${INPUTS})
  get_filename_component(base "${f}" NAME_WE)
  file(READ "${f}" body)
  string(REPLACE "\\" "\\\\" body "${body}")
  string(REPLACE "\"" "\\\"" body "${body}")
  string(REPLACE "\n" "\\n\"\n    \"" body "${body}")
  string(APPEND text "static const char cortex_query_${base}[] =\n    \"${body}\";\n")
endforeach()
file(WRITE "${OUT}.tmp" "${text}")
file(RENAME "${OUT}.tmp" "${OUT}")
