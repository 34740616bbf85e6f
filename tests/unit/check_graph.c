/* The graph (core/graph/graph.c) on hand-built graphs: walks by depth with
 * their limits, shortest paths, cycles and reachability; and the same walks
 * over a graph asked for node by node (core/graph/search.c). */
#include "graph/graph.h"
#include "graph/search.h"

#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cortex_graph_edge_info SURE = {1, 0}, GUESS = {2, 0};

/* A graph from "a>b" pairs of one-letter ids ('a' = 97), sure unless upper case. */
static cortex_graph *graph_of(const char *edges)
{
    cortex_graph_builder *b = cortex_graph_builder_new();
    for (const char *p = edges;; p += 4) {
        int guess = p[0] >= 'A' && p[0] <= 'Z';
        cortex_graph_builder_add(b, guess ? p[0] - 'A' + 'a' : p[0], p[2], guess ? GUESS : SURE);
        if (!p[3]) break;
    }
    return cortex_graph_build(b);
}

static int32_t node(const cortex_graph *g, char c) { return cortex_graph_node(g, c); }

/* "b1 c1 d2": each hit's id and depth, in order. */
static const char *hits(const cortex_graph *g, const cortex_graph_walk *w)
{
    static char out[256];
    out[0] = '\0';
    for (size_t i = 0; i < w->nhits; i++) {
        size_t n = strlen(out);
        snprintf(out + n, sizeof out - n, "%s%c%u", i ? " " : "", (char)cortex_graph_id(g, w->hits[i].node),
                 w->hits[i].depth);
    }
    return out;
}

static int only_sure(cortex_graph_edge_info e, void *payload)
{
    (void)payload;
    return e.label == SURE.label;
}

START_TEST(test_graph_walks_by_depth_both_ways)
{
    /* a calls b and c, both call d, d calls e; f calls a */
    cortex_graph *g = graph_of("a>b a>c b>d c>d d>e f>a");
    ck_assert_uint_eq(cortex_graph_node_count(g), 6);
    ck_assert_uint_eq(cortex_graph_edge_count(g), 6);
    int32_t a = node(g, 'a'), d = node(g, 'd');
    cortex_graph_walk w;
    cortex_graph_walk_limits l = {.max_depth = 10};
    cortex_graph_walk_from(&w, g, &a, 1, CORTEX_GRAPH_OUT, &l);
    ck_assert_str_eq(hits(g, &w), "b1 c1 d2 e3");
    ck_assert_int_eq(cortex_graph_id(g, w.hits[2].via), 'b'); /* d reached first from b */
    ck_assert_uint_eq(w.found, 4);
    ck_assert(!w.truncated);
    cortex_graph_walk_dispose(&w);
    l.max_depth = 2;
    cortex_graph_walk_from(&w, g, &d, 1, CORTEX_GRAPH_IN, &l);
    ck_assert_str_eq(hits(g, &w), "b1 c1 a2");
    cortex_graph_walk_dispose(&w);
    cortex_graph_free(g);
}
END_TEST

START_TEST(test_graph_walk_limits_cut_and_say_where)
{
    /* a hub: h is called by five; each of those by one more */
    cortex_graph *g = graph_of("a>h b>h c>h d>h e>h v>a w>b x>c y>d z>e");
    int32_t h = node(g, 'h');
    cortex_graph_walk w;
    cortex_graph_walk_limits l = {.max_depth = 3, .max_per_level = 2};
    cortex_graph_walk_from(&w, g, &h, 1, CORTEX_GRAPH_IN, &l);
    /* two of the first level are kept, and only they are walked on */
    ck_assert_str_eq(hits(g, &w), "a1 b1 v2 w2");
    ck_assert(w.truncated);
    ck_assert_uint_eq(w.truncated_at_depth, 1);
    ck_assert_uint_eq(w.found, 7);
    cortex_graph_walk_dispose(&w);
    cortex_graph_walk_limits total = {.max_depth = 3, .max_results = 5};
    cortex_graph_walk_from(&w, g, &h, 1, CORTEX_GRAPH_IN, &total);
    ck_assert_str_eq(hits(g, &w), "a1 b1 c1 d1 e1");
    ck_assert(w.truncated);
    ck_assert_uint_eq(w.truncated_at_depth, 2); /* all of level 1 fit: level 2 was left */
    cortex_graph_walk_dispose(&w);
    cortex_graph_free(g);
}
END_TEST

