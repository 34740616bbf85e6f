/*
 * The SQLite sink: the queryable store in .cortex/cortex.db. One transaction
 * per run, so a killed indexer leaves the previous generation intact. Symbol
 * ids are stable: a hash of (path, qualified name, kind, ordinal), so an
 * unchanged symbol keeps its id across runs. At commit, references are bound
 * to definitions (same file, then imports, then a unique name repo-wide) and
 * labelled with how they were bound.
 */
#define _POSIX_C_SOURCE 200809L
#define XXH_STATIC_LINKING_ONLY /* for XXH3_state_t on the stack */
#include "sink.h"

#include "bulk_names.h"
#include "fts_side.h"
#include "import_targets.h"

#include "../store/store.h"
#include "../util/error.h"
#include "../util/mem.h"
#include "../util/strings.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

/* Kinds a reference can be bound to, listed once for the C check and the SQL.
 * Prototypes are left out so a function declared in a header and defined once
 * still has a unique definition; impl blocks too, so `Point` names the struct,
 * not also each `impl Point`. */
#define BINDABLE_KINDS(X) \
    X(function) X(method) X(macro) X(class) X(struct) X(interface) X(enum) X(type) X(union) X(trait) X(module)
#define AS_STRING(kind) #kind,
#define AS_SQL(kind) ",'" #kind "'"
static const char *const bindable_kinds[] = {BINDABLE_KINDS(AS_STRING) NULL};
/* ('' ,'function', ...): the empty kind, which no symbol has, carries the first comma */
#define BINDABLE_KINDS_SQL "(''" BINDABLE_KINDS(AS_SQL) ")"

enum {
    ST_FILE_ID, ST_FTS_DEL_SYMBOLS, ST_FTS_DEL_TEXTS, ST_FTS_DEL_FILE,
    ST_DEL_FILE, ST_DEL_SYMBOLS, ST_DEL_REFS, ST_DEL_IMPORTS, ST_DEL_TEXTS, ST_FTS_DEL_CHUNKS, ST_DEL_CHUNKS,
    ST_INS_FILE, ST_INS_SYMBOL, ST_INS_REF, ST_INS_IMPORT, ST_INS_TEXT, ST_INS_CHUNK, ST_KEEP_FILE, ST_RESTAMP_FILE, ST_TOUCH_NAMES,
    ST_UPD_FILE, ST_OLD_SYMBOLS, ST_UPD_SYMBOL, ST_DEL_SYMBOL, ST_UPD_IMPORT, ST_DEL_IMPORT, ST_OLD_REFS, ST_UPD_REF, ST_DEL_REF,
    ST_TOUCH_NAME, ST_COUNT
};

static const char *const stmt_sql[ST_COUNT] = {
    [ST_FILE_ID] = "SELECT id, lang FROM files WHERE path = ?",
    /* An external-content FTS5 table forgets a row when told its old values. */
    [ST_FTS_DEL_SYMBOLS] = "INSERT INTO symbols_fts(symbols_fts, rowid, terms, sig, doc)"
                           " SELECT 'delete', id, terms, sig, doc FROM symbols WHERE file_id = ?",
    [ST_FTS_DEL_TEXTS] = "INSERT INTO texts_fts(texts_fts, rowid, text) SELECT 'delete', id, text FROM texts WHERE " CORTEX_STORE_ROW_OF_FILE("id", "?1"),
    [ST_FTS_DEL_FILE] = "INSERT INTO files_fts(files_fts, rowid, path) SELECT 'delete', id, path FROM files WHERE id = ?",
    [ST_DEL_FILE] = "DELETE FROM files WHERE id = ?",
    [ST_DEL_SYMBOLS] = "DELETE FROM symbols WHERE file_id = ?",
    [ST_DEL_REFS] = "DELETE FROM refs WHERE " CORTEX_STORE_ROW_OF_FILE("id", "?1"),
    [ST_DEL_IMPORTS] = "DELETE FROM imports WHERE file_id = ?",
    [ST_DEL_TEXTS] = "DELETE FROM texts WHERE " CORTEX_STORE_ROW_OF_FILE("id", "?1"),
    [ST_FTS_DEL_CHUNKS] = "INSERT INTO chunks_fts(chunks_fts, rowid, content, headers)"
                          " SELECT 'delete', id, content, headers FROM chunks WHERE file_id = ?",
    [ST_DEL_CHUNKS] = "DELETE FROM chunks WHERE file_id = ?",
    [ST_INS_FILE] = "INSERT INTO files(path, lang, hash, lines, bytes, parse_errors, generation, mtime, project)"
                    " VALUES (?,?,?,?,?,?,?,?,?)",
    [ST_INS_SYMBOL] = "INSERT INTO symbols(id, file_id, name, short_name, kind, line_start, line_end, col, parent_id, sig,"
                      " visibility, doc, alias, origin, terms, name_line) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
    [ST_INS_REF] = "INSERT INTO refs(id, file_id, name, kind, qualifier, line, col, caller_id, target_id, resolution)"
                   " VALUES (?,?,?,?,?,?,?,?,?,?)",
    [ST_INS_IMPORT] = "INSERT INTO imports(file_id, symbol_id, name, alias, origin, line, candidates) VALUES (?,?,?,?,?,?,?)",
    [ST_INS_TEXT] = "INSERT INTO texts(id, file_id, kind, line_start, line_end, text, language, parent_id) VALUES (?,?,?,?,?,?,?,?)",
    [ST_INS_CHUNK] = "INSERT INTO chunks(file_id, ordinal, kind, line_start, line_end, headers, content) VALUES (?,?,?,?,?,?,?)",
    /* An unchanged file keeps its rows; a touched one gets its new time (and
     * its project: a `git init` in a parent directory moves it). Only a file
     * whose stamp differs is written: rewriting every kept row put the whole
     * files table in each edit's WAL. */
    [ST_KEEP_FILE] = "SELECT mtime IS ?3 AND project IS ?4 FROM files WHERE path = ?1 AND hash = ?2",
    [ST_RESTAMP_FILE] = "UPDATE files SET mtime = ?3, project = ?4 WHERE path = ?1",
    /* The names whose definitions a file brings or takes away (its bindable
     * symbols, before it is deleted and after it is inserted): an incremental
     * commit recounts only those (0.33 s for all of them on the kernel subtree). */
    [ST_TOUCH_NAMES] = "INSERT OR IGNORE INTO temp.touched_names(lang, name) SELECT f.lang, s.short_name FROM symbols s"
                       " JOIN files f ON f.id = s.file_id WHERE s.file_id = ? AND s.kind IN " BINDABLE_KINDS_SQL,
    [ST_TOUCH_NAME] = "INSERT OR IGNORE INTO temp.touched_names(lang, name) VALUES (?, ?)",
    /* A file written again is rewritten in place (rewrite_rows): its row, the
     * symbols that keep their id and the references that keep their name are
     * updated, so the name indexes are not touched for them. */
    [ST_UPD_FILE] = "UPDATE files SET hash = ?2, lines = ?3, bytes = ?4, parse_errors = ?5, generation = ?6, mtime = ?7,"
                    " project = ?8 WHERE id = ?1",
    [ST_OLD_SYMBOLS] = "SELECT id, name, kind, short_name FROM symbols WHERE file_id = ?",
    [ST_UPD_SYMBOL] = "UPDATE symbols SET line_start = ?2, line_end = ?3, col = ?4, parent_id = ?5, sig = ?6, visibility = ?7,"
                      " doc = ?8, alias = ?9, origin = ?10, terms = ?11, name_line = ?12 WHERE id = ?1",
    [ST_DEL_SYMBOL] = "DELETE FROM symbols WHERE id = ?",
    [ST_UPD_IMPORT] = "UPDATE imports SET alias = ?3, origin = ?4, line = ?5, candidates = ?6 WHERE file_id = ?1 AND symbol_id = ?2",
    [ST_DEL_IMPORT] = "DELETE FROM imports WHERE file_id = ?1 AND symbol_id = ?2",
    [ST_OLD_REFS] = "SELECT id, name, kind, qualifier FROM refs WHERE " CORTEX_STORE_ROW_OF_FILE("id", "?1") " ORDER BY id",
    [ST_UPD_REF] = "UPDATE refs SET line = ?2, col = ?3, caller_id = ?4, target_id = ?5, resolution = ?6 WHERE id = ?1",
    [ST_DEL_REF] = "DELETE FROM refs WHERE id = ?",
};


