/* Memory stores (core/memory/, core/store/memory_index.c): name validation,
 * the front matter round trip, design 001's filter semantics, malformed
 * files, hand edits noticed, and the index rebuilt from the files. */
#define _GNU_SOURCE
#include "memory/disk.h"
#include "memory/front_matter.h"
#include "memory/names.h"
#include "memory/store.h"
#include "util/error.h"

#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>

static char dir[256];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/cortex-check-memory-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(test_memory_names_are_checked)
{
    ck_assert_int_eq(cortex_memory_check_name("slug", "use-wal-2"), 0);
    const char *bad[] = {"", "Use", "-x", "a_b", "a.b", "..", ".hidden", "a/b", "é", NULL};
    for (int i = 0; bad[i]; i++) ck_assert_int_eq(cortex_memory_check_name("slug", bad[i]), CORTEX_EINVALID);
    char long_name[80];
    memset(long_name, 'a', 65);
    long_name[65] = '\0';
    ck_assert_int_eq(cortex_memory_check_name("slug", long_name), CORTEX_EINVALID);
    long_name[64] = '\0';
    ck_assert_int_eq(cortex_memory_check_name("slug", long_name), 0);

    ck_assert_int_eq(cortex_memory_check_category(""), 0);
    ck_assert_int_eq(cortex_memory_check_category("a/b-c/d"), 0);
    const char *bad_cats[] = {"/a", "a/", "a//b", "a/../b", "a/.git", "A", "a/b/c/d/e/f/g/h/i", NULL};
    for (int i = 0; bad_cats[i]; i++) ck_assert_int_eq(cortex_memory_check_category(bad_cats[i]), CORTEX_EINVALID);

    char cat[600], slug[80];
    ck_assert_int_eq(cortex_memory_split_path(cat, sizeof cat, slug, sizeof slug, "decisions/db/use-wal"), 0);
    ck_assert_str_eq(cat, "decisions/db");
    ck_assert_str_eq(slug, "use-wal");
    ck_assert_int_eq(cortex_memory_split_path(cat, sizeof cat, slug, sizeof slug, "top"), 0);
    ck_assert_str_eq(cat, "");
    ck_assert_int_eq(cortex_memory_split_path(cat, sizeof cat, slug, sizeof slug, "/etc/passwd"), CORTEX_EINVALID);
    ck_assert_int_eq(cortex_memory_split_path(cat, sizeof cat, slug, sizeof slug, "../x"), CORTEX_EINVALID);
    ck_assert_int_eq(cortex_memory_split_path(cat, sizeof cat, slug, sizeof slug, "a/x.md"), CORTEX_EINVALID);
}
END_TEST

START_TEST(test_memory_front_matter_round_trip)
{
    cortex_memory_citation cites[] = {{"core/a.c", "cortex_store_open", NULL}, {NULL, NULL, "https://x.org/a?b=1"}};
    char *tags[] = {"db", "naïve", "true", "a: b", "123"};
    cortex_memory_doc d = {.title = "Use WAL: \"always\" — ünïcode",
                           .created_at = 1770976800000,
                           .updated_at = 1770976800123,
                           .expires_at = 1800000000000,
                           .tags = tags,
                           .ntags = 5,
                           .source = "mcp",
                           .citations = cites,
                           .ncitations = 2,
                           .body = "# Heading\n\n---\nnot front matter: the body's own rule\n"};
    cortex_buf text = {0};
    ck_assert_int_eq(cortex_memory_doc_emit(&text, &d), 0);
    ck_assert_str_eq(text.data, "---\n"
                                "title: 'Use WAL: \"always\" — ünïcode'\n"
                                "created_at: 2026-02-13T10:00:00.000Z\n"
                                "updated_at: 2026-02-13T10:00:00.123Z\n"
                                "expires_at: 2027-01-15T08:00:00.000Z\n"
                                "tags: [db, naïve, \"true\", 'a: b', \"123\"]\n"
                                "source: mcp\n"
                                "citations:\n"
                                "- file: core/a.c\n"
                                "  symbol: cortex_store_open\n"
                                "- url: https://x.org/a?b=1\n"
                                "---\n"
                                "# Heading\n\n---\nnot front matter: the body's own rule\n");
    cortex_memory_doc back;
    ck_assert_int_eq(cortex_memory_doc_parse(&back, text.data, text.len, "x.md"), 0);
    ck_assert_str_eq(back.title, d.title);
    ck_assert_int_eq(back.created_at, d.created_at);
    ck_assert_int_eq(back.updated_at, d.updated_at);
    ck_assert_int_eq(back.expires_at, d.expires_at);
    ck_assert_uint_eq(back.ntags, 5);
    for (size_t i = 0; i < 5; i++) ck_assert_str_eq(back.tags[i], tags[i]);
    ck_assert_str_eq(back.source, "mcp");
    ck_assert_uint_eq(back.ncitations, 2);
    ck_assert_str_eq(back.citations[0].file, "core/a.c");
    ck_assert_str_eq(back.citations[0].symbol, "cortex_store_open");
    ck_assert_ptr_null(back.citations[0].url);
    ck_assert_str_eq(back.citations[1].url, "https://x.org/a?b=1");
    ck_assert_str_eq(back.body, d.body);
    /* written again, byte for byte the same */
    cortex_buf again = {0};
    ck_assert_int_eq(cortex_memory_doc_emit(&again, &back), 0);
    ck_assert_str_eq(again.data, text.data);
    cortex_buf_free(&again);
    cortex_buf_free(&text);
    cortex_memory_doc_dispose(&back);
}
END_TEST

