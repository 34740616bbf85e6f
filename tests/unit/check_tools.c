/* The tool table and its handlers, against the sample fixture repository
 * indexed into a temporary copy: the table's invariants, each tool's exact
 * answer (validated against its output schema), path confinement and
 * freshness. */
#define _GNU_SOURCE
#include "tools/handlers.h"
#include "tools/paths.h"
#include "tools/schema.h"
#include "tools/tools.h"
#include "util/error.h"

#include "check_run.h"
#include "check_scratch.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char repo[256];
static cortex_repo *session_repo;
static cortex_reader *session_reader;

static void run(const char *fmt, const char *arg)
{
    char cmd[1024];
    int n = snprintf(cmd, sizeof cmd, fmt, arg, arg, arg, arg, arg);
    ck_assert_msg(n > 0 && (size_t)n < sizeof cmd, "a test command longer than its buffer: %s", fmt);
    ck_assert_int_eq(system(cmd), 0);
}

static void setup(void)
{
    setenv("CORTEX_PLUGIN_PATH", BUILD_PLUGIN_DIR, 1);
    snprintf(repo, sizeof repo, "/tmp/cortex-check-tools-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(repo));
    run("cp -R " FIXTURE_REPO "/. '%s/' && mv '%s/root.gitignore' '%s/.gitignore' && mv '%s/src.gitignore' '%s/src/.gitignore'",
        repo);
    ck_assert_int_eq(cortex_repo_open(&session_repo, repo), 0);
    ck_assert_int_eq(cortex_reader_open(&session_reader, session_repo), 0);
}

static void teardown(void)
{
    cortex_reader_close(session_reader);
    cortex_repo_close(session_repo);
    run("rm -rf '%s'", repo);
}

/* Calls a tool with JSON arguments; asserts the outcome and, on success, that
 * the result validates against the tool's output schema, both the whole one in
 * schemas.json and the outline tools/list serves (MCP: structuredContent must
 * conform to the outputSchema a client was given). */
static json_t *call(const char *tool, const char *args_json, cortex_tool_outcome want)
{
    const cortex_tool *t = cortex_tool_find(tool);
    ck_assert_ptr_nonnull(t);
    json_error_t e;
    json_t *args = json_loads(args_json, 0, &e);
    ck_assert_msg(args != NULL, "bad test JSON: %s", e.text);
    json_t *result;
    cortex_tool_ctx ctx = {.reader = session_reader};
    cortex_tool_outcome o = cortex_tool_call(&result, &ctx, t, args);
    json_decref(args);
    ck_assert_msg(o == want, "%s %s: outcome %d, expected %d: %s", tool, args_json, o, want,
                  o == CORTEX_TOOL_FAILED ? json_string_value(json_object_get(result, "error")) : "");
    if (o == CORTEX_TOOL_OK) {
        cortex_buf err = {0};
        int rc = cortex_schema_validate(cortex_tool_output_schema(t), result, &err);
        ck_assert_msg(rc == 0, "%s result does not match its output schema: %s", tool, err.data);
        rc = cortex_schema_validate(cortex_tool_listed_output_schema(t), result, &err);
        ck_assert_msg(rc == 0, "%s result does not match the output schema tools/list serves: %s", tool, err.data);
        cortex_buf_free(&err);
    }
    return result;
}

static const char *str_at(const json_t *list, size_t i, const char *key)
{
    return json_string_value(json_object_get(json_array_get(list, i), key));
}

static long long int_at(const json_t *list, size_t i, const char *key)
{
    return (long long)json_integer_value(json_object_get(json_array_get(list, i), key));
}

/* ---- the table ------------------------------------------------------------- */

START_TEST(test_table_rows_are_unique_and_schemas_are_usable)
{
    for (size_t i = 0; i < cortex_tool_count; i++) {
        const cortex_tool *t = &cortex_tools[i];
        for (size_t j = 0; j < i; j++) {
            ck_assert_str_ne(t->name, cortex_tools[j].name);
            ck_assert_str_ne(t->command, cortex_tools[j].command);
        }
        ck_assert_ptr_eq(cortex_tool_find(t->name), t);
        const json_t *in = cortex_tool_input_schema(t), *out = cortex_tool_output_schema(t);
        cortex_buf err = {0};
        ck_assert_msg(cortex_schema_check_supported(in, &err) == 0, "%s input: %s", t->name, err.data);
        ck_assert_msg(cortex_schema_check_supported(out, &err) == 0, "%s output: %s", t->name, err.data);
        cortex_buf_free(&err);
        ck_assert(json_is_false(json_object_get(in, "additionalProperties")));
        const json_t *props = json_object_get(in, "properties");
        size_t k;
        json_t *req;
        json_array_foreach(json_object_get(in, "required"), k, req) ck_assert_ptr_nonnull(json_object_get(props, json_string_value(req)));
        for (int p = 0; p < 3 && t->positional[p]; p++) ck_assert_ptr_nonnull(json_object_get(props, t->positional[p]));
        if (t->flags & CORTEX_TOOL_PAGED) ck_assert_ptr_nonnull(json_object_get(props, "format"));
        /* Every result says how fresh the index is. */
        ck_assert_ptr_nonnull(json_object_get(json_object_get(out, "properties"), "index"));
        ck_assert(strlen(t->description) > 40);
    }
    ck_assert_ptr_null(cortex_tool_find("nope"));
}
END_TEST

/* The table is made from schemas.json at build time: read the file itself and
 * hold every row to its entry, field by field, both ways. */
START_TEST(test_table_rows_are_their_schemas_json_entries)
{
    static const struct { const char *name; unsigned bit; } flag_names[] = {
        {"needs_index", CORTEX_TOOL_NEEDS_INDEX}, {"read_only", CORTEX_TOOL_READ_ONLY},
        {"paged", CORTEX_TOOL_PAGED}, {"long", CORTEX_TOOL_LONG}, {"core", CORTEX_TOOL_CORE},
        {"destructive", CORTEX_TOOL_DESTRUCTIVE}, {"idempotent", CORTEX_TOOL_IDEMPOTENT}};
    json_error_t e;
    json_t *all = json_load_file(SCHEMAS_JSON, 0, &e);
    ck_assert_msg(all != NULL, "%s:%d: %s", SCHEMAS_JSON, e.line, e.text);
    size_t described = 0;
    const char *name;
    json_t *entry;
    json_object_foreach(all, name, entry) {
        if (name[0] == '$') continue;
        described++;
        const cortex_tool *t = cortex_tool_find(name);
        ck_assert_msg(t != NULL, "schemas.json describes %s, the table has no row", name);
        ck_assert_str_eq(t->title, json_string_value(json_object_get(entry, "title")));
        ck_assert_str_eq(t->group, json_string_value(json_object_get(entry, "group")));
        ck_assert_str_eq(t->description, json_string_value(json_object_get(entry, "description")));
        ck_assert_str_eq(t->command, json_string_value(json_object_get(entry, "command")));
        unsigned flags = 0;
        size_t i;
        json_t *v;
        json_array_foreach(json_object_get(entry, "flags"), i, v) {
            size_t f = 0;
            while (f < sizeof flag_names / sizeof flag_names[0] && strcmp(flag_names[f].name, json_string_value(v)) != 0) f++;
            ck_assert_msg(f < sizeof flag_names / sizeof flag_names[0], "%s: unknown flag %s", name, json_string_value(v));
            flags |= flag_names[f].bit;
        }
        ck_assert_uint_eq(t->flags, flags);
        const json_t *pos = json_object_get(entry, "positional");
        ck_assert_uint_le(json_array_size(pos), 3);
        for (i = 0; i < 3; i++) {
            if (i < json_array_size(pos))
                ck_assert_str_eq(t->positional[i], json_string_value(json_array_get(pos, i)));
            else
                ck_assert_ptr_null(t->positional[i]);
        }
    }
    ck_assert_uint_eq(described, cortex_tool_count);
    json_decref(all);

    for (size_t i = 0; i < cortex_tool_count; i++) {
        const cortex_tool *t = &cortex_tools[i];
        ck_assert_ptr_nonnull(t->run);
        ck_assert_int_gt(strlen(t->title), 0);
        ck_assert_int_gt(strlen(t->command), 0);
        int g = 0;
        while (cortex_tool_groups[g] && strcmp(cortex_tool_groups[g], t->group) != 0) g++;
        ck_assert_msg(cortex_tool_groups[g] != NULL, "%s: group %s is not in cortex_tool_groups", t->name, t->group);
    }
}
END_TEST

START_TEST(test_tools_instructions_name_each_tool_by_group)
{
    cortex_buf b = {0};
    cortex_tools_instructions(&b);
    ck_assert_str_eq(b.data,
                     "cortex indexes this repository's code and docs. Its tools, by group: navigation: `explore` "
                     "(explore the project), `get_file_symbols` (list a file's symbols), `get_children` (list a "
                     "symbol's members), `get_imports` (list a file's imports); search: `search` (search code and "
                     "docs), `query` (query handles), `evidence_pack` (rank evidence), `expand` (expand handles); "
                     "graph: `get_callers` (find callers and references), `get_callees` (find what a function "
                     "calls), `graph` (walk the reference graph), `analysis` (analyze the repository); index: "
                     "`flush_index` (re-index the repository); memory: `memory` (remember and recall), `memory_delete` "
                     "(forget memories). Start with `explore`; to find code, `evidence_pack`, "
                     "then `expand` the handles it suggests. Results say when a file changed since it was indexed; "
                     "their text is compact where it carries every fact (format: \"json\" for JSON).");
    cortex_buf_free(&b);
}
END_TEST

/* Equal JSON, or both absent. */
static int same(const json_t *a, const json_t *b)
{
    return a == b || (a && b && json_equal(a, b));
}

/* What tools/list serves: the input schema with every parameter, its
 * description, default and enum, but not the bounds the server checks; the
 * output schema's outline (schemas.c says how deep). */
START_TEST(test_listed_schemas_are_the_compact_forms)
{
    for (size_t i = 0; i < cortex_tool_count; i++) {
        const cortex_tool *t = &cortex_tools[i];
        const json_t *in = cortex_tool_input_schema(t), *out = cortex_tool_output_schema(t);
        const json_t *lin = cortex_tool_listed_input_schema(t), *lout = cortex_tool_listed_output_schema(t);
        cortex_buf err = {0};
        ck_assert_msg(cortex_schema_check_supported(lin, &err) == 0, "%s listed input: %s", t->name, err.data);
        ck_assert_msg(cortex_schema_check_supported(lout, &err) == 0, "%s listed output: %s", t->name, err.data);
        cortex_buf_free(&err);
        ck_assert_str_eq(json_string_value(json_object_get(lin, "type")), "object");
        ck_assert(same(json_object_get(lin, "required"), json_object_get(in, "required")));
        const char *key;
        const json_t *p;
        ck_assert_uint_eq(json_object_size(json_object_get(lin, "properties")),
                          json_object_size(json_object_get(in, "properties")));
        json_object_foreach((json_t *)json_object_get(in, "properties"), key, p) {
            const json_t *lp = json_object_get(json_object_get(lin, "properties"), key);
            ck_assert_msg(lp != NULL, "%s: tools/list lacks parameter %s", t->name, key);
            ck_assert(same(json_object_get(lp, "description"), json_object_get(p, "description")));
            ck_assert(same(json_object_get(lp, "default"), json_object_get(p, "default")));
            ck_assert(same(json_object_get(lp, "enum"), json_object_get(p, "enum")));
            ck_assert_ptr_null(json_object_get(lp, "minimum"));
            ck_assert_ptr_null(json_object_get(lp, "maximum"));
        }
        /* The outline: the whole schema's types as deep as it goes, nothing else. */
        ck_assert_str_eq(json_string_value(json_object_get(lout, "type")), "object");
        ck_assert_ptr_null(json_object_get(lout, "required"));
        ck_assert_ptr_null(json_object_get(lout, "description"));
        json_object_foreach((json_t *)json_object_get(lout, "properties"), key, p) {
            const json_t *whole = json_object_get(json_object_get(out, "properties"), key);
            ck_assert_msg(whole != NULL, "%s: the listed outline has %s, the schema not", t->name, key);
            ck_assert(same(json_object_get(p, "type"), json_object_get(whole, "type")));
            ck_assert_ptr_null(json_object_get(p, "description"));
        }
    }
    /* The whole schemas are what the server validates against: the bounds are there. */
    const json_t *limit =
        json_object_get(json_object_get(cortex_tool_input_schema(cortex_tool_find("search")), "properties"), "limit");
    ck_assert_int_eq(json_integer_value(json_object_get(limit, "maximum")), 1000);
}
END_TEST

/* The compact text is the answer's default where schemas.json says so (the
 * format parameter's default); a tool without the parameter answers JSON. */
START_TEST(test_text_is_the_default_where_the_schema_says)
{
    json_t *none = json_object(), *as_json = json_pack("{s:s}", "format", "json");
    json_t *as_text = json_pack("{s:s}", "format", "text");
    static const char *const text_default[] = {"search", "get_file_symbols", "get_children", "get_imports", "get_callers",
                                               "get_callees"};
    for (size_t i = 0; i < sizeof text_default / sizeof *text_default; i++) {
        const cortex_tool *t = cortex_tool_find(text_default[i]);
        ck_assert_msg(cortex_tool_wants_text(t, none), "%s: JSON by default", t->name);
        ck_assert_msg(cortex_tool_wants_text(t, NULL), "%s: JSON without arguments", t->name);
        ck_assert(!cortex_tool_wants_text(t, as_json));
    }
    /* Their text leaves facts out (docs/mcp.md): JSON unless asked. */
    static const char *const json_default[] = {"explore", "flush_index", "graph", "analysis"};
    for (size_t i = 0; i < sizeof json_default / sizeof *json_default; i++)
        ck_assert_msg(!cortex_tool_wants_text(cortex_tool_find(json_default[i]), none), "%s: text by default",
                      json_default[i]);
    ck_assert(cortex_tool_wants_text(cortex_tool_find("search"), as_text));
    json_decref(none);
    json_decref(as_json);
    json_decref(as_text);
}
END_TEST

/* mcp.tools: core serves the rows flagged core, and the groups still apply. */
START_TEST(test_core_profile_serves_the_core_rows)
{
    cortex_tool_profile p;
    ck_assert_int_eq(cortex_tool_profile_parse("core", &p), 0);
    ck_assert_int_eq(p, CORTEX_TOOL_PROFILE_CORE);
    ck_assert_int_eq(cortex_tool_profile_parse("full", &p), 0);
    ck_assert_int_eq(p, CORTEX_TOOL_PROFILE_FULL);
    ck_assert_int_eq(cortex_tool_profile_parse("all", &p), -1);

    static const char *const core[] = {"explore", "search", "get_file_symbols", "graph"};
    static const char *const rest[] = {"get_children", "get_imports", "get_callers",
                                       "get_callees",  "analysis",    "flush_index"};
    ck_assert_int_eq(cortex_repo_tool_profile(session_repo), CORTEX_TOOL_PROFILE_FULL);
    for (size_t i = 0; i < sizeof rest / sizeof *rest; i++)
        ck_assert(cortex_tool_enabled(session_repo, cortex_tool_find(rest[i])));
    cortex_repo_set_tool_profile(session_repo, CORTEX_TOOL_PROFILE_CORE);
    for (size_t i = 0; i < sizeof core / sizeof *core; i++)
        ck_assert_msg(cortex_tool_enabled(session_repo, cortex_tool_find(core[i])), "%s is core", core[i]);
    for (size_t i = 0; i < sizeof rest / sizeof *rest; i++)
        ck_assert_msg(!cortex_tool_enabled(session_repo, cortex_tool_find(rest[i])), "%s is not core", rest[i]);
    for (size_t i = 0; i < cortex_tool_count; i++)
        ck_assert_int_eq(cortex_tool_enabled(session_repo, &cortex_tools[i]),
                         (cortex_tools[i].flags & CORTEX_TOOL_CORE) != 0);
    unsigned bits;
    ck_assert_int_eq(cortex_tool_groups_parse("graph", &bits), 0);
    cortex_repo_set_disabled_groups(session_repo, bits);
    ck_assert(!cortex_tool_enabled(session_repo, cortex_tool_find("graph")));
    ck_assert(cortex_tool_enabled(session_repo, cortex_tool_find("search")));
}
END_TEST

START_TEST(test_groups_parse_and_hide_tools)
{
    unsigned bits;
    ck_assert_int_eq(cortex_tool_groups_parse("graph,index", &bits), 0);
    cortex_repo_set_disabled_groups(session_repo, bits);
    ck_assert(!cortex_tool_enabled(session_repo, cortex_tool_find("get_callers")));
    ck_assert(!cortex_tool_enabled(session_repo, cortex_tool_find("flush_index")));
    ck_assert(cortex_tool_enabled(session_repo, cortex_tool_find("search")));
    ck_assert_int_eq(cortex_tool_groups_parse("graph,bogus", &bits), -1);
}
END_TEST

/* ---- the handlers -------------------------------------------------------------- */

START_TEST(test_explore_caps_files_per_directory)
{
    json_t *r = call("explore", "{\"max_entries\": 5}", CORTEX_TOOL_OK);
    const json_t *p = json_object_get(r, "project");
    ck_assert_int_eq(json_integer_value(json_object_get(p, "files")), 7);
    ck_assert_int_eq(json_integer_value(json_object_get(p, "symbols")), 22);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(p, "languages"), "python")), 4);
    const json_t *dirs = json_object_get(r, "directories");
    ck_assert_int_eq(json_array_size(dirs), 4);
    ck_assert_str_eq(str_at(dirs, 2, "path"), "src");
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(json_array_get(dirs, 2), "files"), 0)), "app.py");
    ck_assert_int_eq(int_at(dirs, 2, "more"), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "shown")), 5); /* 1 each, and the spare one to lib/ */
    ck_assert(json_is_true(json_object_get(r, "truncated")));
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r, "index"), "files")), 7);
    json_decref(r);

    r = call("explore", "{\"path\": \"src\"}", CORTEX_TOOL_OK);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r, "project"), "files")), 3);
    json_decref(r);
    json_decref(call("explore", "{\"path\": \"src/app.py\"}", CORTEX_TOOL_FAILED));
    json_decref(call("explore", "{\"path\": \"../..\"}", CORTEX_TOOL_FAILED));
}
END_TEST