/* Same-file ("scoped") and import bindings are stored per reference as its
 * file is inserted. Repository-wide binding needs every definition, so
 * definition_names holds one row per language and name: how many
 * definitions, and the id when there is one; the ref_bindings view joins the
 * two, within the reference's language (a Python `", ".join()` never binds to
 * a C function `join`). This replaced an UPDATE of every unbound reference:
 * 2.6 s on the kernel subtree. A bulk load counts its names in C as it stores
 * them (bulk_names.c); any other commit recounts the names whose definitions
 * came or went. The CROSS JOIN keeps the touched names as the outer loop:
 * left to itself, the planner scans every symbol (90 ms on the kernel
 * subtree, for a one-file edit). */
static const char resolve_touched_sql[] =
    "DELETE FROM definition_names WHERE (lang, name) IN (SELECT lang, name FROM temp.touched_names);\n"
    "INSERT INTO definition_names(lang, name, n, id)\n"
    "  SELECT f.lang, s.short_name, count(*), CASE WHEN count(*) = 1 THEN min(s.id) END\n"
    "  FROM temp.touched_names t CROSS JOIN symbols s ON s.short_name = t.name JOIN files f ON f.id = s.file_id AND f.lang = t.lang\n"
    "  WHERE s.kind IN " BINDABLE_KINDS_SQL " GROUP BY f.lang, s.short_name;\n"
    "DELETE FROM temp.touched_names;\n";

/* A reference bound through an import points at the definition the import
 * names in the file it resolves to (`from .util import normalize as norm`:
 * `norm()` -> util.normalize). The imported name's last component is the
 * text after its last separator, '.', '::' or '\\' (Python, Rust, PHP):
 * the SQL function last_component(), registered on the sink's connection.
 * Runs after the imports' target files are resolved. */
static const char bind_imports_sql[] =
    /* a definition that left (its file changed) frees the references bound to
     * it; named, the index of import references: left to itself, the planner
     * walks every bound reference (refs_target) */
    "UPDATE refs INDEXED BY refs_import SET target_id = NULL WHERE resolution = 'import' AND target_id IS NOT NULL\n"
    "  AND NOT EXISTS (SELECT 1 FROM symbols WHERE id = refs.target_id);\n"
    "UPDATE refs SET target_id = (\n"
    "  SELECT s.id FROM imports i JOIN symbols s ON s.file_id = i.target_file_id\n"
    "  WHERE i.file_id = refs.file_id AND i.target_file_id IS NOT NULL\n"
    "    AND (i.alias = refs.name OR (i.alias IS NULL AND last_component(i.name) = refs.name))\n"
    "    AND s.short_name = last_component(i.name)\n"
    "    AND s.kind IN " BINDABLE_KINDS_SQL "\n"
    "  ORDER BY s.parent_id IS NOT NULL, s.line_start LIMIT 1)\n"
    "WHERE resolution = 'import' AND target_id IS NULL;\n";

/* Every row gone, for a rebuild; the full-text tables are made anew
 * (cortex_store_remake_fts). */
static const char empty_store_sql[] =
    "DELETE FROM files; DELETE FROM symbols; DELETE FROM refs; DELETE FROM imports; DELETE FROM texts;"
    " DELETE FROM chunks; DELETE FROM definition_names;";

typedef struct sqlite_sink {
    char path[PATH_MAX];
    cortex_store *store; /* NULL between a first run's commit and the next begin */
    sqlite3 *db;
    int building; /* the store is new: written aside, moved into place by commit */
    unsigned threads; /* the run's: the index builds use the spare ones */
    int full;         /* the run rebuilds: every file is written anew */
    sqlite3_stmt *st[ST_COUNT];
    int64_t generation;
    int in_txn;
    int bulk; /* the run started on an empty store: indexes are built at commit */
    cortex_fts_side *side; /* a bulk load on several threads: its full-text tables, built beside */
    cortex_bulk_names *names; /* a bulk load's definitions by name, counted at commit */
    int dirty; /* a file was written or removed: bindings are recomputed at commit */
    int paths_changed; /* a file came or went (not only edits): every import's target is looked up again */
    int same_extractor; /* the store's rows came from this extractor: they can be kept */
    char *extractor;
    char *terms;
    size_t terms_cap;
    int64_t *ids; /* symbol ids of the current file */
    size_t ids_cap;
    int64_t *taken; /* open-addressing set of this file's ids, 0 = empty */
    uint32_t *taken_by; /* beside each: the symbol that claimed it */
    size_t taken_cap;
    int64_t *ref_ids; /* per reference of the current file: the row it rewrites, 0 = a new row */
    size_t ref_ids_cap;
    int64_t next_ref_id; /* the current file's next new reference id (CORTEX_STORE_ROW_ID_BITS) */
    unsigned char *kept; /* per symbol of the current file: its row is rewritten in place */
    size_t kept_cap;
    uint32_t *bindable; /* this file's bindable symbols, sorted by name then line */
    size_t bindable_cap;
    const char **import_keys; /* the names this file's imports bring in, sorted */
    size_t import_keys_cap;
} sqlite_sink;

static int db_error(sqlite_sink *s, const char *what)
{
    return cortex_error_set(CORTEX_EIO, "sqlite store: %s: %s", what, sqlite3_errmsg(s->db));
}

static int exec(sqlite_sink *s, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(s->db, sql, NULL, NULL, &err) != SQLITE_OK) {
        int rc = cortex_error_set(CORTEX_EIO, "sqlite store: %s", err ? err : sqlite3_errmsg(s->db));
        sqlite3_free(err);
        return rc;
    }
    return 0;
}

static void finalize_statements(sqlite_sink *s)
{
    for (int i = 0; i < ST_COUNT; i++) sqlite3_finalize(s->st[i]);
    memset(s->st, 0, sizeof s->st);
}