START_TEST(test_memory_front_matter_faults_name_line_and_column)
{
    cortex_memory_doc d;
    const char *unclosed = "---\ntags: [a, b\n---\nbody\n";
    ck_assert_int_eq(cortex_memory_doc_parse(&d, unclosed, strlen(unclosed), "x/y.md"), CORTEX_EINVALID);
    ck_assert_msg(strncmp(cortex_error_last(), "x/y.md:3:1: front matter:", 25) == 0, "%s", cortex_error_last());
    const char *bad_date = "---\ncreated_at: 2026-02-13T10:00:00Z\nupdated_at: yesterday\n---\n";
    ck_assert_int_eq(cortex_memory_doc_parse(&d, bad_date, strlen(bad_date), "y.md"), CORTEX_EINVALID);
    ck_assert_str_eq(cortex_error_last(), "y.md:3:13: updated_at: must be a date such as 2026-02-13T10:00:00.000Z");
    const char *none = "# no front matter\n";
    ck_assert_int_eq(cortex_memory_doc_parse(&d, none, strlen(none), "z.md"), CORTEX_EINVALID);
    ck_assert_str_eq(cortex_error_last(), "z.md:1:1: no front matter: a memory file starts with a line \"---\"");
    /* hand-written forms: a date alone, an offset, one tag, a bare citation, expires_at null */
    const char *hand = "---\ncreated_at: 2026-02-13\nupdated_at: 2026-02-13T12:00:00+02:00\ntags: solo\n"
                       "citations: [src/x.py]\nexpires_at: null\nextra: kept\n---\nb";
    ck_assert_int_eq(cortex_memory_doc_parse(&d, hand, strlen(hand), "h.md"), 0);
    ck_assert_int_eq(d.created_at, 1770940800000);
    ck_assert_int_eq(d.updated_at, 1770976800000);
    ck_assert_int_eq(d.expires_at, 0);
    ck_assert_str_eq(d.tags[0], "solo");
    ck_assert_str_eq(d.citations[0].file, "src/x.py");
    ck_assert_str_eq(d.body, "b");
    cortex_memory_doc_dispose(&d);
}
END_TEST

/* ---- a store, through its API ---------------------------------------------------- */

static void add(cortex_memory_store *s, const char *path, const char *tags_csv, const char *source, int64_t created,
                int64_t updated, int64_t expires, const char *body)
{
    char *tags[4] = {0}, buf[64];
    size_t n = 0;
    snprintf(buf, sizeof buf, "%s", tags_csv);
    for (char *t = strtok(buf, ","); t && n < 4; t = strtok(NULL, ",")) tags[n++] = t;
    cortex_memory_doc d = {.created_at = created, .updated_at = updated, .expires_at = expires, .tags = tags,
                           .ntags = n, .source = (char *)source, .body = (char *)body};
    ck_assert_msg(cortex_memory_save(s, path, &d, CORTEX_MEMORY_CREATE) == 0, "%s", cortex_error_last());
}

typedef struct paths {
    char text[512];
} paths;

static int path_into(const cortex_memory_row *r, void *payload)
{
    paths *p = payload;
    if (p->text[0]) strcat(p->text, " ");
    strcat(p->text, r->path);
    return 0;
}

static const char *query(cortex_memory_store *s, cortex_memory_filter f, int64_t *total)
{
    static paths p;
    p.text[0] = '\0';
    if (f.limit == 0) f.limit = -1;
    ck_assert_msg(cortex_memory_index_query(total, cortex_memory_store_index(s), &f, path_into, &p) == 0, "%s",
                  cortex_error_last());
    return p.text;
}

#define DAY 86400000LL
#define T0 1770976800000LL /* 2026-02-13T10:00:00Z */

