/* The store's read API (store/read.h, store/search.h): a two-file store
 * written by the sqlite sink, read back through the API with exact rows:
 * files and their filters, counts, symbols of a file and children,
 * definitions, imports, edges with their binding, the full-text scopes, and
 * how opening tells "no index yet" apart. */
#define _GNU_SOURCE
#include "graph/load.h"
#include "sink/sink.h"
#include "store/read.h"
#include "store/read_internal.h"
#include "store/search.h"
#include "store/store.h"
#include "util/error.h"

#include "check_run.h"

#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];
static char db_path[300];
static cortex_store_reader *reader;

/* ---- the store every test reads ---------------------------------------------
 *
 * a.py (lines 10, parse errors):  1 class Ledger, 2 method Ledger.save (calls
 * helper at 3:9, printf at 4:9), 5 function helper, 6 a comment, 8 import os.path.
 * sub/b.py (project "sub"): 1 import a.helper (-> a.py), 3 function run
 * (calls helper at 4:5, bound through the import). */

static cortex_symbol sym(const char *name, const char *kind, uint32_t line, int32_t parent)
{
    cortex_symbol s = {.name = name, .short_name = strrchr(name, '.') ? strrchr(name, '.') + 1 : name,
                       .kind = kind, .line_start = line, .line_end = line + 1, .col_start = 1, .parent = parent};
    return s;
}

static void write_store(void)
{
    cortex_symbol as[] = {sym("Ledger", "class", 1, -1), sym("Ledger.save", "method", 2, 0),
                          sym("helper", "function", 5, -1), sym("os.path", "import", 8, -1)};
    as[0].line_end = 4;
    as[1].line_end = 4;
    as[1].sig = "def save(self)";
    as[2].doc = "Helps.";
    as[3].short_name = "os.path";
    cortex_reference ar[] = {{.name = "helper", .kind = "call", .line = 3, .col = 9, .caller = 1},
                             {.name = "printf", .kind = "call", .line = 4, .col = 9, .caller = 1}};
    cortex_text at[] = {{.kind = "comment", .text = "ledger notes", .line_start = 6, .line_end = 6, .parent = -1}};
    cortex_symbol bs[] = {sym("a.helper", "import", 1, -1), sym("run", "function", 3, -1)};
    bs[0].short_name = "a.helper";
    bs[0].targets = "a.py";
    cortex_reference br[] = {{.name = "helper", .kind = "call", .line = 4, .col = 5, .caller = 1}};
    cortex_file_records files[] = {
        {.path = "a.py", .lang = "python", .hash = "0123456789abcdef", .lines = 10, .bytes = 100, .has_errors = 1,
         .symbols = as, .nsymbols = 4, .refs = ar, .nrefs = 2, .texts = at, .ntexts = 1},
        {.path = "sub/b.py", .lang = "python", .hash = "fedcba9876543210", .lines = 6, .bytes = 40, .project = "sub",
         .symbols = bs, .nsymbols = 2, .refs = br, .nrefs = 1},
    };
    cortex_sink_context ctx = {dir, dir, "test", "test extractor", {400, 50}, 0, 0, 1, 0};
    void *sink = NULL;
    ck_assert_int_eq(cortex_sink_sqlite.open(&sink, &ctx), 0);
    ck_assert_int_eq(cortex_sink_sqlite.begin(sink), 0);
    for (size_t i = 0; i < 2; i++) ck_assert_int_eq(cortex_sink_sqlite.file(sink, &files[i]), 0);
    ck_assert_int_eq(cortex_sink_sqlite.commit(sink), 0);
    cortex_sink_sqlite.close(sink);
}

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/cortex-check-store-read-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(db_path, sizeof db_path, "%s/cortex.db", dir);
    write_store();
    ck_assert_int_eq(cortex_store_reader_open(&reader, db_path), 0);
}