START_TEST(test_graph_walk_follows_only_chosen_edges_and_stops_when_cancelled)
{
    /* a -> b sure, a -> c a guess, c -> d sure */
    cortex_graph *g = graph_of("a>b A>c c>d");
    int32_t a = node(g, 'a');
    cortex_graph_walk w;
    cortex_graph_walk_limits l = {.max_depth = 5, .follow = only_sure};
    cortex_graph_walk_from(&w, g, &a, 1, CORTEX_GRAPH_OUT, &l);
    ck_assert_str_eq(hits(g, &w), "b1");
    cortex_graph_walk_dispose(&w);
    atomic_int stop = 1;
    cortex_graph_walk_limits stopped = {.max_depth = 5, .cancel = &stop};
    cortex_graph_walk_from(&w, g, &a, 1, CORTEX_GRAPH_OUT, &stopped);
    ck_assert(w.cancelled);
    ck_assert_uint_eq(w.nhits, 0);
    cortex_graph_walk_dispose(&w);
    cortex_graph_free(g);
}
END_TEST

START_TEST(test_graph_repeated_edges_keep_the_first)
{
    cortex_graph *g = graph_of("A>b a>b");
    ck_assert_uint_eq(cortex_graph_edge_count(g), 1);
    int32_t a = node(g, 'a');
    cortex_graph_walk w;
    cortex_graph_walk_limits l = {.max_depth = 1};
    cortex_graph_walk_from(&w, g, &a, 1, CORTEX_GRAPH_OUT, &l);
    ck_assert_uint_eq(w.hits[0].edge.label, GUESS.label);
    cortex_graph_walk_dispose(&w);
    ck_assert_int_eq(cortex_graph_node(g, 'z'), -1);
    cortex_graph_free(g);
}
END_TEST

START_TEST(test_graph_shortest_path_or_none_within_depth)
{
    /* a long way a-b-c-d-e and a short one a-x-e */
    cortex_graph *g = graph_of("a>b b>c c>d d>e a>x x>e e>a");
    int32_t *path;
    size_t n;
    cortex_graph_walk_limits l = {.max_depth = 5};
    ck_assert_int_eq(cortex_graph_shortest_path(&path, &n, g, node(g, 'a'), node(g, 'e'), &l), 1);
    ck_assert_uint_eq(n, 3);
    ck_assert_int_eq(cortex_graph_id(g, path[0]), 'a');
    ck_assert_int_eq(cortex_graph_id(g, path[1]), 'x');
    ck_assert_int_eq(cortex_graph_id(g, path[2]), 'e');
    free(path);
    l.max_depth = 2;
    ck_assert_int_eq(cortex_graph_shortest_path(&path, &n, g, node(g, 'b'), node(g, 'e'), &l), 0);
    ck_assert_uint_eq(n, 0);
    l.max_depth = 3;
    ck_assert_int_eq(cortex_graph_shortest_path(&path, &n, g, node(g, 'b'), node(g, 'e'), &l), 1);
    ck_assert_uint_eq(n, 4);
    free(path);
    cortex_graph_free(g);
}
END_TEST

START_TEST(test_graph_cycles_are_strongly_connected_components)
{
    /* a<->b, c->d->e->c, f alone with g, h loops on itself, i->a (not in a cycle) */
    cortex_graph *g = graph_of("a>b b>a c>d d>e e>c f>g h>h i>a");
    int32_t *members;
    size_t *starts, ncomp;
    cortex_graph_cycles(g, &members, &starts, &ncomp);
    ck_assert_uint_eq(ncomp, 3);
    char out[64] = "";
    for (size_t k = 0; k < ncomp; k++) {
        if (k) strcat(out, " ");
        for (size_t i = starts[k]; i < starts[k + 1]; i++) {
            size_t len = strlen(out);
            out[len] = (char)cortex_graph_id(g, members[i]);
            out[len + 1] = '\0';
        }
    }
    ck_assert_str_eq(out, "ab cde h");
    free(members);
    free(starts);
    cortex_graph_free(g);
}
END_TEST

