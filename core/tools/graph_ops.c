/*
 * The `graph` tool: one target's definition, references, callers and
 * callees to a depth, type usages, implementations and what it implements,
 * the files it depends on and that depend on it, the blast radius of a
 * change (impact), and the shortest call path to another. Walks ask the
 * store for each node's links as they reach it (../graph/search.h). Only
 * edges with one target are followed; ambiguous ones are listed apart, at
 * the target, never as certain.
 */
#include "handlers.h"
#include "target.h"

#include "../graph/load.h"
#include "../graph/search.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 10
#define AMBIGUOUS_SHOWN 20
#define SOURCE_LINES_MAX 200
/* nodes a path search may look at before it says it stopped */
#define PATH_NODES_MAX 200000

typedef enum op {
    OP_DEFINITION,
    OP_REFERENCES,
    OP_CALLERS,
    OP_CALLEES,
    OP_DEPENDENCIES,
    OP_DEPENDENTS,
    OP_TYPE_USAGES,
    OP_IMPLEMENTATIONS,
    OP_IMPLEMENTS,
    OP_IMPACT,
    OP_PATH,
    OP_COUNT
} op;

static const char *const op_names[OP_COUNT] = {
    "definition",  "references",      "callers",    "callees", "dependencies", "dependents",
    "type_usages", "implementations", "implements", "impact",  "path",
};

/* The links a walk follows from one node. */
typedef struct expander {
    cortex_reader *s;
    cortex_store_edge_dir dir;
    const char *kind; /* NULL: every kind */
    int files;        /* nodes are files (imports), not definitions */
    unsigned flags;   /* CORTEX_STORE_LINKS_* */
    int status;       /* the first read's failure */
    /* the edges walked, when not every kind the reads return is (NULL: all) */
    int (*follow)(cortex_graph_edge_info edge, void *payload);
    /* the start's callees that are no edge (bound to several definitions or
     * none), kept as its links are read: the walk's first read lists them */
    int64_t apart_of; /* 0: none kept */
    int64_t *apart;   /* their reference ids */
    size_t napart, apart_cap;
} expander;

typedef struct collect {
    cortex_graph_steps *steps;
    cortex_store_edge_dir dir;
    expander *keep; /* the expander keeping the start's references apart, or NULL */
} collect;

/* Whether a callee with no target is one to list apart: ambiguous or unresolved. */
static int listed_apart(const cortex_store_link *l)
{
    if (l->to_id) return 0;
    return !l->binding || strcmp(l->binding, "ambiguous") == 0 || strcmp(l->binding, "unresolved") == 0;
}

static int add_step(const cortex_store_link *l, void *payload)
{
    collect *c = payload;
    if (c->keep && listed_apart(l))
        *CORTEX_PUSH(c->keep->apart, c->keep->napart, c->keep->apart_cap) = l->ref_id;
    /* an edge binds to one definition: a caller's reference to this node, a callee's to another */
    if (l->to_id == 0) return 0;
    int64_t other = c->dir == CORTEX_STORE_CALLERS ? l->from_id : l->to_id;
    if (other == 0) return 0; /* a file's top level */
    cortex_graph_steps_push(
        c->steps,
        (cortex_graph_step){other, l->ref_id, {cortex_graph_bound_code(l->binding), cortex_graph_ref_code(l->kind)}});
    return 0;
}

static int expand(int64_t id, cortex_graph_steps *out, void *payload)
{
    expander *e = payload;
    int start = e->apart_of && id == e->apart_of;
    collect c = {out, e->dir, start ? e : NULL};
    int rc = e->files ? cortex_store_read_file_links(e->s->db, e->dir, id, add_step, &c)
                      : cortex_store_read_links(e->s->db, e->dir, id, e->kind, e->flags, add_step, &c);
    if (rc && !e->status) e->status = rc;
    return rc;
}

/* ---- nodes as results ---------------------------------------------------- */

typedef struct call {
    cortex_reader *s;
    json_t *args;
    int context; /* include_context */
    int64_t context_lines;
    const atomic_int *cancelled;
    cortex_source_files *sources; /* the files context lines were read from, kept for the answer */
} call;

