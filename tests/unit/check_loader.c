#define _GNU_SOURCE
/* The plugin loader: one good fixture loads; each broken fixture is refused
 * with its exact one-line reason, and the others still load. */
#include "chunk/chunk.h"
#include "extract/extractor.h"
#include "plugin/loader.h"
#include "util/error.h"

#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cortex_plugin_set *fixtures;

static void load_fixtures(void) { cortex_plugin_set_load(&fixtures, FIXTURE_PLUGIN_DIR); }
static void free_fixtures(void) { cortex_plugin_set_free(fixtures); }

/* The refusal reason for the fixture file `name`, or NULL. */
static const char *reason_for(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", FIXTURE_PLUGIN_DIR, name);
    for (size_t i = 0; i < fixtures->nrefused; i++)
        if (strcmp(fixtures->refused[i].path, path) == 0) return fixtures->refused[i].reason;
    return NULL;
}

/* The fixture plugin named `name`; fails the test when it did not load. */
static const cortex_language_plugin *loaded(const char *name)
{
    const cortex_language_plugin *p = cortex_plugin_set_find(fixtures, name);
    ck_assert_msg(p != NULL, "%s did not load", name);
    return p;
}

/* A NULL-terminated list as one space-separated string. */
static const char *joined(char *const *list)
{
    static char out[1024];
    out[0] = '\0';
    for (; *list; list++) snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", out[0] ? " " : "", *list);
    return out;
}

START_TEST(test_loader_accepts_good_plugin)
{
    ck_assert_uint_eq(fixtures->count, 5); /* good, misbehaving (well formed: it fails only when run), and the three ABI fixtures */
    const cortex_language_plugin *p = loaded("fixture-good");
    ck_assert_str_eq(p->version, "9.9.9");
    ck_assert_str_eq(p->extensions[0], ".fixture");
    ck_assert_ptr_null(p->extensions[1]);
    ck_assert_uint_eq(p->abi_version, 2);
    ck_assert_uint_eq(p->grammar_abi, 15);
    ck_assert_uint_eq(p->nqueries, 1);
    /* ABI 2 with nothing declared: the defaults, and nothing leads */
    ck_assert_str_eq(p->line_comment, "//");
    ck_assert_uint_eq(p->flags, 0);
    ck_assert_ptr_null(p->leading_node_types[0]);
    ck_assert_ptr_null(p->wrapper_node_types[0]);
}
END_TEST

/* An ABI-1 plugin loads, and the fields ABI 2 added are not read from it even
 * though its descriptor has them: it gets what the core did before, with the
 * leading types found in its grammar (tree-sitter-c) by the old rule. */
START_TEST(test_loader_gives_abi1_plugin_the_old_behaviour)
{
    const cortex_language_plugin *p = loaded("fixture-abi1");
    ck_assert_uint_eq(p->abi_version, 1);
    ck_assert_str_eq(p->line_comment, "//");
    ck_assert_uint_eq(p->flags, 0);
    ck_assert_str_eq(joined(p->leading_node_types),
                     "attribute_specifier attribute_declaration attributed_declarator attributed_statement");
    ck_assert_ptr_null(p->wrapper_node_types[0]);
}
END_TEST

/* What an ABI-2 plugin declares is kept, and the extractor and chunker use it. */
START_TEST(test_loader_honours_abi2_declarations)
{
    const cortex_language_plugin *p = loaded("fixture-abi2");
    ck_assert_uint_eq(p->abi_version, 2);
    ck_assert_str_eq(p->line_comment, "--");
    ck_assert_uint_eq(p->flags, 0);
    ck_assert_str_eq(joined(p->leading_node_types), "attribute_declaration");
    ck_assert_str_eq(joined(p->wrapper_node_types), "linkage_specification preproc_if");
    ck_assert_ptr_null(p->file_variant); /* beyond its struct_size: not read */

    /* the declared wrapper starts the function: the comment above it is its doc */
    static const char src[] = "/* Doc of f. */\nextern \"C\"\nint f(void) { return 0; }\n";
    cortex_extractor *x;
    ck_assert_int_eq(cortex_extractor_new(&x, NULL), 0);
    cortex_file_records r = {.path = "a.abi2", .lang = p->name};
    ck_assert_int_eq(cortex_extractor_run(x, p, src, sizeof src - 1, &r), 0);
    ck_assert_uint_eq(r.nsymbols, 1);
    ck_assert(!r.variant);
    ck_assert_str_eq(r.symbols[0].name, "f");
    ck_assert_str_eq(r.symbols[0].doc, "Doc of f.");
    /* the definitions tier labels each definition with the declared comment token */
    cortex_chunk_file(&r, src, sizeof src - 1, NULL);
    ck_assert_uint_eq(r.nchunks, 2);
    ck_assert_str_eq(r.chunks[1].kind, "definitions");
    ck_assert_str_eq(r.chunks[1].content,
                     "# a.abi2 (definitions)\n\n```fixture-abi2\n-- line 3\nint f(void) { return 0; }\n```\n");

    /* a prose plugin with Markdown sections: chunked at its headers */
    const cortex_language_plugin *prose = loaded("fixture-prose");
    ck_assert_uint_eq(prose->flags, CORTEX_PLUGIN_PROSE | CORTEX_PLUGIN_OUTLINE_MARKDOWN);
    static const char doc[] = "Intro.\n\n# Title\n\nBody.\n";
    cortex_file_records_reset(&r);
    r = (cortex_file_records){.path = "a.prose", .lang = prose->name};
    ck_assert_int_eq(cortex_extractor_run(x, prose, doc, sizeof doc - 1, &r), 0);
    cortex_chunk_file(&r, doc, sizeof doc - 1, NULL);
    ck_assert_uint_eq(r.nchunks, 2);
    ck_assert_ptr_null(r.chunks[0].headers);
    ck_assert_str_eq(r.chunks[1].headers, "Title");
    cortex_file_records_reset(&r);
    cortex_extractor_free(x);
}
END_TEST

