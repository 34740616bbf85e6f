/*
 * The tools as commands: `cortex tool NAME '{json}'`, and one command per
 * tool (`cortex search QUERY --kind function`, `cortex callers NAME`, ...)
 * whose positional arguments and --options map onto the tool's input schema.
 * Same handlers as `cortex mcp`; text by default, JSON with --json.
 */
#include "commands.h"

#include "../tools/schema.h"
#include "../tools/tools.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the tool's schema requires parameter `name`. */
static int required(const cortex_tool *t, const char *name)
{
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(cortex_tool_input_schema(t), "required"), i, r) {
        if (strcmp(json_string_value(r), name) == 0) return 1;
    }
    return 0;
}

/* How a person typed parameter `name`: its positional (QUERY) or its flag (--max-entries). */
static void flag_of(char *out, size_t size, const cortex_tool *t, const char *name)
{
    for (int i = 0; i < 3 && t->positional[i]; i++)
        if (strcmp(t->positional[i], name) == 0) {
            size_t n = 0;
            for (const char *c = name; *c && n + 1 < size; c++) out[n++] = (char)toupper((unsigned char)*c);
            out[n] = '\0';
            return;
        }
    snprintf(out, size, "--%s", name);
    for (char *c = out + 2; *c; c++)
        if (*c == '_') *c = '-';
}

static void tool_usage(FILE *out, const cortex_tool *t)
{
    fprintf(out, "usage: cortex %s", t->command);
    for (int i = 0; i < 3 && t->positional[i]; i++) {
        char name[64];
        flag_of(name, sizeof name, t, t->positional[i]);
        fprintf(out, required(t, t->positional[i]) ? " %s" : " [%s]", name);
    }
    fprintf(out, " [--OPTION VALUE ...] [--json] [--root DIR]\n\n%s\n\noptions (the `%s` tool's parameters):\n",
            t->description, t->name);
    const char *key;
    json_t *prop;
    json_object_foreach(json_object_get(cortex_tool_input_schema(t), "properties"), key, prop) {
        const json_t *type = json_object_get(prop, "type");
        char option[64];
        snprintf(option, sizeof option, "%s", key);
        for (char *c = option; *c; c++)
            if (*c == '_') *c = '-';
        fprintf(out, "  --%-14s %-8s", option, json_is_string(type) ? json_string_value(type) : "value");
        const json_t *def = json_object_get(prop, "default");
        if (def) {
            char *d = json_dumps(def, JSON_ENCODE_ANY);
            fprintf(out, " (default %s)", d);
            free(d);
        }
        if (json_object_get(prop, "description")) fprintf(out, "  %s", json_string_value(json_object_get(prop, "description")));
        fputc('\n', out);
    }
    fprintf(out, "  --json           print the result as JSON\n  --root DIR       the repository (default: the nearest with .cortex/ at or above the current directory, else its git work tree)\n");
}

/* A command-line value as the JSON type the schema asks for. */
static json_t *typed_value(const json_t *prop, const char *text)
{
    const char *type = json_string_value(json_object_get(prop, "type"));
    if (type && strcmp(type, "integer") == 0) {
        char *end;
        long long v = strtoll(text, &end, 10);
        if (*text && !*end) return json_integer(v);
    } else if (type && strcmp(type, "array") == 0) {
        json_t *a = json_array();
        for (const char *p = text; *p;) {
            size_t n = strcspn(p, ",");
            if (n) json_array_append_new(a, json_stringn(p, n));
            p += n;
            if (*p) p++;
        }
        return a;
    } else if (type && strcmp(type, "boolean") == 0) {
        if (strcmp(text, "true") == 0) return json_true();
        if (strcmp(text, "false") == 0) return json_false();
    }
    return json_string(text); /* the schema check names any mismatch */
}

typedef struct flag_names {
    const cortex_tool *tool;
    char name[160];
} flag_names;

static const char *flag_name(const char *property, void *payload)
{
    flag_names *f = payload;
    flag_of(f->name, sizeof f->name, f->tool, property);
    return f->name;
}

/* The arguments checked here, before the tool runs, so that a mistake is
 * named as the person typed it: "--limit: must be at most 1000", "missing QUERY". */
static int check_flags(const cortex_tool *t, const json_t *args)
{
    cortex_buf err = {0};
    flag_names names = {t, ""};
    int rc = cortex_schema_validate_named(cortex_tool_input_schema(t), args, flag_name, &names, &err);
    if (rc) fprintf(stderr, "cortex %s: %s (`cortex %s --help` lists the options)\n", t->command, err.data, t->command);
    cortex_buf_free(&err);
    return rc;
}

