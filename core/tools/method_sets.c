/*
 * Implicit interfaces (CORTEX_PLUGIN_IMPLICIT_INTERFACES, Go): a type
 * implements an interface when its method set holds every method of the
 * interface's. A method set is the methods a type declares and those its
 * embedded fields promote (the `inherit` references made in it), and an
 * interface's are its own and those of the interfaces it embeds. Methods are
 * compared by name and by what their signatures say they return, as
 * written; parameters are not compared (measured against go/types in
 * docs/benchmarks.md).
 */
#include "handlers.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* how deep embedding is followed */
#define EMBED_DEPTH 5

/* A method set: each method's name and what its signature says it returns
 * (the text after its parameter list, spaces collapsed; NULL: unknown). */
typedef struct names {
    char **items;
    char **results;
    size_t n, cap, results_cap;
} names;

/* The text after the parameter list that follows `name` in `sig`, or NULL:
 * `Get(key string) string` -> "string", `Read(p []byte) (n int, err error)`
 * -> "(n int, err error)", `Close()` -> "". Parameter names are left out of
 * the comparison; results are compared as written. */
static char *result_of(const char *sig, const char *name)
{
    if (!sig) return NULL;
    size_t n = strlen(name);
    const char *at = sig;
    while ((at = strstr(at, name)) && at[n] != '(') at += n;
    if (!at) return NULL;
    const char *p = at + n;
    int depth = 0;
    do {
        if (*p == '(') depth++;
        else if (*p == ')') depth--;
        p++;
    } while (*p && depth > 0);
    if (depth) return NULL;
    cortex_buf out = {0};
    int space = 0;
    for (; *p && *p != '{'; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\n') {
            space = out.len > 0;
            continue;
        }
        if (space) cortex_buf_putc(&out, ' ');
        space = 0;
        cortex_buf_putc(&out, *p);
    }
    cortex_buf_putc(&out, '\0');
    return out.data;
}

static int add_method(const char *name, const char *sig, void *payload)
{
    names *s = payload;
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->items[i], name) == 0) return 0;
    size_t at = s->n;
    *CORTEX_PUSH(s->items, s->n, s->cap) = cortex_xstrdup(name);
    cortex_grow((void **)&s->results, &s->results_cap, at + 1, sizeof *s->results);
    s->results[at] = result_of(sig, name);
    return 0;
}

static void names_free(names *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->items[i]);
        free(s->results[i]);
    }
    free(s->items);
    free(s->results);
    memset(s, 0, sizeof *s);
}

typedef struct ids {
    int64_t *items;
    size_t n, cap;
} ids;

static int add_id(int64_t id, void *payload)
{
    ids *s = payload;
    for (size_t i = 0; i < s->n; i++)
        if (s->items[i] == id) return 0;
    *CORTEX_PUSH(s->items, s->n, s->cap) = id;
    return 0;
}

static int add_target(const cortex_store_link *l, void *payload)
{
    return l->to_id ? add_id(l->to_id, payload) : 0;
}

/* The method names of `id` and of what it embeds, transitively. */
static int method_set(names *out, cortex_reader *s, int64_t id)
{
    ids seen = {0};
    add_id(id, &seen);
    int rc = 0;
    /* breadth first over what each type embeds; `seen` grows as it goes */
    for (size_t i = 0, level_end = 1, depth = 0; i < seen.n && !rc; i++) {
        if (i == level_end) {
            level_end = seen.n;
            if (++depth > EMBED_DEPTH) break;
        }
        rc = cortex_store_read_methods(s->db, seen.items[i], add_method, out);
        if (!rc)
            rc = cortex_store_read_links(s->db, CORTEX_STORE_CALLEES, seen.items[i], "inherit",
                                         CORTEX_STORE_LINKS_MEMBERS, add_target, &seen);
    }
    free(seen.items);
    return rc;
}