START_TEST(test_loader_refuses_each_broken_plugin)
{
    ck_assert_uint_eq(fixtures->nrefused, 12);
    ck_assert_str_eq(reason_for("abi_too_new.so"), "plugin ABI 3 is too new (this cortex loads ABI 1..2); upgrade cortex");
    ck_assert_str_eq(reason_for("abi_too_old.so"),
                     "plugin ABI 0 is too old (this cortex loads ABI 1..2); rebuild it against the current SDK");
    char small[200];
    /* ABI 2's own fields end where those appended to it later (file_variant) start */
    snprintf(small, sizeof small, "descriptor is %zu bytes, smaller than ABI 2's %zu", offsetof(cortex_plugin, line_comment),
             offsetof(cortex_plugin, file_variant));
    ck_assert_str_eq(reason_for("abi2_too_small.so"), small);
    ck_assert_str_eq(reason_for("bad_query.so"),
                     "plugin 'fixture-bad-query': query 'tags' does not compile: unknown node type at 2:2");
    ck_assert_str_eq(reason_for("bad_capture.so"),
                     "plugin 'fixture-bad-capture': query 'tags': unknown capture @commentary "
                     "(see the capture names in cortex/plugin.h)");
    ck_assert_str_eq(reason_for("grammar_too_old.so"),
                     "plugin 'fixture-old-grammar': grammar ABI 5 is outside the tree-sitter runtime's 13..15");
    ck_assert_str_eq(reason_for("no_entry.so"), "no entry symbol cortex_plugin_v1(): not a cortex plugin");
    ck_assert_str_eq(reason_for("extension_without_dot.so"),
                     "plugin 'fixture-no-dot': an extension starts with a dot, like \".h\", not \"nodot\"");
    ck_assert_str_eq(reason_for("odd_kind_words.so"),
                     "plugin 'fixture-odd-words': kind_words has an odd count (3): they are pairs of word and kind");

    const char *text = reason_for("text_file.so");
    ck_assert_ptr_nonnull(text);
    ck_assert_msg(strncmp(text, "not a loadable shared object: ", 30) == 0, "got: %s", text);

    char expect[4200];
    snprintf(expect, sizeof expect,
             "plugin 'fixture-dup-ext': extension '.fixture' is already claimed by plugin 'fixture-good' (%s/good.so)",
             FIXTURE_PLUGIN_DIR);
    ck_assert_str_eq(reason_for("with_duplicate_extension.so"), expect);
    snprintf(expect, sizeof expect, "duplicate plugin name 'fixture-good' (already loaded from %s/good.so)",
             FIXTURE_PLUGIN_DIR);
    ck_assert_str_eq(reason_for("with_duplicate_name.so"), expect);
}
END_TEST

/* Compiled together on several threads, a lazy set's plugins end as each
 * compiled alone would: the good one ready, each broken one with its error. */