START_TEST(test_search_ranks_exact_names_first_with_snippets)
{
    json_t *r = call("search", "{\"query\": \"normalize\", \"context_lines\": 2}", CORTEX_TOOL_OK);
    const json_t *hits = json_object_get(r, "results");
    ck_assert_int_eq(json_integer_value(json_object_get(r, "total")), 2);
    ck_assert_str_eq(str_at(hits, 0, "name"), "normalize");
    ck_assert_str_eq(str_at(hits, 0, "kind"), "function");
    ck_assert_str_eq(str_at(hits, 0, "file"), "src/util.py");
    ck_assert_int_eq(int_at(hits, 0, "line"), 1);
    ck_assert_int_eq(int_at(hits, 0, "line_end"), 3);
    ck_assert_str_eq(str_at(hits, 0, "snippet"), "def normalize(text):\n    \"\"\"Strip and lower-case a note.\"\"\"");
    ck_assert_str_eq(str_at(hits, 1, "kind"), "import");
    json_decref(r);

    /* The largest offset a client may send: an empty page; past it, refused,
     * never an overflow nor every hit of every scope fetched (issue 24). */
    r = call("search", "{\"query\": \"normalize\", \"offset\": 100000}", CORTEX_TOOL_OK);
    ck_assert_int_eq(json_array_size(json_object_get(r, "results")), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "total")), 2);
    json_decref(r);
    r = call("search", "{\"query\": \"normalize\", \"offset\": 9223372036854775807}", CORTEX_TOOL_FAILED);
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(r, "error")), "offset: must be at most 100000"));
    json_decref(r);

    /* Qualified names, kinds, path globs, exclusion, prefixes, pagination. */
    r = call("search", "{\"query\": \"Ledger.save\", \"context_lines\": 0}", CORTEX_TOOL_OK);
    ck_assert_str_eq(str_at(json_object_get(r, "results"), 0, "name"), "Ledger.save");
    ck_assert(json_is_null(json_object_get(json_array_get(json_object_get(r, "results"), 0), "snippet")));
    json_decref(r);
    r = call("search", "{\"query\": \"point*\", \"kind\": \"function\", \"path\": \"lib/\", \"context_lines\": 0}", CORTEX_TOOL_OK);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "total")), 2); /* point_add, print_point */
    ck_assert_str_eq(str_at(json_object_get(r, "results"), 0, "file"), "lib/point.c");
    ck_assert_str_eq(str_at(json_object_get(r, "results"), 1, "file"), "lib/point.c");
    json_decref(r);
    r = call("search", "{\"query\": \"point*\", \"kind\": \"function\", \"path\": \"src/**/*.py\"}", CORTEX_TOOL_OK);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "total")), 0);
    json_decref(r);
    r = call("search", "{\"query\": \"Ledger -save\", \"scope\": [\"symbol\"], \"limit\": 2}", CORTEX_TOOL_OK);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "total")), 4); /* Ledger, currency, __init__, add */
    ck_assert_str_eq(str_at(json_object_get(r, "results"), 0, "name"), "Ledger");
    ck_assert(json_is_true(json_object_get(r, "truncated")));
    ck_assert_int_eq(json_integer_value(json_object_get(r, "next_offset")), 2);
    json_decref(r);
    r = call("search", "{\"query\": \"entries\", \"scope\": [\"text\"], \"kind\": \"comment\"}", CORTEX_TOOL_OK);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "total")), 0);
    json_decref(r);
    r = call("search", "{\"query\": \"cleaning\", \"scope\": [\"text\"]}", CORTEX_TOOL_OK);
    ck_assert_str_eq(str_at(json_object_get(r, "results"), 0, "kind"), "comment");
    ck_assert_str_eq(str_at(json_object_get(r, "results"), 0, "parent"), "Ledger.add");
    json_decref(r);
    r = call("search", "{\"query\": \"point\", \"scope\": [\"file\"]}", CORTEX_TOOL_OK);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "total")), 2);
    json_decref(r);

    /* Not valid FTS syntax: run as plain terms, and said so. */
    r = call("search", "{\"query\": \"Ledger save OR\"}", CORTEX_TOOL_OK);
    ck_assert(json_is_true(json_object_get(r, "relaxed")));
    ck_assert_str_eq(str_at(json_object_get(r, "results"), 0, "name"), "Ledger.save");
    json_decref(r);
    json_decref(call("search", "{\"query\": \"-save\"}", CORTEX_TOOL_FAILED));
}
END_TEST

