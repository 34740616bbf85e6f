/*
 * Loading and validating the YAML configuration (libyaml's document API,
 * which keeps every node's position for the error messages).
 */
#define _DEFAULT_SOURCE
#include "config.h"

#include "../util/error.h"
#include "../util/mem.h"

#include "default_config.h" /* generated from config/default.yml: cortex_config_default */

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define BUILTIN_NAME "(built-in defaults)"

static const char *const known_sinks[] = {"sqlite", "jsonl", "chunks", NULL};
static const char *const known_groups[] = {"navigation", "search", "graph", "index", "memory", NULL};
static const char *const known_profiles[] = {"full", "core", NULL}; /* cortex_tool_profiles */

typedef struct parser {
    yaml_document_t doc;
    const char *name;
    char path[512]; /* the key path of the node being read: pipelines.default.threads */
} parser;

__attribute__((format(printf, 3, 4))) static int fail(parser *p, const yaml_node_t *node, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return cortex_error_set(CORTEX_EINVALID, "%s:%zu:%zu: %s%s%s", p->name, node->start_mark.line + 1,
                            node->start_mark.column + 1, p->path, *p->path ? ": " : "", msg);
}

static const char *type_of(const yaml_node_t *n)
{
    return n->type == YAML_MAPPING_NODE ? "a mapping" : n->type == YAML_SEQUENCE_NODE ? "a list" : "a scalar";
}

/* Appends `.key` to the path for the duration of a child's parse. */
static size_t push_key(parser *p, const char *key)
{
    size_t len = strlen(p->path);
    snprintf(p->path + len, sizeof p->path - len, "%s%s", len ? "." : "", key);
    return len;
}

static void pop_key(parser *p, size_t len) { p->path[len] = '\0'; }

static int expect(parser *p, const yaml_node_t *n, yaml_node_type_t type, const char *what)
{
    if (n->type == type) return 0;
    if (n->type == YAML_SCALAR_NODE)
        return fail(p, n, "expected %s, got \"%.*s\"", what, (int)n->data.scalar.length, n->data.scalar.value);
    return fail(p, n, "expected %s, got %s", what, type_of(n));
}

static const char *scalar(const yaml_node_t *n) { return (const char *)n->data.scalar.value; }

static int read_uint(parser *p, const yaml_node_t *n, uint64_t min, uint64_t max, uint64_t *out)
{
    int rc = expect(p, n, YAML_SCALAR_NODE, "an integer");
    if (rc) return rc;
    const char *s = scalar(n);
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*s || *end || errno || s[0] == '-') return fail(p, n, "expected an integer, got \"%s\"", s);
    if (v < min || v > max) return fail(p, n, "must be from %llu to %llu, not %llu", (unsigned long long)min, (unsigned long long)max, v);
    *out = v;
    return 0;
}

static int read_seconds(parser *p, const yaml_node_t *n, double *out)
{
    int rc = expect(p, n, YAML_SCALAR_NODE, "a number of seconds");
    if (rc) return rc;
    char *end;
    double v = strtod(scalar(n), &end);
    if (!*scalar(n) || *end) return fail(p, n, "expected a number of seconds, got \"%s\"", scalar(n));
    if (!(v >= 0.001 && v <= 3600)) return fail(p, n, "must be from 0.001 to 3600, not %s", scalar(n));
    *out = v;
    return 0;
}

