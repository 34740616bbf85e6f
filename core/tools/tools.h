/*
 * The tool dispatch table, shared by the MCP server and the CLI: one row per
 * tool (name, description, input and output schemas, annotations, flags,
 * handler), and what the handlers run in: the repository (shared), a reader
 * (one read connection per thread) and a per-call context (progress,
 * cancellation). Adding a tool is one row in table.c and one handler.
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
    CORTEX_TOOL_LONG = 1 << 3,        /* may take seconds: reports progress, honours cancellation */
    CORTEX_TOOL_CORE = 1 << 4,        /* in the core profile (mcp.tools: core) */
    CORTEX_TOOL_DESTRUCTIVE = 1 << 5, /* writes and may destroy: annotated destructiveHint */
    CORTEX_TOOL_IDEMPOTENT = 1 << 6   /* writes, but a repeat changes nothing more: idempotentHint */
} cortex_tool_flags;

/** The tool profiles an MCP client is served (mcp.tools): every tool, or the
 *  rows flagged CORTEX_TOOL_CORE. */
typedef enum cortex_tool_profile {
    CORTEX_TOOL_PROFILE_FULL,
    CORTEX_TOOL_PROFILE_CORE
} cortex_tool_profile;

/** The repository: root, data directory, configuration, plugins, enabled
 *  groups. Shared by every thread, read-only once open and set up. */
typedef struct cortex_repo cortex_repo;
/** One read connection to the store; used by one thread at a time. */
typedef struct cortex_reader cortex_reader;

/** What one call runs with: the calling thread's reader and the caller's
 *  progress and cancellation. Lives for the call; the caller fills it. */
typedef struct cortex_tool_ctx {
    cortex_reader *reader;
    cortex_index_progress_cb progress; /* optional: a long call's files done of total */
    void *progress_payload;
    void (*waiting)(long holder_pid, void *payload); /* optional: the call waits for another index run
                                                        (payload: progress_payload) */
    const atomic_int *cancelled;       /* optional: non-zero stops the call (CORTEX_ECANCELLED) */
    const char *origin;                /* optional: who calls ("mcp", "cli"): a memory's default source */
    int background;                    /* no one waits on the call (a service's own reindex): its index runs
                                          give way to the calls that answer (cortex_index_options.background) */
    int failure;                       /* out: a failed call's negative code (CORTEX_EINVALID for arguments
                                          the schema refuses; CORTEX_ESTALE for handles of an older
                                          generation), what an HTTP front end answers a status by */
} cortex_tool_ctx;

/** A tool's body: on success `*out` is its structured result (one reference, caller owns). */
typedef int (*cortex_tool_handler)(json_t **out, cortex_tool_ctx *ctx, json_t *args);

/* Every field but the two pointers comes from the tool's entry in schemas.json. */
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
/** What tools/list serves (schema_compact.c): the input schema without the bounds
 *  the server checks itself, and the output schema's outline, which every result
 *  the whole schema accepts conforms to. Borrowed, live for the process. */
const json_t *cortex_tool_listed_input_schema(const cortex_tool *t);
const json_t *cortex_tool_listed_output_schema(const cortex_tool *t);
const cortex_tool *cortex_tool_find_command(const char *command);
/** The tool of `t`'s group whose `operation` parameter offers `operation`
 *  (`cortex memory remove` runs memory_delete), else `t`. */
const cortex_tool *cortex_tool_for_operation(const cortex_tool *t, const char *operation);
int cortex_tool_enabled(const cortex_repo *repo, const cortex_tool *t);
/** Parses a group list ("search,graph") into disabled-group bits; -1 on an unknown name. */
int cortex_tool_groups_parse(const char *list, unsigned *bits);
/** Profile names, NULL-terminated, indexed by cortex_tool_profile: "full", "core". */
extern const char *const cortex_tool_profiles[];
/** Parses a profile name; -1 on an unknown one. */
int cortex_tool_profile_parse(const char *name, cortex_tool_profile *out);
/** Appends the MCP server's instructions, made from the table: each group's tools with their titles. */
void cortex_tools_instructions(cortex_buf *out);

/* ---- the repository (repo.c) -------------------------------------------- */

/** Opens `root` (need not be indexed yet). A broken configuration does not
 *  fail the open: cortex_repo_config() is then NULL and indexing refuses to
 *  run. 0, or a negative code with the message set. Caller owns `*out`; close
 *  with cortex_repo_close() after every reader and thread using it is done. */
int cortex_repo_open(cortex_repo **out, const char *root);
/** As cortex_repo_open(), with the index in `data_dir` (an absolute path;
 *  NULL = <root>/.cortex): a second store of the same tree (the HTTP
 *  service's partial store). Every index run of its readers goes there. */
