/*
 * Opens .cortex/cortex.db in WAL mode and guarantees it is never misread: the
 * schema version lives in PRAGMA user_version; a newer store is refused, an
 * older one rebuilt (it is derived data, rebuildable from the sources or the
 * committed JSONL index).
 *
 * A store that does not exist yet is built in `cortex.db.new` without a
 * journal to disk and renamed into place whole: in WAL mode every page of a
 * cold run is written twice, to the log and again by the checkpoint (1.3 s of
 * 18 s on the kernel subtree). Nobody can be reading a file that is not there
 * yet, and a killed build leaves only the `.new` file, deleted by the next run.
 */
#define _GNU_SOURCE /* sync_file_range */
#include "store.h"

#include "ids.h"
#include "packed_text.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cortex_store {
    sqlite3 *db;
    char *path;       /* the file the connection has open */
    char *final_path; /* BUILD: where cortex_store_publish() moves it; NULL once there */
    int rebuilt;
    pthread_t writeback; /* cortex_store_start_writeback()'s, while writeback_running */
    int writeback_running;
    sqlite3_int64 changes_at_begin; /* the connection's row changes when the transaction began */
    int indexes_created;            /* cortex_store_create_indexes() made one in this transaction */
};

static void join_writeback(cortex_store *s)
{
    if (s->writeback_running) pthread_join(s->writeback, NULL);
    s->writeback_running = 0;
}

/* Secondary indexes, apart from the tables: a bulk load into an empty store
 * drops them and builds each once at the end, a sort instead of a million
 * random-key inserts (measured on the kernel subtree: see docs/benchmarks.md).
 * Building them is most of the serial commit of a cold run, so each is as
 * small as its queries allow: partial where most rows are NULL (85% of
 * references have no stored target), no column a query does not look up by,
 * and none where a file's rows are enough: a file's texts and references are
 * ranges of ids (CORTEX_STORE_ROW_ID_BITS), a symbol's children are found
 * among its file's symbols. */
/* When a bulk load builds each index: */
enum {
    FOR_BINDING,   /* after the rows, before the binding, which reads it */
    AFTER_BINDING, /* no binding statement reads it, and the binding's UPDATEs
                    * of references would maintain it row by row: once they
                    * are done (cortex_store_create_indexes_bulk) */
    DURING_LOAD,   /* kept as the rows come: a partial index of a few rows, or
                    * one whose keys come in order (a file's rows come
                    * together), where building it after would read the whole
                    * table again (the references, the symbols, the packed
                    * chunks) */
};

static const struct {
    const char *sql;
    int when;
} indexes[] = {
    {"CREATE INDEX IF NOT EXISTS symbols_file ON symbols(file_id, line_start)", DURING_LOAD},
    {"CREATE INDEX IF NOT EXISTS symbols_short_name ON symbols(short_name, file_id)", FOR_BINDING},
    /* a qualified name that is not its short name (`T.m`): any other is
     * found by symbols_short_name, whose key it is */
    {"CREATE INDEX IF NOT EXISTS symbols_name ON symbols(name) WHERE short IS NOT NULL", FOR_BINDING},
    /* whether a target is stored, what the view binds by, and the kind,
     * beside the name: a name's callers, and its ambiguous references, are
     * counted from the index alone */
    {"CREATE INDEX IF NOT EXISTS refs_name ON refs(name, target_id IS NULL, resolution, reach, other_kind)",
     AFTER_BINDING},
    {"CREATE INDEX IF NOT EXISTS refs_target ON refs(target_id) WHERE target_id IS NOT NULL", AFTER_BINDING},
    /* the files of the languages other than one, which a name's references
     * of that language are told apart from */
    {"CREATE INDEX IF NOT EXISTS files_lang ON files(lang, ref_rows)", AFTER_BINDING},
    /* the references bound through imports: re-bound at every commit */
    {"CREATE INDEX IF NOT EXISTS refs_import ON refs(target_id) WHERE resolution = 'import'", DURING_LOAD},
    /* the few references whose receiver's type is known, bound at each commit */
    {"CREATE INDEX IF NOT EXISTS refs_rtype ON refs(file_id) WHERE rtype IS NOT NULL", DURING_LOAD},
    {"CREATE INDEX IF NOT EXISTS imports_file ON imports(file_id)", DURING_LOAD},
    {"CREATE INDEX IF NOT EXISTS imports_name ON imports(name)", FOR_BINDING},
    {"CREATE INDEX IF NOT EXISTS imports_target ON imports(target_file_id)", FOR_BINDING},
    {"CREATE INDEX IF NOT EXISTS chunks_file ON chunks(file_id, ordinal)", DURING_LOAD},
};