static int not_allowed(parser *p, const yaml_node_t *n, const char *const *allowed)
{
    char list[256] = "";
    for (const char *const *a = allowed; *a; a++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", a == allowed ? "" : ", ", *a);
    return fail(p, n, "unknown value \"%s\" (one of: %s)", scalar(n), list);
}

static int is_allowed(const char *const *allowed, const char *value)
{
    for (const char *const *a = allowed; *a; a++)
        if (strcmp(*a, value) == 0) return 1;
    return 0;
}

/* One string of `allowed`, replacing `*out`. */
static int read_choice(parser *p, const yaml_node_t *n, const char *const *allowed, char **out)
{
    int rc = expect(p, n, YAML_SCALAR_NODE, "a string");
    if (rc) return rc;
    if (!is_allowed(allowed, scalar(n))) return not_allowed(p, n, allowed);
    free(*out);
    *out = cortex_xstrdup(scalar(n));
    return 0;
}

/* A list of non-empty strings, each optionally one of `allowed`. */
static int read_strings(parser *p, const yaml_node_t *n, const char *const *allowed, char ***out, size_t *count)
{
    int rc = expect(p, n, YAML_SEQUENCE_NODE, "a list");
    if (rc) return rc;
    for (char **s = *out; s && *s; s++) free(*s);
    free(*out);
    *out = cortex_xcalloc((size_t)(n->data.sequence.items.top - n->data.sequence.items.start) + 1, sizeof **out);
    *count = 0;
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
        const yaml_node_t *item = yaml_document_get_node(&p->doc, *it);
        if ((rc = expect(p, item, YAML_SCALAR_NODE, "a string"))) return rc;
        if (!*scalar(item)) return fail(p, item, "an empty string");
        if (allowed && !is_allowed(allowed, scalar(item))) return not_allowed(p, item, allowed);
        (*out)[(*count)++] = cortex_xstrdup(scalar(item));
    }
    return 0;
}

typedef int (*key_fn)(parser *p, const yaml_node_t *value, void *target);
typedef struct key_rule {
    const char *key;
    key_fn read;
} key_rule;