static int file_into(const cortex_store_file *f, void *payload)
{
    *(json_t **)payload = json_pack("{s:o,s:s,s:o,s:i}", "name", cortex_text_json(f->path), "kind", "file", "file",
                                    cortex_text_json(f->path), "line", 1);
    cortex_project_field(*(json_t **)payload, f->project);
    return 0;
}

/* Lines around `line` of `file`, read from disk now. */
static void add_context(const call *c, json_t *item, const char *file, int64_t line)
{
    if (!c->context || !file || line <= 0) return;
    int64_t first = line - c->context_lines > 1 ? line - c->context_lines : 1;
    char *text = c->sources ? cortex_source_files_lines(c->sources, file, first, line + c->context_lines)
                            : cortex_read_lines(c->s->repo->root, file, first, line + c->context_lines);
    if (!text) return;
    json_object_set_new(item, "context", cortex_json_text(text, strlen(text)));
    json_object_set_new(item, "context_line", json_integer(first));
    free(text);
}

/* A node as an item: the definition (or file), its depth, and the edge it
 * was reached through, with the lines around that edge. */
static int node_json(json_t **out, const call *c, const cortex_graph_reached *h, int files, const char *severity)
{
    json_t *node = NULL;
    int rc = files ? cortex_store_read_file_by_id(c->s->db, h->id, file_into, &node)
                   : cortex_store_read_symbol(c->s->db, h->id, cortex_symbol_into, &node);
    if (rc) return rc;
    json_object_set_new(node, "depth", json_integer(h->depth));
    if (severity) json_object_set_new(node, "severity", json_string(severity));
    if (!files && h->ref) {
        cortex_edge_out edge = {c->s->db, NULL};
        if (cortex_store_read_reference(c->s->db, h->ref, cortex_edge_into, &edge) == 0 && edge.edge) {
            add_context(c, edge.edge, json_string_value(json_object_get(edge.edge, "file")),
                        json_integer_value(json_object_get(edge.edge, "line")));
            json_object_set_new(node, "edge", edge.edge);
        }
    }
    *out = node;
    return 0;
}

static int compare_nodes(const void *a, const void *b)
{
    const json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
    json_int_t dx = json_integer_value(json_object_get(x, "depth")),
               dy = json_integer_value(json_object_get(y, "depth"));
    if (dx != dy) return dx < dy ? -1 : 1;
    int c = strcmp(json_string_value(json_object_get(x, "file")), json_string_value(json_object_get(y, "file")));
    if (c) return c;
    json_int_t lx = json_integer_value(json_object_get(x, "line")), ly = json_integer_value(json_object_get(y, "line"));
    return (lx > ly) - (lx < ly);
}

/* The nodes from `first` on, by depth, then file and line: the order a
 * reader expects (the walk's own is by id, which says nothing). */
static void sort_by_place(json_t *nodes, size_t first)
{
    cortex_json_sort(nodes, first, compare_nodes);
}

static int walk(json_t *nodes, const call *c, cortex_graph_search *found, expander *e, const int64_t *starts,
                size_t nstarts, unsigned depth, const char *(*severity)(unsigned depth))
{
    cortex_graph_walk_limits limits = {
        depth,
        (size_t)json_integer_value(json_object_get(c->args, "max_per_level")),
        (size_t)json_integer_value(json_object_get(c->args, "max_results")),
        e->follow, /* NULL: every step: add_step keeps only links bound to one definition */
        NULL,
        c->cancelled};
    int rc = cortex_graph_search_from(found, starts, nstarts, expand, e, &limits);
    if (rc) return rc;
    if (found->cancelled) return cortex_error_set(CORTEX_ECANCELLED, "cancelled");
    size_t first = json_array_size(nodes);
    for (size_t i = 0; i < found->nhits; i++) {
        json_t *node;
        if ((rc = node_json(&node, c, &found->hits[i], e->files, severity ? severity(found->hits[i].depth) : NULL)))
            return rc;
        json_array_append_new(nodes, node);
    }
    sort_by_place(nodes, first);
    return 0;
}