static void teardown(void)
{
    cortex_store_reader_close(reader);
    reader = NULL;
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* ---- rows joined into one string ------------------------------------------------ */

static char out[2048];

/* Appends one row to `out`, comma-separated; NULL strings print as NULL. */
static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
    size_t len = strlen(out);
    if (len) out[len++] = ',';
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + len, sizeof out - len, fmt, ap);
    va_end(ap);
}

static const char *or_null(const char *s) { return s ? s : "NULL"; }

static int file_row(const cortex_store_file *f, void *payload)
{
    (void)payload;
    put("%s:%s:%lld", f->path, f->lang, (long long)f->lines);
    return 0;
}

static int symbol_row(const cortex_store_symbol *s, void *payload)
{
    (void)payload;
    put("%s(%s)@%lld", s->name, or_null(s->parent), (long long)s->line);
    return 0;
}

static int file_definitions(const cortex_store_file *f, void *payload)
{
    (void)payload;
    put("%s=%lld", f->path, (long long)f->definitions);
    return 0;
}

static const char *files_of(cortex_store_file_filter filter)
{
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_files(reader, &filter, file_row, NULL), 0);
    return out;
}

START_TEST(test_store_read_files_by_path_and_filter)
{
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_file(reader, "a.py", file_row, NULL), 0);
    ck_assert_str_eq(out, "a.py:python:10");
    ck_assert_int_eq(cortex_store_read_file(reader, "nope.py", file_row, NULL), CORTEX_ENOTFOUND);

    ck_assert_str_eq(files_of((cortex_store_file_filter){0}), "a.py:python:10,sub/b.py:python:6");
    ck_assert_str_eq(files_of((cortex_store_file_filter){.dir = "sub"}), "sub/b.py:python:6");
    ck_assert_str_eq(files_of((cortex_store_file_filter){.dir = "sub/b.py"}), "sub/b.py:python:6");
    ck_assert_str_eq(files_of((cortex_store_file_filter){.dir = "su"}), "");
    ck_assert_str_eq(files_of((cortex_store_file_filter){.project = "sub"}), "sub/b.py:python:6");
    ck_assert_str_eq(files_of((cortex_store_file_filter){.project = "."}), "a.py:python:10");
    ck_assert_str_eq(files_of((cortex_store_file_filter){.glob = "sub/*.py"}), "sub/b.py:python:6");
    ck_assert_str_eq(files_of((cortex_store_file_filter){.parse_errors = 1}), "a.py:python:10");
    ck_assert_str_eq(files_of((cortex_store_file_filter){.limit = 1}), "a.py:python:10");
    ck_assert_str_eq(files_of((cortex_store_file_filter){.limit = 1, .offset = 1}), "sub/b.py:python:6");

    int64_t n = -1;
    ck_assert_int_eq(cortex_store_read_count_files(&n, reader, NULL), 0);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(cortex_store_read_count_files(&n, reader, &(cortex_store_file_filter){.parse_errors = 1}), 0);
    ck_assert_int_eq(n, 1);
    /* six symbols, two of them imports: each file counts its definitions */
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_files(reader, &(cortex_store_file_filter){0}, file_definitions, NULL), 0);
    ck_assert_str_eq(out, "a.py=3,sub/b.py=1");
}
END_TEST

static int project_row(const char *project, int64_t files, void *payload)
{
    (void)payload;
    put("%s=%lld", project, (long long)files);
    return 0;
}

START_TEST(test_store_read_projects_generation_and_counts)
{
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_projects(reader, project_row, NULL), 0);
    ck_assert_str_eq(out, ".=1,sub=1");
    ck_assert_int_eq(cortex_store_read_generation(reader), 1);
    ck_assert_int_eq(cortex_store_read_count(reader, CORTEX_STORE_FILES), 2);
    ck_assert_int_eq(cortex_store_read_count(reader, CORTEX_STORE_SYMBOLS), 6);
    ck_assert_int_eq(cortex_store_read_count(reader, CORTEX_STORE_REFS), 3);
    ck_assert_int_eq(cortex_store_read_count(reader, CORTEX_STORE_TEXTS), 1);
}
END_TEST