static void store_disconnect(sqlite_sink *s)
{
    finalize_statements(s);
    cortex_store_close(s->store);
    s->store = NULL;
    s->db = NULL;
}

static void sqlite_close(void *self)
{
    sqlite_sink *s = self;
    if (!s) return;
    if (s->in_txn) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    cortex_fts_side_close(s->side, s->db);
    cortex_bulk_names_free(s->names);
    store_disconnect(s);
    free(s->terms);
    free(s->ids);
    free(s->taken);
    free(s->taken_by);
    free(s->ref_ids);
    free(s->kept);
    free(s->bindable);
    free(s->import_keys);
    free(s->extractor);
    free(s);
}

/* The last component of an imported name: after its last '.', "::" or '\\'
 * (`os.path.join`, `crate::util::helper`, `App\\Storage\\FileStore`). */
static const char *last_component(const char *name)
{
    const char *last = name;
    for (const char *p = name; *p; p++)
        if (*p == '.' || *p == '\\' || (p[0] == ':' && p[1] == ':')) last = p + (*p == ':' ? 2 : 1);
    return last;
}

static void sql_last_component(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *name = (const char *)sqlite3_value_text(argv[0]);
    if (!name) sqlite3_result_null(ctx);
    else sqlite3_result_text(ctx, last_component(name), -1, SQLITE_TRANSIENT);
}

/* Opens the store and prepares the statements. A first run builds the store
 * aside and moves it into place at commit, after which the next run (a sink
 * can serve several) connects again to the store in place. */
static int store_connect(sqlite_sink *s)
{
    s->building = access(s->path, F_OK) != 0 && errno == ENOENT;
    int rc = cortex_store_open(&s->store, s->path, s->building ? CORTEX_STORE_BUILD : CORTEX_STORE_WRITE);
    if (rc) return rc;
    s->db = cortex_store_db(s->store);
    sqlite3_create_function(s->db, "last_component", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_last_component,
                            NULL, NULL);
    if ((rc = exec(s, "CREATE TEMP TABLE IF NOT EXISTS touched_names(lang TEXT NOT NULL, name TEXT NOT NULL,"
                      " PRIMARY KEY (lang, name)) WITHOUT ROWID")))
        return rc;
    for (int i = 0; i < ST_COUNT; i++)
        if (sqlite3_prepare_v3(s->db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &s->st[i], NULL) != SQLITE_OK)
            return db_error(s, stmt_sql[i]);
    return 0;
}

static int sqlite_open(void **out, const cortex_sink_context *ctx)
{
    sqlite_sink *s = cortex_xcalloc(1, sizeof *s);
    snprintf(s->path, sizeof s->path, "%s/cortex.db", ctx->data_dir);
    s->extractor = cortex_xstrdup(ctx->extractor ? ctx->extractor : "");
    s->threads = ctx->threads;
    s->full = ctx->full;
    int rc = store_connect(s);
    if (rc) {
        sqlite_close(s);
        return rc;
    }
    *out = s;
    return 0;
}

static int step_done(sqlite_sink *s, sqlite3_stmt *st, const char *what);

static int sqlite_begin(void *self)
{
    sqlite_sink *s = self;
    int rc = s->db ? 0 : store_connect(s);
    if (rc) return rc;
    if ((rc = exec(s, "BEGIN IMMEDIATE"))) return rc;
    s->in_txn = 1;
    s->generation = cortex_store_meta_int(s->store, "generation", 0) + 1;
    sqlite3_stmt *st;
    s->bulk = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT NOT EXISTS (SELECT 1 FROM files)", -1, &st, NULL) == SQLITE_OK) {
        s->bulk = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
    }
    s->dirty = 0;
    s->paths_changed = 0;
    s->same_extractor = 0;
    if ((rc = exec(s, "DELETE FROM temp.touched_names"))) return rc;
    if (sqlite3_prepare_v2(s->db, "SELECT value = ? FROM meta WHERE key = 'extractor'", -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, s->extractor, -1, SQLITE_STATIC);
        s->same_extractor = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
    }
    if (s->full && !s->bulk) {
        /* A rebuild writes every file anew: emptied, the store takes them as a
         * bulk load. Rewritten file by file in place it took 23.4 s on the
         * kernel subtree at two threads, against 14 s for a first run. Readers
         * see the old rows until the commit. */
        if ((rc = exec(s, empty_store_sql)) || (rc = cortex_store_remake_fts(s->store))) return rc;
        s->bulk = 1;
    }
    cortex_bulk_names_free(s->names);
    s->names = s->bulk ? cortex_bulk_names_new() : NULL;
    /* a bulk load builds the indexes at commit; otherwise any this build
     * added since the store was made are built now, once */
    rc = s->bulk ? cortex_store_drop_indexes(s->store) : cortex_store_create_indexes(s->store);
    /* with a spare core, its full-text tables are built beside the indexes
     * (an optimisation: when its spool cannot be made, they are built here) */
    if (!rc && s->bulk && s->threads > 1) cortex_fts_side_open(&s->side, s->path);
    else cortex_fts_side_remove_stale(s->path); /* a killed rebuild's */
    return rc;
}

static int sqlite_keep(void *self, const cortex_file_records *r)
{
    sqlite_sink *s = self;
    if (!s->same_extractor) return CORTEX_ENOTFOUND;
    const char *project = r->project ? r->project : ".";
    sqlite3_stmt *st = s->st[ST_KEEP_FILE];
    sqlite3_bind_text(st, 1, r->path, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, r->hash, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, r->mtime_ns);
    sqlite3_bind_text(st, 4, project, -1, SQLITE_STATIC);
    int step = sqlite3_step(st);
    int same = step == SQLITE_ROW && sqlite3_column_int(st, 0);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (step != SQLITE_ROW && step != SQLITE_DONE) return db_error(s, "keep file");
    if (step == SQLITE_DONE) return CORTEX_ENOTFOUND;
    if (same) return 0;
    st = s->st[ST_RESTAMP_FILE];
    sqlite3_bind_text(st, 1, r->path, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, r->mtime_ns);
    sqlite3_bind_text(st, 4, project, -1, SQLITE_STATIC);
    return step_done(s, st, "keep file");
}

static int step_done(sqlite_sink *s, sqlite3_stmt *st, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? 0 : db_error(s, what);
}

static void bind_text_or_null(sqlite3_stmt *st, int col, const char *v)
{
    if (v) sqlite3_bind_text(st, col, v, -1, SQLITE_STATIC);
    else sqlite3_bind_null(st, col);
}

/* Deletes every row of the file at `path`; 0 when it was not there. */
/* Notes the names a file's definitions bear, for an incremental recount
 * (a bulk load recounts everything anyway). */
static int touch_names(sqlite_sink *s, int64_t file_id)
{
    if (s->bulk) return 0;
    sqlite3_bind_int64(s->st[ST_TOUCH_NAMES], 1, file_id);
    return step_done(s, s->st[ST_TOUCH_NAMES], "note touched names");
}