/* Walks a mapping, dispatching each key to its rule; unknown keys are errors. */
static int read_mapping(parser *p, const yaml_node_t *n, const key_rule *rules, void *target)
{
    int rc = expect(p, n, YAML_MAPPING_NODE, "a mapping");
    if (rc) return rc;
    for (yaml_node_pair_t *pair = n->data.mapping.pairs.start; pair < n->data.mapping.pairs.top; pair++) {
        const yaml_node_t *k = yaml_document_get_node(&p->doc, pair->key);
        const yaml_node_t *v = yaml_document_get_node(&p->doc, pair->value);
        if ((rc = expect(p, k, YAML_SCALAR_NODE, "a key"))) return rc;
        const key_rule *r = rules;
        while (r->key && strcmp(r->key, scalar(k)) != 0) r++;
        if (!r->key) {
            char list[256] = "";
            for (const key_rule *a = rules; a->key; a++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", a == rules ? "" : ", ", a->key);
            return fail(p, k, "unknown key \"%s\" (known: %s)", scalar(k), list);
        }
        size_t len = push_key(p, scalar(k));
        rc = r->read(p, v, target);
        pop_key(p, len);
        if (rc) return rc;
    }
    return 0;
}

/* ---- pipelines ------------------------------------------------------------------ */

static int r_include(parser *p, const yaml_node_t *v, void *t)
{
    cortex_pipeline_config *c = t;
    return read_strings(p, v, NULL, &c->include, &c->ninclude);
}
static int r_exclude(parser *p, const yaml_node_t *v, void *t)
{
    cortex_pipeline_config *c = t;
    return read_strings(p, v, NULL, &c->exclude, &c->nexclude);
}
/* "FILE:LINE:COL: KEY" of `node`, for a check made after the file is read. */
static char *mark_of(parser *p, const yaml_node_t *node, const char *suffix)
{
    cortex_buf b = {0};
    cortex_buf_printf(&b, "%s:%zu:%zu: %s%s", p->name, node->start_mark.line + 1, node->start_mark.column + 1, p->path, suffix);
    return b.data;
}

static void free_list(char **list)
{
    for (char **s = list; s && *s; s++) free(*s);
    free(list);
}

static int r_plugins(parser *p, const yaml_node_t *v, void *t)
{
    cortex_pipeline_config *c = t;
    int rc = read_strings(p, v, NULL, &c->plugins, &c->nplugins);
    if (rc) return rc;
    free_list(c->plugin_marks);
    c->plugin_marks = cortex_xcalloc(c->nplugins + 1, sizeof *c->plugin_marks);
    size_t i = 0;
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++, i++) {
        char index[32];
        snprintf(index, sizeof index, "[%zu]", i);
        c->plugin_marks[i] = mark_of(p, yaml_document_get_node(&p->doc, *it), index);
    }
    return 0;
}
static int r_sinks(parser *p, const yaml_node_t *v, void *t)
{
    cortex_pipeline_config *c = t;
    int rc = read_strings(p, v, known_sinks, &c->sinks, &c->nsinks);
    if (!rc && c->nsinks == 0) return fail(p, v, "a pipeline needs at least one sink");
    for (size_t i = 0; !rc && i < c->nsinks; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(c->sinks[i], c->sinks[j]) == 0) return fail(p, v, "sink \"%s\" is listed twice", c->sinks[i]);
    return rc;
}
/* read_uint into a 32-bit field (max fits in it) */
static int read_u32(parser *p, const yaml_node_t *v, uint64_t min, uint64_t max, uint32_t *out)
{
    uint64_t n = 0;
    int rc = read_uint(p, v, min, max, &n);
    if (!rc) *out = (uint32_t)n;
    return rc;
}
static int r_threads(parser *p, const yaml_node_t *v, void *t)
{
    return read_u32(p, v, 0, 256, &((cortex_pipeline_config *)t)->threads);
}
static int r_extensions(parser *p, const yaml_node_t *v, void *t)
{
    cortex_pipeline_config *c = t;
    int rc = expect(p, v, YAML_MAPPING_NODE, "a mapping of extensions to plugins");
    if (rc) return rc;
    for (size_t i = 0; i < c->noverrides; i++)
        free(c->overrides[i].extension), free(c->overrides[i].plugin), free(c->overrides[i].mark);
    free(c->overrides);
    c->overrides = cortex_xcalloc((size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start) + 1, sizeof *c->overrides);
    c->noverrides = 0;
    for (yaml_node_pair_t *pair = v->data.mapping.pairs.start; pair < v->data.mapping.pairs.top; pair++) {
        const yaml_node_t *k = yaml_document_get_node(&p->doc, pair->key);
        const yaml_node_t *val = yaml_document_get_node(&p->doc, pair->value);
        if ((rc = expect(p, k, YAML_SCALAR_NODE, "an extension"))) return rc;
        if (scalar(k)[0] != '.' || !scalar(k)[1] || strchr(scalar(k), '/'))
            return fail(p, k, "an extension starts with a dot, like \".h\", not \"%s\"", scalar(k));
        size_t len = push_key(p, scalar(k));
        rc = expect(p, val, YAML_SCALAR_NODE, "a plugin name");
        if (!rc && !*scalar(val)) rc = fail(p, val, "an empty plugin name");
        if (!rc) c->overrides[c->noverrides].mark = mark_of(p, val, "");
        pop_key(p, len);
        if (rc) return rc;
        c->overrides[c->noverrides].extension = cortex_xstrdup(scalar(k));
        c->overrides[c->noverrides++].plugin = cortex_xstrdup(scalar(val));
    }
    return 0;
}
static int r_max_file_size(parser *p, const yaml_node_t *v, void *t)
{
    return read_uint(p, v, 1, UINT64_C(1) << 40, &((cortex_pipeline_config *)t)->max_file_size);
}
static int r_max_line_length(parser *p, const yaml_node_t *v, void *t)
{
    return read_uint(p, v, 0, UINT64_C(1) << 40, &((cortex_pipeline_config *)t)->max_line_length);
}
static int r_parse_seconds(parser *p, const yaml_node_t *v, void *t)
{
    return read_seconds(p, v, &((cortex_pipeline_config *)t)->parse_seconds);
}
static const key_rule limit_rules[] = {
    {"max_file_size", r_max_file_size}, {"max_line_length", r_max_line_length}, {"parse_seconds", r_parse_seconds}, {NULL, NULL}};