START_TEST(test_graph_cycles_of_a_long_chain_need_no_deep_stack)
{
    enum { N = 200000 };
    cortex_graph_builder *b = cortex_graph_builder_new();
    for (int64_t i = 0; i < N; i++) cortex_graph_builder_add(b, i, (i + 1) % N, SURE);
    cortex_graph *g = cortex_graph_build(b);
    int32_t *members;
    size_t *starts, ncomp;
    cortex_graph_cycles(g, &members, &starts, &ncomp);
    ck_assert_uint_eq(ncomp, 1);
    ck_assert_uint_eq(starts[1], N);
    free(members);
    free(starts);
    cortex_graph_free(g);
}
END_TEST

START_TEST(test_graph_reach_marks_what_roots_lead_to)
{
    cortex_graph *g = graph_of("a>b b>c d>e e>d f>a");
    uint8_t reached[8];
    int32_t roots[] = {node(g, 'a')};
    cortex_graph_reach(g, roots, 1, reached);
    char out[16] = "";
    for (size_t i = 0; i < cortex_graph_node_count(g); i++)
        if (reached[i]) out[strlen(out)] = (char)cortex_graph_id(g, (int32_t)i);
    ck_assert_str_eq(out, "abc");
    cortex_graph_free(g);
}
END_TEST

/* ---- search.c: an expander over "a>b" pairs -------------------------------- */

typedef struct pairs {
    const char *edges;
    int asked; /* nodes expanded */
} pairs;

static int expand_pairs(int64_t id, cortex_graph_steps *out, void *payload)
{
    pairs *p = payload;
    p->asked++;
    for (const char *e = p->edges;; e += 4) {
        int guess = e[0] >= 'A' && e[0] <= 'Z';
        int from = guess ? e[0] - 'A' + 'a' : e[0];
        if (from == id) cortex_graph_steps_push(out, (cortex_graph_step){e[2], from * 1000 + e[2], guess ? GUESS : SURE});
        if (!e[3]) break;
    }
    return 0;
}

static const char *reached(const cortex_graph_search *s)
{
    static char out[256];
    out[0] = '\0';
    for (size_t i = 0; i < s->nhits; i++) {
        size_t n = strlen(out);
        snprintf(out + n, sizeof out - n, "%s%c%u<%c", i ? " " : "", (char)s->hits[i].id, s->hits[i].depth, (char)s->hits[i].via);
    }
    return out;
}

static int sure_only(cortex_graph_edge_info e, void *payload)
{
    (void)payload;
    return e.label == SURE.label;
}

START_TEST(test_search_walks_by_depth_each_node_once_by_id)
{
    /* a -> c, a -> b, b -> d, c -> d, d -> a: d once, at depth 2, from b (the lesser) */
    pairs p = {"a>c a>b b>d c>d d>a", 0};
    int64_t start = 'a';
    cortex_graph_walk_limits lim = {3, 0, 0, NULL, NULL, NULL};
    cortex_graph_search s;
    ck_assert_int_eq(cortex_graph_search_from(&s, &start, 1, expand_pairs, &p, &lim), 0);
    ck_assert_str_eq(reached(&s), "b1<a c1<a d2<b");
    ck_assert_uint_eq(s.found, 3);
    ck_assert_int_eq(s.truncated, 0);
    ck_assert_uint_eq(s.hits[2].ref, 'b' * 1000 + 'd');
    cortex_graph_search_dispose(&s);
}
END_TEST

START_TEST(test_search_limits_cut_expand_only_what_is_kept_and_say_where)
{
    pairs p = {"a>b a>c a>d b>e c>f d>g", 0};
    int64_t start = 'a';
    cortex_graph_walk_limits lim = {2, 2, 0, NULL, NULL, NULL};
    cortex_graph_search s;
    ck_assert_int_eq(cortex_graph_search_from(&s, &start, 1, expand_pairs, &p, &lim), 0);
    /* two of a's three neighbours kept; d is not expanded, so g is never seen */
    ck_assert_str_eq(reached(&s), "b1<a c1<a e2<b f2<c");
    ck_assert_uint_eq(s.found, 5);
    ck_assert_int_eq(s.truncated, 1);
    ck_assert_uint_eq(s.truncated_at_depth, 1);
    ck_assert_int_eq(p.asked, 3); /* a, b, c */
    cortex_graph_search_dispose(&s);
    /* a total limit that stops before the last level says the next one was not looked at */
    cortex_graph_walk_limits total = {3, 0, 3, NULL, NULL, NULL};
    ck_assert_int_eq(cortex_graph_search_from(&s, &start, 1, expand_pairs, &p, &total), 0);
    ck_assert_str_eq(reached(&s), "b1<a c1<a d1<a");
    ck_assert_int_eq(s.truncated, 1);
    ck_assert_uint_eq(s.truncated_at_depth, 2);
    cortex_graph_search_dispose(&s);
}
END_TEST