int cortex_tool_reach(json_t **out, size_t *found_count, int *truncated, cortex_tool_ctx *ctx, int64_t id,
                      cortex_store_edge_dir dir, const char *kind, unsigned flags, unsigned depth, size_t max)
{
    json_t *limits = json_pack("{s:I,s:I}", "max_per_level", (json_int_t)max, "max_results", (json_int_t)max);
    call c = {ctx->reader, limits, 0, 0, ctx->cancelled, NULL};
    expander e = {.s = ctx->reader, .dir = dir, .kind = kind, .flags = flags};
    cortex_graph_search found;
    json_t *nodes = json_array();
    int rc = walk(nodes, &c, &found, &e, &id, 1, depth, NULL);
    json_decref(limits);
    *found_count = found.found;
    *truncated = found.truncated;
    cortex_graph_search_dispose(&found);
    if (rc) {
        json_decref(nodes);
        return rc;
    }
    *out = nodes;
    return 0;
}

/* ---- ambiguous references, shown apart -------------------------------- */

/* The start's references that are no edge, as edges: the first few of
 * `ids` (in id order) with their context, and how many there are in all. */
static int add_unbound(json_t *result, const call *c, cortex_store_edge_dir dir, const int64_t *ids, size_t nids,
                       size_t total)
{
    json_t *items = json_array();
    for (size_t i = 0; i < nids && i < AMBIGUOUS_SHOWN; i++) {
        /* the callers' ambiguous references may all name the target: their candidates are its namesakes */
        cortex_edge_out edge = {dir == CORTEX_STORE_CALLERS ? NULL : c->s->db, NULL};
        int rc = cortex_store_read_reference(c->s->db, ids[i], cortex_edge_into, &edge);
        if (rc) {
            json_decref(items);
            return rc;
        }
        add_context(c, edge.edge, json_string_value(json_object_get(edge.edge, "file")),
                    json_integer_value(json_object_get(edge.edge, "line")));
        json_array_append_new(items, edge.edge);
    }
    /* references that may name the target, or that the target makes to a
     * name with several definitions or none: not edges, listed */
    int callers = dir == CORTEX_STORE_CALLERS;
    json_object_set_new(result, callers ? "ambiguous" : "unbound", items);
    json_object_set_new(result, callers ? "ambiguous_total" : "unbound_total", json_integer((json_int_t)total));
    return 0;
}

/* The references bearing the target's name that may call it as well as its
 * namesakes: counted apart from the walk, which follows edges bound to one. */
static int add_ambiguous(json_t *result, const call *c, const cortex_target *t, const char *kind)
{
    int64_t ids[AMBIGUOUS_SHOWN];
    size_t nids, total;
    int rc = cortex_store_read_ambiguous_refs(c->s->db, t->id, kind, ids, AMBIGUOUS_SHOWN, &nids, &total);
    return rc ? rc : add_unbound(result, c, CORTEX_STORE_CALLERS, ids, nids, total);
}

/* ---- the operations --------------------------------------------------- */

static const char *severity_of_call(unsigned depth)
{
    return depth == 1 ? "direct" : "transitive";
}

/* What a change reaches through: calls, values (a callback), instantiations. */
static int uses(cortex_graph_edge_info edge, void *payload)
{
    (void)payload;
    return edge.kind == CORTEX_GRAPH_REF_CALL || edge.kind == CORTEX_GRAPH_REF_VALUE ||
           edge.kind == CORTEX_GRAPH_REF_INSTANTIATION;
}

static const char *reference_kind(const call *c, const char *fallback)
{
    const char *k = json_string_value(json_object_get(c->args, "reference_kind"));
    if (!k) return fallback;
    return strcmp(k, "all") == 0 ? NULL : k;
}

static unsigned depth_of(const call *c, json_t *result)
{
    json_int_t d = json_integer_value(json_object_get(c->args, "depth"));
    if (d < 1) d = 1;
    if (d > MAX_DEPTH) {
        json_object_set_new(result, "note",
                            json_sprintf("depth %lld is over the cap: walked to %d", (long long)d, MAX_DEPTH));
        d = MAX_DEPTH;
    }
    return (unsigned)d;
}

