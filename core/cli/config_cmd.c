/* `cortex config check`: validates the configuration and prints the effective one. */
#include "commands.h"

#include "../config/config.h"
#include "../util/error.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static void config_usage(FILE *out)
{
    fprintf(out, "usage: cortex config check [PATH] [--json]\n\n"
                 "Validates PATH/.cortex/config.yml (default: the current directory) and prints the\n"
                 "effective configuration: every pipeline with its defaults filled in. An error names\n"
                 "file:line:column and the key's path; the exit status is then 1.\n");
}

static void print_list(const char *key, char **list, size_t n)
{
    printf("    %s: [", key);
    for (size_t i = 0; i < n; i++) printf("%s%s", i ? ", " : "", list[i]);
    printf("]\n");
}

int cortex_cmd_config(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "check") != 0) {
        config_usage(argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) ? stdout : stderr);
        return argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) ? 0 : 2;
    }
    const char *root = ".";
    int as_json = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) as_json = 1;
        else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            config_usage(stdout);
            return 0;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "cortex config: unknown option '%s'\n", argv[i]);
            return 2;
        } else root = argv[i];
    }
    cortex_config c;
    if (cortex_config_load(&c, root) != 0) {
        fprintf(stderr, "cortex config: %s\n", cortex_error_last());
        return 1;
    }
    /* Plugin names are checked against the plugins `cortex index` would load. */
    cortex_plugin_set *plugins = cortex_cli_load_plugins(1, 1);
    int bad = cortex_config_check_plugins(&c, plugins);
    cortex_plugin_set_free(plugins);
    if (bad) {
        fprintf(stderr, "cortex config: %s\n", cortex_error_last());
        cortex_config_dispose(&c);
        return 1;
    }
    if (as_json) {
        json_t *j = cortex_config_json(&c);
        json_dumpf(j, stdout, JSON_INDENT(2));
        putchar('\n');
        json_decref(j);
    } else {
        printf("# the effective configuration, from %s\nversion: 1\npipelines:\n", c.source);
        for (size_t i = 0; i < c.npipelines; i++) {
            const cortex_pipeline_config *p = &c.pipelines[i];
            printf("  %s:\n", p->name);
            print_list("include", p->include, p->ninclude);
            print_list("exclude", p->exclude, p->nexclude);
            print_list("plugins", p->plugins, p->nplugins);
            printf("    extensions: {");
            for (size_t k = 0; k < p->noverrides; k++)
                printf("%s\"%s\": %s", k ? ", " : "", p->overrides[k].extension, p->overrides[k].plugin);
            printf("}\n    limits:\n      max_file_size: %llu\n      max_line_length: %llu\n      parse_seconds: %g\n",
                   (unsigned long long)p->max_file_size, (unsigned long long)p->max_line_length, p->parse_seconds);
            printf("    threads: %u\n", p->threads);
            print_list("sinks", p->sinks, p->nsinks);
        }
        printf("mcp:\n");
        printf("  disable: [");
        for (size_t i = 0; i < c.nmcp_disable; i++) printf("%s%s", i ? ", " : "", c.mcp_disable[i]);
        printf("]\n");
        printf("  tools: %s\n", c.mcp_tools);
    }
    cortex_config_dispose(&c);
    return 0;
}