/* Whether `set` has every method of `needed`, each with the same results
 * where both signatures are known (`Descriptor() ([]byte, []int)` is not
 * `Descriptor() protoreflect.EnumDescriptor`). */
static int holds_all(const names *set, const names *needed)
{
    for (size_t i = 0; i < needed->n; i++) {
        int found = 0;
        for (size_t k = 0; k < set->n && !found; k++)
            found = strcmp(set->items[k], needed->items[i]) == 0 &&
                    (!set->results[k] || !needed->results[i] || strcmp(set->results[k], needed->results[i]) == 0);
        if (!found) return 0;
    }
    return 1;
}

static int add_node(json_t *nodes, cortex_reader *s, int64_t id)
{
    json_t *node = NULL;
    int rc = cortex_store_read_symbol(s->db, id, cortex_symbol_into, &node);
    if (rc) return rc;
    json_object_set_new(node, "depth", json_integer(1));
    json_object_set_new(node, "via", json_string("method set"));
    json_array_append_new(nodes, node);
    return 0;
}

typedef struct embedders {
    cortex_reader *s;
    ids *found;
} embedders;

static int add_embedder(const cortex_store_link *l, void *payload)
{
    return l->from_id ? add_id(l->from_id, payload) : 0;
}

static int kind_into(const cortex_store_symbol *sym, void *payload)
{
    snprintf(payload, 32, "%s", sym->kind);
    return 0;
}

/* Whether definition `id` is an interface: only an interface has implementations by method set. */
static int is_interface(int *out, cortex_reader *s, int64_t id)
{
    char kind[32] = "";
    int rc = cortex_store_read_symbol(s->db, id, kind_into, kind);
    *out = strcmp(kind, "interface") == 0;
    return rc;
}

int cortex_tool_structural_implementations(json_t *nodes, cortex_reader *s, int64_t iface, size_t max)
{
    int interface = 0;
    int rc = is_interface(&interface, s, iface);
    if (rc || !interface) return rc;
    names needed = {0};
    rc = method_set(&needed, s, iface);
    if (rc || needed.n == 0) { /* every type has the empty interface's methods: not listed */
        names_free(&needed);
        return rc;
    }
    /* the types declaring its first method, and those embedding one of them */
    ids candidates = {0};
    rc = cortex_store_read_method_owners(s->db, iface, needed.items[0], add_id, &candidates);
    for (size_t i = 0; i < candidates.n && !rc; i++)
        rc = cortex_store_read_links(s->db, CORTEX_STORE_CALLERS, candidates.items[i], "inherit", 0, add_embedder,
                                     &candidates);
    for (size_t i = 0; i < candidates.n && !rc && json_array_size(nodes) < max; i++) {
        if (candidates.items[i] == iface) continue;
        names have = {0};
        rc = method_set(&have, s, candidates.items[i]);
        if (!rc && holds_all(&have, &needed)) rc = add_node(nodes, s, candidates.items[i]);
        names_free(&have);
    }
    free(candidates.items);
    names_free(&needed);
    return rc;
}

int cortex_tool_structural_interfaces(json_t *nodes, cortex_reader *s, int64_t type, size_t max)
{
    /* an interface's own interfaces are those it embeds, which it says */
    int interface = 0;
    int rc = is_interface(&interface, s, type);
    if (rc || interface) return rc;
    names have = {0};
    ids interfaces = {0};
    rc = method_set(&have, s, type);
    if (!rc && have.n) rc = cortex_store_read_interfaces(s->db, type, add_id, &interfaces);
    for (size_t i = 0; i < interfaces.n && !rc && json_array_size(nodes) < max; i++) {
        if (interfaces.items[i] == type) continue;
        names needed = {0};
        rc = method_set(&needed, s, interfaces.items[i]);
        if (!rc && needed.n && holds_all(&have, &needed)) rc = add_node(nodes, s, interfaces.items[i]);
        names_free(&needed);
    }
    free(interfaces.items);
    names_free(&have);
    return rc;
}
