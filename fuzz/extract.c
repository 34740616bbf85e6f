/*
 * Fuzz target: one file's extraction through a real language plugin, as an
 * index run does it: parse, the plugin's queries, derivation, chunking, and
 * the JSON lines the index is written as (each must parse back).
 * $CORTEX_FUZZ_PLUGIN names the plugin, so each language keeps a corpus of
 * its own; without it the first byte picks one, so a short run meets all.
 */
#include "index/source.h"
#include "extract/docs.h"
#include "record/owners.h"
#include "record/record_json.h"
#include "util/error.h"

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cortex_plugin_set *set;
static const cortex_language_plugin *chosen;
static cortex_extractor *x;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    /* Lazily: a plugin's queries compile when it is first used, as in an
     * index run, so a run of one language does not wait for all of them. */
    cortex_plugin_set_load_lazy(&set, BUILD_PLUGIN_DIR);
    if (set->count == 0) {
        fprintf(stderr, "fuzz_extract: no plugins in %s\n", BUILD_PLUGIN_DIR);
        abort();
    }
    const char *name = getenv("CORTEX_FUZZ_PLUGIN");
    if (name && *name && !(chosen = cortex_plugin_set_find(set, name))) {
        fprintf(stderr, "fuzz_extract: no plugin \"%s\" in %s\n", name, BUILD_PLUGIN_DIR);
        abort();
    }
    /* web hands its regions to the other plugins: their queries compile here,
     * not within an input's time limit. */
    int all = !chosen || strcmp(chosen->name, "web") == 0;
    for (size_t i = 0; i < set->count; i++)
        if ((all || set->plugins[i] == chosen) && cortex_plugin_queries(set->plugins[i]) != 0) {
            fprintf(stderr, "fuzz_extract: %s\n", cortex_error_last());
            abort();
        }
    /* A time limit as an index run has: a parse that hits it is an answer, not a hang. */
    cortex_extractor_new(&x, &(cortex_extract_limits){2.0, 0});
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const cortex_language_plugin *p = chosen;
    if (!p) {
        if (size < 1) return 0;
        p = set->plugins[data[0] % set->count];
        data++, size--;
    }
    cortex_file_records r;
    memset(&r, 0, sizeof r);
    r.path = "fuzz/input";
    r.lang = p->name;
    cortex_source_describe(&r, (const char *)data, size);
    static const cortex_chunk_options budget = {CORTEX_CHUNK_DEFAULT_TOKENS, CORTEX_CHUNK_DEFAULT_OVERLAP};
    cortex_source_extract(x, p, (const char *)data, size, &budget, &r);
    cortex_buf out = {0};
    /* as the JSONL writes them: owners a reader derives from positions left out */
    int32_t *owners = cortex_xmalloc((r.nsymbols + r.nrefs + 2 * r.ntexts + 1) * sizeof *owners);
    int32_t *callers = owners + r.nsymbols, *text_owners = callers + r.nrefs;
    cortex_records_derive_owners(&r, CORTEX_OWNERS_TEXT_ABOVE, owners, callers, text_owners);
    /* and docs a reader derives from the texts */
    const char **docs = cortex_xmalloc((r.nsymbols + 1) * sizeof *docs);
    cortex_arena scratch = {0};
    int32_t *text_parents = text_owners + r.ntexts;
    cortex_records_read_text_parents(&r, text_owners, text_parents);
    cortex_records_derive_docs(&r, text_parents, &scratch, docs);
    for (size_t k = 0; k < r.nsymbols; k++) {
        cortex_json_symbol_derived d = {owners[k], docs[k], k ? r.symbols[k - 1].col_start : 1};
        cortex_json_symbol_line(&out, &r, &r.symbols[k], &d, 1, "symbol");
    }
    free(docs);
    cortex_arena_reset(&scratch);
    for (size_t k = 0; k < r.nrefs; k++) cortex_json_reference_line(&out, &r, &r.refs[k], callers[k], 1, "reference");
    for (size_t k = 0; k < r.ntexts; k++) cortex_json_text_line(&out, &r, &r.texts[k], text_owners[k], 1, "text");
    free(owners);
    for (size_t k = 0; k < r.nchunks; k++) cortex_json_chunk_line(&out, &r, &r.chunks[k], k + 1, 1, NULL);
    for (size_t at = 0; at < out.len;) {
        const char *nl = memchr(out.data + at, '\n', out.len - at);
        size_t n = nl ? (size_t)(nl - out.data) - at : out.len - at;
        json_error_t err;
        json_t *line = json_loadb(out.data + at, n, 0, &err);
        if (!line) {
            fprintf(stderr, "fuzz_extract: %s wrote a line that is not JSON (%s): %.*s\n", p->name, err.text, (int)n,
                    out.data + at);
            abort();
        }
        json_decref(line);
        at += n + 1;
    }
    cortex_buf_free(&out);
    cortex_file_records_reset(&r);
    return 0;
}