START_TEST(test_file_symbols_children_and_imports)
{
    json_t *r = call("get_file_symbols", "{\"file\": \"src/app.py\", \"limit\": 4, \"offset\": 2}", CORTEX_TOOL_OK);
    const json_t *s = json_object_get(r, "symbols");
    ck_assert_int_eq(json_integer_value(json_object_get(r, "total")), 9);
    ck_assert_str_eq(json_string_value(json_object_get(r, "lang")), "python");
    ck_assert_str_eq(str_at(s, 0, "name"), "DEFAULT_CURRENCY");
    ck_assert_str_eq(str_at(s, 0, "kind"), "constant");
    ck_assert_str_eq(str_at(s, 1, "name"), "Ledger");
    ck_assert_int_eq(int_at(s, 1, "line_end"), 24);
    ck_assert_str_eq(str_at(s, 1, "doc"), "Keeps entries in order.");
    ck_assert_str_eq(str_at(s, 3, "name"), "Ledger.__init__");
    ck_assert_str_eq(str_at(s, 3, "parent"), "Ledger");
    ck_assert_int_eq(json_integer_value(json_object_get(r, "next_offset")), 6);
    json_decref(r);

    r = call("get_children", "{\"file\": \"src/app.py\", \"parent\": \"Ledger\"}", CORTEX_TOOL_OK);
    s = json_object_get(r, "symbols");
    ck_assert_int_eq(json_array_size(s), 4);
    ck_assert_str_eq(str_at(s, 0, "name"), "Ledger.currency");
    ck_assert_str_eq(str_at(s, 0, "kind"), "property");
    ck_assert_str_eq(str_at(s, 2, "name"), "Ledger.add");
    ck_assert_str_eq(str_at(s, 2, "sig"), "def add(self, amount, note)");
    ck_assert_int_eq(int_at(s, 3, "line"), 22);
    json_decref(r);
    json_decref(call("get_children", "{\"file\": \"src/app.py\", \"parent\": \"Nope\"}", CORTEX_TOOL_FAILED));

    r = call("get_imports", "{\"file\": \"src\\\\app.py\"}", CORTEX_TOOL_OK); /* a Windows separator */
    s = json_object_get(r, "imports");
    ck_assert_int_eq(json_array_size(s), 2);
    ck_assert_str_eq(str_at(s, 0, "name"), ".util.normalize");
    ck_assert_str_eq(str_at(s, 0, "alias"), "norm");
    ck_assert_str_eq(str_at(s, 0, "resolved"), "src/util.py");
    ck_assert_int_eq(int_at(s, 0, "line"), 2);
    ck_assert_str_eq(str_at(s, 1, "name"), "json");
    ck_assert(json_is_null(json_object_get(json_array_get(s, 1), "resolved")));
    json_decref(r);
}
END_TEST

