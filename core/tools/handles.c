/*
 * Handles (handles.h): ids, unit lists, and a unit's handle object with its
 * byte span, token count and preview read from the file as it is now.
 */
#define _DEFAULT_SOURCE
#include "handles.h"

#include "../util/tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A preview is one line of about this many bytes. */
#define PREVIEW_BYTES 100

static const char *const unit_names[] = {"symbol", "reference", "chunk", "text", "file"};

const char *cortex_unit_type_name(cortex_unit_type type)
{
    return unit_names[type];
}

int cortex_unit_type_of(const char *name)
{
    for (int i = 0; i < (int)(sizeof unit_names / sizeof *unit_names); i++)
        if (name && strcmp(name, unit_names[i]) == 0) return i;
    return -1;
}

cortex_unit *cortex_units_add(cortex_units *list, cortex_unit_type type, const char *file, const char *kind,
                              const char *name, int64_t line, int64_t line_end)
{
    cortex_unit *u = CORTEX_PUSH(list->u, list->n, list->cap);
    *u = (cortex_unit){.type = type, .line = line, .line_end = line_end < line ? line : line_end};
    u->file = cortex_xstrdup(file);
    u->kind = cortex_xstrdup(kind ? kind : unit_names[type]);
    u->name = name ? cortex_xstrdup(name) : NULL;
    cortex_handle_id(u->id, unit_names[type], u->file, u->kind, u->name, u->line, u->line_end);
    return u;
}

void cortex_unit_free(cortex_unit *u)
{
    free(u->file);
    free(u->kind);
    free(u->name);
    free(u->content);
    free(u->qualifier);
    free(u->binding);
    free(u->source_name);
    free(u->source_kind);
}

void cortex_units_free(cortex_units *list)
{
    for (size_t i = 0; i < list->n; i++) cortex_unit_free(&list->u[i]);
    free(list->u);
    *list = (cortex_units){0};
}

static int compare_ids(const void *a, const void *b)
{
    const cortex_unit *const *x = a, *const *y = b;
    int c = strcmp((*x)->id, (*y)->id);
    return c ? c : (*x < *y ? -1 : *x > *y);
}

void cortex_units_dedupe(cortex_units *list)
{
    if (list->n < 2) return;
    /* sorted pointers find the repeats; the list keeps its order */
    cortex_unit **by_id = cortex_xcalloc(list->n, sizeof *by_id);
    for (size_t i = 0; i < list->n; i++) by_id[i] = &list->u[i];
    qsort(by_id, list->n, sizeof *by_id, compare_ids);
    char *drop = cortex_xcalloc(list->n, 1);
    for (size_t i = 1; i < list->n; i++)
        if (strcmp(by_id[i]->id, by_id[i - 1]->id) == 0) {
            /* the later of the two in the list goes; the better rank stays with the kept one */
            cortex_unit *keep = by_id[i - 1], *gone = by_id[i];
            if (cortex_rank_compare(&gone->rank, &keep->rank) < 0) keep->rank = gone->rank;
            drop[gone - list->u] = 1;
            by_id[i] = keep;
        }
    size_t w = 0;
    for (size_t i = 0; i < list->n; i++) {
        if (drop[i]) cortex_unit_free(&list->u[i]);
        else list->u[w++] = list->u[i];
    }
    list->n = w;
    free(drop);
    free(by_id);
}

static int compare_units(const void *a, const void *b)
{
    const cortex_unit *x = a, *y = b;
    int c = cortex_rank_compare(&x->rank, &y->rank);
    if (c) return c;
    if ((c = strcmp(x->file, y->file))) return c;
    if (x->line != y->line) return x->line < y->line ? -1 : 1;
    return strcmp(x->id, y->id);
}

void cortex_units_sort(cortex_units *list)
{
    if (list->n > 1) qsort(list->u, list->n, sizeof *list->u, compare_units);
}

/* `text` on one line: white space runs collapsed, cut at a character boundary near `max` bytes. */
static void one_line(cortex_buf *out, const char *text, size_t max)
{
    int space = 0;
    for (const char *c = text; *c && out->len < max; c++) {
        if (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r') {
            space = out->len > 0;
            continue;
        }
        if (space) cortex_buf_putc(out, ' ');
        space = 0;
        cortex_buf_putc(out, *c);
    }
    if (out->len >= max) {
        while (out->len && ((unsigned char)out->data[out->len - 1] & 0xC0) == 0x80) out->len--;
        if (out->len && (unsigned char)out->data[out->len - 1] >= 0xC0) out->len--;
        out->data[out->len] = '\0';
        cortex_buf_puts(out, "...");
    }
}

json_t *cortex_unit_handle(cortex_reader *s, const cortex_unit *u, int64_t generation, int lean)
{
    /* its bytes on disk now, and the start of its first line for the preview */
    int64_t start = -1, end = -1;
    char *first = cortex_read_lines_at(s->repo->root, u->file, u->line, u->line_end, PREVIEW_BYTES * 2, &start, &end);
    int found = start >= 0;
    if (first) first[strcspn(first, "\n")] = '\0'; /* the preview is its first line */
    size_t bytes = u->content ? strlen(u->content) : found ? (size_t)(end - start) : 0;
    json_t *h =
        json_pack("{s:s,s:o,s:o}", "id", u->id, "file", cortex_text_json(u->file), "kind", cortex_text_json(u->kind));
    if (u->name) json_object_set_new(h, "name", cortex_text_json(u->name));
    json_object_set_new(h, "line_range", json_pack("[I,I]", (json_int_t)u->line, (json_int_t)u->line_end));
    if (found)
        json_object_set_new(h, "span", json_pack("{s:I,s:I}", "start", (json_int_t)start, "end", (json_int_t)end));
    json_object_set_new(h, "token_count", json_integer((json_int_t)cortex_tokens_of(bytes)));
    if (!lean) {
        cortex_buf p = {0};
        cortex_buf_puts(&p, "");
        if (u->type == CORTEX_UNIT_CHUNK && u->content) {
            if (u->name) {
                cortex_buf_puts(&p, u->name);
                cortex_buf_puts(&p, ": ");
            }
            one_line(&p, u->content, PREVIEW_BYTES);
        } else {
            one_line(&p, first ? first : "", PREVIEW_BYTES);
        }
        json_object_set_new(h, "preview", cortex_json_text(p.data, p.len));
        cortex_buf_free(&p);
    }
    json_object_set_new(h, "generation", json_integer((json_int_t)generation));
    free(first);
    return h;
}
