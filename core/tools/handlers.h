/*
 * The tool handlers and what they share: store rows (store/read.h) as result
 * objects, pages, snippets read from disk. Internal to core/tools/.
 */
#ifndef CORTEX_TOOLS_HANDLERS_H
#define CORTEX_TOOLS_HANDLERS_H

#include "tools.h"

#include <pthread.h>

/* The structs behind the opaque handles, for the files of core/tools/ alone. */
struct cortex_repo {
    char *root;     /* the repository, a realpath */
    char *data_dir; /* <root>/.cortex */
    char *store_path;
    cortex_config config; /* the repository's configuration (its default pipeline indexes) */
    int config_ok;        /* 0: config_error says why; nothing is indexed */
    char *config_error;
    pthread_mutex_t plugins_lock; /* the plugins load once, on first need, from any thread */
    cortex_plugin_set *plugins;
    int auto_refresh;         /* re-index the few changed files a result mentions before answering */
    unsigned disabled_groups; /* bit i set: group i hidden (see cortex_tool_groups) */
    cortex_tool_profile profile; /* core: only the CORTEX_TOOL_CORE rows are served */
    pthread_mutex_t clock_lock;  /* the change clock is read, and replaced, under it */
    uint64_t (*clock)(void *arg); /* the tree's change clock (cortex_repo_set_change_clock), or NULL */
    void *clock_arg;
    /* kept answers whose notes were found as they are at a change clock's
     * reading: not examined again while the clock reads the same, by any
     * reader (answer_cache.c); guarded by clock_lock */
    struct {
        uint64_t notes, clock; /* a hash of the notes; the reading they were checked at */
    } checked[16];
    unsigned checked_next;
};

struct cortex_reader {
    cortex_repo *repo;          /* borrowed */
    cortex_store_reader *db;    /* read connection; NULL until the store exists */
    struct cortex_handle_log *handles; /* the handle log, opened on first need */
    int handles_failed;                /* it could not be opened: handles are issued unrecorded */
    struct cortex_repo_map *map;       /* explore's repository map, for one generation */
    int64_t counted_generation; /* the generation `indexed_files` was counted at */
    int64_t indexed_files;
    /* the change clock as the last cortex_answer_cache_get read it: before
     * anything the compute after it notes (answer_cache.c) */
    uint64_t clock_at_get;
};

/** The repository's change clock now (cortex_repo_set_change_clock), or 0. */
uint64_t cortex_repo_change_clock(cortex_repo *repo);

