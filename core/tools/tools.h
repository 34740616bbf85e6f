/*
 * The tool dispatch table, shared by the MCP server and the CLI: one row per
 * tool (name, description, input and output schemas, annotations, flags,
 * handler) and one session that owns what the handlers read (the repository
 * root, the store's read connection, the plugins). Adding a tool is one row
 * in table.c and one handler.
 */
#ifndef CORTEX_TOOLS_TOOLS_H
#define CORTEX_TOOLS_TOOLS_H

#include "../config/config.h"
#include "../index/pipeline.h"
#include "../plugin/loader.h"
#include "../store/read.h"
#include "../util/mem.h"

#include <jansson.h>
#include <stdatomic.h>

typedef enum cortex_tool_flags {
    CORTEX_TOOL_NEEDS_INDEX = 1 << 0, /* reads the store: indexed first when it is missing */
    CORTEX_TOOL_READ_ONLY = 1 << 1,   /* annotated readOnlyHint */
    CORTEX_TOOL_PAGED = 1 << 2,       /* a list: limit/offset, total, truncated, format */
    CORTEX_TOOL_LONG = 1 << 3         /* may take seconds: reports progress, honours cancellation */
} cortex_tool_flags;

/** The session the handlers run in. */
typedef struct cortex_tool_session {
    char root[4096];     /* the repository, a realpath */
    char data_dir[4096]; /* <root>/.cortex */
    char store_path[4096];
    cortex_store_reader *db; /* read connection; NULL until the store exists */
    cortex_plugin_set *plugins; /* loaded on first need */
    cortex_config config;       /* the repository's configuration (its default pipeline indexes) */
    int config_ok;              /* 0: config_error says why; nothing is indexed */
    char config_error[1024];
    int auto_refresh;    /* re-index the few changed files a result mentions before answering */
    unsigned disabled_groups; /* bit i set: group i hidden (see cortex_tool_groups) */
    int64_t counted_generation; /* the generation `indexed_files` was counted at */
    int64_t indexed_files;

    /* Set by the caller around each call. */
    cortex_index_progress_cb progress;
    void *progress_payload;
    const atomic_int *cancelled; /* non-zero: stop and return CORTEX_ECANCELLED */
} cortex_tool_session;

typedef int (*cortex_tool_handler)(cortex_tool_session *s, json_t *args, json_t **result);

typedef struct cortex_tool {
    const char *name;
    const char *title;
    const char *group;        /* one of cortex_tool_groups */
    const char *description;  /* for agents: what it answers and when to use it */
    unsigned flags;
    const char *command;      /* the CLI command that runs it */
    const char *positional[3];/* arguments the CLI takes positionally, in order */
    cortex_tool_handler run;
    /* Writes the result as compact text; NULL = the generic list renderer. */
    void (*render)(const json_t *result, cortex_buf *out);
} cortex_tool;

extern const cortex_tool cortex_tools[];
extern const size_t cortex_tool_count;
/** Group names, NULL-terminated; bit i of disabled_groups hides group i. */
extern const char *const cortex_tool_groups[];

const cortex_tool *cortex_tool_find(const char *name);
/** The tool's schemas (from schemas.json, references inlined); borrowed, live for the process. */
const json_t *cortex_tool_input_schema(const cortex_tool *t);
const json_t *cortex_tool_output_schema(const cortex_tool *t);
const cortex_tool *cortex_tool_find_command(const char *command);
int cortex_tool_enabled(const cortex_tool_session *s, const cortex_tool *t);
/** Parses a group list ("search,graph") into disabled-group bits; -1 on an unknown name. */
int cortex_tool_groups_parse(const char *list, unsigned *bits);

/** Opens a session on `root` (need not be indexed yet). 0 or a negative code with the message set. */
int cortex_tool_session_open(cortex_tool_session *s, const char *root);
void cortex_tool_session_close(cortex_tool_session *s);

/** The plugins, loaded on first use. */
cortex_plugin_set *cortex_tool_session_plugins(cortex_tool_session *s);
/** Opens the read connection when the store exists and it is not open yet. */
int cortex_tool_session_reopen(cortex_tool_session *s);

/** Runs an index of the whole repository (every sink) and reopens the read connection. */
int cortex_tool_session_index(cortex_tool_session *s, cortex_index_report *report);

typedef enum cortex_tool_outcome {
    CORTEX_TOOL_OK,        /* *result is the structured result */
    CORTEX_TOOL_FAILED,    /* *result is {"error": message}: a tool execution error an agent can act on */
    CORTEX_TOOL_CANCELLED  /* *result is NULL */
} cortex_tool_outcome;

/** Validates `args` (borrowed; NULL = {}) against the tool's input schema,
 *  applies defaults, indexes first when the store is missing, runs the
 *  handler, and adds the index freshness. */
cortex_tool_outcome cortex_tool_call(cortex_tool_session *s, const cortex_tool *t, json_t *args, json_t **result);

/** The text an agent reads: compact text when args.format is "text" (or `text` is
 *  set), else the structured result as JSON. Caller frees. */
char *cortex_tool_render(const cortex_tool *t, const json_t *result, int text);

#endif
