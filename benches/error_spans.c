/*
 * For benches/recall.py: where the grammar could not parse. Parses each path
 * read from stdin (relative to DIR) and prints one line per outermost ERROR and
 * per MISSING node: path TAB first-line TAB last-line TAB ERROR|MISSING.
 */
#define _XOPEN_SOURCE 700
#include "index/source.h"
#include "plugin/loader.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_errors(TSNode n, const char *path)
{
    if (!ts_node_has_error(n)) return;
    if (ts_node_is_error(n) || ts_node_is_missing(n)) {
        TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
        printf("%s\t%u\t%u\t%s\n", path, s.row + 1, e.row + 1, ts_node_is_missing(n) ? "MISSING" : "ERROR");
        return;
    }
    uint32_t count = ts_node_child_count(n);
    for (uint32_t i = 0; i < count; i++) print_errors(ts_node_child(n, i), path);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cortex-error-spans DIR < paths\n");
        return 2;
    }
    char *search = cortex_plugin_default_search_path();
    cortex_plugin_set *plugins;
    cortex_plugin_set_load(&plugins, search);
    free(search);

    TSParser *parser = ts_parser_new();
    char line[PATH_MAX], abs[2 * PATH_MAX + 2];
    char *data = NULL;
    size_t cap = 0, len = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        const cortex_language_plugin *p = cortex_plugin_set_match(plugins, line);
        snprintf(abs, sizeof abs, "%s/%s", argv[1], line);
        if (!p || cortex_source_read(abs, &data, &cap, &len, NULL)) continue;
        ts_parser_set_language(parser, p->language);
        TSTree *tree = ts_parser_parse_string(parser, NULL, data, (uint32_t)len);
        if (!tree) continue;
        print_errors(ts_tree_root_node(tree), line);
        ts_tree_delete(tree);
    }
    free(data);
    ts_parser_delete(parser);
    cortex_plugin_set_free(plugins);
    return 0;
}