static int r_limits(parser *p, const yaml_node_t *v, void *t) { return read_mapping(p, v, limit_rules, t); }
static int r_chunk_tokens(parser *p, const yaml_node_t *v, void *t)
{
    return read_u32(p, v, 16, 1 << 20, &((cortex_pipeline_config *)t)->chunk_tokens);
}
static int r_chunk_overlap(parser *p, const yaml_node_t *v, void *t)
{
    return read_u32(p, v, 0, 1 << 19, &((cortex_pipeline_config *)t)->chunk_overlap);
}
static const key_rule chunk_rules[] = {{"tokens", r_chunk_tokens}, {"overlap", r_chunk_overlap}, {NULL, NULL}};
static int r_chunks(parser *p, const yaml_node_t *v, void *t)
{
    int rc = read_mapping(p, v, chunk_rules, t);
    const cortex_pipeline_config *c = t;
    if (!rc && c->chunk_overlap >= c->chunk_tokens)
        rc = fail(p, v, "chunks.overlap (%u) must be less than chunks.tokens (%u)", c->chunk_overlap, c->chunk_tokens);
    return rc;
}

static int r_shard_files(parser *p, const yaml_node_t *v, void *t)
{
    return read_u32(p, v, 0, 1 << 24, &((cortex_pipeline_config *)t)->shard_files);
}

static const key_rule pipeline_rules[] = {
    {"include", r_include}, {"exclude", r_exclude}, {"plugins", r_plugins}, {"extensions", r_extensions},
    {"limits", r_limits}, {"threads", r_threads}, {"sinks", r_sinks}, {"chunks", r_chunks},
    {"shard_files", r_shard_files}, {NULL, NULL}};

static void pipeline_free(cortex_pipeline_config *c)
{
    char **lists[] = {c->include, c->exclude, c->plugins, c->plugin_marks, c->sinks};
    for (size_t l = 0; l < 5; l++) free_list(lists[l]);
    for (size_t i = 0; i < c->noverrides; i++)
        free(c->overrides[i].extension), free(c->overrides[i].plugin), free(c->overrides[i].mark);
    free(c->overrides);
    free(c->name);
    memset(c, 0, sizeof *c);
}

static char **copy_list(char **list, size_t n)
{
    char **out = cortex_xcalloc(n + 1, sizeof *out);
    for (size_t i = 0; i < n; i++) out[i] = cortex_xstrdup(list[i]);
    return out;
}

static void pipeline_copy(cortex_pipeline_config *to, const cortex_pipeline_config *from, const char *name)
{
    *to = *from;
    to->name = cortex_xstrdup(name);
    to->include = copy_list(from->include, from->ninclude);
    to->exclude = copy_list(from->exclude, from->nexclude);
    to->plugins = copy_list(from->plugins, from->nplugins);
    to->plugin_marks = from->plugin_marks ? copy_list(from->plugin_marks, from->nplugins) : NULL;
    to->sinks = copy_list(from->sinks, from->nsinks);
    to->overrides = cortex_xcalloc(from->noverrides + 1, sizeof *to->overrides);
    for (size_t i = 0; i < from->noverrides; i++) {
        to->overrides[i].extension = cortex_xstrdup(from->overrides[i].extension);
        to->overrides[i].plugin = cortex_xstrdup(from->overrides[i].plugin);
        to->overrides[i].mark = from->overrides[i].mark ? cortex_xstrdup(from->overrides[i].mark) : NULL;
    }
}

/* ---- the document ------------------------------------------------------------------ */

typedef struct doc_target {
    cortex_config *config;
    const cortex_pipeline_config *base; /* what a pipeline starts from: the built-in default */
} doc_target;

static int r_version(parser *p, const yaml_node_t *v, void *t)
{
    (void)t;
    uint64_t n = 0;
    return read_uint(p, v, 1, 1, &n); /* the only version there is */
}

