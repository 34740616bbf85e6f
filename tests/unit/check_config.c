/* The configuration: defaults, every key, and each error with its exact
 * message, position and key path. */
#include "config/config.h"
#include "util/error.h"

#include "check_run.h"

#include <check.h>
#include <string.h>

static cortex_config cfg;

static int parse(const char *text)
{
    return cortex_config_parse(&cfg, text, strlen(text), "config.yml");
}

static void fails_with(const char *text, const char *message)
{
    ck_assert_int_ne(parse(text), 0);
    ck_assert_str_eq(cortex_error_last(), message);
}

START_TEST(test_config_defaults)
{
    ck_assert_int_eq(parse(""), 0);
    const cortex_pipeline_config *p = cortex_config_pipeline(&cfg, NULL);
    ck_assert_ptr_nonnull(p);
    ck_assert_str_eq(p->name, "default");
    ck_assert_uint_eq(p->max_file_size, 1048576);
    ck_assert_uint_eq(p->max_line_length, 16384);
    ck_assert_uint_eq(p->threads, 0);
    ck_assert_uint_eq(p->nsinks, 3);
    ck_assert_str_eq(p->sinks[0], "sqlite");
    ck_assert_str_eq(p->sinks[1], "jsonl");
    ck_assert_str_eq(p->sinks[2], "chunks");
    ck_assert_ptr_null(p->sinks[3]);
    ck_assert_uint_eq(p->chunk_tokens, 400);
    ck_assert_uint_eq(p->chunk_overlap, 50);
    ck_assert_uint_eq(p->ninclude + p->nexclude + p->nplugins + p->noverrides, 0);
    ck_assert_uint_eq(cfg.nmcp_disable, 0);
    ck_assert_str_eq(cfg.mcp_tools, "full");
    cortex_config_dispose(&cfg);
}
END_TEST

START_TEST(test_config_every_key)
{
    ck_assert_int_eq(parse("version: 1\n"
                           "pipelines:\n"
                           "  default:\n"
                           "    include: [\"src/**\", \"lib/\"]\n"
                           "    exclude: [\"**/*_test.py\"]\n"
                           "    plugins: [python, c]\n"
                           "    extensions: {\".h\": cpp}\n"
                           "    limits: {max_file_size: 2000, max_line_length: 0, parse_seconds: 2.5}\n"
                           "    threads: 3\n"
                           "    sinks: [jsonl]\n"
                           "  docs:\n"
                           "    plugins: [markdown]\n"
                           "mcp:\n"
                           "  disable: [graph, index]\n"
                           "  tools: core\n"),
                     0);
    const cortex_pipeline_config *p = cortex_config_pipeline(&cfg, "default");
    ck_assert_uint_eq(p->ninclude, 2);
    ck_assert_str_eq(p->include[1], "lib/");
    ck_assert_str_eq(p->exclude[0], "**/*_test.py");
    ck_assert_str_eq(p->plugins[1], "c");
    ck_assert_str_eq(p->overrides[0].extension, ".h");
    ck_assert_str_eq(p->overrides[0].plugin, "cpp");
    ck_assert_uint_eq(p->max_file_size, 2000);
    ck_assert_uint_eq(p->max_line_length, 0);
    ck_assert(p->parse_seconds == 2.5);
    ck_assert_uint_eq(p->threads, 3);
    ck_assert_uint_eq(p->nsinks, 1);
    /* Another pipeline starts from the built-in defaults, not from "default". */
    const cortex_pipeline_config *d = cortex_config_pipeline(&cfg, "docs");
    ck_assert_str_eq(d->plugins[0], "markdown");
    ck_assert_uint_eq(d->max_file_size, 1048576);
    ck_assert_uint_eq(d->nsinks, 3);
    ck_assert_uint_eq(cfg.nmcp_disable, 2);
    ck_assert_str_eq(cfg.mcp_disable[1], "index");
    ck_assert_str_eq(cfg.mcp_tools, "core");
    ck_assert_ptr_null(cortex_config_pipeline(&cfg, "nope"));
    ck_assert_str_eq(cortex_error_last(), "config.yml: no pipeline named \"nope\" (defined: default, docs)");
    cortex_config_dispose(&cfg);
}
END_TEST