static int take_id(const cortex_store_file *f, void *payload)
{
    *(int64_t *)payload = f->id;
    return 0;
}

static int64_t file_id(const char *path)
{
    int64_t id = 0;
    ck_assert_int_eq(cortex_store_read_file(reader, path, take_id, &id), 0);
    ck_assert_int_gt(id, 0);
    return id;
}

START_TEST(test_store_read_symbols_of_a_file_and_children)
{
    int64_t a = file_id("a.py"), total = -1;
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_file_symbols(&total, reader, a, (cortex_store_page){-1, 0}, symbol_row, NULL), 0);
    ck_assert_str_eq(out, "Ledger(NULL)@1,Ledger.save(Ledger)@2,helper(NULL)@5,os.path(NULL)@8");
    ck_assert_int_eq(total, 4);
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_file_symbols(&total, reader, a, (cortex_store_page){2, 1}, symbol_row, NULL), 0);
    ck_assert_str_eq(out, "Ledger.save(Ledger)@2,helper(NULL)@5");
    ck_assert_int_eq(total, 4);

    int64_t parents = -1;
    ck_assert_int_eq(cortex_store_read_count_parents(&parents, reader, a, "Ledger"), 0);
    ck_assert_int_eq(parents, 1);
    ck_assert_int_eq(cortex_store_read_count_parents(&parents, reader, a, "os.path"), 0);
    ck_assert_int_eq(parents, 0); /* an import is no parent */
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_children(&total, reader, a, "Ledger", (cortex_store_page){-1, 0}, symbol_row, NULL), 0);
    ck_assert_str_eq(out, "Ledger.save(Ledger)@2");
    ck_assert_int_eq(total, 1);
}
END_TEST

static int take_symbol_id(const cortex_store_symbol *s, void *payload)
{
    *(int64_t *)payload = s->id;
    return 0;
}

static int full_symbol(const cortex_store_symbol *s, void *payload)
{
    (void)payload;
    snprintf(out, sizeof out, "%s|%s|%s|%s|%lld-%lld|%s|%s|%s|%s", s->name, s->short_name, s->kind, s->file, (long long)s->line,
             (long long)s->line_end, s->sig ? s->sig : "NULL", s->visibility ? s->visibility : "NULL",
             s->doc ? s->doc : "NULL", s->project);
    return 0;
}

START_TEST(test_store_read_definitions_by_name_and_id)
{
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_definitions(reader, "save", (cortex_store_page){-1, 0}, symbol_row, NULL), 0);
    ck_assert_str_eq(out, "Ledger.save(Ledger)@2");
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_definitions(reader, "Ledger.save", (cortex_store_page){-1, 0}, symbol_row, NULL), 0);
    ck_assert_str_eq(out, "Ledger.save(Ledger)@2");
    out[0] = '\0';
    /* a dotted name is only ever a qualified name; imports are not definitions */
    ck_assert_int_eq(cortex_store_read_definitions(reader, "x.save", (cortex_store_page){-1, 0}, symbol_row, NULL), 0);
    ck_assert_int_eq(cortex_store_read_definitions(reader, "os.path", (cortex_store_page){-1, 0}, symbol_row, NULL), 0);
    ck_assert_str_eq(out, "");

    int64_t id = 0;
    ck_assert_int_eq(cortex_store_read_definitions(reader, "helper", (cortex_store_page){1, 0}, take_symbol_id, &id), 0);
    ck_assert_int_ne(id, 0);
    ck_assert_int_eq(cortex_store_read_symbol(reader, id, full_symbol, NULL), 0);
    ck_assert_str_eq(out, "helper|helper|function|a.py|5-6|NULL|NULL|Helps.|.");
    ck_assert_int_eq(cortex_store_read_symbol(reader, id + 1, full_symbol, NULL), CORTEX_ENOTFOUND);
}
END_TEST

