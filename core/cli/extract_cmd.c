/* `cortex extract`: prints one file's records as JSON lines; the golden tests' driver uses it. */
#include "commands.h"

#include "../chunk/chunk.h"
#include "../extract/extractor.h"
#include "../record/record_json.h"
#include "../index/source.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One node per line, two spaces per depth, as `tree-sitter parse` prints:
 * field name, (type [row, col] - [row, col] with rows and columns from 0,
 * and the closing parentheses after a node's last child. Anonymous nodes
 * (punctuation, keywords) are left out, as in ts_node_string; a missing
 * node the parser inserted is shown as (MISSING type ...). */
static void print_node(TSTreeCursor *c, unsigned depth, int *first, cortex_buf *out)
{
    TSNode n = ts_tree_cursor_current_node(c);
    int shown = ts_node_is_named(n) || ts_node_is_missing(n);
    if (shown) {
        if (!*first) cortex_buf_putc(out, '\n');
        *first = 0;
        for (unsigned i = 0; i < depth; i++) cortex_buf_puts(out, "  ");
        const char *field = ts_tree_cursor_current_field_name(c);
        TSPoint a = ts_node_start_point(n), b = ts_node_end_point(n);
        cortex_buf_printf(out, "%s%s(%s%s [%u, %u] - [%u, %u]", field ? field : "", field ? ": " : "",
                          ts_node_is_missing(n) ? "MISSING " : "", ts_node_type(n), a.row, a.column, b.row, b.column);
    }
    if (ts_tree_cursor_goto_first_child(c)) {
        do print_node(c, depth + (unsigned)shown, first, out);
        while (ts_tree_cursor_goto_next_sibling(c));
        ts_tree_cursor_goto_parent(c);
    }
    if (shown) cortex_buf_putc(out, ')');
}

static void print_tree(const cortex_language_plugin *p, const char *data, size_t len)
{
    TSParser *parser = ts_parser_new();
    ts_parser_set_language(parser, p->language);
    TSTree *t = ts_parser_parse_string(parser, NULL, data, (uint32_t)len);
    TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(t));
    cortex_buf out = {0};
    int first = 1;
    print_node(&c, 0, &first, &out);
    cortex_buf_putc(&out, '\n');
    fwrite(out.data, 1, out.len, stdout);
    cortex_buf_free(&out);
    ts_tree_cursor_delete(&c);
    ts_tree_delete(t);
    ts_parser_delete(parser);
}

int cortex_cmd_extract(int argc, char **argv)
{
    static const struct option longopts[] = {{"lang", required_argument, NULL, 'l'}, {"tree", no_argument, NULL, 't'},
                                             {"chunks", no_argument, NULL, 'c'}, {"help", no_argument, NULL, 'h'}, {0}};
    const char *lang = NULL;
    int c, tree = 0, chunks = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "l:th", longopts, NULL)) != -1) {
        if (c == 'l') lang = optarg;
        else if (c == 't') tree = 1;
        else if (c == 'c') chunks = 1;
        else {
            fprintf(c == 'h' ? stdout : stderr,
                    "usage: cortex extract [--lang PLUGIN] [--tree | --chunks] FILE...\n\n"
                    "Prints the symbols, references and texts of each FILE as JSON lines\n"
                    "(a \"type\" field says which), in the order the index stores them.\n"
                    "--tree prints the syntax tree instead, one node per line as `tree-sitter parse` does, to help write queries;\n"
                    "--chunks prints the file's chunks (docs by section, code in three tiers).\n");
            return c == 'h' ? 0 : 2;
        }
    }
    if (optind >= argc) {
        fprintf(stderr, "cortex extract: no FILE given\n");
        return 2;
    }
    cortex_plugin_set *set = cortex_cli_load_plugins(0, 1);
    cortex_extractor *x;
    cortex_extractor_new(&x, &(cortex_extract_limits){10.0, 0});
    char *data = NULL;
    size_t cap = 0, len = 0;
    cortex_buf out = {0};
    int status = 0;
    for (int i = optind; i < argc; i++) {
        const char *path = argv[i];
        const cortex_language_plugin *p = lang ? cortex_plugin_set_find(set, lang) : cortex_plugin_set_match(set, path);
        if (!p) {
            fprintf(stderr, "cortex extract: %s: no plugin %s\n", path, lang ? lang : "for this file type");
            status = 1;
            continue;
        }
        const char *why = cortex_source_read(path, &data, &cap, &len, NULL);
        if (why) {
            fprintf(stderr, "cortex extract: %s: %s\n", path, why);
            status = 1;
            continue;
        }
        if (tree) {
            print_tree(p, data, len);
            continue;
        }
        cortex_file_records rec;
        memset(&rec, 0, sizeof rec);
        rec.path = path;
        rec.lang = p->name;
        cortex_source_describe(&rec, data, len);
        static const cortex_chunk_options budget = {CORTEX_CHUNK_DEFAULT_TOKENS, CORTEX_CHUNK_DEFAULT_OVERLAP};
        const char *problem = cortex_source_extract(x, p, data, len, chunks ? &budget : NULL, &rec);
        if (problem) {
            fprintf(stderr, "cortex extract: %s: %s\n", path, problem);
            status = 1;
        }
        cortex_buf_clear(&out);
        if (chunks) {
            for (size_t k = 0; k < rec.nchunks; k++) cortex_json_chunk_line(&out, &rec, &rec.chunks[k], k + 1, 0, NULL);
            if (out.len) fwrite(out.data, 1, out.len, stdout);
            cortex_file_records_reset(&rec);
            continue;
        }
        for (size_t k = 0; k < rec.nsymbols; k++) cortex_json_symbol_line(&out, &rec, &rec.symbols[k], NULL, 0, "symbol");
        for (size_t k = 0; k < rec.nrefs; k++) cortex_json_reference_line(&out, &rec, &rec.refs[k], CORTEX_JSON_OWNER_NAMED, 0, "reference");
        for (size_t k = 0; k < rec.ntexts; k++) cortex_json_text_line(&out, &rec, &rec.texts[k], CORTEX_JSON_OWNER_NAMED, 0, "text");
        if (out.len) fwrite(out.data, 1, out.len, stdout);
        cortex_file_records_reset(&rec);
    }
    cortex_buf_free(&out);
    free(data);
    cortex_extractor_free(x);
    cortex_plugin_set_free(set);
    return status;
}