#define NINDEXES (sizeof indexes / sizeof indexes[0])

_Static_assert(CORTEX_STORE_ROW_ID_BITS == 32, "CORTEX_STORE_ROW_OF_FILE spells the 32 bits out");
_Static_assert(CORTEX_STORE_SYMBOL_HASH_BITS == 23, "the generated caller_id and parent_id spell the bits out");

static const char schema_sql[] =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;\n"
    "CREATE TABLE files(\n"
    "  id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, lang TEXT NOT NULL, hash TEXT NOT NULL,\n"
    "  lines INTEGER NOT NULL, bytes INTEGER NOT NULL, parse_errors INTEGER NOT NULL DEFAULT 0,\n"
    "  generation INTEGER NOT NULL, mtime INTEGER NOT NULL DEFAULT 0, project TEXT NOT NULL DEFAULT '.',\n"
    /* 1: a build variant, a file the language's default build leaves out
     * (a Go file constrained to `purego`, a `_windows.go` one): a name defined
     * in the default build's files of the package binds to that definition */
    "  variant INTEGER NOT NULL DEFAULT 0,\n"
    /* what other files' bindings read of it (surface.h) */
    "  surface INTEGER NOT NULL DEFAULT 0,\n"
    /* its symbols that are not imports: explore's count reads these, not every symbol */
    "  definitions INTEGER NOT NULL DEFAULT 0,\n"
    /* its rows in symbols, refs and texts: the index's totals are their sums,
     * where a count(*) of refs reads the whole of an index */
    "  symbol_rows INTEGER NOT NULL DEFAULT 0, ref_rows INTEGER NOT NULL DEFAULT 0, text_rows INTEGER NOT NULL DEFAULT 0);\n"
    "CREATE TABLE symbols(\n"
    /* short_name: the name without its parent's (`__init__` of `Config.__init__`);
     * most are the name itself (a C function), and only the others are stored */
    "  id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, name TEXT NOT NULL, short TEXT,\n"
    "  short_name TEXT NOT NULL GENERATED ALWAYS AS (COALESCE(short, name)) VIRTUAL,\n"
    "  kind TEXT NOT NULL, line_start INTEGER NOT NULL, line_end INTEGER NOT NULL, col INTEGER NOT NULL,\n"
    "  name_line INTEGER NOT NULL,\n"
    "  parent_id INTEGER, sig TEXT, visibility TEXT, doc TEXT, alias TEXT, origin TEXT, dtype TEXT);\n"
    /* What symbols_fts indexes of a symbol: its name's words are computed
     * (cortex_terms, terms.c), not stored a second time beside the name. */
    "CREATE VIEW symbols_terms AS SELECT id, cortex_terms(name) AS terms, sig, doc FROM symbols;\n"
    /* A reference's file is in its id (CORTEX_STORE_ROW_ID_BITS), and most
     * are calls: neither is stored a second time. */
    "CREATE TABLE refs(\n"
    "  id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL GENERATED ALWAYS AS (id >> 32) VIRTUAL, name TEXT NOT NULL,\n"
    "  other_kind TEXT, kind TEXT NOT NULL GENERATED ALWAYS AS (COALESCE(other_kind, 'call')) VIRTUAL,\n"
    /* the caller is a symbol of the reference's file: only the bits of its
     * id below the file's are stored (CORTEX_STORE_SYMBOL_HASH_BITS) */
    "  qualifier TEXT, line INTEGER NOT NULL, col INTEGER NOT NULL, caller INTEGER,\n"
    "  caller_id INTEGER GENERATED ALWAYS AS (id >> 32 << 23 | caller) VIRTUAL,\n"
    "  target_id INTEGER, resolution TEXT, reach INTEGER NOT NULL DEFAULT 0, rtype TEXT,\n"
    /* what the file's own rules make of the reference when the commit's
     * binding (through a type, an include) finds nothing: NULL (by name),
     * 'ambiguous', 'unresolved'; kept apart so that an edit elsewhere that
     * undoes a binding restores it, as a cold run would decide */
    "  fallback TEXT);\n"
    /* What binding must know of each language stored: whether its packages
     * are directories (a bare name reaches the files beside, an import's
     * target stands for its directory). Written as files of it are. */
    "CREATE TABLE languages(lang TEXT PRIMARY KEY, package_dirs INTEGER NOT NULL,\n"
    /* 1: its types implement interfaces by their methods alone (the graph tool compares method sets) */
    "  implicit_interfaces INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;\n"
    "CREATE TABLE imports(\n"
    "  id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, symbol_id INTEGER NOT NULL, name TEXT NOT NULL,\n"
    "  alias TEXT, origin TEXT, line INTEGER NOT NULL, candidates TEXT, target_file_id INTEGER);\n"
    /* One row per language, name and membership that definitions bear: how
     * many, and the id when there is one. `member`: definitions directly
     * inside a type (methods, fields), which a call on a receiver names and a
     * bare call does not. Rebuilt at each commit; binds references across the
     * repository, never across languages. */
    "CREATE TABLE definition_names(lang TEXT NOT NULL, name TEXT NOT NULL, member INTEGER NOT NULL, n INTEGER NOT NULL,\n"
    "  id INTEGER, PRIMARY KEY (lang, name, member)) WITHOUT ROWID;\n"
    /* Every reference with how it was bound: stored for same-file (scoped),
     * import and unresolved (a builtin) bindings; by name through
     * definition_names otherwise, among members or not as the reference's
     * `reach` says (bind.h). A call through an import that resolves to no
     * file of the repository is a library's (unresolved), unless it is a bare
     * name with one definition of that name. */
    "CREATE VIEW ref_bindings AS SELECT r.id, r.file_id, r.name, r.kind, r.qualifier, r.line, r.col, r.caller_id,\n"
    "  COALESCE(r.target_id, CASE WHEN (r.resolution IS NULL OR r.resolution IN ('import', 'type'))\n"
    "    AND COALESCE(d0.n, 0) + COALESCE(d1.n, 0) + COALESCE(d2.n, 0) = 1 THEN COALESCE(d0.id, d1.id, d2.id) END) AS target_id,\n"
    "  CASE WHEN r.resolution = 'import' AND r.target_id IS NULL\n"
    "      THEN CASE WHEN COALESCE(d0.n, 0) + COALESCE(d2.n, 0) = 1 THEN 'import' ELSE 'unresolved' END\n"
    /* a built-in type's member on a value of unknown type: ambiguous only
     * when the repository has a member of that name too */
    "    WHEN r.resolution = 'ambiguous' AND COALESCE(d1.n, 0) + COALESCE(d2.n, 0) = 0 THEN 'unresolved'\n"
    /* a receiver whose type is the repository's, without that member of its
     * own (promoted, inherited): bound by name, as a receiver of unknown type */
    "    WHEN r.resolution IS NOT NULL AND NOT (r.resolution = 'type' AND r.target_id IS NULL) THEN r.resolution\n"
    "    WHEN COALESCE(d0.n, 0) + COALESCE(d1.n, 0) + COALESCE(d2.n, 0) = 1 THEN 'name'\n"
    "    WHEN COALESCE(d0.n, 0) + COALESCE(d1.n, 0) + COALESCE(d2.n, 0) > 1 THEN 'ambiguous' END AS resolution\n"
    "  FROM refs r JOIN files rf ON rf.id = r.file_id\n"
    /* a bare name its file imports from where the import could not be
     * followed: the one definition of that name, if there is one */
    "  LEFT JOIN definition_names d0 ON r.reach = 0 AND d0.lang = rf.lang AND d0.name = r.name AND d0.member = 0\n"
    "    AND (r.resolution IS NULL OR (r.resolution = 'import' AND r.target_id IS NULL AND r.qualifier IS NULL))\n"
    "  LEFT JOIN definition_names d1 ON r.reach = 1 AND d1.lang = rf.lang AND d1.name = r.name AND d1.member = 1\n"
    "    AND (r.resolution IS NULL OR r.resolution = 'ambiguous' OR (r.resolution = 'type' AND r.target_id IS NULL))\n"
    "  LEFT JOIN definition_names d2 ON d2.lang = rf.lang AND d2.name = r.name AND d2.member = 2\n"
    "    AND (r.resolution IS NULL OR r.resolution = 'ambiguous' OR (r.resolution = 'type' AND r.target_id IS NULL)\n"
    "      OR (r.resolution = 'import' AND r.target_id IS NULL AND r.qualifier IS NULL));\n"
    /* a text's id: its file's and its place in the file (CORTEX_STORE_ROW_ID_BITS) */
    /* its file is in its id, and most texts are comments: neither is stored a second time */
    "CREATE TABLE texts(\n"
    "  id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL GENERATED ALWAYS AS (id >> 32) VIRTUAL,\n"
    "  other_kind TEXT, kind TEXT NOT NULL GENERATED ALWAYS AS (COALESCE(other_kind, 'comment')) VIRTUAL,\n"
    "  line_start INTEGER NOT NULL,\n"
    /* the text packed where that shrinks it (packed_text.h): its readers,
     * texts_fts included, read texts_text; its parent, a symbol of its
     * file, as the reference's caller */
    "  line_end INTEGER NOT NULL, text NOT NULL, language TEXT, parent INTEGER,\n"
    "  parent_id INTEGER GENERATED ALWAYS AS (id >> 32 << 23 | parent) VIRTUAL);\n"
    "CREATE VIEW texts_text AS SELECT id, file_id, kind, line_start, line_end, cortex_unpack(text) AS text, language,\n"
    "  parent_id FROM texts;\n"
    /* The chunks sink's pieces (docs by section, code tiers), searchable beside code;
     * content packed where that shrinks it (packed_text.h): every reader of it,
     * chunks_fts included, reads chunks_text */
    "CREATE TABLE chunks(\n"
    "  id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, ordinal INTEGER NOT NULL, kind TEXT NOT NULL,\n"
    "  line_start INTEGER NOT NULL, line_end INTEGER NOT NULL, headers TEXT, content NOT NULL);\n"
    "CREATE VIEW chunks_text AS SELECT id, file_id, ordinal, kind, line_start, line_end, headers,\n"
    "  cortex_unpack(content) AS content FROM chunks;\n"
    "INSERT INTO meta(key, value) VALUES ('generation', '0');\n"
    /* which store this is: a store made again starts its generations again */
    "INSERT INTO meta(key, value) VALUES ('store_id', lower(hex(randomblob(8))));\n";