/* The store's id for `path` (0: not there), and whether its language is `lang`. */
static int find_file(sqlite_sink *s, const char *path, const char *lang, int64_t *id, int *same_lang)
{
    sqlite3_stmt *q = s->st[ST_FILE_ID];
    sqlite3_bind_text(q, 1, path, -1, SQLITE_STATIC);
    int rc = sqlite3_step(q);
    *id = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
    *same_lang = rc == SQLITE_ROW && lang && strcmp((const char *)sqlite3_column_text(q, 1), lang) == 0;
    sqlite3_reset(q);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : db_error(s, "look up file");
}

/* Runs each statement of `order` on the file's id. */
static int run_on_file(sqlite_sink *s, int64_t id, const int *order, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        sqlite3_bind_int64(s->st[order[i]], 1, id);
        int rc = step_done(s, s->st[order[i]], "delete file rows");
        if (rc) return rc;
    }
    return 0;
}

/* Deletes a file's rows; *existed says whether it had any. */
static int delete_file(sqlite_sink *s, const char *path, int *existed)
{
    int64_t id;
    int same_lang;
    int rc = find_file(s, path, NULL, &id, &same_lang);
    *existed = id != 0;
    if (rc || !id) return rc;
    if ((rc = touch_names(s, id))) return rc;
    static const int order[] = {ST_FTS_DEL_SYMBOLS, ST_FTS_DEL_TEXTS, ST_FTS_DEL_CHUNKS, ST_FTS_DEL_FILE, ST_DEL_SYMBOLS,
                                ST_DEL_REFS,        ST_DEL_IMPORTS,   ST_DEL_TEXTS,      ST_DEL_CHUNKS,   ST_DEL_FILE};
    return run_on_file(s, id, order, sizeof order / sizeof *order);
}

/* A symbol's id: the path's hash in the high 40 bits, the name's and kind's
 * in the low 23. Stable across runs, and one file's symbols sit together in
 * the table and its FTS5 docsize rows: an edit writes a few pages of each, not
 * one page per symbol (a whole-id hash put 490 pages in a kernel/fork.c edit). */
static int64_t symbol_id(const char *path, const cortex_symbol *sym)
{
    XXH3_state_t st;
    XXH3_64bits_reset(&st);
    XXH3_64bits_update(&st, sym->name, strlen(sym->name) + 1);
    XXH3_64bits_update(&st, sym->kind, strlen(sym->kind));
    uint64_t file = XXH3_64bits(path, strlen(path)) & ((UINT64_C(1) << 40) - 1);
    int64_t id = (int64_t)(file << 23 | (XXH3_64bits_digest(&st) & ((UINT64_C(1) << 23) - 1)));
    return id ? id : 1;
}

static int64_t next_id(int64_t id) { return (id + 1) & INT64_MAX ? (id + 1) & INT64_MAX : 1; }

/* Adds `id`, claimed by symbol `i`, to the file's id set; returns 0 when it was already there. */
static int claim_id(sqlite_sink *s, int64_t id, size_t i)
{
    size_t mask = s->taken_cap - 1;
    for (size_t h = (size_t)id & mask;; h = (h + 1) & mask) {
        if (s->taken[h] == id) return 0;
        if (s->taken[h] == 0) {
            s->taken[h] = id;
            s->taken_by[h] = (uint32_t)i;
            return 1;
        }
    }
}

/* The symbol of this file that claimed `id`, or -1. */
static int32_t claimed_by(const sqlite_sink *s, int64_t id)
{
    size_t mask = s->taken_cap - 1;
    for (size_t h = (size_t)id & mask; s->taken[h]; h = (h + 1) & mask)
        if (s->taken[h] == id) return (int32_t)s->taken_by[h];
    return -1;
}

/* Gives each symbol its id. Same name and kind twice in one file (overloads,
 * redefinitions): probing in source order keeps the ids distinct and stable. */
static void plan_ids(sqlite_sink *s, const cortex_file_records *r)
{
    cortex_grow((void **)&s->ids, &s->ids_cap, r->nsymbols + 1, sizeof *s->ids);
    size_t want = 16;
    while (want < 2 * r->nsymbols + 2) want *= 2;
    if (want > s->taken_cap) {
        free(s->taken);
        free(s->taken_by);
        s->taken = cortex_xmalloc(want * sizeof *s->taken);
        s->taken_by = cortex_xmalloc(want * sizeof *s->taken_by);
        s->taken_cap = want;
    }
    memset(s->taken, 0, s->taken_cap * sizeof *s->taken);
    for (size_t i = 0; i < r->nsymbols; i++) {
        int64_t id = symbol_id(r->path, &r->symbols[i]);
        while (!claim_id(s, id, i)) id = next_id(id);
        s->ids[i] = id;
    }
}

/* A symbol's columns from line_start on, bound from parameter `at`: the
 * insert and the in-place update share them. */
static void bind_symbol_body(sqlite_sink *s, sqlite3_stmt *st, const cortex_symbol *sym, int at)
{
    size_t need = 3 * strlen(sym->name) + 2; /* the name, a space, its words with a space before each */
    cortex_grow((void **)&s->terms, &s->terms_cap, need, 1);
    /* The qualified name's words, so `Ledger save` and `Ledger.save` find the method. */
    cortex_store_name_terms(s->terms, sym->name);
    sqlite3_bind_int(st, at, (int)sym->line_start);
    sqlite3_bind_int(st, at + 1, (int)sym->line_end);
    sqlite3_bind_int(st, at + 2, (int)sym->col_start);
    if (sym->parent >= 0) sqlite3_bind_int64(st, at + 3, s->ids[sym->parent]);
    else sqlite3_bind_null(st, at + 3);
    bind_text_or_null(st, at + 4, sym->sig);
    bind_text_or_null(st, at + 5, sym->visibility);
    bind_text_or_null(st, at + 6, sym->doc);
    bind_text_or_null(st, at + 7, sym->alias);
    bind_text_or_null(st, at + 8, sym->origin);
    sqlite3_bind_text(st, at + 9, s->terms, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, at + 10, (int)(sym->name_line ? sym->name_line : sym->line_start));
}

/* An import's row beside its symbol: inserted, or updated in place (its name is the symbol's, unchanged). */
static int write_import(sqlite_sink *s, int64_t file_id, const cortex_symbol *sym, int64_t id, int update)
{
    sqlite3_stmt *st = s->st[update ? ST_UPD_IMPORT : ST_INS_IMPORT];
    int at = update ? 3 : 4;
    sqlite3_bind_int64(st, 1, file_id);
    sqlite3_bind_int64(st, 2, id);
    if (!update) sqlite3_bind_text(st, 3, sym->name, -1, SQLITE_STATIC);
    bind_text_or_null(st, at, sym->alias);
    bind_text_or_null(st, at + 1, sym->origin);
    sqlite3_bind_int(st, at + 2, (int)sym->line_start);
    bind_text_or_null(st, at + 3, sym->targets);
    return step_done(s, st, "write import");
}

static int is_bindable(const char *kind) { return cortex_str_in(kind, bindable_kinds); }