static int r_pipelines(parser *p, const yaml_node_t *v, void *t)
{
    doc_target *d = t;
    int rc = expect(p, v, YAML_MAPPING_NODE, "a mapping of pipeline names to pipelines");
    if (rc) return rc;
    for (yaml_node_pair_t *pair = v->data.mapping.pairs.start; pair < v->data.mapping.pairs.top; pair++) {
        const yaml_node_t *k = yaml_document_get_node(&p->doc, pair->key);
        const yaml_node_t *val = yaml_document_get_node(&p->doc, pair->value);
        if ((rc = expect(p, k, YAML_SCALAR_NODE, "a pipeline name"))) return rc;
        const char *name = scalar(k);
        if (!*name || strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != strlen(name))
            return fail(p, k, "a pipeline name is letters, digits, '-' and '_', not \"%s\"", name);
        /* A name given twice replaces the earlier one (the built-in default included). */
        cortex_pipeline_config *c = NULL;
        for (size_t i = 0; i < d->config->npipelines; i++)
            if (strcmp(d->config->pipelines[i].name, name) == 0) c = &d->config->pipelines[i];
        if (c) {
            pipeline_free(c);
        } else {
            d->config->pipelines = cortex_xrealloc(d->config->pipelines, (d->config->npipelines + 1) * sizeof *c);
            c = &d->config->pipelines[d->config->npipelines++];
        }
        pipeline_copy(c, d->base, name);
        size_t len = push_key(p, name);
        if (val->type == YAML_SCALAR_NODE && !*scalar(val)) /* `docs:` with nothing: the defaults */
            rc = 0;
        else
            rc = read_mapping(p, val, pipeline_rules, c);
        pop_key(p, len);
        if (rc) return rc;
    }
    return 0;
}

static int r_disable(parser *p, const yaml_node_t *v, void *t)
{
    doc_target *d = t;
    return read_strings(p, v, known_groups, &d->config->mcp_disable, &d->config->nmcp_disable);
}
static int r_tools(parser *p, const yaml_node_t *v, void *t)
{
    doc_target *d = t;
    return read_choice(p, v, known_profiles, &d->config->mcp_tools);
}
static const key_rule mcp_rules[] = {{"disable", r_disable}, {"tools", r_tools}, {NULL, NULL}};
static int r_mcp(parser *p, const yaml_node_t *v, void *t) { return read_mapping(p, v, mcp_rules, t); }

static const char *const known_roles[] = {"source", "test", "example", "vendored", "generated", "changelog", NULL};

static void free_path_roles(cortex_config *c)
{
    for (size_t i = 0; i < c->npath_roles; i++) free(c->path_roles[i].glob), free(c->path_roles[i].role);
    free(c->path_roles);
    c->path_roles = NULL;
    c->npath_roles = 0;
}

/* ranking.paths: a mapping of path globs to roles, kept in order */
static int r_paths(parser *p, const yaml_node_t *v, void *t)
{
    cortex_config *c = ((doc_target *)t)->config;
    int rc = expect(p, v, YAML_MAPPING_NODE, "a mapping of path globs to roles");
    if (rc) return rc;
    free_path_roles(c);
    c->path_roles = cortex_xcalloc((size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start) + 1, sizeof *c->path_roles);
    for (yaml_node_pair_t *pair = v->data.mapping.pairs.start; pair < v->data.mapping.pairs.top; pair++) {
        const yaml_node_t *k = yaml_document_get_node(&p->doc, pair->key);
        const yaml_node_t *val = yaml_document_get_node(&p->doc, pair->value);
        if ((rc = expect(p, k, YAML_SCALAR_NODE, "a path glob"))) return rc;
        if (!*scalar(k)) return fail(p, k, "an empty glob");
        size_t len = push_key(p, scalar(k));
        char *role = NULL;
        rc = read_choice(p, val, known_roles, &role);
        pop_key(p, len);
        if (rc) return rc;
        c->path_roles[c->npath_roles].glob = cortex_xstrdup(scalar(k));
        c->path_roles[c->npath_roles++].role = role;
    }
    return 0;
}
static const key_rule ranking_rules[] = {{"paths", r_paths}, {NULL, NULL}};
static int r_ranking(parser *p, const yaml_node_t *v, void *t) { return read_mapping(p, v, ranking_rules, t); }

