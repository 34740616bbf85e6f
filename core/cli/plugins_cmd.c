/* `cortex plugins`: what was loaded from where, and what was refused and why. */
#include "commands.h"

#include "../util/mem.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cortex_plugin_set *cortex_cli_load_plugins(int quiet, int lazy)
{
    char *path = cortex_plugin_default_search_path();
    cortex_plugin_set *set;
    if (lazy)
        cortex_plugin_set_load_lazy(&set, path);
    else
        cortex_plugin_set_load(&set, path);
    free(path);
    if (!quiet)
        for (size_t i = 0; i < set->nrefused; i++)
            fprintf(stderr, "cortex: warning: plugin %s refused: %s\n", set->refused[i].path, set->refused[i].reason);
    return set;
}

static void join(cortex_buf *b, char **list, const char *sep)
{
    for (size_t i = 0; list[i]; i++) {
        if (i) cortex_buf_puts(b, sep);
        cortex_buf_puts(b, list[i]);
    }
}

int cortex_cmd_plugins(int argc, char **argv)
{
    int json = 0;
    static const struct option longopts[] = {{"json", no_argument, NULL, 'j'}, {"help", no_argument, NULL, 'h'}, {0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "jh", longopts, NULL)) != -1) {
        if (c == 'j') json = 1;
        else {
            printf("usage: cortex plugins [--json]\n\nLists each loaded plugin: name, version, extensions, plugin ABI,\n"
                   "grammar ABI and path; then each refused plugin with the reason.\n");
            return c == 'h' ? 0 : 2;
        }
    }
    cortex_plugin_set *set = cortex_cli_load_plugins(1, 0); /* every query compiled: a broken one is listed */
    if (json) {
        json_t *root = json_object(), *loaded = json_array(), *refused = json_array();
        for (size_t i = 0; i < set->count; i++) {
            const cortex_language_plugin *p = set->plugins[i];
            json_t *exts = json_array(), *names = json_array();
            for (char **e = p->extensions; *e; e++) json_array_append_new(exts, json_string(*e));
            for (char **e = p->filenames; *e; e++) json_array_append_new(names, json_string(*e));
            json_array_append_new(loaded, json_pack("{s:s,s:s,s:o,s:o,s:i,s:i,s:s}", "name", p->name, "version",
                                                    p->version, "extensions", exts, "filenames", names, "abi",
                                                    (int)p->abi_version, "grammar_abi", (int)p->grammar_abi, "path", p->path));
        }
        for (size_t i = 0; i < set->nrefused; i++)
            json_array_append_new(refused, json_pack("{s:s,s:s}", "path", set->refused[i].path, "reason", set->refused[i].reason));
        json_object_set_new(root, "plugins", loaded);
        json_object_set_new(root, "refused", refused);
        char *s = json_dumps(root, JSON_INDENT(2));
        puts(s);
        free(s);
        json_decref(root);
    } else {
        printf("%-12s %-8s %-4s %-4s %-28s %s\n", "NAME", "VERSION", "ABI", "TS", "EXTENSIONS", "PATH");
        for (size_t i = 0; i < set->count; i++) {
            const cortex_language_plugin *p = set->plugins[i];
            cortex_buf exts = {0};
            join(&exts, p->extensions, " ");
            if (p->filenames[0]) {
                if (exts.len) cortex_buf_putc(&exts, ' ');
                join(&exts, p->filenames, " ");
            }
            char grammar[16]; /* "-": a plugin whose regions other plugins parse */
            snprintf(grammar, sizeof grammar, p->language ? "%u" : "-", p->grammar_abi);
            printf("%-12s %-8s %-4u %-4s %-28s %s\n", p->name, p->version, p->abi_version, grammar,
                   exts.data ? exts.data : "", p->path);
            cortex_buf_free(&exts);
        }
        for (size_t i = 0; i < set->nrefused; i++)
            printf("refused: %s: %s\n", set->refused[i].path, set->refused[i].reason);
    }
    int rc = set->count > 0 ? 0 : 1;
    cortex_plugin_set_free(set);
    return rc;
}