static int import_row(const cortex_store_import *im, void *payload)
{
    (void)payload;
    put("%s->%s@%lld", im->name, or_null(im->resolved), (long long)im->line);
    return 0;
}

START_TEST(test_store_read_imports_of_a_file)
{
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_imports(reader, file_id("sub/b.py"), import_row, NULL), 0);
    ck_assert_str_eq(out, "a.helper->a.py@1");
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_imports(reader, file_id("a.py"), import_row, NULL), 0);
    ck_assert_str_eq(out, "os.path->NULL@8");
}
END_TEST

static int edge_row(const cortex_store_edge *e, void *payload)
{
    (void)payload;
    put("%s:%lld:%lld %s %s from %s %s %s->%s %s:%lld", e->file, (long long)e->line, (long long)e->col, e->kind, e->name,
        or_null(e->caller), e->project, or_null(e->binding), or_null(e->target_name), or_null(e->target_file),
        (long long)e->target_line);
    return 0;
}

static const char *edges_of(cortex_store_edge_dir way, const char *name, const char *project, int64_t *total)
{
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_edges(total, reader, way, name, project, NULL, (cortex_store_page){-1, 0}, edge_row, NULL), 0);
    return out;
}

START_TEST(test_store_read_edges_with_their_binding)
{
    int64_t total = -1;
    ck_assert_str_eq(edges_of(CORTEX_STORE_CALLERS, "helper", NULL, &total),
                     "a.py:3:9 call helper from Ledger.save . scoped->helper a.py:5,"
                     "sub/b.py:4:5 call helper from run sub import->helper a.py:5");
    ck_assert_int_eq(total, 2);
    ck_assert_str_eq(edges_of(CORTEX_STORE_CALLERS, "helper", "sub", &total),
                     "sub/b.py:4:5 call helper from run sub import->helper a.py:5");
    ck_assert_int_eq(total, 1);
    ck_assert_str_eq(edges_of(CORTEX_STORE_CALLEES, "Ledger.save", NULL, &total),
                     "a.py:3:9 call helper from Ledger.save . scoped->helper a.py:5,"
                     "a.py:4:9 call printf from Ledger.save . NULL->NULL NULL:0");
    ck_assert_int_eq(total, 2);
    /* a page, and a listing without its count */
    out[0] = '\0';
    ck_assert_int_eq(cortex_store_read_edges(NULL, reader, CORTEX_STORE_CALLEES, "save", NULL, NULL, (cortex_store_page){1, 1}, edge_row,
                                             NULL),
                     0);
    ck_assert_str_eq(out, "a.py:4:9 call printf from Ledger.save . NULL->NULL NULL:0");
    /* a name's callers a page at a time: a page past a whole file, one inside the first, one of another kind */
    const struct {
        cortex_store_page page;
        const char *kind, *rows;
        int64_t total;
    } pages[] = {
        {{1, 1}, NULL, "sub/b.py:4:5 call helper from run sub import->helper a.py:5", 2},
        {{1, 0}, "call", "a.py:3:9 call helper from Ledger.save . scoped->helper a.py:5", 2},
        {{5, 2}, NULL, "", 2},
        {{5, 0}, "value", "", 0},
    };
    for (size_t i = 0; i < sizeof pages / sizeof *pages; i++) {
        out[0] = '\0';
        total = -1;
        ck_assert_int_eq(cortex_store_read_edges(&total, reader, CORTEX_STORE_CALLERS, "helper", NULL, pages[i].kind,
                                                 pages[i].page, edge_row, NULL),
                         0);
        ck_assert_str_eq(out, pages[i].rows);
        ck_assert_int_eq(total, pages[i].total);
    }
}
END_TEST