/* External-content FTS tables: the text is stored once. The sink keeps them
 * in sync with set-based statements, not per-row triggers: FTS5 flushes its
 * pending terms at every statement, so per-row triggers cost ~30 us a row. */
const char cortex_store_fts_sql[] =
    "CREATE VIRTUAL TABLE symbols_fts USING fts5(terms, sig, doc, content='symbols_terms', content_rowid='id');\n"
    "CREATE VIRTUAL TABLE texts_fts USING fts5(text, content='texts_text', content_rowid='id');\n"
    "CREATE VIRTUAL TABLE files_fts USING fts5(path, content='files', content_rowid='id');\n"
    "CREATE VIRTUAL TABLE chunks_fts USING fts5(content, headers, content='chunks_text', content_rowid='id');\n"
    /* FTS5 holds an insert's terms in memory up to hashsize, then writes a
     * segment, and merges segments as they pile up: 16 MiB instead of 1 MiB
     * takes 0.26 s off a cold commit on the kernel subtree (symbols_fts
     * 0.84 -> 0.63 s, texts_fts 0.50 -> 0.43 s), peak RSS unchanged at one
     * thread. A setting, not a change of what the store holds: the schema
     * version stays. */
    "INSERT INTO symbols_fts(symbols_fts, rank) VALUES ('hashsize', 16777216);\n"
    "INSERT INTO texts_fts(texts_fts, rank) VALUES ('hashsize', 16777216);\n"
    "INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('hashsize', 16777216);\n";