static void finish_walk(json_t *result, json_t *nodes, const cortex_graph_search *found)
{
    json_object_set_new(result, "nodes", nodes);
    json_object_set_new(result, "total_found", json_integer((json_int_t)found->found));
    json_object_set_new(result, "total_returned", json_integer((json_int_t)json_array_size(nodes)));
    json_object_set_new(result, "truncated", json_boolean(found->truncated));
    json_object_set_new(result, "truncated_at_depth", json_integer(found->truncated_at_depth));
}

/* A walk from the target; with `apart`, also the target's references that
 * are no edge, listed apart (ambiguous ones; for callees, unresolved too). */
static int op_walk(json_t *result, const call *c, const cortex_target *t, cortex_store_edge_dir dir, const char *kind,
                   unsigned flags, int depth_one, int apart)
{
    int callers = dir == CORTEX_STORE_CALLERS;
    expander e = {.s = c->s, .dir = dir, .kind = kind, .flags = flags, .apart_of = apart && !callers ? t->id : 0};
    unsigned depth = depth_one ? 1 : depth_of(c, result);
    cortex_graph_search found;
    json_t *nodes = json_array();
    int rc = walk(nodes, c, &found, &e, &t->id, 1, depth, NULL);
    if (!rc) finish_walk(result, nodes, &found);
    else json_decref(nodes);
    cortex_graph_search_dispose(&found);
    if (!rc && apart)
        rc = callers ? add_ambiguous(result, c, t, kind) : add_unbound(result, c, dir, e.apart, e.napart, e.napart);
    free(e.apart);
    return rc;
}

/* The files of the target: the file itself, or every file under the directory. */
typedef struct file_ids {
    int64_t *ids;
    size_t n, cap;
} file_ids;

static int add_file_id(const cortex_store_file *f, void *payload)
{
    file_ids *ids = payload;
    *CORTEX_PUSH(ids->ids, ids->n, ids->cap) = f->id;
    return 0;
}

static int target_files(file_ids *out, const call *c, const cortex_target *t)
{
    memset(out, 0, sizeof *out);
    if (t->kind == CORTEX_TARGET_DIRECTORY) {
        cortex_store_file_filter filter = {.dir = t->path};
        return cortex_store_read_files(c->s->db, &filter, add_file_id, out);
    }
    int64_t id = t->id;
    if (t->kind == CORTEX_TARGET_SYMBOL) {
        int rc = cortex_store_read_symbol_file(&id, c->s->db, t->id);
        if (rc) return rc;
    }
    *CORTEX_PUSH(out->ids, out->n, out->cap) = id;
    return 0;
}

static int op_files(json_t *result, const call *c, const cortex_target *t, cortex_store_edge_dir dir)
{
    file_ids start;
    int rc = target_files(&start, c, t);
    if (rc) return rc;
    expander e = {.s = c->s, .dir = dir, .files = 1};
    cortex_graph_search found;
    json_t *nodes = json_array();
    rc = walk(nodes, c, &found, &e, start.ids, start.n, depth_of(c, result), NULL);
    if (!rc && t->kind == CORTEX_TARGET_DIRECTORY) {
        /* the directory's own files reach each other: not dependencies */
        size_t len = strlen(t->path), kept = 0;
        for (size_t i = 0; i < json_array_size(nodes); i++) {
            json_t *n = json_array_get(nodes, i);
            const char *p = json_string_value(json_object_get(n, "file"));
            if (!(strncmp(p, t->path, len) == 0 && p[len] == '/')) json_array_set(nodes, kept++, n);
        }
        while (json_array_size(nodes) > kept) json_array_remove(nodes, json_array_size(nodes) - 1);
        found.found = kept + (found.found - found.nhits);
    }
    if (!rc) finish_walk(result, nodes, &found);
    else json_decref(nodes);
    cortex_graph_search_dispose(&found);
    free(start.ids);
    return rc;
}

