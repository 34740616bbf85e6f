/*
 * Embedded regions: what a plugin's embedded_regions hook reports, kept when
 * it is in order and in bounds, with each region's start and end points, then
 * grouped by language for the extractor to parse (see regions.h).
 */
#include "regions.h"

#include "../util/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cortex_regions {
    const cortex_language_plugin *plugin; /* the hook's: its set names the regions' plugins */
    const char *src;
    size_t len;
    struct {
        char language[64];
        TSRange range;
        int done; /* handed out */
    } items[CORTEX_REGIONS_MAX];
    uint32_t count;
    uint32_t next;         /* the first item not handed out */
    uint32_t row, col, at; /* the point of byte `at`, advanced as regions arrive in order */
};

static TSPoint point_at(cortex_regions *l, uint32_t byte)
{
    if (byte < l->at) l->row = l->col = l->at = 0;
    for (; l->at < byte; l->at++) {
        if (l->src[l->at] == '\n') {
            l->row++;
            l->col = 0;
        } else {
            l->col++;
        }
    }
    return (TSPoint){l->row, l->col};
}

static void add_region(const char *language, uint32_t start, uint32_t end, void *payload)
{
    cortex_regions *l = payload;
    /* Out of order, overlapping or out of bounds: the plugin is wrong; drop it. */
    uint32_t prev_end = l->count ? l->items[l->count - 1].range.end_byte : 0;
    if (!language || l->count == CORTEX_REGIONS_MAX || start >= end || end > l->len || start < prev_end) return;
    snprintf(l->items[l->count].language, sizeof l->items[l->count].language, "%s", language);
    TSRange *r = &l->items[l->count].range;
    r->start_byte = start;
    r->start_point = point_at(l, start);
    r->end_byte = end;
    r->end_point = point_at(l, end);
    l->count++;
}

void cortex_regions_find(cortex_regions **out, const cortex_language_plugin *p, const char *path, const char *src,
                         size_t len)
{
    cortex_regions *l = cortex_xcalloc(1, sizeof *l);
    l->plugin = p;
    l->src = src;
    l->len = len;
    p->embedded_regions(path, src, len, add_region, l);
    *out = l;
}

int cortex_regions_next(cortex_regions *l, const cortex_language_plugin **inner, TSRange *ranges, uint32_t *n)
{
    while (l->next < l->count && l->items[l->next].done) l->next++;
    if (l->next >= l->count) return 0;
    const char *language = l->items[l->next].language;
    const cortex_language_plugin *p = l->plugin->set ? cortex_plugin_set_find(l->plugin->set, language) : NULL;
    *n = 0;
    for (uint32_t k = l->next; k < l->count; k++)
        if (!l->items[k].done && strcmp(l->items[k].language, language) == 0) {
            ranges[(*n)++] = l->items[k].range;
            l->items[k].done = 1;
        }
    /* a region plugin must parse the region itself, not hand it on */
    *inner = p && p->language && !p->embedded_regions ? p : NULL;
    return 1;
}

void cortex_regions_free(cortex_regions *l) { free(l); }