static cortex_memory_store *fixture(void)
{
    cortex_memory_store *s;
    ck_assert_int_eq(cortex_memory_store_open(&s, "project", dir, 1), 0);
    add(s, "decisions/use-wal", "db,sqlite", "mcp", T0, T0 + 5 * DAY, 0, "WAL lets readers run during a write.\n");
    add(s, "decisions/db/pool-size", "db", "cli", T0 + DAY, T0 + 1 * DAY, 0, "Eight connections per worker, long text here.\n");
    add(s, "standards/naming", "style", "user", T0 + 2 * DAY, T0 + 3 * DAY, 0, "Functions are module_verb.\n");
    add(s, "old-note", "db", "mcp", T0 + 3 * DAY, T0 + 2 * DAY, T0 + 4 * DAY, "Expired already.\n");
    add(s, "decisionsx", "", "mcp", T0 + 4 * DAY, T0 + 4 * DAY, 0, "Not under decisions/.\n");
    return s;
}

START_TEST(test_memory_filters_as_design_001_defines_them)
{
    cortex_memory_store *s = fixture();
    int64_t now = T0 + 10 * DAY, total;
    /* nothing: every unexpired memory, updated_at descending */
    ck_assert_str_eq(query(s, (cortex_memory_filter){.now = now}, &total),
                     "decisions/use-wal decisionsx standards/naming decisions/db/pool-size");
    ck_assert_int_eq(total, 4);
    /* category: the subtree, recursively; not a sibling sharing the prefix */
    ck_assert_str_eq(query(s, (cortex_memory_filter){.category = "decisions", .recursive = 1, .now = now}, NULL),
                     "decisions/use-wal decisions/db/pool-size");
    ck_assert_str_eq(query(s, (cortex_memory_filter){.category = "decisions", .now = now}, NULL), "decisions/use-wal");
    /* tags: any of them */
    const char *const db_style[] = {"sqlite", "style", NULL};
    ck_assert_str_eq(query(s, (cortex_memory_filter){.tags = db_style, .now = now}, NULL),
                     "decisions/use-wal standards/naming");
    /* dates: strictly after, strictly before */
    ck_assert_str_eq(query(s, (cortex_memory_filter){.updated_after = T0 + 3 * DAY, .now = now}, NULL),
                     "decisions/use-wal decisionsx");
    ck_assert_str_eq(query(s, (cortex_memory_filter){.updated_before = T0 + 3 * DAY, .now = now}, NULL),
                     "decisions/db/pool-size");
    /* source */
    ck_assert_str_eq(query(s, (cortex_memory_filter){.source = "mcp", .now = now}, NULL), "decisions/use-wal decisionsx");
    /* AND across filter types */
    const char *const db[] = {"db", NULL};
    ck_assert_str_eq(query(s, (cortex_memory_filter){.category = "decisions", .recursive = 1, .tags = db, .source = "cli",
                                                     .now = now},
                           NULL),
                     "decisions/db/pool-size");
    /* expired: left out unless asked; prune's view is the expired alone */
    ck_assert_str_eq(query(s, (cortex_memory_filter){.tags = db, .include_expired = 1, .now = now}, NULL),
                     "decisions/use-wal old-note decisions/db/pool-size");
    ck_assert_str_eq(query(s, (cortex_memory_filter){.expired_only = 1, .now = now}, NULL), "old-note");
    /* sorts, order, limit, offset */
    ck_assert_str_eq(query(s, (cortex_memory_filter){.sort = CORTEX_MEMORY_SORT_CREATED, .ascending = 1, .now = now}, NULL),
                     "decisions/use-wal decisions/db/pool-size standards/naming decisionsx");
    ck_assert_str_eq(query(s, (cortex_memory_filter){.sort = CORTEX_MEMORY_SORT_TOKENS, .limit = 2, .offset = 1,
                                                     .now = now},
                           &total),
                     "decisions/use-wal standards/naming");
    ck_assert_int_eq(total, 4);
    /* full text over title, body and tags, with the filters */
    ck_assert_str_eq(query(s, (cortex_memory_filter){.fts = "readers", .sort = CORTEX_MEMORY_SORT_RELEVANCE, .now = now},
                           NULL),
                     "decisions/use-wal");
    ck_assert_str_eq(query(s, (cortex_memory_filter){.fts = "style", .now = now}, NULL), "standards/naming");
    cortex_memory_store_close(s);
}
END_TEST