static int op_definition(json_t *result, const call *c, const cortex_target *t)
{
    json_t *def = json_deep_copy(t->chosen);
    if (c->context && t->kind == CORTEX_TARGET_SYMBOL) {
        int64_t first = json_integer_value(json_object_get(def, "line"));
        int64_t last = json_integer_value(json_object_get(def, "line_end"));
        if (last - first + 1 > SOURCE_LINES_MAX) {
            last = first + SOURCE_LINES_MAX - 1;
            json_object_set_new(def, "source_truncated", json_true());
        }
        char *text = cortex_read_lines(c->s->repo->root, t->path, first, last);
        if (text) {
            json_object_set_new(def, "source", cortex_json_text(text, strlen(text)));
            free(text);
        }
    }
    json_t *nodes = json_array();
    json_array_append_new(nodes, def);
    cortex_graph_search none = {0};
    none.found = 1;
    none.nhits = 1;
    finish_walk(result, nodes, &none);
    return 0;
}

static int op_impact(json_t *result, const call *c, const cortex_target *t)
{
    unsigned depth = depth_of(c, result);
    json_t *nodes = json_array(), *groups = json_object();
    size_t found_all = 0;
    int truncated = 0;
    unsigned cut_at = 0;
    struct {
        const char *group, *kind, *severity;
        cortex_store_edge_dir dir;
        unsigned depth;
        int files;
    } parts[] = {
        /* calls and values in one walk: the edge that reached a node says its group */
        {"callers", NULL, NULL, CORTEX_STORE_CALLERS, depth, 0},
        {"type_users", "type", "type-only", CORTEX_STORE_CALLERS, 1, 0},
        {"implementations", "inherit", NULL, CORTEX_STORE_CALLERS, depth, 0},
        {"dependents", NULL, NULL, CORTEX_STORE_CALLERS, 1, 1},
    };
    int rc = 0;
    for (size_t k = 0; k < sizeof parts / sizeof *parts && !rc; k++) {
        expander e = {.s = c->s,
                      .dir = parts[k].dir,
                      .kind = parts[k].kind,
                      .files = parts[k].files,
                      .follow = k == 0 ? uses : NULL};
        cortex_graph_search found;
        json_t *part = json_array();
        file_ids start = {0};
        const int64_t *starts = &t->id;
        size_t nstarts = 1;
        if (parts[k].files) {
            if ((rc = target_files(&start, c, t))) {
                json_decref(part);
                break;
            }
            starts = start.ids;
            nstarts = start.n;
        }
        rc = walk(part, c, &found, &e, starts, nstarts, parts[k].depth, parts[k].severity ? NULL : severity_of_call);
        free(start.ids);
        if (!rc) {
            size_t values = 0;
            for (size_t i = 0; i < json_array_size(part); i++) {
                json_t *n = json_array_get(part, i);
                if (parts[k].severity) json_object_set_new(n, "severity", json_string(parts[k].severity));
                const char *group = parts[k].group;
                json_t *edge = json_object_get(n, "edge");
                if (k == 0 && edge && strcmp(json_string_value(json_object_get(edge, "kind")), "value") == 0) {
                    group = "value_users";
                    values++;
                }
                json_object_set_new(n, "group", json_string(group));
                json_array_append(nodes, n);
            }
            /* the walk of calls and values: each group counts what it kept
             * of those, and the callers what else the walk reached */
            if (k == 0) {
                json_object_set_new(groups, "callers", json_integer((json_int_t)(found.found - values)));
                json_object_set_new(groups, "value_users", json_integer((json_int_t)values));
            } else {
                json_object_set_new(groups, parts[k].group, json_integer((json_int_t)found.found));
            }
            found_all += found.found;
            truncated |= found.truncated;
            if (found.truncated_at_depth && (!cut_at || found.truncated_at_depth < cut_at))
                cut_at = found.truncated_at_depth;
        }
        json_decref(part);
        cortex_graph_search_dispose(&found);
    }
    if (rc) {
        json_decref(nodes);
        json_decref(groups);
        return rc;
    }
    json_object_set_new(result, "groups", groups);
    cortex_graph_search sum = {0};
    sum.found = found_all;
    sum.truncated = truncated;
    sum.truncated_at_depth = cut_at;
    finish_walk(result, nodes, &sum);
    return 0;
}