int cortex_repo_open_at(cortex_repo **out, const char *root, const char *data_dir);
void cortex_repo_close(cortex_repo *repo);

/** Gives the tools a clock of the tree's changes (a watch's, index/watch.h:
 *  two equal readings other than 0 mean nothing changed between them), with
 *  which an answer that checked the files it read need not check them again
 *  until the clock moves; NULL takes it away. `clock` is called under a lock
 *  this call also takes, so once it returns the old one is no longer called. */
void cortex_repo_set_change_clock(cortex_repo *repo, uint64_t (*clock)(void *arg), void *arg);

/** Examines, at the change clock's reading now, the files each answer kept
 *  beside the store read (answer_cache.h), so that the first call that takes
 *  one need not: a front end calls it once its watch gives the clock. How
 *  many were found as they read them, of how many of the store's generation
 *  read files (`*checked`); both 0 without a clock. */
unsigned cortex_repo_check_kept_answers(cortex_repo *repo, unsigned *checked);

/** Borrowed; valid until the repository is closed. */
const char *cortex_repo_root(const cortex_repo *repo);        /* a realpath */
const char *cortex_repo_data_dir(const cortex_repo *repo);    /* <root>/.cortex */
const char *cortex_repo_store_path(const cortex_repo *repo);  /* <root>/.cortex/cortex.db */
/** The configuration, or NULL when it does not load (cortex_repo_config_error() says why). */
const cortex_config *cortex_repo_config(const cortex_repo *repo);
const char *cortex_repo_config_error(const cortex_repo *repo); /* NULL when the configuration loaded */
/** The plugins, loaded on first call (thread-safe); borrowed. */
cortex_plugin_set *cortex_repo_plugins(cortex_repo *repo);

/* Settings, set after the open and before the repository is shared. */
void cortex_repo_set_disabled_groups(cortex_repo *repo, unsigned bits); /* bit i set: group i hidden */
unsigned cortex_repo_disabled_groups(const cortex_repo *repo);
/** The profile served (default full): under core, a tool without CORTEX_TOOL_CORE is
 *  hidden as a disabled group's tools are. */
void cortex_repo_set_tool_profile(cortex_repo *repo, cortex_tool_profile profile);
cortex_tool_profile cortex_repo_tool_profile(const cortex_repo *repo);
/** On (the default): a result that mentions a few files changed on disk is answered
 *  again after they are re-indexed. Off: they are reported as stale. */
void cortex_repo_set_auto_refresh(cortex_repo *repo, int on);

/* ---- a reader (session.c) ----------------------------------------------- */

/** A read connection on `repo`, open when the store exists (see
 *  cortex_reader_reopen()). Caller owns `*out`; close with cortex_reader_close(). */
int cortex_reader_open(cortex_reader **out, cortex_repo *repo);
void cortex_reader_close(cortex_reader *r);
/** Opens the connection when the store exists and it is not open yet. */
int cortex_reader_reopen(cortex_reader *r);
/** Non-zero when the store is open. */
int cortex_reader_ready(const cortex_reader *r);
/** The generation of the store's last committed run, 0 when there is no store. */
int64_t cortex_reader_generation(cortex_reader *r);
/** Files in the store (counted once per generation), 0 when there is none. */
int64_t cortex_reader_files(cortex_reader *r);
cortex_repo *cortex_reader_repo(const cortex_reader *r);

/** Runs an index of the whole repository (every sink) with the call's progress
 *  and cancellation, and reopens the reader's connection. */
int cortex_tool_index(cortex_index_report *out, cortex_tool_ctx *ctx);

typedef enum cortex_tool_outcome {
    CORTEX_TOOL_OK,        /* *out is the structured result */
    CORTEX_TOOL_FAILED,    /* *out is {"error": message}: a tool execution error an agent can act on */
    CORTEX_TOOL_CANCELLED  /* *out is NULL */
} cortex_tool_outcome;

/** Validates `args` (borrowed; NULL = {}) against the tool's input schema,
 *  applies defaults, indexes first when the store is missing, runs the
 *  handler, and adds the index freshness. Caller owns `*out`. */
cortex_tool_outcome cortex_tool_call(json_t **out, cortex_tool_ctx *ctx, const cortex_tool *t, json_t *args);

/** The text an agent reads: compact text when args.format is "text" (or `text` is
 *  set), else the structured result as JSON. Caller frees. */
char *cortex_tool_render(const cortex_tool *t, const json_t *result, int text);

/** Non-zero when an MCP answer's text is the compact form: `args.format` (borrowed,
 *  may be NULL), else the default of the tool's `format` parameter in schemas.json;
 *  a tool without one answers JSON. */
int cortex_tool_wants_text(const cortex_tool *t, const json_t *args);

#endif
