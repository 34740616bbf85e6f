/*
 * The store's writes, one file at a time (write.h): prepared statements for
 * each row kind, a file's rows rewritten in place over its previous version,
 * and the names whose definitions came or went noted for the commit's
 * recount (bind.h).
 */
#define _GNU_SOURCE /* qsort_r */
#include "write.h"

#include "bind.h"
#include "ids.h"
#include "packed_text.h"
#include "surface.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <cortex/plugin.h>

#include <stdlib.h>
#include <string.h>

enum {
    ST_FILE_ID, ST_FTS_DEL_SYMBOLS, ST_FTS_DEL_TEXTS, ST_FTS_DEL_FILE,
    ST_DEL_FILE, ST_DEL_SYMBOLS, ST_DEL_REFS, ST_DEL_IMPORTS, ST_DEL_TEXTS, ST_FTS_DEL_CHUNKS, ST_DEL_CHUNKS,
    ST_INS_FILE, ST_INS_SYMBOL, ST_INS_REF, ST_INS_IMPORT, ST_INS_TEXT, ST_INS_CHUNK, ST_KEEP_FILE, ST_RESTAMP_FILE, ST_TOUCH_NAMES,
    ST_UPD_FILE, ST_OLD_SYMBOLS, ST_UPD_SYMBOL, ST_DEL_SYMBOL, ST_UPD_IMPORT, ST_DEL_IMPORT, ST_OLD_REFS, ST_UPD_REF, ST_DEL_REF,
    ST_TOUCH_NAME, ST_LANGUAGE, ST_LEFT_SYMBOLS, ST_LEFT_SYMBOL, ST_NOTE_REBIND, ST_COUNT
};

