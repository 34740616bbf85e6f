# Helpers to compile tree-sitter grammars and build language plugins.
#
# cortex_add_grammar(<target> <src-dir> [SCANNER <file>]): a static,
# position-independent library of a grammar's parser.c (and scanner.c when
# present, or SCANNER: a file of ours that includes the grammar's scanner.c to
# mend it). Grammars are third-party code: built optimised, without warnings
# or sanitizers.
#
# cortex_add_plugin(<name> SOURCES ... GRAMMARS ... QUERIES ...): a plugin
# shared object in ${CORTEX_BUILD_PLUGIN_DIR}; each .scm query file is
# embedded as a C string in a generated header "<name>_queries.h" that defines
# cortex_query_<basename> for each file.

function(cortex_add_grammar target srcdir)
  cmake_parse_arguments(G "" "SCANNER" "" ${ARGN})
  set(srcs "${srcdir}/parser.c")
  if(G_SCANNER)
    list(APPEND srcs "${G_SCANNER}")
  elseif(EXISTS "${srcdir}/scanner.c")
    list(APPEND srcs "${srcdir}/scanner.c")
  endif()
  add_library(${target} STATIC ${srcs})
  target_include_directories(${target} PRIVATE "${srcdir}")
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON
                        C_VISIBILITY_PRESET hidden C_STANDARD 11 C_EXTENSIONS ON)
  target_compile_options(${target} PRIVATE -w -O2)
endfunction()

function(cortex_embed_queries out_header)
  set(inputs ${ARGN})
  string(REPLACE ";" "|" packed "${inputs}") # a list would split into several arguments
  add_custom_command(
    OUTPUT "${out_header}"
    COMMAND ${CMAKE_COMMAND} -DOUT=${out_header} "-DINPUTS=${packed}"
            -P "${CORTEX_CMAKE_DIR}/EmbedQueries.cmake"
    DEPENDS ${inputs} "${CORTEX_CMAKE_DIR}/EmbedQueries.cmake"
    COMMENT "Embedding queries into ${out_header}" VERBATIM)
endfunction()

set(CORTEX_CMAKE_DIR "${CMAKE_CURRENT_LIST_DIR}" CACHE INTERNAL "")

function(cortex_add_plugin name)
  cmake_parse_arguments(P "" "" "SOURCES;GRAMMARS;QUERIES" ${ARGN})
  set(gen "${CMAKE_CURRENT_BINARY_DIR}/generated")
  cortex_embed_queries("${gen}/${name}_queries.h" ${P_QUERIES})
  add_library(cortex_plugin_${name} MODULE ${P_SOURCES} "${gen}/${name}_queries.h")
  target_include_directories(cortex_plugin_${name} PRIVATE "${gen}" "${CMAKE_SOURCE_DIR}/sdk/include")
  target_link_libraries(cortex_plugin_${name} PRIVATE ${P_GRAMMARS})
  target_compile_options(cortex_plugin_${name} PRIVATE ${CORTEX_WARNINGS})
  set_target_properties(cortex_plugin_${name} PROPERTIES
    PREFIX "" OUTPUT_NAME "${name}" C_VISIBILITY_PRESET hidden
    LIBRARY_OUTPUT_DIRECTORY "${CORTEX_BUILD_PLUGIN_DIR}")
  # In a fuzz build the sanitizers' and the fuzzer's symbols come from the executable.
  if(NOT CORTEX_FUZZ)
    target_link_options(cortex_plugin_${name} PRIVATE -Wl,--no-undefined)
  endif()
  install(TARGETS cortex_plugin_${name} LIBRARY DESTINATION "${CORTEX_PLUGIN_INSTALL_DIR}")
endfunction()