/* Notes one name whose definitions change, for the incremental recount. */
static int touch_name(sqlite_sink *s, const char *lang, const char *kind, const char *short_name)
{
    if (s->bulk || !is_bindable(kind)) return 0;
    sqlite3_stmt *st = s->st[ST_TOUCH_NAME];
    sqlite3_bind_text(st, 1, lang, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, short_name, -1, SQLITE_STATIC);
    return step_done(s, st, "note touched names");
}

/* Inserts symbol `i` with its planned id; an id another file's symbol holds
 * is probed past. */
static int insert_symbol(sqlite_sink *s, int64_t file_id, const cortex_file_records *r, size_t i)
{
    const cortex_symbol *sym = &r->symbols[i];
    int64_t id = s->ids[i];
    for (int tries = 0;; tries++) {
        sqlite3_stmt *st = s->st[ST_INS_SYMBOL];
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int64(st, 2, file_id);
        sqlite3_bind_text(st, 3, sym->name, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, sym->short_name, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 5, sym->kind, -1, SQLITE_STATIC);
        bind_symbol_body(s, st, sym, 6);
        int rc = sqlite3_step(st);
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        if (rc == SQLITE_DONE) break;
        if (rc != SQLITE_CONSTRAINT || tries > 64) return db_error(s, "insert symbol");
        do id = next_id(id);
        while (!claim_id(s, id, i));
    }
    s->ids[i] = id;
    if (s->names && is_bindable(sym->kind)) cortex_bulk_names_add(s->names, r->lang, sym->short_name, id);
    if (s->side) cortex_fts_side_add(s->side, CORTEX_FTS_SYMBOLS, id, (const char *const[]){s->terms, sym->sig, sym->doc});
    return strcmp(sym->kind, "import") == 0 ? write_import(s, file_id, sym, id, 0) : 0;
}

static const cortex_file_records *sort_records; /* qsort has no payload argument */

static int compare_bindable(const void *a, const void *b)
{
    const cortex_symbol *x = &sort_records->symbols[*(const uint32_t *)a], *y = &sort_records->symbols[*(const uint32_t *)b];
    int c = strcmp(x->short_name, y->short_name);
    if (c) return c;
    return (x->line_start > y->line_start) - (x->line_start < y->line_start);
}

/* The first definition (by line) named `name` in this file, or -1. */
static int32_t find_in_file(const sqlite_sink *s, size_t n, const cortex_file_records *r, const char *name)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (strcmp(r->symbols[s->bindable[mid]].short_name, name) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && strcmp(r->symbols[s->bindable[lo]].short_name, name) == 0 ? (int32_t)s->bindable[lo] : -1;
}

/* The names a file's imports bring in: each one's alias, or, unaliased, its
 * whole path and its last component; sorted, so each reference is looked up
 * in log time (a scan per reference was 0.5% of a cold run on the kernel). */
static int compare_strings(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static size_t import_names(sqlite_sink *s, const cortex_file_records *r, const uint32_t *imports, size_t nimports)
{
    cortex_grow((void **)&s->import_keys, &s->import_keys_cap, 2 * nimports + 1, sizeof *s->import_keys);
    size_t n = 0;
    for (size_t i = 0; i < nimports; i++) {
        const cortex_symbol *im = &r->symbols[imports[i]];
        if (im->alias) {
            s->import_keys[n++] = im->alias;
            continue;
        }
        s->import_keys[n++] = im->name;
        if (last_component(im->name) != im->name) s->import_keys[n++] = last_component(im->name);
    }
    if (n > 1) qsort(s->import_keys, n, sizeof *s->import_keys, compare_strings);
    return n;
}

static int imports_name(const sqlite_sink *s, size_t nkeys, const char *name)
{
    return nkeys && bsearch(&name, s->import_keys, nkeys, sizeof *s->import_keys, compare_strings) != NULL;
}

/* ---- a file written again: rewritten in place -------------------------------
 *
 * Deleting a file's rows and inserting them again touched one page of each
 * name index per symbol and reference: 1,100 pages of WAL, and a checkpoint,
 * for one edit of kernel/fork.c. So a symbol that keeps its id (same name and
 * kind) and a reference that keeps its name, kind and qualifier are updated in
 * place, and only the others are deleted or inserted. The FTS rows of the file
 * still leave and come back whole (they are few pages). */

typedef struct old_row {
    int64_t id;
    char *name, *kind, *extra; /* extra: a symbol's short name, a reference's qualifier */
} old_row;

static void free_old_rows(old_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(rows[i].name);
        free(rows[i].kind);
        free(rows[i].extra);
    }
    free(rows);
}

static char *column_dup(sqlite3_stmt *st, int col)
{
    const char *v = (const char *)sqlite3_column_text(st, col);
    return v ? cortex_xstrdup(v) : NULL;
}