static void write_file(const char *rel, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

START_TEST(test_memory_hand_edits_and_malformed_files)
{
    cortex_memory_store *s = fixture();
    cortex_memory_store_close(s);
    /* a hand edit (new size), a new file by hand, a malformed one, a link */
    write_file("standards/naming.md", "---\ncreated_at: 2026-02-15T10:00:00Z\nupdated_at: 2026-03-01T00:00:00Z\n"
                                      "tags: [style, edited]\n---\nEdited by hand: zebra.\n");
    write_file("standards/by-hand.md", "---\ntags: [hand]\n---\n# Written by hand\nno dates at all\n");
    write_file("standards/broken.md", "---\ntags: [a\n---\n");
    char link[512];
    snprintf(link, sizeof link, "%s/standards/link.md", dir);
    ck_assert_int_eq(symlink("/etc/passwd", link), 0);
    ck_assert_int_eq(cortex_memory_store_open(&s, "project", dir, 0), 0);
    int64_t now = T0 + 10 * DAY;
    ck_assert_str_eq(query(s, (cortex_memory_filter){.fts = "zebra", .now = now}, NULL), "standards/naming");
    const char *const edited[] = {"edited", "hand", NULL};
    ck_assert_str_eq(query(s, (cortex_memory_filter){.tags = edited, .sort = CORTEX_MEMORY_SORT_CREATED, .ascending = 1,
                                                     .now = now + 1000LL * DAY},
                           NULL),
                     "standards/naming standards/by-hand");
    const char *const *problems;
    ck_assert_uint_eq(cortex_memory_store_problems(s, &problems), 2);
    ck_assert_msg(strncmp(problems[0], "standards/broken.md:3:1: front matter:", 38) == 0, "%s", problems[0]);
    ck_assert_str_eq(problems[1], "standards/link.md: a symbolic link: never followed");
    /* the malformed file is kept, not lost */
    char path[512];
    snprintf(path, sizeof path, "%s/standards/broken.md", dir);
    ck_assert_int_eq(access(path, F_OK), 0);
    /* a removed file leaves the index */
    snprintf(path, sizeof path, "%s/decisions/use-wal.md", dir);
    cortex_memory_store_close(s);
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(cortex_memory_store_open(&s, "project", dir, 0), 0);
    ck_assert_str_eq(query(s, (cortex_memory_filter){.fts = "readers", .now = now}, NULL), "");
    cortex_memory_store_close(s);
}
END_TEST

START_TEST(test_memory_index_rebuilt_from_files)
{
    cortex_memory_store *s = fixture();
    int64_t now = T0 + 10 * DAY;
    char before[512];
    snprintf(before, sizeof before, "%s", query(s, (cortex_memory_filter){.include_expired = 1, .now = now}, NULL));
    cortex_memory_store_close(s);
    char path[512];
    snprintf(path, sizeof path, "%s/memory.db", dir);
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(cortex_memory_store_open(&s, "project", dir, 0), 0);
    ck_assert_ptr_nonnull(cortex_memory_store_notice(s));
    ck_assert_msg(strstr(cortex_memory_store_notice(s), "rebuilt from the files (5 memories)"), "%s",
                  cortex_memory_store_notice(s));
    ck_assert_str_eq(query(s, (cortex_memory_filter){.include_expired = 1, .now = now}, NULL), before);
    cortex_memory_store_close(s);
    /* an index of another schema (or not a database at all) is rebuilt too */
    write_file("memory.db", "not a database");
    ck_assert_int_eq(cortex_memory_store_open(&s, "project", dir, 0), 0);
    ck_assert_ptr_nonnull(cortex_memory_store_notice(s));
    ck_assert_str_eq(query(s, (cortex_memory_filter){.include_expired = 1, .now = now}, NULL), before);
    int64_t n;
    ck_assert_int_eq(cortex_memory_store_reindex(s, &n), 0);
    ck_assert_int_eq(n, 5);
    cortex_memory_store_close(s);
}
END_TEST

/* ---- keys cortex does not know survive its rewrites ------------------------------ */

/* A node as text that says its value exactly: a scalar's tag (when given),
 * whether it is plain (a plain `yes` or `0012` reads as another type than a
 * quoted one) and its bytes; a collection's items in order. Aliases are
 * followed (the document API shares the node), so an anchor rewritten as
 * a copy reads the same. */
static void canon(cortex_buf *out, yaml_document_t *doc, yaml_node_t *n)
{
    const char *tag = (const char *)n->tag;
    switch (n->type) {
    case YAML_SCALAR_NODE:
        cortex_buf_printf(out, "S(%s|%s|", tag, n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? "plain" : "quoted");
        cortex_buf_add(out, (const char *)n->data.scalar.value, n->data.scalar.length);
        cortex_buf_puts(out, ")");
        break;
    case YAML_SEQUENCE_NODE:
        cortex_buf_printf(out, "L(%s|", tag);
        for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++) {
            canon(out, doc, yaml_document_get_node(doc, *i));
            cortex_buf_puts(out, ",");
        }
        cortex_buf_puts(out, ")");
        break;
    case YAML_MAPPING_NODE:
        cortex_buf_printf(out, "M(%s|", tag);
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
            canon(out, doc, yaml_document_get_node(doc, p->key));
            cortex_buf_puts(out, ":");
            canon(out, doc, yaml_document_get_node(doc, p->value));
            cortex_buf_puts(out, ",");
        }
        cortex_buf_puts(out, ")");
        break;
    default: break;
    }
}