START_TEST(test_callers_and_callees_say_how_edges_were_bound)
{
    json_t *r = call("get_callers", "{\"name\": \"normalize\"}", CORTEX_TOOL_OK);
    const json_t *e = json_object_get(r, "references");
    ck_assert_int_eq(json_array_size(e), 2);
    /* the aliased import (`norm`) binds to the definition it names */
    ck_assert_str_eq(str_at(e, 0, "file"), "src/app.py");
    ck_assert_int_eq(int_at(e, 0, "line"), 19);
    ck_assert_str_eq(str_at(e, 0, "name"), "norm");
    ck_assert_str_eq(str_at(e, 0, "caller"), "Ledger.add");
    ck_assert_str_eq(str_at(e, 0, "binding"), "import");
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(json_array_get(e, 0), "target"), "file")), "src/util.py");
    ck_assert_str_eq(str_at(e, 1, "caller"), "_unused");
    ck_assert_str_eq(str_at(e, 1, "binding"), "scoped");
    json_decref(r);

    r = call("get_callers", "{\"name\": \"Ledger.add\"}", CORTEX_TOOL_OK);
    e = json_object_get(r, "references");
    ck_assert_int_eq(json_array_size(e), 1);
    ck_assert_str_eq(str_at(e, 0, "caller"), "main");
    ck_assert_str_eq(str_at(e, 0, "qualifier"), "ledger");
    /* a call on a variable made by `Ledger(...)`: a Ledger's add, though
     * `add` is a set's method too */
    ck_assert_str_eq(str_at(e, 0, "binding"), "type");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(json_array_get(e, 0), "target"), "line")), 17);
    ck_assert_int_eq(int_at(e, 0, "line"), 29);
    json_decref(r);

    /* A library function has no definition: its calls are unresolved. */
    r = call("get_callers", "{\"name\": \"printf\"}", CORTEX_TOOL_OK);
    e = json_object_get(r, "references");
    ck_assert_int_eq(json_array_size(json_object_get(r, "definitions")), 0);
    ck_assert_int_eq(json_array_size(e), 1);
    ck_assert_str_eq(str_at(e, 0, "caller"), "print_point");
    ck_assert_str_eq(str_at(e, 0, "binding"), "unresolved");
    ck_assert(json_is_null(json_object_get(json_array_get(e, 0), "target")));
    json_decref(r);

    r = call("get_callees", "{\"caller\": \"Ledger.add\"}", CORTEX_TOOL_OK);
    e = json_object_get(r, "references");
    ck_assert_int_eq(json_array_size(e), 3);
    ck_assert_str_eq(str_at(e, 0, "name"), "append");
    ck_assert_str_eq(str_at(e, 0, "qualifier"), "self.entries");
    ck_assert_str_eq(str_at(e, 1, "name"), "norm");
    ck_assert_str_eq(str_at(e, 2, "name"), "len");
    ck_assert_str_eq(str_at(e, 2, "binding"), "unresolved");
    json_decref(r);
    json_decref(call("get_callees", "{\"caller\": \"nothing_like_this\"}", CORTEX_TOOL_FAILED));
}
END_TEST