static int op_path(json_t *result, const call *c, const cortex_target *t)
{
    const char *to_text = json_string_value(json_object_get(c->args, "to"));
    if (!to_text)
        return cortex_error_set(CORTEX_EINVALID, "operation path needs `to`: the definition the path leads to");
    cortex_target to;
    int rc = cortex_target_resolve(&to, c->s, to_text);
    if (rc) return rc;
    json_object_set_new(result, "to", to.chosen ? json_incref(to.chosen) : json_null());
    if (to.kind != CORTEX_TARGET_SYMBOL) {
        if (to.suggestion) json_object_set_new(result, "to_suggestion", json_incref(to.suggestion));
        cortex_target_dispose(&to);
        return cortex_error_set(CORTEX_ENOTFOUND, "`to` (\"%s\") names no definition", to_text);
    }
    unsigned depth = depth_of(c, result);
    expander e = {.s = c->s, .dir = CORTEX_STORE_CALLEES, .kind = reference_kind(c, "call")};
    cortex_graph_walk_limits limits = {depth, 0, PATH_NODES_MAX, NULL, NULL, c->cancelled};
    cortex_graph_reached *hops = NULL;
    size_t n = 0;
    int cut = 0;
    int found = cortex_graph_search_path(&hops, &n, &cut, t->id, to.id, expand, &e, &limits);
    cortex_target_dispose(&to);
    if (found < 0) return found;
    json_t *nodes = json_array();
    for (size_t i = 0; i < n; i++) {
        json_t *node;
        int r2 = node_json(&node, c, &hops[i], 0, NULL);
        if (r2) {
            free(hops);
            json_decref(nodes);
            return r2;
        }
        json_array_append_new(nodes, node);
    }
    free(hops);
    json_object_set_new(result, "found", json_boolean(found == 1));
    if (found != 1)
        json_object_set_new(result, "note",
                            cut ? json_sprintf("no path found among the first %d definitions reached", PATH_NODES_MAX)
                                : json_sprintf("no call path within depth %u", depth));
    cortex_graph_search sum = {0};
    sum.found = json_array_size(nodes);
    sum.truncated = cut;
    finish_walk(result, nodes, &sum);
    return 0;
}

static int same_place(const json_t *a, const json_t *b)
{
    return strcmp(json_string_value(json_object_get(a, "file")), json_string_value(json_object_get(b, "file"))) == 0 &&
           json_integer_value(json_object_get(a, "line")) == json_integer_value(json_object_get(b, "line"));
}

/* Where interfaces are implicit, what method sets say, beside what is declared. */
static int add_structural(json_t *result, const call *c, const cortex_target *t, int implementations)
{
    int implicit = 0;
    int rc = cortex_store_read_implicit_interfaces(&implicit, c->s->db, t->id);
    if (rc || !implicit) return rc;
    json_t *found = json_array();
    size_t max = (size_t)json_integer_value(json_object_get(c->args, "max_results"));
    rc = implementations ? cortex_tool_structural_implementations(found, c->s, t->id, max)
                         : cortex_tool_structural_interfaces(found, c->s, t->id, max);
    json_t *nodes = json_object_get(result, "nodes");
    size_t first = json_array_size(nodes), added = 0;
    for (size_t i = 0; i < json_array_size(found) && !rc; i++) {
        json_t *n = json_array_get(found, i);
        int known = 0;
        for (size_t k = 0; k < first && !known; k++) known = same_place(json_array_get(nodes, k), n);
        if (known || json_array_size(nodes) >= max) continue;
        json_array_append(nodes, n);
        added++;
    }
    json_decref(found);
    if (rc) return rc;
    sort_by_place(nodes, 0);
    json_object_set_new(result, "total_found",
                        json_integer(json_integer_value(json_object_get(result, "total_found")) + (json_int_t)added));
    json_object_set_new(result, "total_returned", json_integer((json_int_t)json_array_size(nodes)));
    return 0;
}

