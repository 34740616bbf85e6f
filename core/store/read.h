/*
 * The store's read API: what the tools, the MCP resources and the graph code
 * ask of an index, without SQL. A reader is one read-only connection (one per
 * thread). Lists are delivered row by row to a callback, as structs whose
 * strings are borrowed for the call; a callback returning non-zero stops the
 * list and that value is returned. Every function returns 0 or a negative
 * CORTEX_E* code with the message set. The full-text scopes are in search.h.
 */
#ifndef CORTEX_STORE_READ_H
#define CORTEX_STORE_READ_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cortex_store_reader cortex_store_reader;

/** Opens the store at `path` to read. CORTEX_ENOTFOUND: there is no store,
 *  or it was never committed; CORTEX_ESCHEMA: it has an older schema (both
 *  mean "no index yet": the next index run makes one). Caller owns `*out`;
 *  close with cortex_store_reader_close(). */
int cortex_store_reader_open(cortex_store_reader **out, const char *path);
/** While `cancelled` (borrowed; NULL stops watching) is non-zero, the
 *  reader's statements stop within a few thousand steps and fail with
 *  CORTEX_ECANCELLED: a cancelled call stops inside SQL too. */
void cortex_store_reader_watch(cortex_store_reader *r, const atomic_int *cancelled);

/** The reads from here to cortex_store_reader_snapshot_end() see the store
 *  as it was at the first of them, whatever another connection commits
 *  meanwhile: one answer, one state of the index. Ends a snapshot still open. */
void cortex_store_reader_snapshot(cortex_store_reader *r);
/** NULL-safe; nothing when no snapshot is open. */
void cortex_store_reader_snapshot_end(cortex_store_reader *r);

/** NULL-safe. */
void cortex_store_reader_close(cortex_store_reader *r);

/* ---- files ---------------------------------------------------------------- */

typedef struct cortex_store_file {
    int64_t id;
    const char *path, *lang, *project; /* project: "." for the root's own */
    int64_t lines, bytes, mtime_ns, parse_errors;
    int64_t definitions; /* its symbols that are not imports */
    int64_t generation;  /* the generation that last wrote it */
} cortex_store_file;

typedef int (*cortex_store_file_cb)(const cortex_store_file *file, void *payload);

/** The indexed file at the repository path `path`: `cb` is called once with
 *  it; CORTEX_ENOTFOUND (no message set) when it is not indexed. */
int cortex_store_read_file(cortex_store_reader *r, const char *path, cortex_store_file_cb cb, void *payload);

/** Which files a listing or a count covers; NULL or 0 fields do not filter. */
typedef struct cortex_store_file_filter {
    const char *dir;     /* a repository path: the file itself or those under it; "" = all */
    const char *project; /* files of one project only */
    const char *glob;    /* paths matching a glob (util/glob.h) */
    int parse_errors;    /* only files with syntax the grammar could not parse */
    int64_t limit;       /* at most this many; 0 = no limit */
    int64_t offset;      /* skip this many first */
    int unordered;       /* in the store's order, for a caller that sorts them itself */
} cortex_store_file_filter;

/** The files `filter` covers, by path unless it says unordered. */
int cortex_store_read_files(cortex_store_reader *r, const cortex_store_file_filter *filter, cortex_store_file_cb cb,
                            void *payload);
/** How many files `filter` covers (its limit and offset ignored). */
int cortex_store_read_count_files(int64_t *out, cortex_store_reader *r, const cortex_store_file_filter *filter);

/** The projects (the root's "." and each nested repository) and their file
 *  counts, by path. */
typedef int (*cortex_store_project_cb)(const char *project, int64_t files, void *payload);
int cortex_store_read_projects(cortex_store_reader *r, cortex_store_project_cb cb, void *payload);

/* ---- the index as a whole --------------------------------------------------- */

typedef enum cortex_store_table {
    CORTEX_STORE_FILES,
    CORTEX_STORE_SYMBOLS,
    CORTEX_STORE_REFS,
    CORTEX_STORE_TEXTS
} cortex_store_table;

/** The store's schema version (its user_version); 0 when unreadable. */
int cortex_store_read_schema_version(cortex_store_reader *r);

/** The generation the last committed run wrote; 0 when unreadable. */
int64_t cortex_store_read_generation(cortex_store_reader *r);
/** The store's identity, random at its making (`id`, NUL-terminated, "" if
 *  none), and its generation, read together: what was derived from a store
 *  holds while both are the same. */