static int hit_row(const cortex_store_hit *h, void *payload)
{
    (void)payload;
    if (h->scope == CORTEX_STORE_SCOPE_SYMBOL) put("symbol %s@%lld", h->symbol.name, (long long)h->symbol.line);
    else put("%s %s@%lld", h->kind ? h->kind : "file", h->file, (long long)h->line_end);
    return 0;
}

static const char *search(cortex_store_scope scope, const char *fts, const char *exact, int64_t *total)
{
    out[0] = '\0';
    *total = 0;
    cortex_store_search q = {.fts = fts, .exact = exact, .want = 10};
    ck_assert_int_eq(cortex_store_search_scope(total, reader, scope, &q, hit_row, NULL), 0);
    return out;
}

/* cortex_bm25 told the rows holding the one phrase gives FTS5's bm25 to the
 * bit, and so does it told nothing, for any query (each in a statement of
 * its own: a statement's calls share what the first computed). */
START_TEST(test_store_read_bm25_given_the_hits_is_fts5s)
{
    sqlite3 *db = cortex_store__reader_db(reader);
    static const char *const queries[] = {"\"ledger\"", "\"save\"", "\"led\"*", "\"ledger\" OR \"save\"", "\"notes\""};
    static const char *const tables[] = {"symbols_fts", "texts_fts"};
    static const char *const scores[] = {"bm25(%1$s, 10.0, 2.0)",
                                         "cortex_bm25(%1$s, (SELECT count(*) FROM %1$s WHERE %1$s MATCH ?1), 10.0, 2.0)",
                                         "cortex_bm25(%1$s, NULL, 10.0, 2.0)"};
    int compared = 0, positive = 0;
    for (size_t t = 0; t < 2; t++)
        for (size_t q = 0; q < sizeof queries / sizeof *queries; q++) {
            double got[3][16];
            int n[3] = {0};
            for (int v = 0; v < 3; v++) {
                char score[256], sql[512];
                snprintf(score, sizeof score, scores[v], tables[t]);
                snprintf(sql, sizeof sql, "SELECT %s FROM %s WHERE %s MATCH ?1 ORDER BY rowid", score, tables[t], tables[t]);
                sqlite3_stmt *st;
                ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
                sqlite3_bind_text(st, 1, queries[q], -1, SQLITE_STATIC);
                while (sqlite3_step(st) == SQLITE_ROW && n[v] < 16) got[v][n[v]++] = sqlite3_column_double(st, 0);
                sqlite3_finalize(st);
            }
            ck_assert_int_eq(n[1], n[0]);
            ck_assert_int_eq(n[2], n[0]);
            for (int i = 0; i < n[0]; i++) {
                ck_assert_msg(memcmp(&got[0][i], &got[1][i], sizeof(double)) == 0 &&
                                  memcmp(&got[0][i], &got[2][i], sizeof(double)) == 0,
                              "%s %s: %.17g, %.17g, %.17g", tables[t], queries[q], got[0][i], got[1][i], got[2][i]);
                compared++;
                positive += got[0][i] < -1e-3; /* an IDF above its floor */
            }
        }
    ck_assert_int_ge(compared, 6);
    ck_assert_int_ge(positive, 3);
}
END_TEST