/* What the key rules cannot see, checked over the whole document first: a
 * key given twice (YAML forbids it; libyaml keeps both and the last would
 * win silently) and a tag of ours the document does not define (`!foo`). */
/* Deeper than any configuration needs; a bound keeps the checks' recursion
 * off the end of the stack on a hostile file. */
#define MAX_DEPTH 64

static int check_node(parser *p, const yaml_node_t *n, unsigned char *seen, int depth)
{
    if (depth > MAX_DEPTH) return fail(p, n, "nested deeper than %d levels", MAX_DEPTH);
    /* An alias is the very node it names: each node is checked once, so an
     * anchor holding an alias of itself ends, and repeated aliases cannot
     * multiply the walk. */
    size_t at = (size_t)(n - p->doc.nodes.start);
    if (seen[at]) return 0;
    seen[at] = 1;
    const char *tag = (const char *)n->tag;
    if (tag && strncmp(tag, "tag:yaml.org,2002:", 18) != 0) return fail(p, n, "unknown tag \"%s\"", tag);
    if (n->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
            int rc = check_node(p, yaml_document_get_node(&p->doc, *it), seen, depth + 1);
            if (rc) return rc;
        }
    } else if (n->type == YAML_MAPPING_NODE) {
        for (yaml_node_pair_t *a = n->data.mapping.pairs.start; a < n->data.mapping.pairs.top; a++) {
            const yaml_node_t *k = yaml_document_get_node(&p->doc, a->key);
            int rc = check_node(p, k, seen, depth + 1);
            if (!rc) rc = check_node(p, yaml_document_get_node(&p->doc, a->value), seen, depth + 1);
            if (rc) return rc;
            if (k->type != YAML_SCALAR_NODE) continue;
            for (yaml_node_pair_t *b = n->data.mapping.pairs.start; b < a; b++) {
                const yaml_node_t *first = yaml_document_get_node(&p->doc, b->key);
                if (first->type == YAML_SCALAR_NODE && first->data.scalar.length == k->data.scalar.length &&
                    memcmp(first->data.scalar.value, k->data.scalar.value, k->data.scalar.length) == 0)
                    return fail(p, k, "duplicate key \"%s\" (first at line %zu)", scalar(k), first->start_mark.line + 1);
            }
        }
    }
    return 0;
}

static const key_rule top_rules[] = {
    {"version", r_version}, {"pipelines", r_pipelines}, {"mcp", r_mcp}, {"ranking", r_ranking}, {NULL, NULL}};

static int parse_into(cortex_config *c, const char *text, size_t len, const char *name, const cortex_pipeline_config *base)
{
    yaml_parser_t yp;
    if (!yaml_parser_initialize(&yp)) return cortex_error_set(CORTEX_ENOMEM, "%s: cannot start the YAML parser", name);
    yaml_parser_set_input_string(&yp, (const unsigned char *)text, len);
    parser p = {.name = name};
    int rc = 0;
    if (!yaml_parser_load(&yp, &p.doc)) {
        rc = cortex_error_set(CORTEX_EINVALID, "%s:%zu:%zu: YAML syntax error: %s%s%s", name, yp.problem_mark.line + 1,
                              yp.problem_mark.column + 1, yp.problem ? yp.problem : "unreadable",
                              yp.context ? " " : "", yp.context ? yp.context : "");
        yaml_parser_delete(&yp);
        return rc;
    }
    yaml_node_t *root = yaml_document_get_root_node(&p.doc);
    doc_target target = {c, base};
    if (root) {
        unsigned char *seen = cortex_xcalloc((size_t)(p.doc.nodes.top - p.doc.nodes.start), 1);
        rc = check_node(&p, root, seen, 0);
        free(seen);
    }
    if (!rc && root && !(root->type == YAML_SCALAR_NODE && !*scalar(root))) rc = read_mapping(&p, root, top_rules, &target);
    if (!rc && root) {
        /* A second document would be ignored: the file means something else than it reads. */
        yaml_document_t next;
        if (!yaml_parser_load(&yp, &next)) {
            rc = cortex_error_set(CORTEX_EINVALID, "%s:%zu:%zu: YAML syntax error: %s", name, yp.problem_mark.line + 1,
                                  yp.problem_mark.column + 1, yp.problem ? yp.problem : "unreadable");
        } else {
            yaml_node_t *extra = yaml_document_get_root_node(&next);
            if (extra)
                rc = cortex_error_set(CORTEX_EINVALID, "%s:%zu:%zu: a second YAML document; the configuration is one",
                                      name, next.start_mark.line + 1, next.start_mark.column + 1);
            yaml_document_delete(&next);
        }
    }
    yaml_document_delete(&p.doc);
    yaml_parser_delete(&yp);
    return rc;
}