/* The front matter's pairs whose key is not cortex's, each canonical, in order. */
static char *others_of(const char *text)
{
    static const char *const known[] = {"title", "created_at", "updated_at", "expires_at", "tags", "source", "citations", NULL};
    const char *start = strstr(text, "---\n") + 4, *end = strstr(start, "\n---\n") + 1;
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, (const unsigned char *)start, (size_t)(end - start));
    ck_assert_msg(yaml_parser_load(&parser, &doc), "%s", parser.problem);
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    ck_assert_int_eq(root->type, YAML_MAPPING_NODE);
    cortex_buf out = {0};
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(&doc, p->key);
        int is_known = 0;
        for (int i = 0; known[i] && k->type == YAML_SCALAR_NODE; i++)
            is_known |= strcmp((const char *)k->data.scalar.value, known[i]) == 0;
        if (is_known) continue;
        canon(&out, &doc, k);
        cortex_buf_puts(&out, " => ");
        canon(&out, &doc, yaml_document_get_node(&doc, p->value));
        cortex_buf_puts(&out, "\n");
    }
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    return out.data ? out.data : cortex_xstrdup("");
}

/* Hand-written keys: nested maps, lists, block scalars, nulls, numbers that
 * are strings only when quoted, explicit and custom tags, anchors and
 * aliases (into a key of its own, and into cortex's `tags`), a quoted key,
 * unicode, a flow map, a key that merely resembles cortex's. */
static const char hand_written[] =
    "---\n"
    "owner: alice\n"
    "title: Hand written\n"
    "created_at: 2026-02-13T10:00:00Z\n"
    "review:\n"
    "  by: [bob, \"carol\"]\n"
    "  due: 2026-03-01\n"
    "  nested:\n"
    "    deep: {a: 1, b: [x, 'y z']}\n"
    "links:\n"
    "- one\n"
    "- 'two: quoted'\n"
    "- |\n"
    "  literal\n"
    "   block\n"
    "note: >\n"
    "  folded\n"
    "  text\n"
    "empty:\n"
    "tilde: ~\n"
    "number: 0012\n"
    "quoted_number: \"0012\"\n"
    "yes_plain: yes\n"
    "tagged: !!str 123\n"
    "custom: !thing {k: v}\n"
    "base: &base {x: 1, y: [2, 3]}\n"
    "ref: *base\n"
    "tags: &t [db, sqlite]\n"
    "mytags: *t\n"
    "multi: \"line\\nbreak \\u00e9 \\t tab\"\n"
    "\"quoted key\": naïve — ünïcode\n"
    "Title: not cortex's (keys are case-sensitive)\n"
    "trailing: 'it''s  '\n"
    "---\n"
    "body\n";