START_TEST(test_loader_compiles_plugins_together)
{
    cortex_plugin_set *together, *alone;
    cortex_plugin_set_load_lazy(&together, FIXTURE_PLUGIN_DIR);
    cortex_plugin_set_load_lazy(&alone, FIXTURE_PLUGIN_DIR);
    ck_assert_uint_eq(together->count, alone->count);
    ck_assert_uint_ge(together->count, 3);
    cortex_plugins_compile((const cortex_language_plugin *const *)together->plugins, together->count, 4);
    int broken = 0;
    for (size_t i = 0; i < together->count; i++) {
        const cortex_language_plugin *t = together->plugins[i], *a = alone->plugins[i];
        ck_assert_str_eq(t->name, a->name);
        int rc_alone = cortex_plugin_queries(a);
        char expect[1024];
        snprintf(expect, sizeof expect, "%s", rc_alone ? cortex_error_last() : "");
        int rc_together = cortex_plugin_queries(t);
        ck_assert_int_eq(rc_together, rc_alone);
        ck_assert_uint_eq(t->nqueries, a->nqueries);
        if (rc_together) ck_assert_str_eq(cortex_error_last(), expect);
        broken += rc_together != 0;
    }
    ck_assert_int_eq(broken, 2); /* bad_query.so and bad_capture.so */
    cortex_plugin_set_free(together);
    cortex_plugin_set_free(alone);
}
END_TEST

START_TEST(test_loader_matches_by_file_name_then_extension)
{
    const cortex_language_plugin *good = loaded("fixture-good");
    ck_assert_ptr_eq(cortex_plugin_set_match(fixtures, "src/x.fixture"), good);
    ck_assert_ptr_eq(cortex_plugin_set_match(fixtures, "deep/dir/Fixturefile"), good);
    ck_assert_ptr_null(cortex_plugin_set_match(fixtures, "src/x.other"));
    ck_assert_ptr_null(cortex_plugin_set_match(fixtures, ".fixture")); /* a dot file has no extension */
    ck_assert_ptr_null(cortex_plugin_set_match(fixtures, "noext"));
}
END_TEST

START_TEST(test_loader_loads_real_plugins_beside_broken_ones)
{
    cortex_plugin_set *built, *set;
    cortex_plugin_set_load(&built, BUILD_PLUGIN_DIR);
    ck_assert_uint_eq(built->nrefused, 0);
    cortex_plugin_set_load(&set, BUILD_PLUGIN_DIR ":" FIXTURE_PLUGIN_DIR ":" BUILD_PLUGIN_DIR);
    /* every built plugin and the five good fixtures; the repeated directory is not a duplicate */
    ck_assert_uint_eq(set->count, built->count + 5);
    cortex_plugin_set_free(built);
    ck_assert_uint_eq(set->nrefused, 12);
    ck_assert_str_eq(cortex_plugin_set_match(set, "a/b.py")->name, "python");
    ck_assert_str_eq(cortex_plugin_set_match(set, "a/b.h")->name, "c");
    ck_assert_str_eq(cortex_plugin_set_match(set, "README.md")->name, "markdown");
    ck_assert_ptr_nonnull(cortex_plugin_set_find(set, "fixture-good"));
    cortex_plugin_set_free(set);
}
END_TEST

START_TEST(test_loader_search_path_starts_with_environment)
{
    setenv("CORTEX_PLUGIN_PATH", "/opt/one:/opt/two", 1);
    char *path = cortex_plugin_default_search_path();
    ck_assert_msg(strncmp(path, "/opt/one:/opt/two:", 18) == 0, "got: %s", path);
    free(path);
    unsetenv("CORTEX_PLUGIN_PATH");
}
END_TEST

START_TEST(test_loader_missing_directory_is_not_an_error)
{
    cortex_plugin_set *set;
    cortex_plugin_set_load(&set, "/nonexistent/cortex/plugins");
    ck_assert_uint_eq(set->count, 0);
    ck_assert_uint_eq(set->nrefused, 0);
    cortex_plugin_set_free(set);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("loader");
    TCase *tc = tcase_create("fixtures");
    tcase_add_checked_fixture(tc, load_fixtures, free_fixtures);
    tcase_set_timeout(tc, 60); /* compiles every built plugin's queries: seconds under ASan */
    tcase_add_test(tc, test_loader_accepts_good_plugin);
    tcase_add_test(tc, test_loader_gives_abi1_plugin_the_old_behaviour);
    tcase_add_test(tc, test_loader_honours_abi2_declarations);
    tcase_add_test(tc, test_loader_refuses_each_broken_plugin);
    tcase_add_test(tc, test_loader_matches_by_file_name_then_extension);
    tcase_add_test(tc, test_loader_compiles_plugins_together);
    tcase_add_test(tc, test_loader_loads_real_plugins_beside_broken_ones);
    tcase_add_test(tc, test_loader_search_path_starts_with_environment);
    tcase_add_test(tc, test_loader_missing_directory_is_not_an_error);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