static const char *const stmt_sql[ST_COUNT] = {
    [ST_FILE_ID] = "SELECT id, lang, variant, surface FROM files WHERE path = ?",
    /* An external-content FTS5 table forgets a row when told its old values.
     * In id order: FTS5 writes a segment each time the rowid goes back, and
     * segments piled up by a file's symbols in line order merged the whole
     * table's index at the first edits after a cold index. */
    [ST_FTS_DEL_SYMBOLS] = "INSERT INTO symbols_fts(symbols_fts, rowid, terms, sig, doc)"
                           " SELECT 'delete', id, cortex_terms(name), sig, doc FROM symbols WHERE "
                           CORTEX_STORE_SYMBOL_OF_FILE("id", "?1") " ORDER BY id",
    [ST_FTS_DEL_TEXTS] = "INSERT INTO texts_fts(texts_fts, rowid, text) SELECT 'delete', id, text FROM texts_text WHERE " CORTEX_STORE_ROW_OF_FILE("id", "?1"),
    [ST_FTS_DEL_FILE] = "INSERT INTO files_fts(files_fts, rowid, path) SELECT 'delete', id, path FROM files WHERE id = ?",
    [ST_DEL_FILE] = "DELETE FROM files WHERE id = ?",
    [ST_DEL_SYMBOLS] = "DELETE FROM symbols WHERE file_id = ?",
    [ST_DEL_REFS] = "DELETE FROM refs WHERE " CORTEX_STORE_ROW_OF_FILE("id", "?1"),
    [ST_DEL_IMPORTS] = "DELETE FROM imports WHERE file_id = ?",
    [ST_DEL_TEXTS] = "DELETE FROM texts WHERE " CORTEX_STORE_ROW_OF_FILE("id", "?1"),
    [ST_FTS_DEL_CHUNKS] = "INSERT INTO chunks_fts(chunks_fts, rowid, content, headers)"
                          " SELECT 'delete', id, content, headers FROM chunks_text WHERE file_id = ?",
    [ST_DEL_CHUNKS] = "DELETE FROM chunks WHERE file_id = ?",
    [ST_INS_FILE] = "INSERT INTO files(path, lang, hash, lines, bytes, parse_errors, generation, mtime, project, variant,"
                    " surface, definitions, symbol_rows, ref_rows, text_rows) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
    [ST_INS_SYMBOL] = "INSERT INTO symbols(id, file_id, name, short, kind, line_start, line_end, col, parent_id, sig,"
                      " visibility, doc, alias, origin, name_line, dtype) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
    /* ?2, the file, is in the id */
    [ST_INS_REF] = "INSERT INTO refs(id, name, other_kind, qualifier, line, col, caller, target_id, resolution, reach,"
                   " rtype, fallback) VALUES (?1,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13)",
    [ST_INS_IMPORT] = "INSERT INTO imports(file_id, symbol_id, name, alias, origin, line, candidates) VALUES (?,?,?,?,?,?,?)",
    [ST_INS_TEXT] = "INSERT INTO texts(id, other_kind, line_start, line_end, text, language, parent)"
                    " VALUES (?1,?3,?4,?5,?6,?7,?8)",
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
                       " JOIN files f ON f.id = s.file_id WHERE s.file_id = ? AND s.kind IN " CORTEX_STORE_BINDABLE_KINDS_SQL,
    [ST_TOUCH_NAME] = "INSERT OR IGNORE INTO temp.touched_names(lang, name) VALUES (?, ?)",
    /* The definitions that leave in an incremental run: the import references
     * bound to them are freed by these ids, not by a walk of every bound one. */
    [ST_LEFT_SYMBOLS] = "INSERT OR IGNORE INTO temp.left_symbols SELECT id FROM symbols WHERE file_id = ?",
    [ST_LEFT_SYMBOL] = "INSERT OR IGNORE INTO temp.left_symbols VALUES (?)",
    /* a file whose surface changed: the files importing it bind again */
    [ST_NOTE_REBIND] = "INSERT OR IGNORE INTO temp.rebind_files VALUES (?)",
    /* A file written again is rewritten in place (rewrite_rows): its row, the
     * symbols that keep their id and the references that keep their name are
     * updated, so the name indexes are not touched for them. */
    [ST_UPD_FILE] = "UPDATE files SET hash = ?2, lines = ?3, bytes = ?4, parse_errors = ?5, generation = ?6, mtime = ?7,"
                    " project = ?8, variant = ?9, surface = ?10, definitions = ?11, symbol_rows = ?12, ref_rows = ?13,"
                    " text_rows = ?14 WHERE id = ?1",
    [ST_OLD_SYMBOLS] = "SELECT id, name, kind, short_name FROM symbols WHERE file_id = ?",
    [ST_UPD_SYMBOL] = "UPDATE symbols SET line_start = ?2, line_end = ?3, col = ?4, parent_id = ?5, sig = ?6, visibility = ?7,"
                      " doc = ?8, alias = ?9, origin = ?10, name_line = ?11, dtype = ?12 WHERE id = ?1",
    [ST_DEL_SYMBOL] = "DELETE FROM symbols WHERE id = ?",
    [ST_UPD_IMPORT] = "UPDATE imports SET alias = ?3, origin = ?4, line = ?5, candidates = ?6 WHERE file_id = ?1 AND symbol_id = ?2",
    [ST_DEL_IMPORT] = "DELETE FROM imports WHERE file_id = ?1 AND symbol_id = ?2",
    [ST_OLD_REFS] = "SELECT id, name, kind, qualifier FROM refs WHERE " CORTEX_STORE_ROW_OF_FILE("id", "?1") " ORDER BY id",
    [ST_UPD_REF] = "UPDATE refs SET line = ?2, col = ?3, caller = ?4, target_id = ?5, resolution = ?6, reach = ?7, rtype = ?8, fallback = ?9 WHERE id = ?1",
    [ST_DEL_REF] = "DELETE FROM refs WHERE id = ?",
    [ST_LANGUAGE] = "INSERT OR REPLACE INTO languages(lang, package_dirs, implicit_interfaces) VALUES (?, ?, ?)",
};


struct cortex_store_writer {
    cortex_store *store;
    sqlite3 *db; /* the store's connection */
    sqlite3_stmt *st[ST_COUNT];
    int64_t generation;
    int bulk;              /* the store was empty at begin: no name is noted for a recount */
    cortex_fts_side *side; /* borrowed: a bulk load's full-text spool */
    cortex_bulk_names *names; /* borrowed: a bulk load's definitions by name */
    cortex_store_ids ids;     /* the current file's symbol ids */
    cortex_store_file_binder binder; /* the current file's definitions and imported names */
    char *terms;
    size_t terms_cap;
    int64_t *ref_ids; /* per reference of the current file: the row it rewrites, 0 = a new row */
    size_t ref_ids_cap;
    int64_t next_ref_id; /* the current file's next new reference id (CORTEX_STORE_ROW_ID_BITS) */
    unsigned char *kept; /* per symbol of the current file: its row is rewritten in place */
    size_t kept_cap;
    char **languages; /* the languages noted in the languages table by this writer */
    size_t nlanguages, languages_cap;
    cortex_packer *packer; /* texts' and chunks' content */
    uint32_t *symbol_order; /* the current file's symbols in id order */
    size_t symbol_order_cap;
};