START_TEST(test_config_errors_name_position_and_key)
{
    fails_with("pipelines:\n  default:\n    threads: many\n",
               "config.yml:3:14: pipelines.default.threads: expected an integer, got \"many\"");
    fails_with("pipelines:\n  default:\n    threads: 1000\n",
               "config.yml:3:14: pipelines.default.threads: must be from 0 to 256, not 1000");
    fails_with("pipelines:\n  default:\n    bogus: 1\n",
               "config.yml:3:5: pipelines.default: unknown key \"bogus\" (known: include, exclude, plugins, extensions, limits, "
               "threads, sinks, chunks, shard_files)");
    fails_with("pipelines:\n  default:\n    chunks: {tokens: 8}\n",
               "config.yml:3:22: pipelines.default.chunks.tokens: must be from 16 to 1048576, not 8");
    fails_with("pipelines:\n  default:\n    chunks: {overlap: 400}\n",
               "config.yml:3:13: pipelines.default.chunks: chunks.overlap (400) must be less than chunks.tokens (400)");
    fails_with("versio: 1\n", "config.yml:1:1: unknown key \"versio\" (known: version, pipelines, mcp, ranking)");
    fails_with("version: 2\n", "config.yml:1:10: version: must be from 1 to 1, not 2");
    fails_with("pipelines:\n  default:\n    sinks: [sqlite, elastic]\n",
               "config.yml:3:21: pipelines.default.sinks: unknown value \"elastic\" (one of: sqlite, jsonl, chunks)");
    fails_with("pipelines:\n  default:\n    sinks: []\n", "config.yml:3:12: pipelines.default.sinks: a pipeline needs at least one sink");
    fails_with("pipelines:\n  default:\n    include: src/**\n",
               "config.yml:3:14: pipelines.default.include: expected a list, got \"src/**\"");
    fails_with("pipelines:\n  default:\n    extensions: {h: cpp}\n",
               "config.yml:3:18: pipelines.default.extensions: an extension starts with a dot, like \".h\", not \"h\"");
    fails_with("pipelines:\n  default:\n    limits:\n      parse_seconds: -1\n",
               "config.yml:4:22: pipelines.default.limits.parse_seconds: must be from 0.001 to 3600, not -1");
    fails_with("pipelines:\n  default:\n    limits:\n      parse_seconds: 1e-300\n",
               "config.yml:4:22: pipelines.default.limits.parse_seconds: must be from 0.001 to 3600, not 1e-300");
    fails_with("pipelines:\n  default:\n    threads: 1\n    threads: 2\n",
               "config.yml:4:5: duplicate key \"threads\" (first at line 3)");
    fails_with("pipelines:\n  default:\n    threads: !foo 1\n", "config.yml:3:14: unknown tag \"!foo\"");
    fails_with("version: 1\n---\npipelines: {}\n", "config.yml:2:1: a second YAML document; the configuration is one");
    /* an anchor holding an alias of itself: the document check walked it until the stack overflowed */
    fails_with("x: &a [*a]\n", "config.yml:1:1: unknown key \"x\" (known: version, pipelines, mcp, ranking)");
    fails_with("pipelines:\n  \"bad name\":\n    threads: 1\n",
               "config.yml:2:3: pipelines: a pipeline name is letters, digits, '-' and '_', not \"bad name\"");
    fails_with("mcp:\n  disable: [graph, everything]\n",
               "config.yml:2:20: mcp.disable: unknown value \"everything\" (one of: navigation, search, graph, index, memory)");
    fails_with("mcp:\n  tools: all\n", "config.yml:2:10: mcp.tools: unknown value \"all\" (one of: full, core)");
    fails_with("mcp:\n  tools: [core]\n", "config.yml:2:10: mcp.tools: expected a string, got a list");
    fails_with("mcp:\n  profile: core\n", "config.yml:2:3: mcp: unknown key \"profile\" (known: disable, tools)");
    fails_with("pipelines: [a, b]\n", "config.yml:1:12: pipelines: expected a mapping of pipeline names to pipelines, got a list");
    fails_with("pipelines:\n  default: [\n",
               "config.yml:3:1: YAML syntax error: did not find expected node content while parsing a flow node");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("config");
    TCase *t = tcase_create("config");
    tcase_add_test(t, test_config_defaults);
    tcase_add_test(t, test_config_every_key);
    tcase_add_test(t, test_config_errors_name_position_and_key);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return cortex_check_run(suite());
}