int cortex_store__exec(sqlite3 *db, const char *sql, const char *what)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        int rc = cortex_error_set(CORTEX_EIO, "%s: %s", what, err ? err : sqlite3_errmsg(db));
        sqlite3_free(err);
        return rc;
    }
    return 0;
}

static int query_int(sqlite3 *db, const char *sql, int *out)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) return -1;
    int rc = sqlite3_step(st);
    *out = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

/* A store's WAL and shared-memory files. */
static void remove_logs(const char *path)
{
    size_t n = strlen(path) + sizeof "-wal";
    char *aux = cortex_xmalloc(n);
    snprintf(aux, n, "%s-wal", path);
    unlink(aux);
    snprintf(aux, n, "%s-shm", path);
    unlink(aux);
    free(aux);
}

static void remove_files(const char *path)
{
    unlink(path);
    remove_logs(path);
}

/* SQLite's allocator keeps global statistics under a mutex by default; the
 * commit's threads (the full-text build beside the store, the sorter's) then
 * contend for it on every allocation. cortex reads no statistics. Must run
 * before SQLite initializes, i.e. before the first connection. */
static void configure_sqlite(void) { sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

static int open_db(sqlite3 **db, const char *path, cortex_store_mode mode)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, configure_sqlite);
    int flags = mode == CORTEX_STORE_READ ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (sqlite3_open_v2(path, db, flags | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        int rc = cortex_error_set(mode == CORTEX_STORE_READ ? CORTEX_ENOTFOUND : CORTEX_EIO, "%s: cannot open store: %s",
                                  path, *db ? sqlite3_errmsg(*db) : "out of memory");
        sqlite3_close(*db);
        *db = NULL;
        return rc;
    }
    sqlite3_busy_timeout(*db, 10000);
    if (cortex_store__register_terms(*db) != 0 || cortex_store__register_unpack(*db) != 0) {
        int rc = cortex_error_set(CORTEX_EIO, "%s: register the store's SQL functions: %s", path, sqlite3_errmsg(*db));
        sqlite3_close(*db);
        *db = NULL;
        return rc;
    }
    return 0;
}