/* The built-in default pipeline, before any file is read. */
static void builtin_base(cortex_pipeline_config *base)
{
    memset(base, 0, sizeof *base);
    base->name = cortex_xstrdup("default");
    base->max_file_size = 1048576;
    base->max_line_length = 16384;
    base->parse_seconds = 10;
    static const char *const sinks[] = {"sqlite", "jsonl", "chunks"};
    base->sinks = copy_list((char **)sinks, 3);
    base->nsinks = 3;
    base->chunk_tokens = 400;
    base->chunk_overlap = 50;
    base->shard_files = 256;
    base->include = copy_list(NULL, 0);
    base->exclude = copy_list(NULL, 0);
    base->plugins = copy_list(NULL, 0);
    base->overrides = cortex_xcalloc(1, sizeof *base->overrides);
}

int cortex_config_parse(cortex_config *out, const char *text, size_t len, const char *name)
{
    memset(out, 0, sizeof *out);
    out->source = cortex_xstrdup(name);
    out->mcp_disable = cortex_xcalloc(1, sizeof *out->mcp_disable);
    out->mcp_tools = cortex_xstrdup("full");
    cortex_pipeline_config base;
    builtin_base(&base);
    /* The built-in file first (it defines "default"), then the repository's. */
    int rc = parse_into(out, cortex_config_default, strlen(cortex_config_default), BUILTIN_NAME, &base);
    if (rc == 0 && out->npipelines > 0) {
        pipeline_free(&base);
        pipeline_copy(&base, &out->pipelines[0], "default");
    }
    if (rc == 0 && text) rc = parse_into(out, text, len, name, &base);
    pipeline_free(&base);
    if (rc) cortex_config_dispose(out);
    return rc;
}

int cortex_config_load(cortex_config *out, const char *root)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/.cortex/config.yml", root);
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno != ENOENT) return cortex_error_set(CORTEX_EIO, "%s: %s", path, strerror(errno));
        return cortex_config_parse(out, NULL, 0, BUILTIN_NAME);
    }
    cortex_buf text = {0};
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) cortex_buf_add(&text, chunk, n);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        cortex_buf_free(&text);
        return cortex_error_set(CORTEX_EIO, "%s: cannot read", path);
    }
    int rc = cortex_config_parse(out, text.data ? text.data : "", text.len, path);
    cortex_buf_free(&text);
    return rc;
}

void cortex_config_dispose(cortex_config *c)
{
    for (size_t i = 0; i < c->npipelines; i++) pipeline_free(&c->pipelines[i]);
    free(c->pipelines);
    for (char **s = c->mcp_disable; s && *s; s++) free(*s);
    free(c->mcp_disable);
    free(c->mcp_tools);
    free_path_roles(c);
    free(c->source);
    memset(c, 0, sizeof *c);
}

const cortex_pipeline_config *cortex_config_pipeline(const cortex_config *c, const char *name)
{
    if (!name) name = "default";
    for (size_t i = 0; i < c->npipelines; i++)
        if (strcmp(c->pipelines[i].name, name) == 0) return &c->pipelines[i];
    cortex_buf names = {0};
    for (size_t i = 0; i < c->npipelines; i++) cortex_buf_printf(&names, "%s%s", i ? ", " : "", c->pipelines[i].name);
    cortex_error_set(CORTEX_ENOTFOUND, "%s: no pipeline named \"%s\" (defined: %s)", c->source, name, names.data ? names.data : "none");
    cortex_buf_free(&names);
    return NULL;
}