START_TEST(test_memory_unknown_keys_survive_a_rewrite)
{
    cortex_memory_doc d;
    ck_assert_msg(cortex_memory_doc_parse(&d, hand_written, strlen(hand_written), "h.md") == 0, "%s", cortex_error_last());
    ck_assert_str_eq(d.title, "Hand written");
    ck_assert_uint_eq(d.ntags, 2);
    /* a rewrite, as update does: a field changed, one cleared, the body replaced */
    free(d.title);
    d.title = cortex_xstrdup("Rewritten");
    d.updated_at = 1770976800123;
    free(d.body);
    d.body = cortex_xstrdup("new body\n");
    cortex_buf text = {0};
    ck_assert_msg(cortex_memory_doc_emit(&text, &d) == 0, "%s", cortex_error_last());
    cortex_memory_doc_dispose(&d);
    /* cortex's fields first, in its order; then every other key, in the file's order */
    ck_assert_str_eq(text.data, "---\n"
                                "title: Rewritten\n"
                                "created_at: 2026-02-13T10:00:00.000Z\n"
                                "updated_at: 2026-02-13T10:00:00.123Z\n"
                                "tags: [db, sqlite]\n"
                                "source: unknown\n"
                                "owner: alice\n"
                                "review:\n"
                                "  by: [bob, \"carol\"]\n"
                                "  due: 2026-03-01\n"
                                "  nested:\n"
                                "    deep: {a: 1, b: [x, 'y z']}\n"
                                "links:\n"
                                "- one\n"
                                "- 'two: quoted'\n"
                                "- |\n"
                                "  literal\n"
                                "   block\n"
                                "note: >\n"
                                "  folded text\n"
                                "empty:\n"
                                "tilde: ~\n"
                                "number: 0012\n"
                                "quoted_number: \"0012\"\n"
                                "yes_plain: yes\n"
                                "tagged: !!str 123\n"
                                "custom: !thing {k: v}\n"
                                "base: &base {x: 1, y: [2, 3]}\n"
                                "ref: *base\n"
                                "mytags: [db, sqlite]\n"
                                "multi: \"line\\nbreak é \\t tab\"\n"
                                "\"quoted key\": naïve — ünïcode\n"
                                "Title: not cortex's (keys are case-sensitive)\n"
                                "trailing: 'it''s  '\n"
                                "---\n"
                                "new body\n");
    /* each value the same as the hand-written one, by YAML's reading */
    char *before = others_of(hand_written), *after = others_of(text.data);
    ck_assert_str_eq(after, before);
    ck_assert_ptr_nonnull(strstr(before, "S(tag:yaml.org,2002:str|plain|number) => S(tag:yaml.org,2002:str|plain|0012)"));
    /* read and written again: byte for byte the same (a fixed point) */
    ck_assert_int_eq(cortex_memory_doc_parse(&d, text.data, text.len, "h.md"), 0);
    cortex_buf again = {0};
    ck_assert_int_eq(cortex_memory_doc_emit(&again, &d), 0);
    ck_assert_str_eq(again.data, text.data);
    cortex_memory_doc_dispose(&d);
    free(before);
    free(after);
    cortex_buf_free(&again);
    cortex_buf_free(&text);
}
END_TEST

