# cortex_plugin_add(<name> SOURCES <c files> [QUERIES <.scm files>] [INCLUDE_DIRS <dirs>])
#
# Builds <name>.so, a cortex language plugin: hidden visibility so only
# cortex_plugin_v1 is exported, no "lib" prefix, and each query file embedded
# as `static const char cortex_query_<basename>[]` in the generated header
# "<name>_queries.h". Install it with install(TARGETS <name> LIBRARY DESTINATION ...)
# or point $CORTEX_PLUGIN_PATH at the build directory.
set(_CORTEX_PLUGIN_CMAKE_DIR "${CMAKE_CURRENT_LIST_DIR}")

function(cortex_plugin_add name)
  cmake_parse_arguments(P "" "" "SOURCES;QUERIES;INCLUDE_DIRS" ${ARGN})
  set(gen "${CMAKE_CURRENT_BINARY_DIR}/${name}_generated")
  set(header "${gen}/${name}_queries.h")
  set(queries "")
  foreach(q ${P_QUERIES})
    get_filename_component(abs "${q}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND queries "${abs}")
  endforeach()
  string(REPLACE ";" "|" packed "${queries}")
  add_custom_command(OUTPUT "${header}"
    COMMAND ${CMAKE_COMMAND} -DOUT=${header} "-DINPUTS=${packed}" -P "${_CORTEX_PLUGIN_CMAKE_DIR}/EmbedQueries.cmake"
    DEPENDS ${queries} VERBATIM)
  add_library(${name} MODULE ${P_SOURCES} "${header}")
  target_include_directories(${name} PRIVATE "${gen}" ${P_INCLUDE_DIRS})
  target_link_libraries(${name} PRIVATE Cortex::sdk)
  set_target_properties(${name} PROPERTIES PREFIX "" C_VISIBILITY_PRESET hidden POSITION_INDEPENDENT_CODE ON)
endfunction()