static int db_error(cortex_store_writer *s, const char *what)
{
    return cortex_error_set(CORTEX_EIO, "sqlite store: %s: %s", what, sqlite3_errmsg(s->db));
}

static int step_done(cortex_store_writer *s, sqlite3_stmt *st, const char *what)
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

/* Notes the names a file's definitions bear, for an incremental recount
 * (a bulk load recounts everything anyway). */
static int touch_names(cortex_store_writer *s, int64_t file_id)
{
    if (s->bulk) return 0;
    sqlite3_bind_int64(s->st[ST_TOUCH_NAMES], 1, file_id);
    int rc = step_done(s, s->st[ST_TOUCH_NAMES], "note touched names");
    if (rc) return rc;
    sqlite3_bind_int64(s->st[ST_LEFT_SYMBOLS], 1, file_id);
    return step_done(s, s->st[ST_LEFT_SYMBOLS], "note the definitions that leave");
}

/* The store's id for `path` (0: not there), whether its language is `lang`,
 * whether it is a build variant (`variant`, may be NULL) and its surface
 * (`surface`, may be NULL). */
static int find_file(cortex_store_writer *s, const char *path, const char *lang, int64_t *id, int *same_lang, int *variant,
                     uint64_t *surface)
{
    sqlite3_stmt *q = s->st[ST_FILE_ID];
    sqlite3_bind_text(q, 1, path, -1, SQLITE_STATIC);
    int rc = sqlite3_step(q);
    *id = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
    *same_lang = rc == SQLITE_ROW && lang && strcmp((const char *)sqlite3_column_text(q, 1), lang) == 0;
    if (variant) *variant = rc == SQLITE_ROW && sqlite3_column_int(q, 2) != 0;
    if (surface) *surface = rc == SQLITE_ROW ? (uint64_t)sqlite3_column_int64(q, 3) : 0;
    sqlite3_reset(q);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : db_error(s, "look up file");
}

/* Runs each statement of `order` on the file's id. */
static int run_on_file(cortex_store_writer *s, int64_t id, const int *order, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        sqlite3_bind_int64(s->st[order[i]], 1, id);
        int rc = step_done(s, s->st[order[i]], "delete file rows");
        if (rc) return rc;
    }
    return 0;
}

/* Deletes a file's rows; *existed says whether it had any. */
static int delete_file(cortex_store_writer *s, const char *path, int *existed)
{
    int64_t id;
    int same_lang;
    int rc = find_file(s, path, NULL, &id, &same_lang, NULL, NULL);
    *existed = id != 0;
    if (rc || !id) return rc;
    if ((rc = touch_names(s, id))) return rc;
    static const int order[] = {ST_FTS_DEL_SYMBOLS, ST_FTS_DEL_TEXTS, ST_FTS_DEL_CHUNKS, ST_FTS_DEL_FILE, ST_DEL_SYMBOLS,
                                ST_DEL_REFS,        ST_DEL_IMPORTS,   ST_DEL_TEXTS,      ST_DEL_CHUNKS,   ST_DEL_FILE};
    return run_on_file(s, id, order, sizeof order / sizeof *order);
}

/* A symbol's columns from line_start on, bound from parameter `at`: the
 * insert and the in-place update share them. */
static void bind_symbol_body(cortex_store_writer *s, sqlite3_stmt *st, const cortex_symbol *sym, int at)
{
    sqlite3_bind_int(st, at, (int)sym->line_start);
    sqlite3_bind_int(st, at + 1, (int)sym->line_end);
    sqlite3_bind_int(st, at + 2, (int)sym->col_start);
    if (sym->parent >= 0) sqlite3_bind_int64(st, at + 3, s->ids.ids[sym->parent]);
    else sqlite3_bind_null(st, at + 3);
    bind_text_or_null(st, at + 4, sym->sig);
    bind_text_or_null(st, at + 5, sym->visibility);
    bind_text_or_null(st, at + 6, sym->doc);
    bind_text_or_null(st, at + 7, sym->alias);
    bind_text_or_null(st, at + 8, sym->origin);
    sqlite3_bind_int(st, at + 9, (int)(sym->name_line ? sym->name_line : sym->line_start));
    bind_text_or_null(st, at + 10, sym->dtype);
}

/* An import's row beside its symbol: inserted, or updated in place (its name is the symbol's, unchanged). */
static int write_import(cortex_store_writer *s, int64_t file_id, const cortex_symbol *sym, int64_t id, int update)
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