START_TEST(test_search_follows_only_chosen_edges_and_stops_when_cancelled)
{
    pairs p = {"a>b A>c b>d", 0};
    int64_t start = 'a';
    cortex_graph_walk_limits lim = {3, 0, 0, sure_only, NULL, NULL};
    cortex_graph_search s;
    ck_assert_int_eq(cortex_graph_search_from(&s, &start, 1, expand_pairs, &p, &lim), 0);
    ck_assert_str_eq(reached(&s), "b1<a d2<b");
    cortex_graph_search_dispose(&s);
    atomic_int stop = 1;
    cortex_graph_walk_limits cancelled = {3, 0, 0, NULL, NULL, &stop};
    ck_assert_int_eq(cortex_graph_search_from(&s, &start, 1, expand_pairs, &p, &cancelled), 0);
    ck_assert_int_eq(s.cancelled, 1);
    ck_assert_uint_eq(s.nhits, 0);
    cortex_graph_search_dispose(&s);
}
END_TEST

START_TEST(test_search_path_shortest_or_none_within_depth)
{
    pairs p = {"a>b b>c c>d a>e e>d", 0};
    cortex_graph_walk_limits lim = {5, 0, 0, NULL, NULL, NULL};
    cortex_graph_reached *path;
    size_t n;
    int cut;
    ck_assert_int_eq(cortex_graph_search_path(&path, &n, &cut, 'a', 'd', expand_pairs, &p, &lim), 1);
    ck_assert_uint_eq(n, 2); /* a > e > d, not a > b > c > d */
    ck_assert_int_eq((int)path[0].id, 'e');
    ck_assert_int_eq((int)path[1].id, 'd');
    ck_assert_int_eq((int)path[1].via, 'e');
    ck_assert_uint_eq(path[1].ref, 'e' * 1000 + 'd');
    free(path);
    cortex_graph_walk_limits shallow = {1, 0, 0, NULL, NULL, NULL};
    ck_assert_int_eq(cortex_graph_search_path(&path, &n, &cut, 'a', 'd', expand_pairs, &p, &shallow), 0);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(cut, 0);
    /* a bound on the nodes looked at says it stopped the search */
    cortex_graph_walk_limits small = {5, 0, 2, NULL, NULL, NULL};
    ck_assert_int_eq(cortex_graph_search_path(&path, &n, &cut, 'a', 'd', expand_pairs, &p, &small), 0);
    ck_assert_int_eq(cut, 1);
    ck_assert_int_eq(cortex_graph_search_path(&path, &n, &cut, 'd', 'a', expand_pairs, &p, &lim), 0);
}
END_TEST

static Suite *graph_suite(void)
{
    Suite *s = suite_create("graph");
    TCase *tc = tcase_create("graph");
    tcase_add_test(tc, test_graph_walks_by_depth_both_ways);
    tcase_add_test(tc, test_graph_walk_limits_cut_and_say_where);
    tcase_add_test(tc, test_graph_walk_follows_only_chosen_edges_and_stops_when_cancelled);
    tcase_add_test(tc, test_graph_repeated_edges_keep_the_first);
    tcase_add_test(tc, test_graph_shortest_path_or_none_within_depth);
    tcase_add_test(tc, test_graph_cycles_are_strongly_connected_components);
    tcase_add_test(tc, test_graph_cycles_of_a_long_chain_need_no_deep_stack);
    tcase_add_test(tc, test_graph_reach_marks_what_roots_lead_to);
    tcase_add_test(tc, test_search_walks_by_depth_each_node_once_by_id);
    tcase_add_test(tc, test_search_limits_cut_expand_only_what_is_kept_and_say_where);
    tcase_add_test(tc, test_search_follows_only_chosen_edges_and_stops_when_cancelled);
    tcase_add_test(tc, test_search_path_shortest_or_none_within_depth);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(graph_suite());
}