int cortex_store_read_identity(cortex_store_reader *r, char *id, size_t size, int64_t *generation);
/** The rows of a table; 0 when unreadable. */
int64_t cortex_store_read_count(cortex_store_reader *r, cortex_store_table table);
/** Whether any symbol, text or chunk in the store has this kind (a kind a
 *  third-party plugin stores); 0 when unreadable. Scans: for kinds the core
 *  does not already know. */
int cortex_store_read_kind_exists(cortex_store_reader *r, const char *kind);

/* ---- symbols ---------------------------------------------------------------- */

typedef struct cortex_store_symbol {
    int64_t id;
    const char *name, *short_name, *kind, *file, *parent; /* parent: its qualified name, or NULL */
    const char *sig, *visibility, *doc, *project;         /* NULL when absent */
    int64_t line, line_end;
} cortex_store_symbol;

typedef int (*cortex_store_symbol_cb)(const cortex_store_symbol *symbol, void *payload);

/** A page of a list: at most `limit` rows (negative: no limit) after `offset`. */
typedef struct cortex_store_page {
    int64_t limit, offset;
} cortex_store_page;

/** The symbols of file `file_id`, in source order (line, column, outer
 *  before inner, name); `*total` (may be NULL) is their count. */
int cortex_store_read_file_symbols(int64_t *total, cortex_store_reader *r, int64_t file_id, cortex_store_page page,
                                   cortex_store_symbol_cb cb, void *payload);

/** How many definitions (not imports) of file `file_id` are named `parent`,
 *  by qualified or short name. */
int cortex_store_read_count_parents(int64_t *out, cortex_store_reader *r, int64_t file_id, const char *parent);
/** The children of every such definition, in source order; `*total` (may be
 *  NULL) is their count. */
int cortex_store_read_children(int64_t *total, cortex_store_reader *r, int64_t file_id, const char *parent,
                               cortex_store_page page, cortex_store_symbol_cb cb, void *payload);

/** The definitions a name denotes: `Class.method` by qualified name, a bare
 *  name by its short name (every method of that name); by path, line, id. */
int cortex_store_read_definitions(cortex_store_reader *r, const char *name, cortex_store_page page,
                                  cortex_store_symbol_cb cb, void *payload);

/** The symbol whose id is `id`: `cb` once, or CORTEX_ENOTFOUND (no message set). */
int cortex_store_read_symbol(cortex_store_reader *r, int64_t id, cortex_store_symbol_cb cb, void *payload);

/* ---- imports ---------------------------------------------------------------- */

typedef struct cortex_store_import {
    const char *name, *alias, *origin; /* alias and origin may be NULL */
    int64_t line;
    const char *resolved; /* the indexed file it names, or NULL */
} cortex_store_import;

typedef int (*cortex_store_import_cb)(const cortex_store_import *import, void *payload);

/** The imports of file `file_id`, by line. */
int cortex_store_read_imports(cortex_store_reader *r, int64_t file_id, cortex_store_import_cb cb, void *payload);

/* ---- edges: references with how they were bound ---------------------------- */

typedef enum cortex_store_edge_dir {
    CORTEX_STORE_CALLERS, /* the references to a name's definitions, and those naming it that bind to none */
    CORTEX_STORE_CALLEES  /* the references made inside a name's definitions */
} cortex_store_edge_dir;

typedef struct cortex_store_edge {
    const char *file, *kind, *name, *qualifier; /* qualifier may be NULL */
    int64_t line, col;
    const char *caller;  /* the enclosing symbol's qualified name, or NULL */
    const char *binding; /* "scoped", "import", "name", "ambiguous", or NULL: unresolved */
    const char *target_name, *target_kind, *target_file; /* NULL when not bound */
    int64_t target_line;
    const char *project;
    int64_t id;                /* the reference's */
    const char *caller_kind;   /* the enclosing symbol's kind and lines, NULL/0 at top level */
    int64_t caller_line, caller_line_end;
} cortex_store_edge;

typedef int (*cortex_store_edge_cb)(const cortex_store_edge *edge, void *payload);

/** A page of the edges of `name` in direction `dir`, by file, line, column,
 *  id; `project` (or NULL) keeps the references made in one project's files,
 *  `kind` (or NULL: every kind) the references of one kind (`call`, `value`,
 *  `type`, `inherit`, `instantiation`, ...); `*total` (may be NULL) is their
 *  count. */
int cortex_store_read_edges(int64_t *total, cortex_store_reader *r, cortex_store_edge_dir dir, const char *name,
                            const char *project, const char *kind, cortex_store_page page, cortex_store_edge_cb cb,
                            void *payload);