/* Notes one name whose definitions change, for the incremental recount. */
static int touch_name(cortex_store_writer *s, const char *lang, const char *kind, const char *short_name)
{
    if (s->bulk || !cortex_store_bindable(kind)) return 0;
    sqlite3_stmt *st = s->st[ST_TOUCH_NAME];
    sqlite3_bind_text(st, 1, lang, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, short_name, -1, SQLITE_STATIC);
    return step_done(s, st, "note touched names");
}

/* Inserts symbol `i` with its planned id; an id another file's symbol holds
 * is probed past. */
static int insert_symbol(cortex_store_writer *s, int64_t file_id, const cortex_file_records *r, size_t i)
{
    const cortex_symbol *sym = &r->symbols[i];
    int64_t id = s->ids.ids[i];
    for (int tries = 0;; tries++) {
        sqlite3_stmt *st = s->st[ST_INS_SYMBOL];
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int64(st, 2, file_id);
        sqlite3_bind_text(st, 3, sym->name, -1, SQLITE_STATIC);
        if (strcmp(sym->short_name, sym->name) != 0) sqlite3_bind_text(st, 4, sym->short_name, -1, SQLITE_STATIC);
        else sqlite3_bind_null(st, 4);
        sqlite3_bind_text(st, 5, sym->kind, -1, SQLITE_STATIC);
        bind_symbol_body(s, st, sym, 6);
        int rc = sqlite3_step(st);
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        if (rc == SQLITE_DONE) break;
        if (rc != SQLITE_CONSTRAINT || tries > 64) return db_error(s, "insert symbol");
        id = cortex_store_ids_reprobe(&s->ids, id, i);
    }
    if (s->names && cortex_store_bindable(sym->kind))
        cortex_bulk_names_add(s->names, r->lang, sym->short_name,
                              cortex_store_name_member(sym->kind, sym->parent >= 0 ? r->symbols[sym->parent].kind : NULL,
                                                       sym->visibility),
                              id);
    if (s->side) {
        /* The qualified name's words, so `Ledger save` and `Ledger.save` find
         * the method: what the symbols_terms view gives a reader of the index. */
        cortex_grow((void **)&s->terms, &s->terms_cap, 3 * strlen(sym->name) + 2, 1);
        cortex_store_name_terms(s->terms, sym->name);
        cortex_fts_side_add(s->side, CORTEX_FTS_SYMBOLS, id, (const char *const[]){s->terms, sym->sig, sym->doc});
    }
    return 0;
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
static int load_old_rows(cortex_store_writer *s, sqlite3_stmt *st, int64_t file_id, old_row **out, size_t *n)
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

static int compare_symbol_ids(const void *a, const void *b, void *payload)
{
    const int64_t *ids = payload;
    int64_t x = ids[*(const uint32_t *)a], y = ids[*(const uint32_t *)b];
    return (x > y) - (x < y);
}

/* Writes the file's symbols: in place where the id still names the same
 * symbol, deleted or inserted otherwise. `fresh`: the file has no rows yet. */
static int write_symbols(cortex_store_writer *s, int64_t file_id, const cortex_file_records *r, int fresh)
{
    cortex_grow((void **)&s->kept, &s->kept_cap, r->nsymbols + 1, 1);
    memset(s->kept, 0, r->nsymbols + 1);
    old_row *old = NULL;
    size_t nold = 0;
    int rc = fresh ? 0 : load_old_rows(s, s->st[ST_OLD_SYMBOLS], file_id, &old, &nold);
    for (size_t k = 0; k < nold && rc == 0; k++) {
        int32_t i = cortex_store_ids_claimed_by(&s->ids, old[k].id);
        if (i >= 0 && strcmp(r->symbols[i].name, old[k].name) == 0 && strcmp(r->symbols[i].kind, old[k].kind) == 0 &&
            strcmp(r->symbols[i].short_name, old[k].extra) == 0) {
            s->kept[i] = 1;
            continue;
        }
        sqlite3_bind_int64(s->st[ST_DEL_SYMBOL], 1, old[k].id);
        rc = step_done(s, s->st[ST_DEL_SYMBOL], "delete symbol");
        if (rc == 0 && !s->bulk) {
            sqlite3_bind_int64(s->st[ST_LEFT_SYMBOL], 1, old[k].id);
            rc = step_done(s, s->st[ST_LEFT_SYMBOL], "note a definition that leaves");
        }
        if (rc == 0 && strcmp(old[k].kind, "import") == 0) {
            sqlite3_bind_int64(s->st[ST_DEL_IMPORT], 1, file_id);
            sqlite3_bind_int64(s->st[ST_DEL_IMPORT], 2, old[k].id);
            rc = step_done(s, s->st[ST_DEL_IMPORT], "delete import");
        }
        if (rc == 0) rc = touch_name(s, r->lang, old[k].kind, old[k].extra);
    }
    free_old_rows(old, nold);
    /* in id order: a new file's rows are appended to the table, filling its pages */
    cortex_grow((void **)&s->symbol_order, &s->symbol_order_cap, r->nsymbols + 1, sizeof *s->symbol_order);
    for (size_t i = 0; i < r->nsymbols; i++) s->symbol_order[i] = (uint32_t)i;
    qsort_r(s->symbol_order, r->nsymbols, sizeof *s->symbol_order, compare_symbol_ids, s->ids.ids);
    for (size_t k = 0; k < r->nsymbols && rc == 0; k++) {
        size_t i = s->symbol_order[k];
        const cortex_symbol *sym = &r->symbols[i];
        if (!s->kept[i]) {
            rc = insert_symbol(s, file_id, r, i);
            if (rc == 0 && !fresh) rc = touch_name(s, r->lang, sym->kind, sym->short_name);
            continue;
        }
        sqlite3_stmt *st = s->st[ST_UPD_SYMBOL];
        sqlite3_bind_int64(st, 1, s->ids.ids[i]);
        bind_symbol_body(s, st, sym, 2);
        rc = step_done(s, st, "update symbol");
        if (rc == 0 && strcmp(sym->kind, "import") == 0) rc = write_import(s, file_id, sym, s->ids.ids[i], 1);
    }
    /* new imports in source order: the order a file's imports are listed in */
    for (size_t i = 0; i < r->nsymbols && rc == 0; i++)
        if (!s->kept[i] && strcmp(r->symbols[i].kind, "import") == 0)
            rc = write_import(s, file_id, &r->symbols[i], s->ids.ids[i], 0);
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

static int compare_new_refs(const void *a, const void *b, void *payload)
{
    const cortex_file_records *r = payload;
    uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
    const cortex_reference *x = &r->refs[i], *y = &r->refs[j];
    int c = compare_ref_keys(x->name, x->kind, x->qualifier, y->name, y->kind, y->qualifier);
    return c ? c : (i > j) - (i < j);
}

/* Pairs the file's references with its old rows of the same name, kind and
 * qualifier, in source order (into s->ref_ids, all 0 before: a new row), and
 * deletes the old rows left over. New rows are numbered after the old ones;
 * when edits have used up the file's numbers, its rows go and the file is
 * numbered from its first id again. */
static int match_refs(cortex_store_writer *s, int64_t file_id, const cortex_file_records *r)
{
    old_row *old = NULL;
    size_t nold = 0;
    int rc = load_old_rows(s, s->st[ST_OLD_REFS], file_id, &old, &nold);
    if (rc || nold == 0) {
        free_old_rows(old, nold);
        return rc;
    }
    int64_t last = old[nold - 1].id - cortex_store_row_first(file_id); /* in id order */
    if ((uint64_t)last + 1 + r->nrefs > (uint64_t)1 << CORTEX_STORE_ROW_ID_BITS) {
        free_old_rows(old, nold);
        static const int all_refs[] = {ST_DEL_REFS};
        return run_on_file(s, file_id, all_refs, 1);
    }
    s->next_ref_id = cortex_store_row_first(file_id) + last + 1;
    qsort(old, nold, sizeof *old, compare_old_refs);
    uint32_t *order = cortex_xcalloc(r->nrefs + 1, sizeof *order);
    for (size_t i = 0; i < r->nrefs; i++) order[i] = (uint32_t)i;
    qsort_r(order, r->nrefs, sizeof *order, compare_new_refs, (void *)r);
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
static void bind_row_id(const cortex_store_writer *s, sqlite3_stmt *st, int64_t id, int first_of_file)
{
    if (s->bulk && !first_of_file) sqlite3_bind_null(st, 1);
    else sqlite3_bind_int64(st, 1, id);
}

/* The file's row: inserted, or updated in place when the store has the path
 * in the same language (its full-text rows, texts and chunks leave first).
 * `*file_id` is the row's id; `*fresh`: the file had no rows; `*flipped`: it
 * had, and it entered or left the default build. */
static int write_file_row(cortex_store_writer *s, const cortex_file_records *r, int64_t *file_id, int *fresh, int *added,
                          int *flipped)
{
    uint64_t was_surface, surface = cortex_store_surface(r);
    int same_lang, was_variant, rc = find_file(s, r->path, r->lang, file_id, &same_lang, &was_variant, &was_surface);
    *flipped = *file_id && same_lang && was_variant != (int)r->variant;
    if (rc) return rc;
    if (*file_id && !s->bulk && (!same_lang || was_surface != surface)) {
        sqlite3_bind_int64(s->st[ST_NOTE_REBIND], 1, *file_id);
        if ((rc = step_done(s, s->st[ST_NOTE_REBIND], "note a file to bind again"))) return rc;
    }
    *added = *file_id == 0;
    if (*file_id && !same_lang) { /* another plugin's rows: start afresh */
        int existed;
        if ((rc = delete_file(s, r->path, &existed))) return rc;
        *file_id = 0;
    }
    *fresh = *file_id == 0;
    sqlite3_stmt *st = s->st[*fresh ? ST_INS_FILE : ST_UPD_FILE];
    int at = *fresh ? 3 : 2; /* an insert names the path and language first; an update the id */
    if (*fresh) {
        sqlite3_bind_text(st, 1, r->path, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, r->lang, -1, SQLITE_STATIC);
    } else {
        /* its full-text rows leave now, with their old values, and come back at commit */
        static const int order[] = {ST_FTS_DEL_SYMBOLS, ST_FTS_DEL_TEXTS, ST_FTS_DEL_CHUNKS, ST_FTS_DEL_FILE, ST_DEL_TEXTS, ST_DEL_CHUNKS};
        if ((rc = run_on_file(s, *file_id, order, sizeof order / sizeof *order))) return rc;
        sqlite3_bind_int64(st, 1, *file_id);
    }
    sqlite3_bind_text(st, at, r->hash, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, at + 1, (int)r->lines);
    sqlite3_bind_int64(st, at + 2, (sqlite3_int64)r->bytes);
    sqlite3_bind_int(st, at + 3, r->has_errors);
    sqlite3_bind_int64(st, at + 4, s->generation);
    sqlite3_bind_int64(st, at + 5, r->mtime_ns);
    sqlite3_bind_text(st, at + 6, r->project ? r->project : ".", -1, SQLITE_STATIC);
    sqlite3_bind_int(st, at + 7, r->variant);
    sqlite3_bind_int64(st, at + 8, (sqlite3_int64)surface);
    int64_t definitions = 0;
    for (size_t i = 0; i < r->nsymbols; i++) definitions += strcmp(r->symbols[i].kind, "import") != 0;
    sqlite3_bind_int64(st, at + 9, definitions);
    /* each is written whole below, or the run fails */
    sqlite3_bind_int64(st, at + 10, (sqlite3_int64)r->nsymbols);
    sqlite3_bind_int64(st, at + 11, (sqlite3_int64)r->nrefs);
    sqlite3_bind_int64(st, at + 12, (sqlite3_int64)r->ntexts);
    if ((rc = step_done(s, st, "write file"))) return rc;
    if (*fresh) *file_id = sqlite3_last_insert_rowid(s->db);
    /* its texts' and references' ids are numbered under its own (CORTEX_STORE_ROW_ID_BITS) */
    if (cortex_store_row_overflows(*file_id, r->nsymbols, r->nrefs, r->ntexts))
        return cortex_error_set(CORTEX_EINVALID,
                                "%s: file %lld with %zu symbols, %zu references and %zu texts: more than its ids can number",
                                r->path, (long long)*file_id, r->nsymbols, r->nrefs, r->ntexts);
    if (s->side) cortex_fts_side_add(s->side, CORTEX_FTS_FILES, *file_id, (const char *const[]){r->path});
    return 0;
}

/* The file's references, each bound within the file or marked as imported
 * where it can be: in place over the old rows of the same key, new after. */
/* A symbol of the row's own file, as a reference's caller and a text's
 * parent store it: the bits of its id below its file's (the schema puts the
 * file's back). */
static int64_t symbol_in_file(int64_t id)
{
    return id & ((INT64_C(1) << CORTEX_STORE_SYMBOL_HASH_BITS) - 1);
}

static int write_refs(cortex_store_writer *s, int64_t file_id, const cortex_file_records *r, int fresh)
{
    cortex_store_file_binder_plan(&s->binder, r);
    cortex_grow((void **)&s->ref_ids, &s->ref_ids_cap, r->nrefs + 1, sizeof *s->ref_ids);
    memset(s->ref_ids, 0, (r->nrefs + 1) * sizeof *s->ref_ids);
    s->next_ref_id = cortex_store_row_first(file_id);
    int rc;
    if (!fresh && (rc = match_refs(s, file_id, r))) return rc;
    for (size_t i = 0; i < r->nrefs; i++) {
        const cortex_reference *ref = &r->refs[i];
        int update = s->ref_ids[i] != 0;
        /* an update sets the columns after the key: line, col, caller, target, resolution, reach, rtype, fallback */
        sqlite3_stmt *st = s->st[update ? ST_UPD_REF : ST_INS_REF];
        int col = update ? 2 : 6;
        if (update) {
            sqlite3_bind_int64(st, 1, s->ref_ids[i]);
        } else {
            bind_row_id(s, st, s->next_ref_id++, i == 0);
            sqlite3_bind_text(st, 3, ref->name, -1, SQLITE_STATIC);
            if (strcmp(ref->kind, "call") != 0) sqlite3_bind_text(st, 4, ref->kind, -1, SQLITE_STATIC);
            bind_text_or_null(st, 5, ref->qualifier);
        }
        sqlite3_bind_int(st, col, (int)ref->line);
        sqlite3_bind_int(st, col + 1, (int)ref->col);
        if (ref->caller >= 0) sqlite3_bind_int64(st, col + 2, symbol_in_file(s->ids.ids[ref->caller]));
        cortex_store_local_binding b;
        cortex_store_file_binder_bind(&b, &s->binder, ref);
        if (b.target >= 0) sqlite3_bind_int64(st, col + 3, s->ids.ids[b.target]);
        if (b.resolution) sqlite3_bind_text(st, col + 4, b.resolution, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, col + 5, (int)b.reach);
        bind_text_or_null(st, col + 6, b.rtype);
        bind_text_or_null(st, col + 7, b.fallback);
        if ((rc = step_done(s, st, "write reference"))) return rc;
    }
    return 0;
}

static int write_texts(cortex_store_writer *s, int64_t file_id, const cortex_file_records *r)
{
    sqlite3_stmt *st = s->st[ST_INS_TEXT];
    for (size_t i = 0; i < r->ntexts; i++) {
        const cortex_text *t = &r->texts[i];
        int64_t id = cortex_store_row_first(file_id) | (int64_t)i;
        bind_row_id(s, st, id, i == 0);
        if (strcmp(t->kind, "comment") != 0) sqlite3_bind_text(st, 3, t->kind, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 4, (int)t->line_start);
        sqlite3_bind_int(st, 5, (int)t->line_end);
        if (cortex_packer_bind(s->packer, st, 6, t->text, strlen(t->text)) != SQLITE_OK) return db_error(s, "pack text");
        bind_text_or_null(st, 7, t->language);
        if (t->parent >= 0) sqlite3_bind_int64(st, 8, symbol_in_file(s->ids.ids[t->parent]));
        int rc = step_done(s, st, "insert text");
        if (rc) return rc;
        if (s->side) cortex_fts_side_add(s->side, CORTEX_FTS_TEXTS, id, (const char *const[]){t->text});
    }
    return 0;
}

static int write_chunks(cortex_store_writer *s, int64_t file_id, const cortex_file_records *r)
{
    sqlite3_stmt *st = s->st[ST_INS_CHUNK];
    for (size_t i = 0; i < r->nchunks; i++) {
        const cortex_chunk *c = &r->chunks[i];
        sqlite3_bind_int64(st, 1, file_id);
        sqlite3_bind_int(st, 2, (int)i + 1);
        sqlite3_bind_text(st, 3, c->kind, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 4, (int)c->line_start);
        sqlite3_bind_int(st, 5, (int)c->line_end);
        bind_text_or_null(st, 6, c->headers);
        int rc = cortex_packer_bind(s->packer, st, 7, c->content, strlen(c->content)) == SQLITE_OK
                     ? step_done(s, st, "insert chunk")
                     : db_error(s, "pack chunk");
        if (rc) return rc;
        if (s->side)
            cortex_fts_side_add(s->side, CORTEX_FTS_CHUNKS, sqlite3_last_insert_rowid(s->db),
                                (const char *const[]){c->content, c->headers});
    }
    return 0;
}

/* Notes what binding must know of the file's language, once per writer. */
static int note_language(cortex_store_writer *s, const cortex_file_records *r)
{
    for (size_t i = 0; i < s->nlanguages; i++)
        if (strcmp(s->languages[i], r->lang) == 0) return 0;
    *CORTEX_PUSH(s->languages, s->nlanguages, s->languages_cap) = cortex_xstrdup(r->lang);
    sqlite3_stmt *st = s->st[ST_LANGUAGE];
    sqlite3_bind_text(st, 1, r->lang, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, r->rules && (r->rules->flags & CORTEX_PLUGIN_PACKAGE_DIRS) ? 1 : 0);
    sqlite3_bind_int(st, 3, r->rules && (r->rules->flags & CORTEX_PLUGIN_IMPLICIT_INTERFACES) ? 1 : 0);
    return step_done(s, st, "note a language");
}

int cortex_store_writer_file(int *added, cortex_store_writer *s, const cortex_file_records *r)
{
    int64_t file_id;
    int fresh, flipped, rc = write_file_row(s, r, &file_id, &fresh, added, &flipped);
    if (!rc) rc = note_language(s, r);
    if (rc) return rc;
    cortex_store_ids_plan(&s->ids, file_id, r);
    if ((rc = write_symbols(s, file_id, r, fresh))) return rc;
    /* a file that entered or left the default build: the references named
     * like its definitions elsewhere in the package bind again */
    if (flipped && (rc = touch_names(s, file_id))) return rc;
    if ((rc = write_refs(s, file_id, r, fresh))) return rc;
    if ((rc = write_texts(s, file_id, r))) return rc;
    return write_chunks(s, file_id, r);
}

int cortex_store_writer_remove(cortex_store_writer *s, const char *path)
{
    int existed = 0;
    return delete_file(s, path, &existed);
}

int cortex_store_writer_keep(cortex_store_writer *s, const cortex_file_records *r)
{
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

int cortex_store_writer_new(cortex_store_writer **out, cortex_store *store)
{
    *out = NULL;
    cortex_store_writer *s = cortex_xcalloc(1, sizeof *s);
    s->store = store;
    s->db = cortex_store_db(store);
    int rc = cortex_store_bind_register(s->db);
    char *err = NULL;
    if (!rc && sqlite3_exec(s->db, "CREATE TEMP TABLE IF NOT EXISTS touched_names(lang TEXT NOT NULL, name TEXT NOT NULL,"
                                   " PRIMARY KEY (lang, name)) WITHOUT ROWID;"
                                   "CREATE TEMP TABLE IF NOT EXISTS left_symbols(id INTEGER PRIMARY KEY);"
                                   "CREATE TEMP TABLE IF NOT EXISTS rebind_files(id INTEGER PRIMARY KEY)",
                            NULL, NULL, &err) != SQLITE_OK) {
        rc = cortex_error_set(CORTEX_EIO, "sqlite store: %s", err ? err : sqlite3_errmsg(s->db));
        sqlite3_free(err);
    }
    for (int i = 0; i < ST_COUNT && !rc; i++)
        if (sqlite3_prepare_v3(s->db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &s->st[i], NULL) != SQLITE_OK)
            rc = db_error(s, stmt_sql[i]);
    if (!rc && !(s->packer = cortex_packer_new())) rc = cortex_error_set(CORTEX_ENOMEM, "sqlite store: no memory to pack text");
    if (rc) {
        cortex_store_writer_free(s);
        return rc;
    }
    *out = s;
    return 0;
}

void cortex_store_writer_free(cortex_store_writer *s)
{
    if (!s) return;
    for (int i = 0; i < ST_COUNT; i++) sqlite3_finalize(s->st[i]);
    cortex_store_ids_dispose(&s->ids);
    cortex_store_file_binder_dispose(&s->binder);
    free(s->terms);
    free(s->ref_ids);
    free(s->kept);
    for (size_t i = 0; i < s->nlanguages; i++) free(s->languages[i]);
    free(s->languages);
    cortex_packer_free(s->packer);
    free(s->symbol_order);
    free(s);
}

int cortex_store_writer_start(cortex_store_writer *s, int64_t generation, int bulk, cortex_fts_side *side,
                              cortex_bulk_names *names)
{
    s->generation = generation;
    s->bulk = bulk;
    s->side = side;
    s->names = names;
    if (sqlite3_exec(s->db, "DELETE FROM temp.touched_names; DELETE FROM temp.left_symbols; DELETE FROM temp.rebind_files",
                     NULL, NULL, NULL) != SQLITE_OK)
        return db_error(s, "empty the touched names");
    return 0;
}
