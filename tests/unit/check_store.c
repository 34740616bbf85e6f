/* The SQLite store and sink: FTS name splitting, schema versions (a newer store
 * is refused, an older one rebuilt, never misread), one transaction per run,
 * and how references are bound. */
#define _GNU_SOURCE
#include "sink/sink.h"
#include "sink/sqlite_sink.h"
#include "store/store.h"
#include "util/error.h"

#include "check_run.h"

#include <check.h>
#include <cortex/plugin.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];
static char db_path[300];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/cortex-check-store-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(db_path, sizeof db_path, "%s/cortex.db", dir);
}

static void teardown(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static void terms_of(const char *name, const char *expect)
{
    char out[256];
    cortex_store_name_terms(out, name);
    ck_assert_str_eq(out, expect);
}

START_TEST(test_store_name_terms_split_case_and_underscores)
{
    terms_of("parseConfig", "parseConfig parse Config");
    terms_of("parse_config", "parse_config parse config");
    terms_of("HTTPServer", "HTTPServer HTTP Server");
    terms_of("__init__", "__init__ init");
    terms_of("utf8Decode", "utf8Decode utf8 Decode");
    terms_of("x", "x x");
    /* The worst case for the buffer, sized as the contract says (ASan checks it):
     * a word boundary at every character. */
    const char *worst = "aBaBaBaB.c_dEfG";
    char *out = malloc(3 * strlen(worst) + 2);
    cortex_store_name_terms(out, worst);
    ck_assert_str_eq(out, "aBaBaBaB.c_dEfG a Ba Ba Ba B c d Ef G");
    free(out);
}
END_TEST

/* ---- a tiny record builder ------------------------------------------------ */

static cortex_symbol sym(const char *name, const char *kind, uint32_t line, int32_t parent)
{
    cortex_symbol s = {.name = name, .short_name = strrchr(name, '.') ? strrchr(name, '.') + 1 : name,
                       .kind = kind, .line_start = line, .line_end = line + 1, .col_start = 1, .parent = parent};
    return s;
}

static cortex_file_records file(const char *path, cortex_symbol *syms, size_t nsyms, cortex_reference *refs, size_t nrefs)
{
    cortex_file_records r = {.path = path, .lang = "python", .hash = "0123456789abcdef", .lines = 10, .bytes = 100,
                             .symbols = syms, .nsymbols = nsyms, .refs = refs, .nrefs = nrefs};
    return r;
}

/* A sink for a run on `threads` threads; `full`: a rebuild. */
static void *open_sink_for(unsigned threads, int full)
{
    cortex_sink_context ctx = {dir, dir, "test", "test extractor", {400, 50}, 0, 0, threads, full};
    void *sink = NULL;
    ck_assert_int_eq(cortex_sink_sqlite.open(&sink, &ctx), 0);
    return sink;
}

static void *open_sink(void) { return open_sink_for(1, 0); }

/* Writes `sql` into the store's file directly, as another program would. */
static void write_raw(const char *sql)
{
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

/* One committed run of the sink over `n` files. */
static void run_files(void *sink, cortex_file_records *files, size_t n)
{
    ck_assert_int_eq(cortex_sink_sqlite.begin(sink), 0);
    for (size_t i = 0; i < n; i++) ck_assert_int_eq(cortex_sink_sqlite.file(sink, &files[i]), 0);
    ck_assert_int_eq(cortex_sink_sqlite.commit(sink), 0);
}

static int count(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    int n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

static char *text(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    int first = 1;
    while (sqlite3_step(st) == SQLITE_ROW) {
        fprintf(f, "%s%s", first ? "" : ",", sqlite3_column_text(st, 0) ? (const char *)sqlite3_column_text(st, 0) : "NULL");
        first = 0;
    }
    fclose(f);
    sqlite3_finalize(st);
    return out;
}

/* Opens the store as a reader and checks the rows `sql` returns, comma-joined. */
static void expect_rows(const char *sql, const char *expected)
{
    cortex_store *store;
    ck_assert_int_eq(cortex_store_open(&store, db_path, CORTEX_STORE_READ), 0);
    char *rows = text(cortex_store_db(store), sql);
    ck_assert_str_eq(rows, expected);
    free(rows);
    cortex_store_close(store);
}

START_TEST(test_store_fts_finds_both_spellings)
{
    void *sink = open_sink();
    cortex_symbol syms[] = {sym("parseConfig", "function", 1, -1), sym("parse_config", "function", 5, -1),
                            sym("unrelated", "function", 9, -1)};
    cortex_file_records r = file("a.py", syms, 3, NULL, 0);
    run_files(sink, &r, 1);
    /* one thread: the full-text tables are built in the store, none beside */
    ck_assert_int_eq(cortex_sink_sqlite__fts_beside(sink), 0);
    ck_assert_uint_eq(cortex_sink_sqlite__side_tables(sink), 0);
    cortex_sink_sqlite.close(sink);

    cortex_store *store;
    ck_assert_int_eq(cortex_store_open(&store, db_path, CORTEX_STORE_READ), 0);
    sqlite3 *db = cortex_store_db(store);
    char *hits = text(db, "SELECT s.name FROM symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid "
                          "WHERE symbols_fts MATCH 'parse config' ORDER BY s.name");
    ck_assert_str_eq(hits, "parseConfig,parse_config");
    free(hits);
    hits = text(db, "SELECT s.name FROM symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid "
                    "WHERE symbols_fts MATCH 'parseconfig'");
    ck_assert_str_eq(hits, "parseConfig");
    free(hits);
    hits = text(db, "SELECT f.path FROM files_fts JOIN files f ON f.id = files_fts.rowid WHERE files_fts MATCH 'a'");
    ck_assert_str_eq(hits, "a.py");
    free(hits);
    ck_assert_int_eq(cortex_store_meta_int(store, "generation", -1), 1);
    /* the first run loads in bulk: every secondary index is rebuilt before commit */
    ck_assert_int_eq(count(db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"), 12);
    cortex_store_close(store);
}
END_TEST

/* FTS5 checks a full-text table against its content table. */
static void expect_fts_intact(sqlite3 *db)
{
    static const char *const tables[] = {"symbols_fts", "texts_fts", "chunks_fts", "files_fts", NULL};
    for (int i = 0; tables[i]; i++) {
        char sql[128];
        snprintf(sql, sizeof sql, "INSERT INTO %s(%s) VALUES ('integrity-check')", tables[i], tables[i]);
        ck_assert_msg(sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK, "%s: %s", tables[i], sqlite3_errmsg(db));
    }
}

static int side_database_left(void)
{
    char side[320];
    snprintf(side, sizeof side, "%s.fts", db_path);
    return access(side, F_OK) == 0;
}

/* On two threads a bulk load's full-text tables are built beside the store
 * and copied in; a rebuild that is aborted leaves the store and no side
 * database behind. */
START_TEST(test_store_fts_built_beside)
{
    void *sink = open_sink_for(2, 0);
    cortex_symbol a[] = {sym("parseConfig", "function", 1, -1), sym("unrelated", "function", 5, -1)};
    cortex_symbol b[] = {sym("Ledger", "class", 1, -1), sym("Ledger.save", "method", 2, 0)};
    cortex_file_records files[] = {file("a.py", a, 2, NULL, 0), file("b.py", b, 2, NULL, 0)};
    run_files(sink, files, 2);
    /* the side build ran: the tables were spooled and built beside, whoever built each */
    ck_assert_int_eq(cortex_sink_sqlite__fts_beside(sink), 1);
    cortex_sink_sqlite.close(sink);
    ck_assert(!side_database_left());
    expect_rows("SELECT s.name FROM symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid"
                " WHERE symbols_fts MATCH 'parse OR save' ORDER BY s.name",
                "Ledger.save,parseConfig");
    expect_rows("SELECT f.path FROM files_fts JOIN files f ON f.id = files_fts.rowid WHERE files_fts MATCH 'b'", "b.py");

    sink = open_sink_for(2, 1);
    cortex_file_records only_a = file("a.py", b, 2, NULL, 0);
    ck_assert_int_eq(cortex_sink_sqlite.begin(sink), 0);
    ck_assert_int_eq(cortex_sink_sqlite.file(sink, &only_a), 0);
    cortex_sink_sqlite.abort(sink);
    cortex_sink_sqlite.close(sink);
    ck_assert(!side_database_left());
    expect_rows("SELECT s.name FROM symbols_fts JOIN symbols s ON s.id = symbols_fts.rowid"
                " WHERE symbols_fts MATCH 'parse OR save' ORDER BY s.name",
                "Ledger.save,parseConfig");
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    expect_fts_intact(db);
    sqlite3_close(db);
}
END_TEST

START_TEST(test_store_newer_schema_is_refused_untouched)
{
    write_raw("CREATE TABLE files(x); PRAGMA user_version=99;");

    cortex_store *store = NULL;
    ck_assert_int_eq(cortex_store_open(&store, db_path, CORTEX_STORE_WRITE), CORTEX_EVERSION);
    ck_assert_ptr_null(store);
    char expect[512];
    snprintf(expect, sizeof expect,
             "%s: store schema 99 is newer than this cortex understands (%d); upgrade cortex or delete the store", db_path,
             CORTEX_STORE_SCHEMA);
    ck_assert_str_eq(cortex_error_last(), expect);

    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    ck_assert_int_eq(count(db, "PRAGMA user_version"), 99);
    sqlite3_close(db);
}
END_TEST

START_TEST(test_store_older_schema_is_rebuilt)
{
    cortex_store *store;
    ck_assert_int_eq(cortex_store__open_schema(&store, db_path, CORTEX_STORE_WRITE, 1), 0);
    ck_assert_int_eq(sqlite3_exec(cortex_store_db(store), "UPDATE meta SET value='7' WHERE key='generation'", NULL, NULL, NULL),
                     SQLITE_OK);
    cortex_store_close(store);

    /* read-only users are told to re-index, never handed the old layout */
    ck_assert_int_eq(cortex_store__open_schema(&store, db_path, CORTEX_STORE_READ, 2), CORTEX_ESCHEMA);
    ck_assert_msg(strstr(cortex_error_last(), "store schema 1 is older than 2; run `cortex index` to rebuild it"), "%s",
                  cortex_error_last());

    ck_assert_int_eq(cortex_store__open_schema(&store, db_path, CORTEX_STORE_WRITE, 2), 0);
    ck_assert(cortex_store_was_rebuilt(store));
    ck_assert_int_eq(cortex_store_meta_int(store, "generation", -1), 0);
    ck_assert_int_eq(count(cortex_store_db(store), "PRAGMA user_version"), 2);
    cortex_store_close(store);
}
END_TEST

START_TEST(test_store_foreign_files_are_refused)
{
    write_raw("CREATE TABLE mine(x)");
    cortex_store *store;
    ck_assert_int_eq(cortex_store_open(&store, db_path, CORTEX_STORE_WRITE), CORTEX_EINVALID);
    ck_assert_msg(strstr(cortex_error_last(), "not a cortex store (it has tables but no cortex schema version)"), "%s",
                  cortex_error_last());

    FILE *f = fopen(db_path, "w");
    fputs("plain text, not a database, long enough to have a header...............................................", f);
    fclose(f);
    ck_assert_int_eq(cortex_store_open(&store, db_path, CORTEX_STORE_WRITE), CORTEX_EINVALID);
    ck_assert_msg(strstr(cortex_error_last(), "not a cortex store (not an SQLite database"), "%s", cortex_error_last());
}
END_TEST

START_TEST(test_store_run_replaces_removes_and_aborts)
{
    void *sink = open_sink();
    cortex_symbol a1[] = {sym("one", "function", 1, -1)};
    cortex_symbol b1[] = {sym("two", "function", 1, -1)};
    cortex_file_records first[] = {file("a.py", a1, 1, NULL, 0), file("b.py", b1, 1, NULL, 0)};
    run_files(sink, first, 2);

    /* second run: a.py changed, b.py removed */
    cortex_symbol a2[] = {sym("uno", "function", 1, -1), sym("dos", "function", 3, -1)};
    cortex_file_records ra = file("a.py", a2, 2, NULL, 0);
    ck_assert_int_eq(cortex_sink_sqlite.begin(sink), 0);
    ck_assert_int_eq(cortex_sink_sqlite.file(sink, &ra), 0);
    ck_assert_int_eq(cortex_sink_sqlite.remove(sink, "b.py"), 0);
    ck_assert_int_eq(cortex_sink_sqlite.commit(sink), 0);

    /* third run aborted: nothing of it is visible */
    ck_assert_int_eq(cortex_sink_sqlite.begin(sink), 0);
    ck_assert_int_eq(cortex_sink_sqlite.remove(sink, "a.py"), 0);
    cortex_sink_sqlite.abort(sink);
    cortex_sink_sqlite.close(sink);

    cortex_store *store;
    ck_assert_int_eq(cortex_store_open(&store, db_path, CORTEX_STORE_READ), 0);
    sqlite3 *db = cortex_store_db(store);
    char *names = text(db, "SELECT f.path || ':' || s.name FROM symbols s JOIN files f ON f.id = s.file_id ORDER BY s.line_start");
    ck_assert_str_eq(names, "a.py:uno,a.py:dos");
    free(names);
    ck_assert_int_eq(count(db, "SELECT count(*) FROM files"), 1);
    ck_assert_int_eq(count(db, "SELECT count(*) FROM symbols_fts WHERE symbols_fts MATCH 'one OR two'"), 0);
    ck_assert_int_eq(cortex_store_meta_int(store, "generation", -1), 2);
    cortex_store_close(store);
}
END_TEST

static cortex_text comment(const char *words, uint32_t line)
{
    cortex_text t = {.kind = "comment", .line_start = line, .line_end = line, .text = words, .parent = -1};
    return t;
}

/* A file's texts and its references are ranges of ids under its file id
 * (there is no index by file): an edit replaces exactly its texts, in the
 * table and in texts_fts, keeps the references it still makes under their
 * ids and numbers new ones after them; a removed file's rows go; a bulk load
 * on two threads numbers them the same way. */
static void check_row_ids(unsigned threads)
{
    void *sink = open_sink_for(threads, 0);
    cortex_text ta[] = {comment("alpha first", 1), comment("alpha second", 4), comment("alpha third", 7)};
    cortex_text tb[] = {comment("beta only", 2)};
    cortex_reference ra1[] = {{.name = "open", .kind = "call", .line = 2, .col = 1, .caller = -1},
                              {.name = "close", .kind = "call", .line = 3, .col = 1, .caller = -1}};
    cortex_reference rb[] = {{.name = "read", .kind = "call", .line = 1, .col = 1, .caller = -1}};
    cortex_file_records first[] = {file("a.py", NULL, 0, ra1, 2), file("b.py", NULL, 0, rb, 1)};
    first[0].texts = ta, first[0].ntexts = 3;
    first[1].texts = tb, first[1].ntexts = 1;
    run_files(sink, first, 2);
    expect_rows("SELECT f.path || ':' || (t.id - (f.id << 32)) || ':' || t.text FROM texts_text t JOIN files f ON f.id = t.file_id"
                " ORDER BY t.id",
                "a.py:0:alpha first,a.py:1:alpha second,a.py:2:alpha third,b.py:0:beta only");
    expect_rows("SELECT f.path || ':' || (r.id - (f.id << 32)) || ':' || r.name FROM refs r JOIN files f ON f.id = r.file_id"
                " ORDER BY r.id",
                "a.py:0:open,a.py:1:close,b.py:0:read");

    /* a.py edited (one text; `close` kept, `open` gone, `write` new), b.py removed, c.py added */
    cortex_text ta2[] = {comment("gamma replaces", 3)};
    cortex_text tc[] = {comment("delta new", 1), comment("delta more", 2)};
    cortex_reference ra2[] = {{.name = "close", .kind = "call", .line = 5, .col = 1, .caller = -1},
                              {.name = "write", .kind = "call", .line = 6, .col = 1, .caller = -1}};
    cortex_file_records ra = file("a.py", NULL, 0, ra2, 2), rc = file("c.py", NULL, 0, rb, 1);
    ra.texts = ta2, ra.ntexts = 1;
    memcpy(ra.hash, "fedcba9876543210", sizeof ra.hash);
    rc.texts = tc, rc.ntexts = 2;
    ck_assert_int_eq(cortex_sink_sqlite.begin(sink), 0);
    ck_assert_int_eq(cortex_sink_sqlite.file(sink, &ra), 0);
    ck_assert_int_eq(cortex_sink_sqlite.remove(sink, "b.py"), 0);
    ck_assert_int_eq(cortex_sink_sqlite.file(sink, &rc), 0);
    ck_assert_int_eq(cortex_sink_sqlite.commit(sink), 0);
    cortex_sink_sqlite.close(sink);
    expect_rows("SELECT f.path || ':' || (t.id - (f.id << 32)) || ':' || t.text FROM texts_text t JOIN files f ON f.id = t.file_id"
                " ORDER BY f.path, t.id",
                "a.py:0:gamma replaces,c.py:0:delta new,c.py:1:delta more");
    expect_rows("SELECT f.path || ':' || (r.id - (f.id << 32)) || ':' || r.name || ':' || r.line FROM refs r"
                " JOIN files f ON f.id = r.file_id ORDER BY f.path, r.id",
                "a.py:1:close:5,a.py:2:write:6,c.py:0:read:1");
    expect_rows("SELECT group_concat(t.text, '|') FROM texts_fts JOIN texts_text t ON t.id = texts_fts.rowid"
                " WHERE texts_fts MATCH 'alpha OR beta OR gamma OR delta'",
                "gamma replaces|delta new|delta more");
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
    expect_fts_intact(db);
    sqlite3_close(db);
}

START_TEST(test_store_row_ids_are_ranges_of_their_file)
{
    check_row_ids(1);
    remove(db_path);
    check_row_ids(2);
}
END_TEST

START_TEST(test_store_symbol_ids_are_stable_and_distinct)
{
    void *sink = open_sink();
    /* the same name and kind twice in one file (a redefinition) */
    cortex_symbol syms[] = {sym("Config", "class", 1, -1), sym("Config.get", "method", 2, 0), sym("f", "function", 5, -1),
                            sym("f", "function", 8, -1)};
    cortex_file_records r = file("a.py", syms, 4, NULL, 0);
    char *first = NULL;
    for (int run = 0; run < 2; run++) {
        run_files(sink, &r, 1);
        cortex_store *store;
        ck_assert_int_eq(cortex_store_open(&store, db_path, CORTEX_STORE_READ), 0);
        sqlite3 *db = cortex_store_db(store);
        ck_assert_int_eq(count(db, "SELECT count(DISTINCT id) FROM symbols"), 4);
        ck_assert_int_eq(count(db, "SELECT count(*) FROM symbols c JOIN symbols p ON c.parent_id = p.id "
                                   "WHERE c.name = 'Config.get' AND p.name = 'Config'"), 1);
        char *ids = text(db, "SELECT id FROM symbols ORDER BY line_start");
        if (!first) first = ids;
        else {
            ck_assert_str_eq(ids, first);
            free(ids);
        }
        cortex_store_close(store);
    }
    free(first);
    cortex_sink_sqlite.close(sink);
}
END_TEST

START_TEST(test_store_references_are_bound_and_labelled)
{
    void *sink = open_sink();
    cortex_symbol as[] = {sym("helper", "function", 1, -1), sym("main", "function", 5, -1)};
    cortex_reference ar[] = {{.name = "helper", .kind = "call", .line = 6, .col = 5, .caller = 1},
                             {.name = "printf", .kind = "call", .line = 7, .col = 5, .caller = 1}};
    cortex_symbol bs[] = {sym("run", "function", 1, -1), sym("dup", "function", 9, -1)};
    cortex_reference br[] = {{.name = "helper", .kind = "call", .line = 2, .col = 5, .caller = 0},
                             {.name = "dup", .kind = "call", .line = 3, .col = 5, .caller = 0}};
    cortex_symbol cs[] = {sym("a.helper", "import", 1, -1), sym("go", "function", 3, -1), sym("dup", "function", 9, -1)};
    cs[0].short_name = "a.helper";
    cortex_reference cr[] = {{.name = "helper", .kind = "call", .line = 4, .col = 5, .caller = 1}};
    cortex_reference dr[] = {{.name = "dup", .kind = "call", .line = 1, .col = 1, .caller = -1}};
    cortex_file_records files[] = {file("a.py", as, 2, ar, 2), file("b.py", bs, 2, br, 2), file("c.py", cs, 3, cr, 1),
                                   file("d.py", NULL, 0, dr, 1)};
    run_files(sink, files, 4);
    cortex_sink_sqlite.close(sink);

    expect_rows("SELECT f.path || ':' || r.name || ':' || coalesce(r.resolution, 'unbound') || ':' ||"
                " coalesce(tf.path || '#' || t.line_start, '-') || ':' || coalesce(c.name, '-')"
                " FROM ref_bindings r JOIN files f ON f.id = r.file_id LEFT JOIN symbols t ON t.id = r.target_id"
                " LEFT JOIN files tf ON tf.id = t.file_id LEFT JOIN symbols c ON c.id = r.caller_id"
                " ORDER BY f.path, r.line",
                "a.py:helper:scoped:a.py#1:main,"
                "a.py:printf:unbound:-:main,"
                "b.py:helper:name:a.py#1:run,"
                "b.py:dup:scoped:b.py#9:run,"
                "c.py:helper:import:a.py#1:go,"
                "d.py:dup:ambiguous:-:-");
}
END_TEST

/* The language's rules, as a plugin declares them: self names, builtins, and
 * whether a bare call reaches its class's methods (issue 21). Each reference
 * below is one that bound to the wrong definition by name alone. */
START_TEST(test_store_binding_follows_the_language_rules)
{
    void *sink = open_sink();
    char *self_names[] = {"cls", "self", NULL};
    char *builtins[] = {"len", "print", NULL}; /* sorted */
    char *members[] = {"get", "items", NULL}; /* sorted */
    cortex_binding_rules py = {.self_names = self_names, .builtins = builtins, .nbuiltins = 2, .builtin_members = members,
                               .nbuiltin_members = 2};
    char *this_names[] = {"this", NULL};
    cortex_binding_rules java = {.self_names = this_names, .flags = CORTEX_PLUGIN_BARE_CALLS_REACH_MEMBERS};

    cortex_symbol ms[] = {sym("Ledger", "class", 1, -1), sym("Ledger.save", "method", 2, 0), sym("Ledger.add", "method", 4, 0),
                          sym("save", "function", 8, -1), sym("os", "import", 12, -1), sym("Ledger.items", "method", 15, 0)};
    cortex_reference mr[] = {
        {.name = "save", .kind = "call", .line = 5, .col = 9, .caller = 2},                       /* bare: the function */
        {.name = "save", .kind = "call", .qualifier = "self", .line = 6, .col = 9, .caller = 2},  /* the method */
        {.name = "len", .kind = "call", .line = 9, .col = 5, .caller = 3},                        /* builtin */
        {.name = "add", .kind = "call", .qualifier = "x", .line = 10, .col = 5, .caller = 3},     /* a member, by name */
        {.name = "save", .kind = "call", .qualifier = "Ledger", .line = 11, .col = 5, .caller = 3}, /* Ledger's */
        {.name = "join", .kind = "call", .qualifier = "os.path", .line = 13, .col = 5, .caller = -1}, /* a library's */
        {.name = "items", .kind = "call", .qualifier = "d", .line = 14, .col = 5, .caller = -1}};     /* a dict's, or Ledger's */
    cortex_symbol ns[] = {sym("add", "function", 1, -1)};
    cortex_reference orr[] = {{.name = "add", .kind = "call", .line = 1, .col = 1, .caller = -1},
                              {.name = "add", .kind = "call", .qualifier = "obj", .line = 2, .col = 1, .caller = -1},
                              {.name = "print", .kind = "call", .line = 3, .col = 1, .caller = -1}};
    cortex_symbol js[] = {sym("A", "class", 1, -1), sym("A.m", "method", 2, 0), sym("A.n", "method", 4, 0), sym("B", "class", 6, -1),
                          sym("B.k", "method", 7, 3)};
    cortex_reference jr[] = {{.name = "n", .kind = "call", .line = 3, .col = 9, .caller = 1},  /* A's own n */
                             {.name = "n", .kind = "call", .line = 8, .col = 9, .caller = 4}}; /* A.n is not B's: unbound */
    cortex_file_records files[] = {file("m.py", ms, 6, mr, 7), file("n.py", ns, 1, NULL, 0), file("o.py", NULL, 0, orr, 3),
                                   file("A.java", js, 5, jr, 2)};
    files[0].rules = files[1].rules = files[2].rules = &py;
    files[3].rules = &java;
    files[3].lang = "java";
    run_files(sink, files, 4);
    cortex_sink_sqlite.close(sink);

    expect_rows("SELECT f.path || ':' || r.line || ':' || coalesce(r.qualifier || '.', '') || r.name || ':' ||"
                " coalesce(r.resolution, 'unbound') || ':' || coalesce(tf.path || '#' || t.line_start, '-')"
                " FROM ref_bindings r JOIN files f ON f.id = r.file_id LEFT JOIN symbols t ON t.id = r.target_id"
                " LEFT JOIN files tf ON tf.id = t.file_id ORDER BY f.path, r.line",
                "A.java:3:n:scoped:A.java#4,"
                "A.java:8:n:unbound:-,"
                "m.py:5:save:scoped:m.py#8,"
                "m.py:6:self.save:scoped:m.py#2,"
                "m.py:9:len:unresolved:-,"
                "m.py:10:x.add:name:m.py#4,"
                "m.py:11:Ledger.save:scoped:m.py#2,"
                "m.py:13:os.path.join:unresolved:-,"
                "m.py:14:d.items:ambiguous:-,"
                "o.py:1:add:name:n.py#1,"
                "o.py:2:obj.add:name:m.py#4,"
                "o.py:3:print:unresolved:-");
}
END_TEST

START_TEST(test_store_name_binding_follows_later_runs)
{
    void *sink = open_sink();
    cortex_symbol as[] = {sym("helper", "function", 1, -1)};
    cortex_reference br[] = {{.name = "helper", .kind = "call", .line = 2, .col = 5, .caller = -1}};
    cortex_file_records files[] = {file("a.py", as, 1, NULL, 0), file("b.py", NULL, 0, br, 1)};
    run_files(sink, files, 2);
    expect_rows("SELECT resolution FROM ref_bindings", "name");

    /* a definition in another language changes nothing */
    cortex_symbol js[] = {sym("helper", "function", 1, -1)};
    cortex_file_records rj = file("x.c", js, 1, NULL, 0);
    rj.lang = "c";
    run_files(sink, &rj, 1);
    expect_rows("SELECT resolution FROM ref_bindings", "name");

    /* a second definition elsewhere makes b.py's call ambiguous without touching b.py */
    cortex_symbol cs[] = {sym("helper", "function", 3, -1)};
    cortex_file_records rc = file("c.py", cs, 1, NULL, 0);
    run_files(sink, &rc, 1);
    expect_rows("SELECT resolution || ':' || coalesce(target_id, 'none') FROM ref_bindings",
                "ambiguous:none");
    cortex_sink_sqlite.close(sink);
}
END_TEST

START_TEST(test_store_imports_resolve_to_indexed_files)
{
    void *sink = open_sink();
    cortex_symbol imp[] = {sym("x.h", "import", 1, -1), sym("z.h", "import", 2, -1), sym("up.h", "import", 3, -1),
                           sym("gone.h", "import", 4, -1)};
    imp[0].targets = "b/x.h\nx.h\n*/x.h";      /* only the suffix candidate exists: a/x.h */
    imp[1].targets = "*/z.h";                  /* two files end with /z.h: ambiguous, unresolved */
    imp[2].targets = "b/../a/x.h";             /* normalised */
    imp[3].targets = "b/../../x.h\nnowhere.h"; /* above the root, then missing */
    cortex_file_records files[] = {file("a/x.h", NULL, 0, NULL, 0), file("b/user.c", imp, 4, NULL, 0),
                                   file("c/z.h", NULL, 0, NULL, 0), file("d/z.h", NULL, 0, NULL, 0)};
    run_files(sink, files, 4);
    expect_rows("SELECT i.name || '->' || coalesce(t.path, '-') FROM imports i"
                " LEFT JOIN files t ON t.id = i.target_file_id ORDER BY i.line",
                "x.h->a/x.h,z.h->-,up.h->a/x.h,gone.h->-");

    /* the target leaves: the import no longer points at it */
    ck_assert_int_eq(cortex_sink_sqlite.begin(sink), 0);
    ck_assert_int_eq(cortex_sink_sqlite.remove(sink, "a/x.h"), 0);
    ck_assert_int_eq(cortex_sink_sqlite.commit(sink), 0);
    expect_rows("SELECT count(*) FROM imports WHERE target_file_id IS NOT NULL", "0");
    cortex_sink_sqlite.close(sink);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("store");
    TCase *tc = tcase_create("store");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_store_name_terms_split_case_and_underscores);
    tcase_add_test(tc, test_store_fts_finds_both_spellings);
    tcase_add_test(tc, test_store_fts_built_beside);
    tcase_add_test(tc, test_store_newer_schema_is_refused_untouched);
    tcase_add_test(tc, test_store_older_schema_is_rebuilt);
    tcase_add_test(tc, test_store_foreign_files_are_refused);
    tcase_add_test(tc, test_store_run_replaces_removes_and_aborts);
    tcase_add_test(tc, test_store_row_ids_are_ranges_of_their_file);
    tcase_add_test(tc, test_store_symbol_ids_are_stable_and_distinct);
    tcase_add_test(tc, test_store_references_are_bound_and_labelled);
    tcase_add_test(tc, test_store_binding_follows_the_language_rules);
    tcase_add_test(tc, test_store_name_binding_follows_later_runs);
    tcase_add_test(tc, test_store_imports_resolve_to_indexed_files);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