int cortex_store_open(cortex_store **out, const char *path, cortex_store_mode mode)
{
    return cortex_store__open_schema(out, path, mode, CORTEX_STORE_SCHEMA);
}

static int open_at(cortex_store **out, const char *path, const char *final_path, cortex_store_mode mode, int schema);

int cortex_store__open_schema(cortex_store **out, const char *path, cortex_store_mode mode, int schema)
{
    *out = NULL;
    if (mode != CORTEX_STORE_BUILD) return open_at(out, path, NULL, mode, schema);
    size_t n = strlen(path) + sizeof ".new";
    char *building = cortex_xmalloc(n);
    snprintf(building, n, "%s.new", path);
    remove_files(building); /* a killed build's leftovers */
    int rc = open_at(out, building, path, mode, schema);
    free(building);
    return rc;
}

/* Opens the store at `path`; a BUILD store is later published at `final_path`. */
static int open_at(cortex_store **out, const char *path, const char *final_path, cortex_store_mode mode, int schema)
{
    sqlite3 *db = NULL;
    int rc = open_db(&db, path, mode);
    if (rc) return rc;

    int version = 0, tables = 0;
    if (query_int(db, "PRAGMA user_version", &version) || query_int(db, "SELECT count(*) FROM sqlite_master", &tables)) {
        rc = cortex_error_set(CORTEX_EINVALID, "%s: not a cortex store (not an SQLite database: %s)", path,
                              sqlite3_errmsg(db));
        sqlite3_close(db);
        return rc;
    }
    if (version > schema) {
        sqlite3_close(db);
        return cortex_error_set(CORTEX_EVERSION,
                                "%s: store schema %d is newer than this cortex understands (%d); upgrade cortex or delete the store",
                                path, version, schema);
    }
    if (version == 0 && tables > 0) {
        sqlite3_close(db);
        return cortex_error_set(CORTEX_EINVALID, "%s: not a cortex store (it has tables but no cortex schema version)", path);
    }
    int rebuilt = 0;
    if (version < schema && version > 0) {
        if (mode == CORTEX_STORE_READ) {
            sqlite3_close(db);
            return cortex_error_set(CORTEX_ESCHEMA, "%s: store schema %d is older than %d; run `cortex index` to rebuild it",
                                    path, version, schema);
        }
        sqlite3_close(db);
        remove_files(path);
        if ((rc = open_db(&db, path, mode))) return rc;
        rebuilt = 1;
        version = 0;
    }
    if (mode == CORTEX_STORE_READ && version == 0) {
        sqlite3_close(db);
        return cortex_error_set(CORTEX_ENOTFOUND, "%s: no index yet; run `cortex index`", path);
    }
    /* 16 KiB pages for a new store (before WAL, which fixes the size): a cold
     * run's writes go out in a quarter of the system calls, and its b-trees
     * split less. Python standard library, interleaved with the floor (5
     * pairs): 1.24x -> 1.19x at one thread, 1.32x -> 1.28x at two; kernel
     * subtree at two threads 1.17x -> 1.14x. */
    if (mode != CORTEX_STORE_READ && version == 0 && (rc = cortex_store__exec(db, "PRAGMA page_size=" CORTEX_STORE_PAGE_SIZE, path)))
        goto fail;
    /* Pages an incremental run frees go back to the file system at its
     * commit (cortex_store_reclaim): without it a store kept the free pages
     * of its largest edit for good. Only a new store can take it. */
    if (mode != CORTEX_STORE_READ && version == 0 && (rc = cortex_store__exec(db, "PRAGMA auto_vacuum=INCREMENTAL", path)))
        goto fail;
    if (mode == CORTEX_STORE_BUILD) {
        /* One writer and no reader until it is published, and the file is
         * synced once, whole. No journal: an aborted run's file is deleted,
         * never rolled back. Kept in memory, the journal also kept there
         * the statement journals of the commit's binding UPDATEs, a copy of
         * every page they changed; now those spill to a temporary file. */
        if ((rc = cortex_store__exec(db, "PRAGMA locking_mode=EXCLUSIVE; PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
                           " PRAGMA cache_size=" CORTEX_STORE_LOAD_CACHE_SIZE ";", path)))
            goto fail;
    } else if (mode == CORTEX_STORE_WRITE) {
        /* WAL: readers (the MCP server) never block on the indexer. A page
         * cache larger than the default: a run is one transaction, and the
         * default spills to disk (docs/benchmarks.md has the figures). */
        if ((rc = cortex_store__exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
                           " PRAGMA cache_size=" CORTEX_STORE_CACHE_SIZE ";", path)))
            goto fail;
    }
    if (mode != CORTEX_STORE_READ && version == 0) {
        char sql[sizeof schema_sql + sizeof cortex_store_fts_sql + 128];
        snprintf(sql, sizeof sql, "BEGIN;\n%s%sPRAGMA user_version=%d;", schema_sql, cortex_store_fts_sql, schema);
        if ((rc = cortex_store__exec(db, sql, path))) goto fail;
        for (size_t i = 0; i < NINDEXES; i++)
            if ((rc = cortex_store__exec(db, indexes[i].sql, path))) goto fail;
        if ((rc = cortex_store__exec(db, "COMMIT", path))) goto fail;
    }
    cortex_store *s = cortex_xcalloc(1, sizeof *s);
    s->db = db;
    s->path = cortex_xstrdup(path);
    s->final_path = final_path ? cortex_xstrdup(final_path) : NULL;
    s->rebuilt = rebuilt;
    *out = s;
    return 0;