/** The references made at `line` of file `file_id`, by column. */
int cortex_store_read_refs_at(cortex_store_reader *r, int64_t file_id, int64_t line, cortex_store_edge_cb cb,
                              void *payload);

/** Every reference bound to a definition in another file: the
 *  reference's file, the definition's file and the definition, in no order. */
typedef int (*cortex_store_cross_ref_cb)(int64_t from_file, int64_t to_file, int64_t target, void *payload);
int cortex_store_read_cross_refs(cortex_store_reader *r, cortex_store_cross_ref_cb cb, void *payload);

/** One stored chunk (a documentation section or a code tier); strings
 *  borrowed for the callback. */
typedef struct cortex_store_chunk {
    const char *file, *kind, *headers, *content; /* headers: "A\nB", or NULL */
    int64_t line, line_end, ordinal;
} cortex_store_chunk;
typedef int (*cortex_store_chunk_cb)(const cortex_store_chunk *chunk, void *payload);
/** The chunks of file `file_id`, in order. */
int cortex_store_read_file_chunks(cortex_store_reader *r, int64_t file_id, cortex_store_chunk_cb cb, void *payload);

/** One stored text (a comment, docstring, string or sample). */
typedef struct cortex_store_text {
    const char *file, *kind, *text, *parent; /* parent: the enclosing symbol's qualified name, or NULL */
    int64_t line, line_end;
} cortex_store_text;
typedef int (*cortex_store_text_cb)(const cortex_store_text *text, void *payload);
/** The texts of file `file_id` that start at `line`. */
int cortex_store_read_texts_at(cortex_store_reader *r, int64_t file_id, int64_t line, cortex_store_text_cb cb,
                               void *payload);

/** The definitions an ambiguous reference (`ref_id`) may name, best first:
 *  those of its language within its reach (members for a call on a
 *  receiver, others for a bare name; no other file's file-local ones), in
 *  its own file, then its directory, then by path. At most `limit`;
 *  `*total` (may be NULL) is how many there are. */
int cortex_store_read_candidates(int64_t *total, cortex_store_reader *r, int64_t ref_id, int64_t limit,
                                 cortex_store_symbol_cb cb, void *payload);

/** One bound reference as an edge of the whole graph: from the definition
 *  it is made in to the one it binds to. */
typedef struct cortex_store_bound_edge {
    int64_t caller_id, target_id;
    const char *binding; /* "scoped", "import", "type", "inherit", "name" */
    const char *kind;    /* "call", "value", "type", "inherit", ... */
} cortex_store_bound_edge;

typedef int (*cortex_store_bound_edge_cb)(const cortex_store_bound_edge *edge, void *payload);

/** Every reference made inside a definition and bound to one definition, in
 *  id order: the graph the graph tools walk (../graph/load.h). */
int cortex_store_read_bound_edges(cortex_store_reader *r, cortex_store_bound_edge_cb cb, void *payload);

/* ---- one node's links, for walks that do not load the graph (read_graph.c) ---- */

/** One reference as a link between two definitions, or one import as a link
 *  between two files. */
typedef struct cortex_store_link {
    int64_t ref_id;      /* the reference's (or the import's) */
    int64_t from_id;     /* the definition it is made in (0: a file's top level), or the importing file */
    int64_t to_id;       /* the definition it binds to (0: none, ambiguous), or the imported file */
    const char *kind;    /* call, value, type, inherit, instantiation, ...; "import" for a file's */
    const char *binding; /* scoped, import, type, inherit, name, ambiguous; NULL: unresolved */
} cortex_store_link;

typedef int (*cortex_store_link_cb)(const cortex_store_link *link, void *payload);

enum {
    CORTEX_STORE_LINKS_MEMBERS = 2 /* CALLEES: the references made in its members too */
};

/** The references bound to definition `id` (CALLERS) or made inside it
 *  (CALLEES: to_id 0 when not bound to one), of `kind` (NULL: every kind), in
 *  reference id order. An `inherit` reference's from_id is the type it is
 *  made for (an embedded field's owner). `flags`: CORTEX_STORE_LINKS_*. */
int cortex_store_read_links(cortex_store_reader *r, cortex_store_edge_dir dir, int64_t id, const char *kind,
                            unsigned flags, cortex_store_link_cb cb, void *payload);