static json_t *strings_json(char **list, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++) json_array_append_new(a, json_string(list[i]));
    return a;
}

json_t *cortex_config_json(const cortex_config *c)
{
    json_t *pipelines = json_object();
    for (size_t i = 0; i < c->npipelines; i++) {
        const cortex_pipeline_config *p = &c->pipelines[i];
        json_t *ext = json_object();
        for (size_t k = 0; k < p->noverrides; k++) json_object_set_new(ext, p->overrides[k].extension, json_string(p->overrides[k].plugin));
        json_object_set_new(pipelines, p->name,
                            json_pack("{s:o,s:o,s:o,s:o,s:{s:I,s:I,s:f},s:i,s:o,s:{s:i,s:i},s:I}", "include", strings_json(p->include, p->ninclude),
                                      "exclude", strings_json(p->exclude, p->nexclude), "plugins",
                                      strings_json(p->plugins, p->nplugins), "extensions", ext, "limits", "max_file_size",
                                      (json_int_t)p->max_file_size, "max_line_length", (json_int_t)p->max_line_length,
                                      "parse_seconds", p->parse_seconds, "threads", (int)p->threads, "sinks",
                                      strings_json(p->sinks, p->nsinks), "chunks", "tokens", (int)p->chunk_tokens,
                                      "overlap", (int)p->chunk_overlap, "shard_files", (json_int_t)p->shard_files));
    }
    json_t *paths = json_object();
    for (size_t i = 0; i < c->npath_roles; i++) json_object_set_new(paths, c->path_roles[i].glob, json_string(c->path_roles[i].role));
    return json_pack("{s:s,s:i,s:o,s:{s:o,s:s},s:{s:o}}", "source", c->source, "version", 1, "pipelines", pipelines, "mcp",
                     "disable", strings_json(c->mcp_disable, c->nmcp_disable), "tools", c->mcp_tools, "ranking", "paths",
                     paths);
}

/* A plugin a pipeline names that is not loaded: where it was named, and what is loaded. */
static int not_loaded(const cortex_config *c, const cortex_pipeline_config *pl, const char *mark, const char *key,
                      const char *name, const cortex_plugin_set *set)
{
    cortex_buf loaded = {0};
    for (size_t i = 0; i < set->count; i++) cortex_buf_printf(&loaded, "%s%s", i ? ", " : "", set->plugins[i]->name);
    int rc;
    if (mark)
        rc = cortex_error_set(CORTEX_EINVALID, "%s: plugin \"%s\" is not loaded (loaded: %s)", mark, name,
                              loaded.data ? loaded.data : "none");
    else
        rc = cortex_error_set(CORTEX_EINVALID, "%s: pipelines.%s.%s: plugin \"%s\" is not loaded (loaded: %s)", c->source,
                              pl->name, key, name, loaded.data ? loaded.data : "none");
    cortex_buf_free(&loaded);
    return rc;
}

int cortex_config_check_plugins(const cortex_config *c, const cortex_plugin_set *set)
{
    for (size_t p = 0; p < c->npipelines; p++) {
        const cortex_pipeline_config *pl = &c->pipelines[p];
        for (size_t i = 0; i < pl->nplugins; i++)
            if (!cortex_plugin_set_find(set, pl->plugins[i]))
                return not_loaded(c, pl, pl->plugin_marks ? pl->plugin_marks[i] : NULL, "plugins", pl->plugins[i], set);
        for (size_t i = 0; i < pl->noverrides; i++)
            if (!cortex_plugin_set_find(set, pl->overrides[i].plugin))
                return not_loaded(c, pl, pl->overrides[i].mark, "extensions", pl->overrides[i].plugin, set);
    }
    return 0;
}