/* The file's rows that `st` (bound to the file's id) lists: id, name, kind, extra. */
static int load_old_rows(sqlite_sink *s, sqlite3_stmt *st, int64_t file_id, old_row **out, size_t *n)
{
    size_t cap = 0;
    *out = NULL;
    *n = 0;
    sqlite3_bind_int64(st, 1, file_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        *CORTEX_PUSH(*out, *n, cap) = (old_row){sqlite3_column_int64(st, 0), column_dup(st, 1), column_dup(st, 2), column_dup(st, 3)};
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : db_error(s, "read a file's rows");
}

/* Writes the file's symbols: in place where the id still names the same
 * symbol, deleted or inserted otherwise. `fresh`: the file has no rows yet. */
static int write_symbols(sqlite_sink *s, int64_t file_id, const cortex_file_records *r, int fresh)
{
    cortex_grow((void **)&s->kept, &s->kept_cap, r->nsymbols + 1, 1);
    memset(s->kept, 0, r->nsymbols + 1);
    old_row *old = NULL;
    size_t nold = 0;
    int rc = fresh ? 0 : load_old_rows(s, s->st[ST_OLD_SYMBOLS], file_id, &old, &nold);
    for (size_t k = 0; k < nold && rc == 0; k++) {
        int32_t i = claimed_by(s, old[k].id);
        if (i >= 0 && strcmp(r->symbols[i].name, old[k].name) == 0 && strcmp(r->symbols[i].kind, old[k].kind) == 0 &&
            strcmp(r->symbols[i].short_name, old[k].extra) == 0) {
            s->kept[i] = 1;
            continue;
        }
        sqlite3_bind_int64(s->st[ST_DEL_SYMBOL], 1, old[k].id);
        rc = step_done(s, s->st[ST_DEL_SYMBOL], "delete symbol");
        if (rc == 0 && strcmp(old[k].kind, "import") == 0) {
            sqlite3_bind_int64(s->st[ST_DEL_IMPORT], 1, file_id);
            sqlite3_bind_int64(s->st[ST_DEL_IMPORT], 2, old[k].id);
            rc = step_done(s, s->st[ST_DEL_IMPORT], "delete import");
        }
        if (rc == 0) rc = touch_name(s, r->lang, old[k].kind, old[k].extra);
    }
    free_old_rows(old, nold);
    for (size_t i = 0; i < r->nsymbols && rc == 0; i++) {
        const cortex_symbol *sym = &r->symbols[i];
        if (!s->kept[i]) {
            rc = insert_symbol(s, file_id, r, i);
            if (rc == 0 && !fresh) rc = touch_name(s, r->lang, sym->kind, sym->short_name);
            continue;
        }
        sqlite3_stmt *st = s->st[ST_UPD_SYMBOL];
        sqlite3_bind_int64(st, 1, s->ids[i]);
        bind_symbol_body(s, st, sym, 2);
        rc = step_done(s, st, "update symbol");
        if (rc == 0 && strcmp(sym->kind, "import") == 0) rc = write_import(s, file_id, sym, s->ids[i], 1);
    }
    /* a new file's names, in one statement */
    return rc == 0 && fresh ? touch_names(s, file_id) : rc;
}

static int compare_opt(const char *a, const char *b) { return a && b ? strcmp(a, b) : (a != NULL) - (b != NULL); }

/* A reference's key: name, kind, qualifier (NULL first). */
static int compare_ref_keys(const char *name, const char *kind, const char *qualifier, const char *name2, const char *kind2,
                            const char *qualifier2)
{
    int c = strcmp(name, name2);
    if (!c) c = strcmp(kind, kind2);
    return c ? c : compare_opt(qualifier, qualifier2);
}

static int compare_old_refs(const void *a, const void *b)
{
    const old_row *x = a, *y = b;
    int c = compare_ref_keys(x->name, x->kind, x->extra, y->name, y->kind, y->extra);
    return c ? c : (x->id > y->id) - (x->id < y->id);
}

static int compare_new_refs(const void *a, const void *b)
{
    uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
    const cortex_reference *x = &sort_records->refs[i], *y = &sort_records->refs[j];
    int c = compare_ref_keys(x->name, x->kind, x->qualifier, y->name, y->kind, y->qualifier);
    return c ? c : (i > j) - (i < j);
}

/* Pairs the file's references with its old rows of the same name, kind and
 * qualifier, in source order (into s->ref_ids, all 0 before: a new row), and
 * deletes the old rows left over. New rows are numbered after the old ones;
 * when edits have used up the file's numbers, its rows go and the file is
 * numbered from its first id again. */
static int match_refs(sqlite_sink *s, int64_t file_id, const cortex_file_records *r)
{
    old_row *old = NULL;
    size_t nold = 0;
    int rc = load_old_rows(s, s->st[ST_OLD_REFS], file_id, &old, &nold);
    if (rc || nold == 0) {
        free_old_rows(old, nold);
        return rc;
    }
    int64_t last = old[nold - 1].id - (file_id << CORTEX_STORE_ROW_ID_BITS); /* in id order */
    if ((uint64_t)last + 1 + r->nrefs > (uint64_t)1 << CORTEX_STORE_ROW_ID_BITS) {
        free_old_rows(old, nold);
        static const int all_refs[] = {ST_DEL_REFS};
        return run_on_file(s, file_id, all_refs, 1);
    }
    s->next_ref_id = (file_id << CORTEX_STORE_ROW_ID_BITS) + last + 1;
    qsort(old, nold, sizeof *old, compare_old_refs);
    uint32_t *order = cortex_xcalloc(r->nrefs + 1, sizeof *order);
    for (size_t i = 0; i < r->nrefs; i++) order[i] = (uint32_t)i;
    sort_records = r;
    qsort(order, r->nrefs, sizeof *order, compare_new_refs);
    size_t i = 0, k = 0;
    while (k < nold && rc == 0) {
        const cortex_reference *ref = i < r->nrefs ? &r->refs[order[i]] : NULL;
        int c = ref ? compare_ref_keys(ref->name, ref->kind, ref->qualifier, old[k].name, old[k].kind, old[k].extra) : 1;
        if (c == 0) s->ref_ids[order[i]] = old[k].id;
        if (c <= 0) i++;
        if (c > 0) { /* no reference of this key is left: the row goes */
            sqlite3_bind_int64(s->st[ST_DEL_REF], 1, old[k].id);
            rc = step_done(s, s->st[ST_DEL_REF], "delete reference");
        }
        if (c >= 0) k++;
    }
    free(order);
    free_old_rows(old, nold);
    return rc;
}

/* Binds a text's or a reference's id (CORTEX_STORE_ROW_ID_BITS). A bulk load
 * names only a file's first: its files come in id order, so every later row
 * is the table's largest id plus one, which SQLite gives a NULL id from the
 * table's last row, where a named one is first looked for (0.13 G
 * instructions on the Python standard library). */
static void bind_row_id(const sqlite_sink *s, sqlite3_stmt *st, int64_t id, int first_of_file)
{
    if (s->bulk && !first_of_file) sqlite3_bind_null(st, 1);
    else sqlite3_bind_int64(st, 1, id);
}

static int sqlite_file(void *self, const cortex_file_records *r)
{
    sqlite_sink *s = self;
    s->dirty = 1;
    int64_t file_id;
    int same_lang, rc = find_file(s, r->path, r->lang, &file_id, &same_lang);
    if (rc) return rc;
    if (!file_id) s->paths_changed = 1;
    if (file_id && !same_lang) { /* another plugin's rows: start afresh */
        int existed;
        if ((rc = delete_file(s, r->path, &existed))) return rc;
        file_id = 0;
    }
    int fresh = file_id == 0;
    sqlite3_stmt *st = s->st[fresh ? ST_INS_FILE : ST_UPD_FILE];
    int at = fresh ? 3 : 2; /* an insert names the path and language first; an update the id */
    if (fresh) {
        sqlite3_bind_text(st, 1, r->path, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, r->lang, -1, SQLITE_STATIC);
    } else {
        /* its full-text rows leave now, with their old values, and come back at commit */
        static const int order[] = {ST_FTS_DEL_SYMBOLS, ST_FTS_DEL_TEXTS, ST_FTS_DEL_CHUNKS, ST_FTS_DEL_FILE, ST_DEL_TEXTS, ST_DEL_CHUNKS};
        if ((rc = run_on_file(s, file_id, order, sizeof order / sizeof *order))) return rc;
        sqlite3_bind_int64(st, 1, file_id);
    }
    sqlite3_bind_text(st, at, r->hash, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, at + 1, (int)r->lines);
    sqlite3_bind_int64(st, at + 2, (sqlite3_int64)r->bytes);
    sqlite3_bind_int(st, at + 3, r->has_errors);
    sqlite3_bind_int64(st, at + 4, s->generation);
    sqlite3_bind_int64(st, at + 5, r->mtime_ns);
    sqlite3_bind_text(st, at + 6, r->project ? r->project : ".", -1, SQLITE_STATIC);
    if ((rc = step_done(s, st, "write file"))) return rc;
    if (fresh) file_id = sqlite3_last_insert_rowid(s->db);
    /* its texts' and references' ids are numbered under its own (CORTEX_STORE_ROW_ID_BITS) */
    if (file_id >> (62 - CORTEX_STORE_ROW_ID_BITS) || r->nrefs >> CORTEX_STORE_ROW_ID_BITS ||
        r->ntexts >> CORTEX_STORE_ROW_ID_BITS)
        return cortex_error_set(CORTEX_EINVALID, "%s: file %lld with %zu references and %zu texts: more than its ids can number",
                                r->path, (long long)file_id, r->nrefs, r->ntexts);
    if (s->side) cortex_fts_side_add(s->side, CORTEX_FTS_FILES, file_id, (const char *const[]){r->path});

    plan_ids(s, r);
    if ((rc = write_symbols(s, file_id, r, fresh))) return rc;

    /* bindable symbols fill the front of the scratch array, imports its back */
    size_t nbindable = 0, nimports = 0;
    cortex_grow((void **)&s->bindable, &s->bindable_cap, r->nsymbols + 1, sizeof *s->bindable);
    uint32_t *imports = s->bindable + r->nsymbols;
    for (size_t i = 0; i < r->nsymbols; i++) {
        if (is_bindable(r->symbols[i].kind)) s->bindable[nbindable++] = (uint32_t)i;
        else if (strcmp(r->symbols[i].kind, "import") == 0) *--imports = (uint32_t)i, nimports++;
    }
    sort_records = r;
    if (nbindable) qsort(s->bindable, nbindable, sizeof *s->bindable, compare_bindable);
    size_t nimport_names = import_names(s, r, imports, nimports);

    cortex_grow((void **)&s->ref_ids, &s->ref_ids_cap, r->nrefs + 1, sizeof *s->ref_ids);
    memset(s->ref_ids, 0, (r->nrefs + 1) * sizeof *s->ref_ids);
    s->next_ref_id = file_id << CORTEX_STORE_ROW_ID_BITS;
    if (!fresh && (rc = match_refs(s, file_id, r))) return rc;
    for (size_t i = 0; i < r->nrefs; i++) {
        const cortex_reference *ref = &r->refs[i];
        int update = s->ref_ids[i] != 0;
        /* an update sets the columns after the key: line, col, caller, target, resolution */
        st = s->st[update ? ST_UPD_REF : ST_INS_REF];
        int col = update ? 2 : 6;
        if (update) {
            sqlite3_bind_int64(st, 1, s->ref_ids[i]);
        } else {
            bind_row_id(s, st, s->next_ref_id++, i == 0);
            sqlite3_bind_int64(st, 2, file_id);
            sqlite3_bind_text(st, 3, ref->name, -1, SQLITE_STATIC);
            sqlite3_bind_text(st, 4, ref->kind, -1, SQLITE_STATIC);
            bind_text_or_null(st, 5, ref->qualifier);
        }
        sqlite3_bind_int(st, col, (int)ref->line);
        sqlite3_bind_int(st, col + 1, (int)ref->col);
        if (ref->caller >= 0) sqlite3_bind_int64(st, col + 2, s->ids[ref->caller]);
        int32_t target = find_in_file(s, nbindable, r, ref->name);
        if (target >= 0) {
            sqlite3_bind_int64(st, col + 3, s->ids[target]);
            sqlite3_bind_text(st, col + 4, "scoped", -1, SQLITE_STATIC);
        } else if (imports_name(s, nimport_names, ref->name)) {
            sqlite3_bind_text(st, col + 4, "import", -1, SQLITE_STATIC);
        }
        if ((rc = step_done(s, st, "write reference"))) return rc;
    }

    st = s->st[ST_INS_TEXT];
    for (size_t i = 0; i < r->ntexts; i++) {
        const cortex_text *t = &r->texts[i];
        int64_t id = (file_id << CORTEX_STORE_ROW_ID_BITS) | (int64_t)i;
        bind_row_id(s, st, id, i == 0);
        sqlite3_bind_int64(st, 2, file_id);
        sqlite3_bind_text(st, 3, t->kind, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 4, (int)t->line_start);
        sqlite3_bind_int(st, 5, (int)t->line_end);
        sqlite3_bind_text(st, 6, t->text, -1, SQLITE_STATIC);
        bind_text_or_null(st, 7, t->language);
        if (t->parent >= 0) sqlite3_bind_int64(st, 8, s->ids[t->parent]);
        if ((rc = step_done(s, st, "insert text"))) return rc;
        if (s->side) cortex_fts_side_add(s->side, CORTEX_FTS_TEXTS, id, (const char *const[]){t->text});
    }

    st = s->st[ST_INS_CHUNK];
    for (size_t i = 0; i < r->nchunks; i++) {
        const cortex_chunk *c = &r->chunks[i];
        sqlite3_bind_int64(st, 1, file_id);
        sqlite3_bind_int(st, 2, (int)i + 1);
        sqlite3_bind_text(st, 3, c->kind, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 4, (int)c->line_start);
        sqlite3_bind_int(st, 5, (int)c->line_end);
        bind_text_or_null(st, 6, c->headers);
        sqlite3_bind_text(st, 7, c->content, -1, SQLITE_STATIC);
        if ((rc = step_done(s, st, "insert chunk"))) return rc;
        if (s->side)
            cortex_fts_side_add(s->side, CORTEX_FTS_CHUNKS, sqlite3_last_insert_rowid(s->db),
                                (const char *const[]){c->content, c->headers});
    }
    return 0;
}

static int sqlite_remove(void *self, const char *path)
{
    sqlite_sink *s = self;
    s->dirty = 1;
    s->paths_changed = 1;
    int existed = 0;
    return delete_file(s, path, &existed);
}

/* A store this large (bytes) has its indexes sorted in small runs, below
 * which they are sorted whole in the page cache. */
#define SORT_IN_RUNS_BYTES (64 << 20)

/* A bulk load's indexes, each built by SQLite's sorter. On a large store,
 * given a 2 MiB cache, it sorts runs that fit the CPU's caches and merges
 * them, on the run's spare threads: the kernel subtree's indexes (a 275 MB
 * store) took 1.0-1.4 s this way at two threads, 1.5-2.0 s sorted whole in
 * the 32 MiB page cache, and peak memory fell by 28 MB. On a small one the
 * runs only add temporary files: the Python standard library's (31 MB) took
 * 0.09 s sorted whole, 0.11-0.15 s in runs. */
static int build_indexes(sqlite_sink *s)
{
    sqlite3_stmt *st;
    int64_t bytes = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT page_count * page_size FROM pragma_page_count, pragma_page_size", -1, &st,
                           NULL) == SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW) bytes = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    int in_runs = bytes >= SORT_IN_RUNS_BYTES;
    /* the spare threads, less the one building the full-text tables: sharing
     * it, the kernel subtree's indexes took 1.8 s instead of 1.35 s */
    unsigned spare = s->threads > 1 ? s->threads - 1 : 0;
    if (s->side && spare) spare--;
    char sql[96];
    snprintf(sql, sizeof sql, "PRAGMA threads=%u; PRAGMA cache_size=-2048", spare);
    int rc = in_runs ? exec(s, sql) : 0;
    if (!rc) rc = cortex_store_create_indexes(s->store);
    if (!rc && in_runs) rc = exec(s, "PRAGMA threads=0; PRAGMA cache_size=" CORTEX_STORE_CACHE_SIZE);
    return rc;
}

