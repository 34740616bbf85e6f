/* The graph (core/graph/graph.c) on hand-built graphs: walks by depth with
 * their limits, shortest paths, cycles and reachability. */
#include "graph/graph.h"

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
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(graph_suite());
}