START_TEST(test_store_read_search_scopes)
{
    int64_t total;
    /* the exact name ranks first */
    ck_assert_str_eq(search(CORTEX_STORE_SCOPE_SYMBOL, "\"ledger\"", "Ledger", &total), "symbol Ledger@1,symbol Ledger.save@2");
    ck_assert_int_eq(total, 2);
    ck_assert_str_eq(search(CORTEX_STORE_SCOPE_TEXT, "\"notes\"", "notes", &total), "comment a.py@6");
    ck_assert_int_eq(total, 1);
    ck_assert_str_eq(search(CORTEX_STORE_SCOPE_FILE, "\"b\"", "b", &total), "file sub/b.py@6");
    ck_assert_int_eq(total, 1);
    /* a page as long as the matches, or shorter: the count is every match's */
    for (int64_t want = 1; want <= 3; want++) {
        out[0] = '\0';
        total = 0;
        cortex_store_search w = {.fts = "\"ledger\"", .exact = "Ledger", .want = want};
        ck_assert_int_eq(cortex_store_search_scope(&total, reader, CORTEX_STORE_SCOPE_SYMBOL, &w, hit_row, NULL), 0);
        ck_assert_str_eq(out, want == 1 ? "symbol Ledger@1" : "symbol Ledger@1,symbol Ledger.save@2");
        ck_assert_int_eq(total, 2);
        out[0] = '\0';
        total = 0;
        w.glob = "**";
        ck_assert_int_eq(cortex_store_search_scope(&total, reader, CORTEX_STORE_SCOPE_SYMBOL, &w, hit_row, NULL), 0);
        ck_assert_int_eq(total, 2);
    }
    /* a kind, and a language's word for a kind: methods, or python's classes */
    out[0] = '\0';
    total = 0;
    cortex_store_search k = {.fts = "\"ledger\"", .exact = "Ledger", .kind = "method", .want = 10};
    ck_assert_int_eq(cortex_store_search_scope(&total, reader, CORTEX_STORE_SCOPE_SYMBOL, &k, hit_row, NULL), 0);
    ck_assert_str_eq(out, "symbol Ledger.save@2");
    out[0] = '\0';
    total = 0;
    k.kind_words[0] = (cortex_store_kind_word){"python", "class"};
    k.nkind_words = 1;
    ck_assert_int_eq(cortex_store_search_scope(&total, reader, CORTEX_STORE_SCOPE_SYMBOL, &k, hit_row, NULL), 0);
    ck_assert_str_eq(out, "symbol Ledger@1,symbol Ledger.save@2");
    ck_assert_int_eq(total, 2);
    k.kind_words[0] = (cortex_store_kind_word){"rust", "class"};
    out[0] = '\0';
    total = 0;
    ck_assert_int_eq(cortex_store_search_scope(&total, reader, CORTEX_STORE_SCOPE_SYMBOL, &k, hit_row, NULL), 0);
    ck_assert_str_eq(out, "symbol Ledger.save@2");
    /* kinds the store holds, whichever plugin stored them */
    ck_assert(cortex_store_read_kind_exists(reader, "method"));
    ck_assert(cortex_store_read_kind_exists(reader, "comment"));
    ck_assert(!cortex_store_read_kind_exists(reader, "trait"));
    /* a cancelled call stops inside SQL, and says so (not a syntax error to relax) */
    atomic_int cancelled = 1;
    cortex_store_reader_watch(reader, &cancelled);
    cortex_store_search c = {.fts = "\"ledger\"", .exact = "Ledger", .want = 10};
    ck_assert_int_eq(cortex_store_search_scope(&total, reader, CORTEX_STORE_SCOPE_SYMBOL, &c, hit_row, NULL), CORTEX_ECANCELLED);
    cortex_store_reader_watch(reader, NULL);
    ck_assert_int_eq(cortex_store_search_scope(&total, reader, CORTEX_STORE_SCOPE_SYMBOL, &c, hit_row, NULL), 0);
    /* FTS5 syntax it rejects is CORTEX_EINVALID, for the caller to relax */
    cortex_store_search q = {.fts = "AND OR", .exact = "", .want = 10};
    ck_assert_int_eq(cortex_store_search_scope(&total, reader, CORTEX_STORE_SCOPE_SYMBOL, &q, hit_row, NULL), CORTEX_EINVALID);
}
END_TEST

static int stop_at_first(const cortex_store_file *f, void *payload)
{
    (void)f;
    ++*(int *)payload;
    return 7;
}