/* A bulk load's full-text rows, one table at a time: all of them this run's,
 * in id order as stored. */
static const char *const bulk_fts_sql[CORTEX_FTS_TABLES] = {
    [CORTEX_FTS_SYMBOLS] = "INSERT INTO symbols_fts(rowid, terms, sig, doc) SELECT id, terms, sig, doc FROM symbols",
    [CORTEX_FTS_TEXTS] = "INSERT INTO texts_fts(rowid, text) SELECT id, text FROM texts",
    [CORTEX_FTS_CHUNKS] = "INSERT INTO chunks_fts(rowid, content, headers) SELECT id, content, headers FROM chunks",
    [CORTEX_FTS_FILES] = "INSERT INTO files_fts(rowid, path) SELECT id, path FROM files",
};

/* A new store's pages so far go to its file, and their writeback starts,
 * while the full-text tables are built: the COMMIT and the publish's fsync
 * after them are left only those tables' pages. On the Python standard
 * library, COMMIT and publish together: 0.053 -> 0.012 s at two threads
 * (written while the side thread finishes), 0.046-0.053 -> 0.011 s at one
 * (written before the full-text build). */
static int write_pages_ahead(sqlite_sink *s)
{
    if (!s->building) return 0;
    if (sqlite3_db_cacheflush(s->db) != SQLITE_OK) return db_error(s, "write the store's pages");
    cortex_store_start_writeback(s->store);
    return 0;
}