fail:
    sqlite3_close(db);
    if (final_path) remove_files(path);
    return rc;
}

void cortex_store_close(cortex_store *s)
{
    if (!s) return;
    join_writeback(s);
    sqlite3_close(s->db);
    if (s->final_path) remove_files(s->path); /* a build never published */
    free(s->path);
    free(s->final_path);
    free(s);
}

/* fsync of a file or directory by path. */
static int sync_path(const char *path, int flags)
{
    int fd = open(path, flags | O_CLOEXEC);
    if (fd < 0) return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

static void *writeback_main(void *arg)
{
    int fd = (int)(intptr_t)arg;
    sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE); /* a hint: the publish's fsync is the guarantee */
    close(fd);
    return NULL;
}

/* On a thread of its own: queueing the writes blocks, 0.10-0.12 s each time
 * for the kernel subtree's 275 MB, which the commit's work need not wait for. */
void cortex_store_start_writeback(cortex_store *s)
{
    if (!s->final_path) return;
    join_writeback(s);
    int fd = open(s->path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    if (pthread_create(&s->writeback, NULL, writeback_main, (void *)(intptr_t)fd) != 0) {
        close(fd); /* no hint: the publish's fsync writes it all */
        return;
    }
    s->writeback_running = 1;
}

int cortex_store_publish(cortex_store *s)
{
    if (!s->final_path) return 0;
    join_writeback(s);
    /* The WAL flag lives in the file header: readers never block on the next
     * run. Closing the last connection folds the switch's log back in. */
    int rc = cortex_store__exec(s->db, "PRAGMA journal_mode=WAL", s->path);
    if (rc) return rc;
    if (sqlite3_close(s->db) != SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "%s: cannot close store: %s", s->path, sqlite3_errmsg(s->db));
    s->db = NULL;
    char *dir = cortex_xstrdup(s->final_path);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = '\0';
    remove_logs(s->final_path); /* left beside a store deleted by hand, they would be replayed into this one */
    int failed = sync_path(s->path, O_RDONLY) != 0 || rename(s->path, s->final_path) != 0 ||
                 sync_path(slash ? dir : ".", O_RDONLY | O_DIRECTORY) != 0;
    int err = errno;
    free(dir);
    if (failed) return cortex_error_set(CORTEX_EIO, "%s: cannot publish store: %s", s->final_path, strerror(err));
    free(s->path);
    s->path = s->final_path;
    s->final_path = NULL;
    return 0;
}

sqlite3 *cortex_store_db(cortex_store *s) { return s->db; }

/* The tables cortex_store_fts_sql makes, dropped for cortex_store_remake_fts. */
static const char fts_drop_sql[] =
    "DROP TABLE symbols_fts; DROP TABLE texts_fts; DROP TABLE files_fts; DROP TABLE chunks_fts;";

int cortex_store_remake_fts(cortex_store *s)
{
    int rc = cortex_store__exec(s->db, fts_drop_sql, s->path);
    return rc ? rc : cortex_store__exec(s->db, cortex_store_fts_sql, s->path);
}

int cortex_store_drop_indexes(cortex_store *s)
{
    for (size_t i = 0; i < NINDEXES; i++) {
        int rc;
        if (indexes[i].when == DURING_LOAD) { /* made on the empty table, if it is not there */
            if ((rc = cortex_store__exec(s->db, indexes[i].sql, s->path))) return rc;
            continue;
        }
        /* "CREATE INDEX IF NOT EXISTS <name> ON ..." -> "DROP INDEX IF EXISTS <name>" */
        const char *name = indexes[i].sql + strlen("CREATE INDEX IF NOT EXISTS ");
        char sql[256];
        snprintf(sql, sizeof sql, "DROP INDEX IF EXISTS %.*s", (int)strcspn(name, " "), name);
        if ((rc = cortex_store__exec(s->db, sql, s->path))) return rc;
    }
    return 0;
}

static int64_t index_count(cortex_store *s)
{
    sqlite3_stmt *st;
    int64_t n = -1;
    if (sqlite3_prepare_v2(s->db, "SELECT count(*) FROM sqlite_master WHERE type = 'index'", -1, &st, NULL) != SQLITE_OK)
        return n;
    if (sqlite3_step(st) == SQLITE_ROW) n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
}

static int create_indexes(cortex_store *s, cortex_store_index_set set)
{
    int64_t before = index_count(s);
    for (size_t i = 0; i < NINDEXES; i++) {
        if ((set == CORTEX_STORE_INDEXES_FOR_BINDING && indexes[i].when == AFTER_BINDING) ||
            (set == CORTEX_STORE_INDEXES_AFTER_BINDING && indexes[i].when != AFTER_BINDING))
            continue;
        int rc = cortex_store__exec(s->db, indexes[i].sql, s->path);
        if (rc) return rc;
    }
    s->indexes_created |= before < 0 || index_count(s) != before;
    return 0;
}

int cortex_store_create_indexes(cortex_store *s) { return create_indexes(s, CORTEX_STORE_INDEXES_ALL); }

int cortex_store_was_rebuilt(const cortex_store *s) { return s->rebuilt; }

int64_t cortex_store_meta_int(cortex_store *s, const char *key, int64_t fallback)
{
    sqlite3_stmt *st;
    int64_t v = fallback;
    if (sqlite3_prepare_v2(s->db, "SELECT value FROM meta WHERE key = ?", -1, &st, NULL) != SQLITE_OK) return fallback;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

int cortex_store_set_generation(cortex_store *s, int64_t generation)
{
    char sql[96];
    snprintf(sql, sizeof sql, "UPDATE meta SET value = '%lld' WHERE key = 'generation'", (long long)generation);
    return cortex_store__exec(s->db, sql, s->path);
}

int cortex_store_begin(cortex_store *s)
{
    s->changes_at_begin = sqlite3_total_changes64(s->db);
    s->indexes_created = 0;
    return cortex_store__exec(s->db, "BEGIN IMMEDIATE", s->path);
}

int cortex_store_reclaim(cortex_store *s) { return cortex_store__exec(s->db, "PRAGMA incremental_vacuum", s->path); }

int cortex_store_changed(const cortex_store *s)
{
    return s->indexes_created || sqlite3_total_changes64(s->db) != s->changes_at_begin;
}

int cortex_store_commit(cortex_store *s) { return cortex_store__exec(s->db, "COMMIT", s->path); }

void cortex_store_rollback(cortex_store *s) { sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL); }

void cortex_store_checkpoint(cortex_store *s) { sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL); }