int cortex_tool_explore(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_search(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_file_symbols(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_children(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_imports(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_callers(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_callees(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_flush(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_graph(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_analysis(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_query(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_evidence_pack(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_expand(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_memory(json_t **out, cortex_tool_ctx *ctx, json_t *args);
int cortex_tool_memory_delete(json_t **out, cortex_tool_ctx *ctx, json_t *args);

/** The definitions reachable from `id` along references of `kind` in `dir`
 *  (graph_ops.c: CORTEX_STORE_LINKS_* `flags`), to `depth`, at most `max`, as
 *  the graph tool's nodes without context; how many were reached and whether
 *  a limit cut. */
int cortex_tool_reach(json_t **out, size_t *found, int *truncated, cortex_tool_ctx *ctx, int64_t id,
                      cortex_store_edge_dir dir, const char *kind, unsigned flags, unsigned depth, size_t max);

/** Where a language's interfaces are implicit (method_sets.c): appends to
 *  `nodes` (at most `max` in all) the types whose method sets hold every
 *  method of interface `iface` (nothing when it is no interface), or the
 *  interfaces whose methods type `type` has (nothing for an interface: it
 *  says what it embeds), each a definition with depth 1 and "via": "method set". */
int cortex_tool_structural_implementations(json_t *nodes, cortex_reader *s, int64_t iface, size_t max);
int cortex_tool_structural_interfaces(json_t *nodes, cortex_reader *s, int64_t type, size_t max);

/** The reader's handle log (store/handle_log.h), opened on first use; NULL
 *  when it cannot be (a read-only data directory): then expand knows no handle. */
struct cortex_handle_log *cortex_reader_handles(cortex_reader *s);

void cortex_render_explore(const json_t *result, cortex_buf *out);
void cortex_render_flush(const json_t *result, cortex_buf *out);
void cortex_render_graph(const json_t *result, cortex_buf *out);
void cortex_render_analysis(const json_t *result, cortex_buf *out);
/** The index object's stale and refreshed files as lines (nothing when none). */
void cortex_render_freshness(const json_t *result, cortex_buf *out);
void cortex_render_query(const json_t *result, cortex_buf *out);
void cortex_render_evidence_pack(const json_t *result, cortex_buf *out);
void cortex_render_expand(const json_t *result, cortex_buf *out);
void cortex_render_memory(const json_t *result, cortex_buf *out);

/* ---- shared by the handlers ------------------------------------------- */

/** A JSON string of `n` bytes, invalid UTF-8 replaced by U+FFFD (source text may be any bytes). */
json_t *cortex_json_text(const char *s, size_t n);
/** A store string as JSON: a string, or JSON null for NULL. */
json_t *cortex_text_json(const char *s);

/** A symbol row as the object every symbol listing returns. */
json_t *cortex_symbol_json(const cortex_store_symbol *sym);

/** Store callbacks the handlers share: a file's id into `*(int64_t *)payload`;
 *  a symbol as cortex_symbol_json() into `*(json_t **)payload`. */
int cortex_file_id_of(const cortex_store_file *file, void *payload);
int cortex_symbol_into(const cortex_store_symbol *sym, void *payload);

/** A reference as the edge object the graph tools return, into `*out`: its
 *  place, kind, name, qualifier, enclosing symbol, binding and target; with
 *  `db`, an ambiguous one also names its first candidates and how many there
 *  are (NULL: not looked up, as where the listing is of one target's).
 *  0, or the store's code when the candidates cannot be read. */
int cortex_edge_json(json_t **out, const cortex_store_edge *e, cortex_store_reader *db);

/** A store callback: the reference as cortex_edge_json() into `edge`. */
typedef struct cortex_edge_out {
    cortex_store_reader *db; /* NULL: no candidates */
    json_t *edge;
} cortex_edge_out;
int cortex_edge_into(const cortex_store_edge *e, void *payload);

/** Adds "project" to `item` when the file is in a nested project (a
 *  repository inside the root); files of the root's own say nothing. */
void cortex_project_field(json_t *item, const char *project);

/** Resolves the `file` argument to an indexed file: its id into `*out_id` and its
 *  repository path into `out_path` (`path_size` bytes). Fails with an
 *  actionable message when the path leaves the root or is not indexed. */
int cortex_tool_indexed_file(int64_t *out_id, char *out_path, size_t path_size, cortex_reader *s, const char *arg);

/** Adds total, offset, truncated and next_offset to a page result. */
void cortex_page_finish(json_t *result, int64_t total, int64_t offset, size_t shown);

/** Sorts `items` from index `first` on with `compare`, which receives two
 *  `json_t *const *`. */
void cortex_json_sort(json_t *items, size_t first, int (*compare)(const void *a, const void *b));

/** Lines [first, last] of a repository file, read from disk now; NULL when unreadable.
 *  Caller frees. */
char *cortex_read_lines(const char *root, const char *path, int64_t first, int64_t last);
/** The same, keeping at most `keep` bytes of them, and the byte offsets of
 *  the first line's start and the last line's end ([start, end); -1 when
 *  the file has no such line) into the non-NULL out-parameters. */
char *cortex_read_lines_at(const char *root, const char *path, int64_t first, int64_t last, size_t keep,
                           int64_t *start_byte, int64_t *end_byte);

/** Repository files read whole and kept for one answer, whose lines come
 *  from few files: the last few read (lines as cortex_read_lines gives them). */
typedef struct cortex_source_files cortex_source_files;
cortex_source_files *cortex_source_files_new(const char *root);
/** Lines [first, last] of `path` (a file kept, or read and kept); NULL when unreadable. Caller frees. */
char *cortex_source_files_lines(cortex_source_files *f, const char *path, int64_t first, int64_t last);
void cortex_source_files_free(cortex_source_files *f);

#endif