/* The full-text tables of a bulk load with a side build under way: those it
 * has not started are built here (the sink's own commit work is done), the
 * rest copied from it; a table it failed to build is built here too. */
static int build_fts_with_side(sqlite_sink *s)
{
    int here[CORTEX_FTS_TABLES] = {0}, rc = 0, t;
    while (!rc && (t = cortex_fts_side_claim(s->side)) >= 0) {
        rc = exec(s, bulk_fts_sql[t]);
        here[t] = 1;
    }
    if (!rc) rc = write_pages_ahead(s);
    cortex_fts_side_finish(s->side); /* on failure its tables are built here */
    for (t = 0; t < CORTEX_FTS_TABLES && !rc; t++)
        if (!here[t] && !cortex_fts_side_built(s->side, t)) rc = exec(s, bulk_fts_sql[t]);
    return rc ? rc : cortex_fts_side_copy(s->side, s->db);
}

/* Every file written in this run carries this generation: its rows enter
 * the full-text tables in one statement per table (see the schema's note on
 * triggers), by id: FTS5 writes out a segment whenever ids go backwards (a
 * --full run over a store, planned file by file, left 14 segments where 1
 * will do). A bulk load's rows are all this run's, in id order as stored, or
 * were indexed beside and are copied in. */
static int index_fts_rows(sqlite_sink *s)
{
    if (s->side) return build_fts_with_side(s);
    int rc = 0;
    if (s->bulk) {
        rc = write_pages_ahead(s);
        for (int t = 0; t < CORTEX_FTS_TABLES && !rc; t++) rc = exec(s, bulk_fts_sql[t]);
        return rc;
    }
    if (!s->dirty) return 0; /* nothing written */
    /* the written files' rows, found through the files (CROSS JOIN: left to
     * itself, the planner scans every symbol to return them in id order, 0.08 s
     * of a no-change run on the kernel subtree) and sorted */
    char sql[1024];
    snprintf(sql, sizeof sql,
             "INSERT INTO symbols_fts(rowid, terms, sig, doc) SELECT s.id, s.terms, s.sig, s.doc"
             "  FROM files f CROSS JOIN symbols s ON s.file_id = f.id WHERE f.generation = %lld ORDER BY s.id;"
             "INSERT INTO texts_fts(rowid, text) SELECT t.id, t.text"
             "  FROM files f CROSS JOIN texts t ON " CORTEX_STORE_ROW_OF_FILE("t.id", "f.id") " WHERE f.generation = %lld ORDER BY t.id;"
             "INSERT INTO chunks_fts(rowid, content, headers) SELECT c.id, c.content, c.headers"
             "  FROM files f CROSS JOIN chunks c ON c.file_id = f.id WHERE f.generation = %lld ORDER BY c.id;"
             "INSERT INTO files_fts(rowid, path) SELECT id, path FROM files WHERE generation = %lld ORDER BY id;",
             (long long)s->generation, (long long)s->generation, (long long)s->generation, (long long)s->generation);
    return exec(s, sql);
}

static int sqlite_commit(void *self)
{
    sqlite_sink *s = self;
    cortex_store_start_writeback(s->store); /* while the indexes and bindings are computed */
    int rc = s->side ? cortex_fts_side_start(s->side) : 0;
    if (!rc && s->bulk) rc = build_indexes(s); /* a bulk load builds them once, now */
    /* Nothing written or removed: every binding still holds (a no-change run
     * must cost a fraction of a cold one). */
    if (!rc && s->dirty) rc = s->bulk ? cortex_bulk_names_write(s->names, s->db) : exec(s, resolve_touched_sql);
    if (!rc && s->dirty) rc = cortex_import_targets_resolve(s->db, s->bulk || s->paths_changed, s->generation);
    if (!rc && s->dirty) rc = exec(s, bind_imports_sql);
    if (rc) return rc;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "INSERT OR REPLACE INTO meta(key, value) VALUES ('extractor', ?)", -1, &st, NULL) != SQLITE_OK)
        return db_error(s, "record the extractor");
    sqlite3_bind_text(st, 1, s->extractor, -1, SQLITE_STATIC);
    if ((rc = step_done(s, st, "record the extractor"))) {
        sqlite3_finalize(st);
        return rc;
    }
    sqlite3_finalize(st);
    if ((rc = index_fts_rows(s))) return rc;
    char sql[96];
    snprintf(sql, sizeof sql, "UPDATE meta SET value = '%lld' WHERE key = 'generation'", (long long)s->generation);
    rc = exec(s, sql);
    if (!rc) rc = exec(s, "COMMIT");
    if (rc) return rc;
    s->in_txn = 0;
    cortex_fts_side_close(s->side, s->db);
    s->side = NULL;
    cortex_bulk_names_free(s->names);
    s->names = NULL;
    cortex_store_start_writeback(s->store);
    /* Fold the WAL back so the store is one file at rest; readers keep working. */
    sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    if (!s->building) return 0;
    finalize_statements(s);
    rc = cortex_store_publish(s->store);
    store_disconnect(s);
    return rc;
}

static void sqlite_abort(void *self)
{
    sqlite_sink *s = self;
    if (s->in_txn) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    s->in_txn = 0;
    cortex_fts_side_close(s->side, s->db);
    s->side = NULL;
    cortex_bulk_names_free(s->names);
    s->names = NULL;
}

const cortex_sink_type cortex_sink_sqlite = {
    CORTEX_SINK_ABI_VERSION, "sqlite", "queryable SQLite store with FTS5 in .cortex/cortex.db",
    sqlite_open, sqlite_begin, sqlite_file, sqlite_remove, sqlite_commit, sqlite_abort, sqlite_close, sqlite_keep,
    CORTEX_SINK_PARTIAL,
};