START_TEST(test_arguments_are_validated_with_actionable_messages)
{
    json_t *r = call("search", "{\"query\": \"x\", \"limit\": \"ten\"}", CORTEX_TOOL_FAILED);
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(r, "error")), "limit: must be an integer, not a string"));
    json_decref(r);
    r = call("search", "{\"query\": \"x\", \"limit\": 0}", CORTEX_TOOL_FAILED);
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(r, "error")), "limit: must be at least 1"));
    json_decref(r);
    r = call("get_file_symbols", "{\"path\": \"src/app.py\"}", CORTEX_TOOL_FAILED);
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(r, "error")), "missing required property \"file\""));
    json_decref(r);
    r = call("search", "{\"query\": \"x\", \"scope\": [\"everything\"]}", CORTEX_TOOL_FAILED);
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(r, "error")), "scope[0]: must be one of"));
    json_decref(r);
}
END_TEST

START_TEST(test_paths_outside_the_root_are_refused)
{
    json_t *r = call("get_file_symbols", "{\"file\": \"../../etc/passwd\"}", CORTEX_TOOL_FAILED);
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(r, "error")), "outside the repository root"));
    json_decref(r);
    json_decref(call("get_file_symbols", "{\"file\": \"/etc/passwd\"}", CORTEX_TOOL_FAILED));
    run("ln -s /etc '%s/src/etc'", repo);
    r = call("get_file_symbols", "{\"file\": \"src/etc/passwd\"}", CORTEX_TOOL_FAILED);
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(r, "error")), "symbolic link"));
    json_decref(r);
    /* An absolute path inside the root is fine. */
    char args[512];
    snprintf(args, sizeof args, "{\"file\": \"%s/src/util.py\"}", repo);
    json_decref(call("get_file_symbols", args, CORTEX_TOOL_OK));
    json_decref(call("search", "{\"query\": \"x\", \"path\": \"../*\"}", CORTEX_TOOL_FAILED));

    /* An indexed file since replaced by a link out of the repository, with no
     * refresh before answering: its snippet is not read through the link (issue 24). */
    cortex_repo_set_auto_refresh(session_repo, 0);
    run("printf 'def normalize(secret):\\n    outside\\n' > '%s.outside' && rm '%s/src/util.py' && ln -s '%s.outside' '%s/src/util.py'",
        repo);
    r = call("search", "{\"query\": \"normalize\", \"context_lines\": 2}", CORTEX_TOOL_OK);
    const json_t *hits = json_object_get(r, "results");
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(hits, 0), "file")), "src/util.py");
    ck_assert_ptr_null(json_string_value(json_object_get(json_array_get(hits, 0), "snippet")));
    json_decref(r);
}
END_TEST

