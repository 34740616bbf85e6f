/*
 * The CLI's command table: each command is one row and one handler, walked by
 * the dispatcher in main.c (git's commands[], Lua's luaL_Reg).
 */
#ifndef CORTEX_CLI_COMMANDS_H
#define CORTEX_CLI_COMMANDS_H

#include "../plugin/loader.h"

typedef struct cortex_command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv); /* argv[0] is the command name */
} cortex_command;

extern const cortex_command cortex_commands[];

int cortex_cmd_index(int argc, char **argv);
int cortex_cmd_plugins(int argc, char **argv);
int cortex_cmd_extract(int argc, char **argv);
int cortex_cmd_tool(int argc, char **argv);
int cortex_cmd_mcp(int argc, char **argv);
int cortex_cmd_serve(int argc, char **argv);
int cortex_cmd_config(int argc, char **argv);
int cortex_cmd_watch(int argc, char **argv);

struct cortex_tool;
/** Runs a tool as its own command (`cortex search QUERY ...`). */
int cortex_cmd_tool_command(const struct cortex_tool *t, int argc, char **argv);

/** Loads the plugins from the default search path and prints each refusal to
 *  stderr as one warning line. `lazy`: queries compile on first use (runs that
 *  meet few languages start faster). Caller owns the set. */
cortex_plugin_set *cortex_cli_load_plugins(int quiet, int lazy);

/** The repository a command answers from when none is named: the nearest
 *  directory at or above the current one with a .cortex/, else the enclosing
 *  git work tree, else the current directory. Caller owns `*out` (free());
 *  `*why` (static) says which rule found it. Returns 0 when it is the current
 *  directory, 1 when it lies above, or a negative CORTEX_E* code. */
int cortex_cli_find_root(char **out, const char **why);

#endif