/** The references of definition `id`'s language bearing its name that the
 *  binding calls ambiguous (not bound to it: its namesakes are candidates
 *  too), of `kind` (NULL: every kind): how many (`total`), and the first
 *  `max` by id in `ids` (`nids` of them). CORTEX_ENOTFOUND: no such
 *  definition. */
int cortex_store_read_ambiguous_refs(cortex_store_reader *r, int64_t id, const char *kind, int64_t *ids, size_t max,
                                     size_t *nids, size_t *total);

/** The imports that resolve to an indexed file: those file `file_id` makes
 *  (CALLEES: what it depends on) or those made of it (CALLERS: its
 *  dependents), in import id order. */
int cortex_store_read_file_links(cortex_store_reader *r, cortex_store_edge_dir dir, int64_t file_id,
                                 cortex_store_link_cb cb, void *payload);

/** One import of a file by another: the importing file, the name it imports and where. */
typedef struct cortex_store_importer {
    const char *file, *name;
    int64_t line;
} cortex_store_importer;

typedef int (*cortex_store_importer_cb)(const cortex_store_importer *importer, void *payload);

/** The imports other files make of file `file_id` (where a language's
 *  packages are directories, of its package: any file of its directory), by
 *  importing file and line. */
int cortex_store_read_importers(cortex_store_reader *r, int64_t file_id, cortex_store_importer_cb cb, void *payload);
/** One name or path of a list. */
typedef int (*cortex_store_item_cb)(const char *name, void *payload);

/** The paths of the files of `path`'s package, by path: where its language's
 *  packages are directories, every file of the language in its directory;
 *  else the file alone. */
int cortex_store_read_package_paths(cortex_store_reader *r, const char *path, cortex_store_item_cb cb, void *payload);

/** The reference `ref_id` as an edge listing shows it. CORTEX_ENOTFOUND when none. */
int cortex_store_read_reference(cortex_store_reader *r, int64_t ref_id, cortex_store_edge_cb cb, void *payload);

/** The innermost definition spanning `line` of file `file_id` (imports aside).
 *  CORTEX_ENOTFOUND when none. */
int cortex_store_read_symbol_at(cortex_store_reader *r, int64_t file_id, int64_t line, cortex_store_symbol_cb cb,
                                void *payload);

/** The file `file_id`. CORTEX_ENOTFOUND when none. */
int cortex_store_read_file_by_id(cortex_store_reader *r, int64_t file_id, cortex_store_file_cb cb, void *payload);

/** The file a definition is in. CORTEX_ENOTFOUND when there is no such definition. */
int cortex_store_read_symbol_file(int64_t *file_id, cortex_store_reader *r, int64_t symbol_id);

/* ---- what the analysis tool reads (read_analysis.c) ---------------------- */

typedef struct cortex_store_symbol_filter {
    const char *glob;                /* on the qualified name (a pattern with '.') or the short name; NULL: any */
    const char *const *kinds;        /* NULL-terminated kinds, or NULL: every kind but imports */
    const char *visibility;          /* the stored word ("private", "static", ...), "none" for none; NULL: any */
    const char *path_prefix;         /* files under this directory (or this file); NULL: any */
    const char *const *visibilities; /* NULL-terminated: one of these words (at most 8), or NULL: any */
    int default_build;               /* files of the language's default build only (no build variants) */
} cortex_store_symbol_filter;

/** The definitions the filter keeps, by file and line; `*total` (may be NULL) counts them. */
int cortex_store_read_symbols_where(int64_t *total, cortex_store_reader *r, const cortex_store_symbol_filter *f,
                                    cortex_store_page page, cortex_store_symbol_cb cb, void *payload);

/** How many references bind to definition `id`, and how many of them are in other files. */
int cortex_store_read_ref_count(int64_t *refs, int64_t *external, cortex_store_reader *r, int64_t id);

/** An upper bound of each definition's reference count, through the target
 *  and name indexes: the references stored bound to it, plus, when it is the
 *  one definition of its name binding by name can reach, those bearing its
 *  name. Definitions the filter keeps, highest bound first (lowest with
 *  `ascending`), ties by file path, line and id, until `cb` returns non-zero.
 *  `few`: the caller likely stops within the highest few, which are then
 *  found first from the references' counts by name and by target, and the
 *  rest bounded only if it does not. */
typedef int (*cortex_store_bound_cb)(int64_t id, int64_t bound, void *payload);
int cortex_store_read_ref_bounds(cortex_store_reader *r, const cortex_store_symbol_filter *f, int ascending, int few,
                                 cortex_store_bound_cb cb, void *payload);