START_TEST(test_changed_files_are_reindexed_before_answering)
{
    json_decref(call("get_file_symbols", "{\"file\": \"src/util.py\"}", CORTEX_TOOL_OK));
    run("printf '\\n\\ndef added_later():\\n    return 1\\n' >> '%s/src/util.py'", repo);
    json_t *r = call("get_file_symbols", "{\"file\": \"src/util.py\"}", CORTEX_TOOL_OK);
    const json_t *s = json_object_get(r, "symbols");
    ck_assert_int_eq(json_array_size(s), 3);
    ck_assert_str_eq(str_at(s, 2, "name"), "added_later");
    const json_t *index = json_object_get(r, "index");
    ck_assert_int_eq(json_array_size(json_object_get(index, "refreshed")), 1);
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(index, "refreshed"), 0)), "src/util.py");
    ck_assert_int_eq(json_array_size(json_object_get(index, "stale")), 0);
    json_decref(r);

    /* With refreshing off, the change is reported instead. */
    cortex_repo_set_auto_refresh(session_repo, 0);
    run("printf 'X = 2\\n' >> '%s/src/util.py'", repo);
    r = call("get_file_symbols", "{\"file\": \"src/util.py\"}", CORTEX_TOOL_OK);
    ck_assert_int_eq(json_array_size(json_object_get(r, "symbols")), 3);
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(json_object_get(r, "index"), "stale"), 0)), "src/util.py");
    json_decref(r);

    /* flush_index brings it in and says what it did. */
    r = call("flush_index", "{}", CORTEX_TOOL_OK);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "files")), 7);
    json_decref(r);
    r = call("get_file_symbols", "{\"file\": \"src/util.py\"}", CORTEX_TOOL_OK);
    ck_assert_int_eq(json_array_size(json_object_get(r, "symbols")), 4);
    json_decref(r);
}
END_TEST