START_TEST(test_store_read_callback_stops_a_list)
{
    int calls = 0;
    ck_assert_int_eq(cortex_store_read_files(reader, NULL, stop_at_first, &calls), 7);
    ck_assert_int_eq(calls, 1);
}
END_TEST

START_TEST(test_store_read_open_says_no_index_yet)
{
    cortex_store_reader *r = (cortex_store_reader *)1;
    char missing[400];
    snprintf(missing, sizeof missing, "%s/none.db", dir);
    ck_assert_int_eq(cortex_store_reader_open(&r, missing), CORTEX_ENOTFOUND);
    ck_assert_ptr_null(r);
    /* a store of an older schema: CORTEX_ESCHEMA, told apart by its code */
    char old[400];
    snprintf(old, sizeof old, "%s/old.db", dir);
    cortex_store *store;
    ck_assert_int_eq(cortex_store__open_schema(&store, old, CORTEX_STORE_WRITE, 1), 0);
    cortex_store_close(store);
    ck_assert_int_eq(cortex_store_reader_open(&r, old), CORTEX_ESCHEMA);
    ck_assert_ptr_null(r);
}
END_TEST

static int symbol_id(const cortex_store_symbol *s, void *payload)
{
    *(int64_t *)payload = s->id;
    return 0;
}

/* The whole graph the graph tools walk: bound references only (printf binds
 * to nothing), each from the definition it is made in to its target, with how
 * it was bound and its kind. */
START_TEST(test_store_read_the_bound_graph)
{
    cortex_graph *g;
    ck_assert_int_eq(cortex_graph_load(&g, reader), 0);
    ck_assert_uint_eq(cortex_graph_edge_count(g), 2);
    ck_assert_uint_eq(cortex_graph_node_count(g), 3);
    int64_t helper_id = 0;
    ck_assert_int_eq(cortex_store_read_definitions(reader, "helper", (cortex_store_page){-1, 0}, symbol_id, &helper_id), 0);
    int32_t helper = cortex_graph_node(g, helper_id);
    ck_assert_int_ge(helper, 0);
    cortex_graph_walk w;
    cortex_graph_walk_limits l = {.max_depth = 3};
    cortex_graph_walk_from(&w, g, &helper, 1, CORTEX_GRAPH_IN, &l);
    out[0] = '\0';
    for (size_t k = 0; k < w.nhits; k++) {
        int64_t id = cortex_graph_id(g, w.hits[k].node);
        ck_assert_int_eq(cortex_store_read_symbol(reader, id, symbol_row, NULL), 0);
        put("%u:%s:%s", w.hits[k].depth, cortex_graph_bound_word(w.hits[k].edge.label),
            cortex_graph_ref_word(w.hits[k].edge.kind));
    }
    /* a level is in id order, and a symbol's id is its file's (numbered in
     * path order by a first index) above a hash: Ledger.save's file first */
    ck_assert_str_eq(out, "Ledger.save(Ledger)@2,1:scoped:call,run(NULL)@3,1:import:call");
    cortex_graph_walk_dispose(&w);
    cortex_graph_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("store_read");
    TCase *tc = tcase_create("read");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_store_read_files_by_path_and_filter);
    tcase_add_test(tc, test_store_read_projects_generation_and_counts);
    tcase_add_test(tc, test_store_read_symbols_of_a_file_and_children);
    tcase_add_test(tc, test_store_read_definitions_by_name_and_id);
    tcase_add_test(tc, test_store_read_imports_of_a_file);
    tcase_add_test(tc, test_store_read_edges_with_their_binding);
    tcase_add_test(tc, test_store_read_search_scopes);
    tcase_add_test(tc, test_store_read_bm25_given_the_hits_is_fts5s);
    tcase_add_test(tc, test_store_read_callback_stops_a_list);
    tcase_add_test(tc, test_store_read_open_says_no_index_yet);
    tcase_add_test(tc, test_store_read_the_bound_graph);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