int cortex_store_flush_pages(cortex_store *s)
{
    if (sqlite3_db_cacheflush(s->db) != SQLITE_OK)
        return cortex_error_set(CORTEX_EIO, "sqlite store: write the store's pages: %s", sqlite3_errmsg(s->db));
    return 0;
}

int cortex_store_is_empty(cortex_store *s)
{
    int empty = 0;
    return query_int(s->db, "SELECT NOT EXISTS (SELECT 1 FROM files)", &empty) == 0 && empty;
}

/* Every row gone, for a rebuild; the full-text tables are made anew. */
static const char empty_store_sql[] =
    "DELETE FROM files; DELETE FROM symbols; DELETE FROM refs; DELETE FROM imports; DELETE FROM texts;"
    " DELETE FROM chunks; DELETE FROM definition_names;";

int cortex_store_empty(cortex_store *s)
{
    int rc = cortex_store__exec(s->db, empty_store_sql, s->path);
    return rc ? rc : cortex_store_remake_fts(s);
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
int cortex_store_create_indexes_bulk(cortex_store *s, cortex_store_index_set set, unsigned spare_threads)
{
    sqlite3_stmt *st;
    int64_t bytes = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT page_count * page_size FROM pragma_page_count, pragma_page_size", -1, &st,
                           NULL) == SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW) bytes = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    int in_runs = bytes >= SORT_IN_RUNS_BYTES;
    char sql[96];
    snprintf(sql, sizeof sql, "PRAGMA threads=%u; PRAGMA cache_size=-2048", spare_threads);
    int rc = in_runs ? cortex_store__exec(s->db, sql, s->path) : 0;
    if (!rc) rc = create_indexes(s, set);
    /* the binding's updates, after, want the writer's whole cache (a load's was smaller) */
    if (!rc) rc = cortex_store__exec(s->db, "PRAGMA threads=0; PRAGMA cache_size=" CORTEX_STORE_CACHE_SIZE, s->path);
    return rc;
}