START_TEST(test_text_rendering_is_one_line_per_item)
{
    const cortex_tool *t = cortex_tool_find("get_callers");
    json_t *r = call("get_callers", "{\"name\": \"normalize\"}", CORTEX_TOOL_OK);
    char *text = cortex_tool_render(t, r, 1);
    /* the one definition stated once: a bound reference binds to it */
    ck_assert_str_eq(text, "defined: function normalize src/util.py:1\n"
                           "src/app.py:19:38 call norm in Ledger.add [import]\n"
                           "src/util.py:7:12 call normalize in _unused [scoped]\n"
                           "2 of 2\n");
    free(text);
    json_decref(r);

    /* A file's outline names the file and its language once; a parent its
     * qualified name does not say is written, and a visibility. */
    t = cortex_tool_find("get_file_symbols");
    r = call("get_file_symbols", "{\"file\": \"src/util.py\"}", CORTEX_TOOL_OK);
    text = cortex_tool_render(t, r, 1);
    ck_assert_str_eq(text, "src/util.py (python)\n"
                           "1-3 function normalize  def normalize(text)\n"
                           "    Strip and lower-case a note.\n"
                           "6-7 function _unused  def _unused() [private]\n"
                           "2 of 2\n");
    free(text);
    json_decref(r);
    /* A hit's doc is written unless its snippet shows it already. */
    r = call("search", "{\"query\": \"normalize\", \"kind\": \"function\", \"context_lines\": 1}", CORTEX_TOOL_OK);
    text = cortex_tool_render(cortex_tool_find("search"), r, 1);
    ck_assert_str_eq(text, "src/util.py:1-3 function normalize  def normalize(text)\n"
                           "    Strip and lower-case a note.\n"
                           "    def normalize(text):\n"
                           "1 of 1\n");
    free(text);
    json_decref(r);
    r = call("search", "{\"query\": \"normalize\", \"kind\": \"function\", \"context_lines\": 2}", CORTEX_TOOL_OK);
    text = cortex_tool_render(cortex_tool_find("search"), r, 1);
    ck_assert_str_eq(text, "src/util.py:1-3 function normalize  def normalize(text)\n"
                           "    def normalize(text):\n"
                           "        \"\"\"Strip and lower-case a note.\"\"\"\n"
                           "1 of 1\n");
    free(text);
    json_decref(r);
}
END_TEST