START_TEST(test_memory_unknown_keys_in_tricky_shapes)
{
    /* a flow mapping as the whole front matter; an alias into cortex's own
     * key and a merge key; a key with an anchor; an alias to cortex's title */
    const char *cases[][2] = {
        {"---\n{owner: alice, title: T, extra: [1, {a: b}]}\n---\nb", "owner: alice\nextra: [1, {a: b}]\n"},
        {"---\ncitations: &c [src/a.c]\nsame: *c\n---\nb", "same: [src/a.c]\n"},
        {"---\nbase: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n---\nb", "base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n"},
        {"---\n&k owner: alice\nwho: *k\n---\nb", "&k owner: alice\nwho: *k\n"},
        {"---\na: 1\ntitle: &n T\nb: *n\n---\nb", "a: 1\nb: T\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cortex_memory_doc d;
        ck_assert_msg(cortex_memory_doc_parse(&d, cases[i][0], strlen(cases[i][0]), "t.md") == 0, "%zu: %s", i,
                      cortex_error_last());
        cortex_buf text = {0};
        ck_assert_msg(cortex_memory_doc_emit(&text, &d) == 0, "%zu: %s", i, cortex_error_last());
        const char *others = strstr(text.data, "source: unknown\n");
        ck_assert_ptr_nonnull(others);
        others += strlen("source: unknown\n");
        if (strncmp(others, "citations:\n", 11) == 0) others = strstr(others, "\nsame") + 1;
        ck_assert_msg(strncmp(others, cases[i][1], strlen(cases[i][1])) == 0 &&
                          strcmp(others + strlen(cases[i][1]), "---\nb") == 0,
                      "%zu:\n%s", i, text.data);
        char *before = others_of(cases[i][0]), *after = others_of(text.data);
        ck_assert_str_eq(after, before);
        free(before);
        free(after);
        cortex_buf_free(&text);
        cortex_memory_doc_dispose(&d);
    }
    /* a node that contains its own alias is written back as it was (its anchor kept, so the alias still names it) */
    const char *loop = "---\nloop: &r [a, *r]\n---\nb";
    cortex_memory_doc d;
    ck_assert_int_eq(cortex_memory_doc_parse(&d, loop, strlen(loop), "l.md"), 0);
    cortex_buf text = {0};
    ck_assert_int_eq(cortex_memory_doc_emit(&text, &d), 0);
    ck_assert_ptr_nonnull(strstr(text.data, "source: unknown\nloop: &r [a, *r]\n---\nb"));
    cortex_buf_free(&text);
    cortex_memory_doc_dispose(&d);
    /* an alias into a key cortex writes its own way (no anchor there any more) becomes a copy of the value */
    const char *outside = "---\ntags: &t [a]\nx: *t\n---\nb";
    ck_assert_int_eq(cortex_memory_doc_parse(&d, outside, strlen(outside), "o.md"), 0);
    ck_assert_int_eq(cortex_memory_doc_emit(&text, &d), 0);
    ck_assert_ptr_nonnull(strstr(text.data, "source: unknown\nx: [a]\n---\nb"));
    cortex_buf_free(&text);
    cortex_memory_doc_dispose(&d);
}
END_TEST

START_TEST(test_memory_update_and_move_keep_unknown_keys)
{
    cortex_memory_store *s;
    ck_assert_int_eq(cortex_memory_store_open(&s, "project", dir, 1), 0);
    ck_assert_int_eq(cortex_memory_category_make(s, "team"), 0);
    cortex_memory_store_close(s);
    write_file("team/hand.md", hand_written);
    ck_assert_int_eq(cortex_memory_store_open(&s, "project", dir, 0), 0);
    /* update, as the tool does: load, change, save */
    cortex_memory_doc d;
    ck_assert_int_eq(cortex_memory_load(&d, s, "team/hand"), 0);
    free(d.body);
    d.body = cortex_xstrdup("updated\n");
    d.expires_at = 1800000000000;
    ck_assert_msg(cortex_memory_save(s, "team/hand", &d, CORTEX_MEMORY_REPLACE) == 0, "%s", cortex_error_last());
    cortex_memory_doc_dispose(&d);
    ck_assert_int_eq(cortex_memory_rename(s, "team/hand", "team/moved/hand"), 0);
    cortex_memory_store_close(s);
    char path[512], *text = NULL;
    snprintf(path, sizeof path, "%s/team/moved/hand.md", dir);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t cap = 0;
    ck_assert_int_gt(getdelim(&text, &cap, '\0', f), 0);
    fclose(f);
    char *before = others_of(hand_written), *after = others_of(text);
    ck_assert_str_eq(after, before);
    ck_assert_ptr_nonnull(strstr(text, "expires_at: 2027-01-15T08:00:00.000Z\n"));
    ck_assert_ptr_nonnull(strstr(text, "---\nupdated\n"));
    free(before);
    free(after);
    free(text);
}
END_TEST

/* The whole of `rel` under the store, or NULL when it is missing. Caller frees. */
static char *read_back(const char *rel)
{
    char path[512], *text = NULL;
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t cap = 0;
    if (getdelim(&text, &cap, '\0', f) < 0) {
        free(text);
        text = cortex_xstrdup("");
    }
    fclose(f);
    return text;
}

START_TEST(test_memory_category_file_keeps_unknown_keys)
{
    /* the parse keeps the other keys (as a memory's: the same code), the emit puts them back after description */
    const char *hand = "# the team's own keys\n"
                       "owner: alice\n"
                       "description: Old words\n"
                       "review: {by: [bob, 'carol'], due: 2026-03-01}\n"
                       "base: &b [x, y]\n"
                       "again: *b\n"
                       "number: \"0012\"\n";
    char *desc;
    cortex_memory_extra *extra;
    ck_assert_msg(cortex_memory_category_parse(&desc, &extra, hand, strlen(hand), "c/_category.yml") == 0, "%s",
                  cortex_error_last());
    ck_assert_str_eq(desc, "Old words");
    ck_assert_ptr_nonnull(extra);
    free(desc);
    cortex_buf text = {0};
    ck_assert_int_eq(cortex_memory_category_emit(&text, "New words", extra), 0);
    const char *kept = "owner: alice\n"
                       "review: {by: [bob, 'carol'], due: 2026-03-01}\n"
                       "base: &b [x, y]\n"
                       "again: *b\n"
                       "number: \"0012\"\n";
    char want[512];
    snprintf(want, sizeof want, "description: New words\n%s", kept);
    ck_assert_str_eq(text.data, want);
    cortex_memory_extra_free(extra);
    cortex_buf_free(&text);
    /* without a description: the other keys alone; with no other key, no extra at all */
    ck_assert_int_eq(cortex_memory_category_parse(&desc, &extra, hand, strlen(hand), "c/_category.yml"), 0);
    free(desc);
    ck_assert_int_eq(cortex_memory_category_emit(&text, NULL, extra), 0);
    ck_assert_str_eq(text.data, kept);
    cortex_memory_extra_free(extra);
    cortex_buf_free(&text);
    ck_assert_int_eq(cortex_memory_category_parse(&desc, &extra, "description: x\n", 15, "c/_category.yml"), 0);
    ck_assert_ptr_null(extra);
    free(desc);

    /* through the store: describe, clear, describe again; the other keys stay each time */
    cortex_memory_store *s;
    ck_assert_int_eq(cortex_memory_store_open(&s, "project", dir, 1), 0);
    ck_assert_int_eq(cortex_memory_category_make(s, "team"), 0);
    ck_assert_int_eq(cortex_memory_category_make(s, "plain"), 0);
    write_file("team/" CORTEX_MEMORY_CATEGORY_FILE, hand);
    ck_assert_msg(cortex_memory_category_describe(s, "team", "New words") == 0, "%s", cortex_error_last());
    char *file = read_back("team/" CORTEX_MEMORY_CATEGORY_FILE);
    ck_assert_str_eq(file, want);
    free(file);
    ck_assert_int_eq(cortex_memory_category_describe(s, "team", NULL), 0);
    file = read_back("team/" CORTEX_MEMORY_CATEGORY_FILE);
    ck_assert_str_eq(file, kept); /* the file stays: it holds a person's keys */
    free(file);
    ck_assert_int_eq(cortex_memory_category_describe(s, "team", "Again"), 0);
    file = read_back("team/" CORTEX_MEMORY_CATEGORY_FILE);
    snprintf(want, sizeof want, "description: Again\n%s", kept);
    ck_assert_str_eq(file, want);
    free(file);
    /* a description alone: cleared, the file goes */
    ck_assert_int_eq(cortex_memory_category_describe(s, "plain", "Only this"), 0);
    file = read_back("plain/" CORTEX_MEMORY_CATEGORY_FILE);
    ck_assert_str_eq(file, "description: Only this\n");
    free(file);
    ck_assert_int_eq(cortex_memory_category_describe(s, "plain", ""), 0);
    ck_assert_ptr_null(read_back("plain/" CORTEX_MEMORY_CATEGORY_FILE));
    /* a file that does not read is not overwritten: the fault is said with its place */
    const char *broken = "owner: alice\nreview: [unclosed\n";
    write_file("team/" CORTEX_MEMORY_CATEGORY_FILE, broken);
    ck_assert_int_eq(cortex_memory_category_describe(s, "team", "Lost?"), CORTEX_EINVALID);
    ck_assert_msg(strncmp(cortex_error_last(), "team/_category.yml:3:1: ", 24) == 0 &&
                      strstr(cortex_error_last(), "left as it is"),
                  "%s", cortex_error_last());
    file = read_back("team/" CORTEX_MEMORY_CATEGORY_FILE);
    ck_assert_str_eq(file, broken);
    free(file);
    cortex_memory_store_close(s);
}
END_TEST

START_TEST(test_memory_temporary_names_are_exact)
{
    long pid = 0;
    const char *yes[] = {".use-wal.md.123.0.tmp", ".a.md.1.77.tmp", "._category.yml.4194304.2.tmp", "..gitignore.9.0.tmp",
                         NULL};
    for (int i = 0; yes[i]; i++) ck_assert_msg(cortex_memory_disk_tmp_name(yes[i], &pid), "%s", yes[i]);
    ck_assert_int_eq(pid, 9);
    const char *no[] = {"use-wal.md.123.0.tmp",   /* not hidden */
                        ".use-wal.md.123.tmp",    /* no <n> */
                        ".use-wal.md.12a.0.tmp",  /* pid not digits */
                        ".use-wal.md.0.0.tmp",    /* pid 0: no process */
                        ".use-wal.md.99999999999.0.tmp", /* no pid_t */
                        ".use-wal.md.-5.0.tmp",   ".use-wal.md..0.tmp", ".use-wal.md.1.0.tmp.bak", ".use-wal.md.1.0.TMP",
                        ".Use-wal.md.1.0.tmp",    /* no slug */
                        ".use_wal.md.1.0.tmp",    ".notes.txt.1.0.tmp", /* no file cortex writes */
                        "..md.1.0.tmp",           ".md.1.0.tmp", ".x.1.0.tmp", ".lock", ".1.0.tmp", ".tmp", ".git",
                        ".a.md.1.0.tmp/x",        "..a.md.1.0.tmp", NULL};
    for (int i = 0; no[i]; i++) ck_assert_msg(!cortex_memory_disk_tmp_name(no[i], &pid), "%s", no[i]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("memory");
    TCase *tc = tcase_create("memory");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_memory_names_are_checked);
    tcase_add_test(tc, test_memory_front_matter_round_trip);
    tcase_add_test(tc, test_memory_front_matter_faults_name_line_and_column);
    tcase_add_test(tc, test_memory_unknown_keys_survive_a_rewrite);
    tcase_add_test(tc, test_memory_unknown_keys_in_tricky_shapes);
    tcase_add_test(tc, test_memory_update_and_move_keep_unknown_keys);
    tcase_add_test(tc, test_memory_filters_as_design_001_defines_them);
    tcase_add_test(tc, test_memory_hand_edits_and_malformed_files);
    tcase_add_test(tc, test_memory_index_rebuilt_from_files);
    tcase_add_test(tc, test_memory_category_file_keeps_unknown_keys);
    tcase_add_test(tc, test_memory_temporary_names_are_exact);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