/* `root`: the one named with --root, or NULL to find the enclosing one. */
static int run_tool(const cortex_tool *t, const char *root, json_t *args, int as_json)
{
    char *found = NULL;
    if (!root) {
        const char *why;
        int above = cortex_cli_find_root(&found, &why);
        if (above < 0) {
            fprintf(stderr, "cortex: %s\n", cortex_error_last());
            return 1;
        }
        /* said only when it is not where the user stands: that is the surprise */
        if (above) fprintf(stderr, "cortex: answering from %s (%s)\n", found, why);
        root = found;
    }
    cortex_repo *repo = NULL;
    cortex_reader *reader = NULL;
    int opened = cortex_repo_open(&repo, root);
    if (opened == 0) opened = cortex_reader_open(&reader, repo);
    free(found);
    if (opened != 0) {
        fprintf(stderr, "cortex: %s\n", cortex_error_last());
        cortex_repo_close(repo);
        return 1;
    }
    int text = !as_json;
    json_t *result;
    cortex_tool_ctx ctx = {.reader = reader, .origin = "cli"};
    cortex_tool_outcome o = cortex_tool_call(&result, &ctx, t, args);
    cortex_reader_close(reader);
    cortex_repo_close(repo);
    if (o == CORTEX_TOOL_FAILED) {
        fprintf(stderr, "cortex %s: %s\n", t->command, json_string_value(json_object_get(result, "error")));
        json_decref(result);
        return 1;
    }
    if (text) {
        char *out = cortex_tool_render(t, result, 1);
        fputs(out, stdout);
        free(out);
    } else {
        json_dumpf(result, stdout, JSON_INDENT(2));
        fputc('\n', stdout);
    }
    json_decref(result);
    return 0;
}

int cortex_cmd_tool_command(const cortex_tool *t, int argc, char **argv)
{
    json_t *args = json_object();
    const json_t *props = json_object_get(cortex_tool_input_schema(t), "properties");
    const char *root = NULL; /* none named: the enclosing indexed root */
    int as_json = 0, npos = 0, rc = 0;
    for (int i = 1; i < argc && rc == 0; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            tool_usage(stdout, t);
            json_decref(args);
            return 0;
        }
        if (strcmp(a, "--json") == 0) {
            as_json = 1;
        } else if (strcmp(a, "--root") == 0 && i + 1 < argc) {
            root = argv[++i];
        } else if (strncmp(a, "--", 2) == 0 && a[2]) {
            const char *key = a + 2;
            const char *eq = strchr(key, '=');
            char name[128];
            snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - key) : (int)strlen(key), key);
            for (char *c = name; *c; c++)
                if (*c == '-') *c = '_';
            const json_t *prop = json_object_get(props, name);
            const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
            if (!prop || !value) {
                fprintf(stderr, "cortex %s: %s option --%s\n\n", t->command, prop ? "missing a value for" : "unknown", name);
                rc = 2;
            } else {
                json_object_set_new(args, name, typed_value(prop, value));
            }
        } else if (npos < 3 && t->positional[npos]) {
            const char *name = t->positional[npos++];
            json_object_set_new(args, name, typed_value(json_object_get(props, name), a));
        } else {
            fprintf(stderr, "cortex %s: unexpected argument '%s'\n\n", t->command, a);
            rc = 2;
        }
    }
    if (rc) {
        tool_usage(stderr, t);
        json_decref(args);
        return rc;
    }
    rc = check_flags(t, args) ? 1 : run_tool(t, root, args, as_json);
    json_decref(args);
    return rc;
}

int cortex_cmd_tool(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        FILE *out = argc < 2 ? stderr : stdout;
        fprintf(out, "usage: cortex tool NAME [JSON-ARGUMENTS] [--json] [--root DIR]\n\ntools:\n");
        for (size_t i = 0; i < cortex_tool_count; i++) fprintf(out, "  %-17s %s\n", cortex_tools[i].name, cortex_tools[i].title);
        return argc < 2 ? 2 : 0;
    }
    const cortex_tool *t = cortex_tool_find(argv[1]);
    if (!t) {
        fprintf(stderr, "cortex tool: unknown tool '%s'; `cortex tool --help` lists them\n", argv[1]);
        return 2;
    }
    json_t *args = NULL;
    const char *root = NULL; /* none named: the enclosing indexed root */
    int as_json = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            as_json = 1;
        } else if (strcmp(argv[i], "--root") == 0 && i + 1 < argc) {
            root = argv[++i];
        } else if (!args) {
            json_error_t e;
            args = json_loads(argv[i], 0, &e);
            if (!json_is_object(args)) {
                fprintf(stderr, "cortex tool: the arguments must be a JSON object (%s at column %d)\n",
                        args ? "not an object" : e.text, e.column);
                json_decref(args);
                return 2;
            }
        } else {
            fprintf(stderr, "cortex tool: unexpected argument '%s'\n", argv[i]);
            json_decref(args);
            return 2;
        }
    }
    int rc = run_tool(t, root, args, as_json);
    json_decref(args);
    return rc;
}