/* ---- source files kept for one answer ---------------------------------------- */

/* Lines from the kept files are the lines a read from disk gives, whatever
 * the range, the line ends, and the files kept or put out. */
START_TEST(test_kept_source_files_give_the_lines_of_a_read)
{
    char dir[] = "/tmp/cortex-check-lines-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    static const char *const texts[] = {"one\ntwo\nthree\n", "a\r\nb\r\n\r\nc", "", "\n\n\n", "last line, no end",
                                        "x\ny\n", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"};
    size_t ntexts = sizeof texts / sizeof *texts;
    char names[16][16];
    for (size_t i = 0; i < 12; i++) { /* more files than are kept: some are put out and read again */
        snprintf(names[i], sizeof names[i], "f%zu.txt", i);
        cortex_check_write_file(dir, names[i], texts[i % ntexts], strlen(texts[i % ntexts]));
    }
    /* larger than a kept file may be: read from disk each time */
    size_t big = (4u << 20) + 100;
    char *large = malloc(big);
    for (size_t i = 0; i < big; i++) large[i] = i % 50 == 49 ? '\n' : 'a' + (char)(i % 26);
    cortex_check_write_file(dir, "large.txt", large, big);
    free(large);
    snprintf(names[12], sizeof names[12], "large.txt");
    snprintf(names[13], sizeof names[13], "missing.txt");
    char link[600];
    snprintf(link, sizeof link, "ln -sf /etc/passwd '%s/out.txt'", dir);
    ck_assert_int_eq(system(link), 0);
    snprintf(names[14], sizeof names[14], "out.txt");
    cortex_source_files *kept = cortex_source_files_new(dir);
    for (int round = 0; round < 2; round++)
        for (size_t i = 0; i < 15; i++)
            for (int64_t first = -1; first <= 12; first++)
                for (int64_t last = first - 1; last <= 13; last++) {
                    int64_t to = last == 13 ? INT64_MAX : last;
                    char *want = cortex_read_lines(dir, names[i], first, to);
                    char *got = cortex_source_files_lines(kept, names[i], first, to);
                    ck_assert_msg((want == NULL) == (got == NULL), "%s %lld-%lld", names[i], (long long)first, (long long)to);
                    if (want) ck_assert_msg(strcmp(want, got) == 0, "%s %lld-%lld: \"%s\" against \"%s\"", names[i],
                                            (long long)first, (long long)to, got, want);
                    free(want);
                    free(got);
                }
    ck_assert_ptr_null(cortex_source_files_lines(kept, "out.txt", 1, 1)); /* a link out of the root */
    cortex_source_files_free(kept);
    run("rm -rf '%s'", dir);
}
END_TEST

/* ---- helpers ------------------------------------------------------------------- */

static Suite *suite(void)
{
    Suite *s = suite_create("tools");
    TCase *table = tcase_create("table");
    tcase_add_test(table, test_table_rows_are_unique_and_schemas_are_usable);
    tcase_add_test(table, test_table_rows_are_their_schemas_json_entries);
    tcase_add_test(table, test_tools_instructions_name_each_tool_by_group);
    tcase_add_test(table, test_listed_schemas_are_the_compact_forms);
    tcase_add_test(table, test_text_is_the_default_where_the_schema_says);
    suite_add_tcase(s, table);
    TCase *handlers = tcase_create("handlers");
    tcase_add_checked_fixture(handlers, setup, teardown);
    tcase_set_timeout(handlers, 60);
    tcase_add_test(handlers, test_groups_parse_and_hide_tools);
    tcase_add_test(handlers, test_core_profile_serves_the_core_rows);
    tcase_add_test(handlers, test_explore_caps_files_per_directory);
    tcase_add_test(handlers, test_search_ranks_exact_names_first_with_snippets);
    tcase_add_test(handlers, test_file_symbols_children_and_imports);
    tcase_add_test(handlers, test_callers_and_callees_say_how_edges_were_bound);
    tcase_add_test(handlers, test_arguments_are_validated_with_actionable_messages);
    tcase_add_test(handlers, test_paths_outside_the_root_are_refused);
    tcase_add_test(handlers, test_changed_files_are_reindexed_before_answering);
    tcase_add_test(handlers, test_text_rendering_is_one_line_per_item);
    suite_add_tcase(s, handlers);
    TCase *lines = tcase_create("lines");
    tcase_set_timeout(lines, 60);
    tcase_add_test(lines, test_kept_source_files_give_the_lines_of_a_read);
    suite_add_tcase(s, lines);
    return s;
}

int main(void)
{
    return cortex_check_run(suite());
}