/** The definitions the filter keeps that no reference bears the name of
 *  (but one its rules bound to another definition that no interface
 *  declares) and none is stored bound to, that no interface's member of the
 *  same name may require, and that are no member of a type extending or
 *  implementing something (an override a base may call), by file and line. */
int cortex_store_read_unnamed(cortex_store_reader *r, const cortex_store_symbol_filter *f, cortex_store_symbol_cb cb,
                              void *payload);

/** How many definitions and references in file `path` bear the name `name`. */
int cortex_store_read_names_recorded(int64_t *count, cortex_store_reader *r, const char *path, const char *name);

/** Whether a text (a comment, a docstring, a string) writes `name`
 *  qualified by `qualifier` (`qualifier.name`, `qualifier::name`, ...): a
 *  directive or a generator may use it so. Compared as text index tokens,
 *  whatever the case. */
int cortex_store_read_qualified_mention(int *out, cortex_store_reader *r, const char *qualifier, const char *name);

/** Per language: files, lines, definitions; and per language and kind, definitions. */
typedef struct cortex_store_lang_count {
    const char *lang, *kind; /* kind NULL: the language's totals */
    int64_t files, lines, symbols;
} cortex_store_lang_count;
typedef int (*cortex_store_lang_count_cb)(const cortex_store_lang_count *c, void *payload);
int cortex_store_read_lang_counts(cortex_store_reader *r, cortex_store_lang_count_cb cb, void *payload);

/** Every import that resolves to another indexed file, as (importer, imported)
 *  file ids with their paths. */
typedef struct cortex_store_file_edge {
    int64_t from, to;
    const char *from_path, *to_path;
} cortex_store_file_edge;
typedef int (*cortex_store_file_edge_cb)(const cortex_store_file_edge *e, void *payload);
int cortex_store_read_file_edges(cortex_store_reader *r, cortex_store_file_edge_cb cb, void *payload);
/** The same for the imports with one end or both under directory `dir`
 *  (not ""), in the same order. */
int cortex_store_read_dir_edges(cortex_store_reader *r, const char *dir, cortex_store_file_edge_cb cb, void *payload);

/** Every definition enclosing `line` of file `file_id`, innermost first. */
int cortex_store_read_scopes_at(cortex_store_reader *r, int64_t file_id, int64_t line, cortex_store_symbol_cb cb,
                                void *payload);

/** Directories by their files: each directory holding indexed files (its
 *  path, "" at the root), how many and their lines, most files first. */
typedef int (*cortex_store_dir_count_cb)(const char *dir, int64_t files, int64_t lines, void *payload);
int cortex_store_read_dir_counts(cortex_store_reader *r, int64_t limit, cortex_store_dir_count_cb cb, void *payload);

/** The definitions with the most references of `kind` made inside them
 *  (bound or not), most first. */
typedef int (*cortex_store_fan_cb)(int64_t id, int64_t n, void *payload);
int cortex_store_read_fan_out(cortex_store_reader *r, const char *kind, int64_t limit, cortex_store_fan_cb cb,
                              void *payload);

/* ---- method sets, for languages whose interfaces are implicit (read_graph.c) ---- */

typedef int (*cortex_store_id_cb)(int64_t id, void *payload);

/** Whether definition `id`'s language has its types implement interfaces by
 *  their methods alone (CORTEX_PLUGIN_IMPLICIT_INTERFACES). */
int cortex_store_read_implicit_interfaces(int *out, cortex_store_reader *r, int64_t id);

/** The methods type `type_id` declares: definitions of kind method named
 *  `T.m` in the files of its directory and language, each with its short
 *  name and signature (NULL when none). */
typedef int (*cortex_store_method_cb)(const char *name, const char *sig, void *payload);
int cortex_store_read_methods(cortex_store_reader *r, int64_t type_id, cortex_store_method_cb cb, void *payload);

/** The types (not interfaces) of `like_id`'s language that declare a method
 *  named `method`: the type its qualifier names in the method's directory. */
int cortex_store_read_method_owners(cortex_store_reader *r, int64_t like_id, const char *method, cortex_store_id_cb cb,
                                    void *payload);

/** The interfaces of `like_id`'s language. */
int cortex_store_read_interfaces(cortex_store_reader *r, int64_t like_id, cortex_store_id_cb cb, void *payload);

/** The names imports bring in: each import's alias, else the last component
 *  of what it names (an include's `*` aside); repeated names once or more. */
int cortex_store_read_import_items(cortex_store_reader *r, cortex_store_item_cb cb, void *payload);

#endif
