/* The reference graph read through the store's read API. */
#include "load.h"

#include <string.h>

static const char *const bound_words[] = {"other", "scoped", "import", "type", "inherit", "name"};
static const char *const ref_words[] = {"other", "call", "value", "type", "inherit", "import", "instantiation"};

static uint8_t code_of(const char *word, const char *const *words, size_t n)
{
    for (size_t i = 1; word && i < n; i++)
        if (strcmp(word, words[i]) == 0) return (uint8_t)i;
    return 0;
}

const char *cortex_graph_bound_word(uint8_t label)
{
    return label < sizeof bound_words / sizeof *bound_words ? bound_words[label] : bound_words[0];
}

const char *cortex_graph_ref_word(uint8_t kind)
{
    return kind < sizeof ref_words / sizeof *ref_words ? ref_words[kind] : ref_words[0];
}

uint8_t cortex_graph_bound_code(const char *word)
{
    return code_of(word, bound_words, sizeof bound_words / sizeof *bound_words);
}

uint8_t cortex_graph_ref_code(const char *word) { return code_of(word, ref_words, sizeof ref_words / sizeof *ref_words); }

static int add_edge(const cortex_store_bound_edge *e, void *payload)
{
    cortex_graph_edge_info info = {cortex_graph_bound_code(e->binding), cortex_graph_ref_code(e->kind)};
    cortex_graph_builder_add(payload, e->caller_id, e->target_id, info);
    return 0;
}

int cortex_graph_load(cortex_graph **out, cortex_store_reader *r)
{
    *out = NULL;
    cortex_graph_builder *b = cortex_graph_builder_new();
    int rc = cortex_store_read_bound_edges(r, add_edge, b);
    cortex_graph *g = cortex_graph_build(b);
    if (rc) {
        cortex_graph_free(g);
        return rc;
    }
    *out = g;
    return 0;
}