static int run_op(json_t *result, const call *c, op o, const cortex_target *t)
{
    int rc;
    switch (o) {
    case OP_DEFINITION: return op_definition(result, c, t);
    case OP_REFERENCES: return op_walk(result, c, t, CORTEX_STORE_CALLERS, reference_kind(c, NULL), 0, 1, 1);
    case OP_CALLERS: return op_walk(result, c, t, CORTEX_STORE_CALLERS, reference_kind(c, "call"), 0, 0, 1);
    case OP_CALLEES: return op_walk(result, c, t, CORTEX_STORE_CALLEES, reference_kind(c, "call"), 0, 0, 1);
    case OP_TYPE_USAGES: return op_walk(result, c, t, CORTEX_STORE_CALLERS, "type", 0, 1, 1);
    case OP_IMPLEMENTATIONS:
        rc = op_walk(result, c, t, CORTEX_STORE_CALLERS, "inherit", 0, 0, 0);
        return rc ? rc : add_structural(result, c, t, 1);
    case OP_IMPLEMENTS:
        rc = op_walk(result, c, t, CORTEX_STORE_CALLEES, "inherit", CORTEX_STORE_LINKS_MEMBERS, 0, 0);
        return rc ? rc : add_structural(result, c, t, 0);
    case OP_DEPENDENCIES: return op_files(result, c, t, CORTEX_STORE_CALLEES);
    case OP_DEPENDENTS: return op_files(result, c, t, CORTEX_STORE_CALLERS);
    case OP_IMPACT: return op_impact(result, c, t);
    case OP_PATH: return op_path(result, c, t);
    case OP_COUNT: break;
    }
    return cortex_error_set(CORTEX_EINVALID, "unknown operation");
}

int cortex_tool_graph(json_t **out, cortex_tool_ctx *ctx, json_t *args)
{
    const char *name = json_string_value(json_object_get(args, "operation"));
    op o = OP_COUNT;
    for (int i = 0; i < OP_COUNT; i++)
        if (strcmp(name, op_names[i]) == 0) o = (op)i;
    if (o == OP_COUNT) return cortex_error_set(CORTEX_EINVALID, "unknown operation \"%s\"", name);
    const char *text = json_string_value(json_object_get(args, "target"));
    call c = {ctx->reader, args, json_is_true(json_object_get(args, "include_context")),
              json_integer_value(json_object_get(args, "context_lines")), ctx->cancelled, NULL};
    cortex_target t;
    int rc = cortex_target_resolve(&t, ctx->reader, text);
    if (rc) return rc;
    if (c.context) c.sources = cortex_source_files_new(ctx->reader->repo->root);
    json_t *result = json_pack("{s:s,s:o,s:O}", "operation", name, "target",
                               t.chosen ? json_incref(t.chosen) : json_null(), "candidates", t.candidates);
    int files_op = o == OP_DEPENDENCIES || o == OP_DEPENDENTS;
    if (t.kind == CORTEX_TARGET_NONE) {
        /* nothing by that name: an empty answer with the names near it */
        json_object_set_new(result, "suggestion", t.suggestion ? json_incref(t.suggestion) : json_array());
        cortex_graph_search none = {0};
        finish_walk(result, json_array(), &none);
    } else if (t.kind != CORTEX_TARGET_SYMBOL && !files_op && o != OP_DEFINITION && o != OP_IMPACT) {
        rc = cortex_error_set(CORTEX_EINVALID,
                              "\"%s\" is a %s; %s takes a definition (a name, Class.method, or file:line), and "
                              "dependencies/dependents take files and directories",
                              text, t.kind == CORTEX_TARGET_FILE ? "file" : "directory", name);
    } else if (t.kind != CORTEX_TARGET_SYMBOL && o == OP_IMPACT) {
        rc = op_files(result, &c, &t, CORTEX_STORE_CALLERS);
    } else {
        rc = run_op(result, &c, o, &t);
    }
    cortex_target_dispose(&t);
    cortex_source_files_free(c.sources);
    if (rc) {
        json_decref(result);
        return rc;
    }
    *out = result;
    return 0;
}
