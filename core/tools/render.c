/*
 * Results as compact text: one line per item, for agents that count tokens
 * (format: "text") and for people at a terminal. The generic renderer knows
 * the item shapes every list tool shares; explore, flush_index, graph,
 * analysis and the handle tools have their own.
 */
#include "handlers.h"

#include "../util/json_dump.h"

#include <stdlib.h>
#include <string.h>

static const char *str(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

static long long num(const json_t *o, const char *key)
{
    return (long long)json_integer_value(json_object_get(o, key));
}

static void indented(cortex_buf *out, const char *text)
{
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        cortex_buf_puts(out, "    ");
        cortex_buf_add(out, p, n);
        cortex_buf_putc(out, '\n');
        p += n;
        if (*p) p++;
    }
}

static void location(cortex_buf *out, const json_t *item)
{
    cortex_buf_printf(out, "%s:%lld", str(item, "file"), num(item, "line"));
    if (json_object_get(item, "line_end") && num(item, "line_end") != num(item, "line"))
        cortex_buf_printf(out, "-%lld", num(item, "line_end"));
}

/* The lines alone, when the answer is about one file and says which once. */
static void lines(cortex_buf *out, const json_t *item)
{
    cortex_buf_printf(out, "%lld", num(item, "line"));
    if (json_object_get(item, "line_end") && num(item, "line_end") != num(item, "line"))
        cortex_buf_printf(out, "-%lld", num(item, "line_end"));
}

/* A definition's parent goes without saying when its qualified name starts with it. */
static int parent_implied(const json_t *item)
{
    const char *name = str(item, "name"), *parent = str(item, "parent");
    size_t n = parent ? strlen(parent) : 0;
    return name && parent && strncmp(name, parent, n) == 0 && name[n] == '.';
}

static void target_text(cortex_buf *out, const json_t *t)
{
    cortex_buf_printf(out, "%s %s %s:%lld", str(t, "kind"), str(t, "name"), str(t, "file"), num(t, "line"));
}

/* Which of the answer's definitions `t` is (1-based), or 0. */
static size_t definition_number(const json_t *defs, const json_t *t)
{
    size_t i;
    const json_t *d;
    json_array_foreach(defs, i, d) if (num(d, "line") == num(t, "line") && str(d, "file") && str(t, "file") &&
                                       strcmp(str(d, "file"), str(t, "file")) == 0 && str(d, "name") &&
                                       str(t, "name") && strcmp(str(d, "name"), str(t, "name")) == 0) return i +
        1;
    return 0;
}

/* A target or candidate: the number of one of the answer's definitions
 * (listed once above the references), else written out. */
static void target_or_number(cortex_buf *out, const json_t *defs, const json_t *t)
{
    size_t k = definition_number(defs, t);
    if (k) cortex_buf_printf(out, "[%zu]", k);
    else target_text(out, t);
}

/* One reference: where (line and column; the file once for a run of
 * references in one file), what, in which function, how it was bound, and
 * what it binds to or may: one of the answer's `defs` by its number (nothing
 * when there is only one: a bound reference can bind to nothing else). */
static void render_edge(cortex_buf *out, const json_t *item, const json_t *defs, const char **last_file)
{
    const char *file = str(item, "file");
    if (*last_file && strcmp(*last_file, file) == 0) {
        cortex_buf_printf(out, "  %lld:%lld", num(item, "line"), num(item, "col"));
    } else {
        cortex_buf_printf(out, "%s:%lld:%lld", file, num(item, "line"), num(item, "col"));
        *last_file = file;
    }
    cortex_buf_printf(out, " %s %s%s%s", str(item, "kind"), str(item, "qualifier") ? str(item, "qualifier") : "",
                      str(item, "qualifier") ? "." : "", str(item, "name"));
    /* the function it is made in, unless that is the one definition the answer is about (callees) */
    const char *caller = str(item, "caller");
    const json_t *only = json_array_size(defs) == 1 ? json_array_get(defs, 0) : NULL;
    if (!(caller && only && str(only, "name") && strcmp(caller, str(only, "name")) == 0))
        cortex_buf_printf(out, " in %s", caller ? caller : "(top level)");
    cortex_buf_printf(out, " [%s]", str(item, "binding"));
    const json_t *t = json_object_get(item, "target");
    if (json_is_object(t) && !(json_array_size(defs) == 1 && definition_number(defs, t) == 1)) {
        cortex_buf_puts(out, " -> ");
        target_or_number(out, defs, t);
    }
    /* an ambiguous one: its first candidates that are among the answer's
     * definitions, by number, and how many more it may name (namesakes not
     * asked about, left to structuredContent); with no definitions listed,
     * the first candidates written out */
    const json_t *cands = json_object_get(item, "candidates");
    long long total = num(item, "candidates_total"), shown = 0;
    for (size_t i = 0; i < json_array_size(cands); i++) {
        const json_t *c = json_array_get(cands, i);
        if (json_array_size(defs) && !definition_number(defs, c)) continue;
        cortex_buf_puts(out, shown++ ? ", " : " -> one of ");
        target_or_number(out, defs, c);
    }
    if (total > shown)
        cortex_buf_printf(out, shown ? " (+%lld more)" : " -> one of %lld definitions of the name", total - shown);
    cortex_buf_putc(out, '\n');
}

/* A symbol or a search hit: `file` is the answer's own file (its lines alone
 * then) or NULL. Every field of the item is written but `project`, which its
 * path says (a nested project's files are under its directory). */
static void render_item(cortex_buf *out, const json_t *item, const char *file)
{
    if (json_object_get(item, "resolved")) { /* an import of the answer's file */
        cortex_buf_printf(out, "%lld: %s", num(item, "line"), str(item, "name"));
        if (str(item, "alias")) cortex_buf_printf(out, " as %s", str(item, "alias"));
        if (str(item, "origin")) cortex_buf_printf(out, " (%s)", str(item, "origin"));
        if (str(item, "resolved")) cortex_buf_printf(out, " -> %s", str(item, "resolved"));
        cortex_buf_putc(out, '\n');
        return;
    }
    if (file && str(item, "file") && strcmp(file, str(item, "file")) == 0) lines(out, item);
    else location(out, item);
    cortex_buf_printf(out, " %s", str(item, "kind"));
    if (str(item, "name") && !(str(item, "type") && strcmp(str(item, "type"), "file") == 0))
        cortex_buf_printf(out, " %s", str(item, "name"));
    if (str(item, "sig")) cortex_buf_printf(out, "  %s", str(item, "sig"));
    if (str(item, "parent") && !parent_implied(item)) cortex_buf_printf(out, " (in %s)", str(item, "parent"));
    if (str(item, "visibility")) cortex_buf_printf(out, " [%s]", str(item, "visibility"));
    cortex_buf_putc(out, '\n');
    /* The doc, unless the snippet shows it already (a docstring inside the definition). */
    const char *doc = str(item, "doc"), *snippet = str(item, "snippet");
    if (doc && !(snippet && strstr(snippet, doc))) indented(out, doc);
    if (snippet) indented(out, snippet);
}

void cortex_render_freshness(const json_t *result, cortex_buf *out)
{
    const json_t *index = json_object_get(result, "index");
    static const char *const lists[][2] = {{"stale", "changed on disk since indexed (flush_index re-indexes):"},
                                           {"refreshed", "re-indexed before answering:"}};
    for (size_t k = 0; k < 2; k++) {
        const json_t *files = json_object_get(index, lists[k][0]);
        if (json_array_size(files) == 0) continue;
        cortex_buf_puts(out, lists[k][1]);
        size_t i;
        json_t *p;
        json_array_foreach(files, i, p) cortex_buf_printf(out, " %s", json_string_value(p));
        cortex_buf_putc(out, '\n');
    }
}

/* The most frequent of the importers' names (the name the file is imported by, as a rule). */
static const char *usual_name(const json_t *importers)
{
    const char *best = NULL;
    size_t best_n = 0, i, j;
    const json_t *a, *b;
    json_array_foreach(importers, i, a)
    {
        if (i == 64) break; /* a name most importers share is among the first */
        size_t n = 0;
        json_array_foreach(importers, j, b) n +=
            str(a, "name") && str(b, "name") && strcmp(str(a, "name"), str(b, "name")) == 0;
        if (n > best_n) best = str(a, "name"), best_n = n;
        if (best_n * 2 > json_array_size(importers)) break;
    }
    return best;
}

/* The files importing the answer's file, said compactly: the name they
 * import it by once (each one that differs beside its file), then one line
 * per directory with each file's name and line. */
static void render_importers(cortex_buf *out, const json_t *importers, long long total)
{
    size_t n = json_array_size(importers);
    if (!n) return;
    const char *usual = usual_name(importers);
    if (total > (long long)n)
        cortex_buf_printf(out, "imported by %lld files, as %s (the first %zu):\n", total, usual ? usual : "?", n);
    else
        cortex_buf_printf(out, "imported by %zu file%s, as %s:\n", n, n == 1 ? "" : "s", usual ? usual : "?");
    const char *dir = NULL;
    size_t dir_len = 0, i;
    const json_t *item;
    json_array_foreach(importers, i, item)
    {
        const char *file = str(item, "file"), *slash = strrchr(file, '/');
        size_t len = slash ? (size_t)(slash - file + 1) : 0;
        if (!dir || len != dir_len || strncmp(dir, file, len) != 0) {
            if (dir) cortex_buf_putc(out, '\n');
            cortex_buf_printf(out, "  %.*s:", (int)len, len ? file : "./");
            dir = file;
            dir_len = len;
        }
        cortex_buf_printf(out, " %s:%lld", file + len, num(item, "line"));
        const char *name = str(item, "name");
        if (name && (!usual || strcmp(name, usual) != 0)) cortex_buf_printf(out, " (as %s)", name);
    }
    cortex_buf_putc(out, '\n');
}

/* The list tools' answers: a file's outline says the file and its language
 * once; the arguments echoed back (query, name, parent) and the index's
 * generation and file count are left to structuredContent. */
static void render_list(const json_t *result, cortex_buf *out)
{
    static const char *const lists[] = {"results", "symbols", "imports", "references", NULL};
    const json_t *items = NULL;
    for (const char *const *k = lists; *k && !items; k++) items = json_object_get(result, *k);
    const char *file = str(result, "file");
    if (file && str(result, "lang")) cortex_buf_printf(out, "%s (%s)\n", file, str(result, "lang"));
    const json_t *defs = json_object_get(result, "definitions");
    size_t i;
    json_t *item;
    json_array_foreach(defs, i, item)
    {
        if (json_array_size(defs) > 1) cortex_buf_printf(out, "defined [%zu]: ", i + 1);
        else cortex_buf_puts(out, "defined: ");
        target_text(out, item);
        cortex_buf_putc(out, '\n');
    }
    const char *last_file = NULL;
    json_array_foreach(items, i, item)
    {
        if (json_object_get(item, "binding")) render_edge(out, item, defs, &last_file);
        else render_item(out, item, file);
    }
    render_importers(out, json_object_get(result, "imported_by"), num(result, "imported_by_total"));
    long long total = num(result, "total"), shown = (long long)json_array_size(items);
    cortex_buf_printf(out, "%lld of %lld", shown, total);
    if (json_is_true(json_object_get(result, "truncated")))
        cortex_buf_printf(out, " (more with offset %lld)", num(result, "next_offset"));
    if (json_is_true(json_object_get(result, "relaxed"))) cortex_buf_puts(out, " (query run as plain terms)");
    cortex_buf_putc(out, '\n');
    cortex_render_freshness(result, out);
}

void cortex_render_explore(const json_t *result, cortex_buf *out)
{
    const json_t *p = json_object_get(result, "project");
    cortex_buf_printf(out, "%s (%s): %lld files, %lld symbols;", str(p, "name"), str(p, "path"), num(p, "files"),
                      num(p, "symbols"));
    const char *lang;
    json_t *n;
    json_object_foreach(json_object_get(p, "languages"), lang, n)
        cortex_buf_printf(out, " %s %lld", lang, (long long)json_integer_value(n));
    cortex_buf_putc(out, '\n');
    size_t i;
    json_t *d;
    json_array_foreach(json_object_get(result, "directories"), i, d)
    {
        cortex_buf_printf(out, "%s/:", str(d, "path"));
        size_t j;
        json_t *f;
        json_array_foreach(json_object_get(d, "files"), j, f) cortex_buf_printf(out, " %s", json_string_value(f));
        if (num(d, "more")) cortex_buf_printf(out, " +%lld files", num(d, "more"));
        long long sub = num(d, "subdirectories");
        if (sub) cortex_buf_printf(out, " in %lld %s", sub, sub == 1 ? "subdirectory" : "subdirectories");
        cortex_buf_putc(out, '\n');
    }
    if (num(result, "more_directories"))
        cortex_buf_printf(out, "+%lld directories (max_entries lists more)\n", num(result, "more_directories"));
    const json_t *map = json_object_get(result, "map");
    if (json_object_get(map, "generation"))
        cortex_buf_printf(out, "map (most referenced first; of generation %lld, %lld files changed since):\n",
                          num(map, "generation"), num(map, "files_changed_since"));
    else if (json_array_size(json_object_get(map, "files")) || json_array_size(json_object_get(map, "vendored")))
        cortex_buf_puts(out, "map (most referenced first):\n");
    json_array_foreach(json_object_get(map, "files"), i, d)
    {
        cortex_buf_printf(out, "  %s", str(d, "file"));
        size_t j;
        json_t *name;
        json_array_foreach(json_object_get(d, "symbols"), j, name)
            cortex_buf_printf(out, "%s%s", j ? ", " : ": ", json_string_value(name));
        cortex_buf_putc(out, '\n');
    }
    json_array_foreach(json_object_get(map, "vendored"), i, d)
        cortex_buf_printf(out, "  %s (%lld files, vendored)\n", str(d, "path"), num(d, "files"));
    const json_t *st = json_object_get(result, "status");
    if (st)
        cortex_buf_printf(
            out, "index: generation %lld, %lld files, ~%lld tokens, store %lld bytes, last indexed %s, schema %lld\n",
            num(st, "generation"), num(st, "files"), num(st, "tokens"), num(st, "store_bytes"), str(st, "last_indexed"),
            num(st, "schema_version"));
    cortex_render_freshness(result, out);
}

void cortex_render_flush(const json_t *result, cortex_buf *out)
{
    cortex_buf_printf(out,
                      "indexed %lld files (%lld parsed, %lld unchanged): %lld symbols, %lld references, %lld texts; "
                      "%lld removed, %lld skipped, in %.2f s\n",
                      num(result, "files"), num(result, "parsed"), num(result, "unchanged"), num(result, "symbols"),
                      num(result, "references"), num(result, "texts"), num(result, "removed"), num(result, "skipped"),
                      json_number_value(json_object_get(result, "seconds")));
    size_t i;
    json_t *p;
    json_array_foreach(json_object_get(result, "problems"), i, p)
        cortex_buf_printf(out, "problem: %s: %s\n", str(p, "file"), str(p, "message"));
}

int cortex_tool_wants_text(const cortex_tool *t, const json_t *args)
{
    const char *format = json_string_value(json_object_get(args, "format"));
    if (!format) {
        const json_t *param = json_object_get(json_object_get(cortex_tool_input_schema(t), "properties"), "format");
        format = json_string_value(json_object_get(param, "default"));
    }
    return format && strcmp(format, "text") == 0;
}

char *cortex_tool_render(const cortex_tool *t, const json_t *result, int text)
{
    if (!text || json_object_get(result, "error")) {
        if (text) return cortex_xstrdup(str(result, "error"));
        return result ? cortex_json_dumps(result) : cortex_xstrdup("{}");
    }
    cortex_buf out = {0};
    if (t->render) t->render(result, &out);
    else render_list(result, &out);
    return out.data ? out.data : cortex_xstrdup("");
}

/* The graph tool: the target, then one line per node (indented by depth),
 * each with the edge that reached it, then what was listed apart. */
void cortex_render_graph(const json_t *result, cortex_buf *out)
{
    const json_t *t = json_object_get(result, "target");
    cortex_buf_printf(out, "%s ", str(result, "operation"));
    if (json_is_object(t)) {
        cortex_buf_printf(out, "%s %s", str(t, "name"), str(t, "kind"));
        if (json_object_get(t, "line_end")) { /* a definition, not a file or a directory */
            cortex_buf_putc(out, ' ');
            location(out, t);
        }
    } else {
        cortex_buf_puts(out, "(no match)");
    }
    cortex_buf_putc(out, '\n');
    const json_t *cands = json_object_get(result, "candidates");
    for (size_t i = 0; i < json_array_size(cands); i++) {
        const json_t *c = json_array_get(cands, i);
        cortex_buf_printf(out, "%s%s %s:%lld", i ? ", " : "also: ", str(c, "name"), str(c, "file"), num(c, "line"));
    }
    if (json_array_size(cands)) cortex_buf_putc(out, '\n');
    const json_t *sugg = json_object_get(result, "suggestion");
    for (size_t i = 0; i < json_array_size(sugg); i++)
        cortex_buf_printf(out, "%s%s", i ? ", " : "did you mean: ", json_string_value(json_array_get(sugg, i)));
    if (json_array_size(sugg)) cortex_buf_putc(out, '\n');
    const json_t *nodes = json_object_get(result, "nodes");
    for (size_t i = 0; i < json_array_size(nodes); i++) {
        const json_t *n = json_array_get(nodes, i);
        long long depth = num(n, "depth");
        for (long long d = 1; d < depth; d++) cortex_buf_puts(out, "  ");
        cortex_buf_printf(out, "%s %s", str(n, "name"), str(n, "kind"));
        if (json_object_get(n, "line_end")) {
            cortex_buf_putc(out, ' ');
            location(out, n);
        }
        if (str(n, "severity")) cortex_buf_printf(out, " %s", str(n, "severity"));
        const json_t *e = json_object_get(n, "edge");
        if (json_is_object(e))
            cortex_buf_printf(out, " via %s:%lld %s [%s]", str(e, "file"), num(e, "line"), str(e, "kind"),
                              str(e, "binding"));
        cortex_buf_putc(out, '\n');
        if (str(n, "source")) indented(out, str(n, "source"));
    }
    static const char *const apart[] = {"ambiguous", "unbound"};
    for (size_t k = 0; k < 2; k++) {
        const json_t *items = json_object_get(result, apart[k]);
        for (size_t i = 0; i < json_array_size(items); i++) {
            const json_t *e = json_array_get(items, i);
            cortex_buf_printf(out, "%s: %s:%lld %s %s in %s [%s]\n", apart[k], str(e, "file"), num(e, "line"),
                              str(e, "kind"), str(e, "name"), str(e, "caller") ? str(e, "caller") : "(top level)",
                              str(e, "binding"));
        }
    }
    cortex_buf_printf(out, "%lld of %lld", num(result, "total_returned"), num(result, "total_found"));
    if (json_is_true(json_object_get(result, "truncated")))
        cortex_buf_printf(out, " (truncated at depth %lld)", num(result, "truncated_at_depth"));
    if (str(result, "note")) cortex_buf_printf(out, "; %s", str(result, "note"));
    cortex_buf_putc(out, '\n');
}

static void render_symbol_line(cortex_buf *out, const json_t *s, const char *indent)
{
    cortex_buf_printf(out, "%s%s %s", indent, str(s, "name"), str(s, "kind"));
    if (json_object_get(s, "line_end")) {
        cortex_buf_putc(out, ' ');
        location(out, s);
    }
    if (json_object_get(s, "ref_count"))
        cortex_buf_printf(out, " refs %lld (%lld from other files)", num(s, "ref_count"), num(s, "external_ref_count"));
    if (json_object_get(s, "calls_made")) cortex_buf_printf(out, " calls %lld", num(s, "calls_made"));
    if (str(s, "why")) cortex_buf_printf(out, ": %s", str(s, "why"));
    cortex_buf_putc(out, '\n');
}

/* The analysis tool: each list of the answer under its key, one line per item. */
void cortex_render_analysis(const json_t *result, cortex_buf *out)
{
    const char *key;
    const json_t *value;
    json_object_foreach((json_t *)result, key, value)
    {
        if (strcmp(key, "index") == 0 || strcmp(key, "operation") == 0) continue;
        if (json_is_array(value)) {
            cortex_buf_printf(out, "%s:\n", key);
            size_t i;
            const json_t *item;
            json_array_foreach(value, i, item)
            {
                if (json_is_object(item) && str(item, "kind") && str(item, "file")) render_symbol_line(out, item, "  ");
                else if (json_is_array(item)) { /* a cycle */ cortex_buf_puts(out, " ");
                    for (size_t k = 0; k < json_array_size(item); k++)
                        cortex_buf_printf(out, " %s%s", json_string_value(json_array_get(item, k)),
                                          k + 1 < json_array_size(item) ? " ->" : "");
                    cortex_buf_putc(out, '\n');
                } else {
                    char *text = json_dumps(item, JSON_COMPACT);
                    cortex_buf_printf(out, "  %s\n", text ? text : "");
                    free(text);
                }
            }
        } else if (json_is_object(value) && str(value, "kind") && str(value, "file")) {
            cortex_buf_printf(out, "%s: ", key);
            render_symbol_line(out, value, "");
            const json_t *members = json_object_get(value, "members");
            for (size_t i = 0; i < json_array_size(members); i++) {
                const json_t *m = json_array_get(members, i);
                cortex_buf_printf(out, "  member %s %s %lld\n", str(m, "name"), str(m, "kind"), num(m, "line"));
            }
        } else {
            char *text = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
            cortex_buf_printf(out, "%s: %s\n", key, text ? text : "");
            free(text);
        }
    }
}

/* ---- the handle tools: one line per handle, then what to do with them ---- */

static void handle_line(cortex_buf *out, const json_t *h)
{
    const json_t *range = json_object_get(h, "line_range");
    long long a = (long long)json_integer_value(json_array_get(range, 0)),
              b = (long long)json_integer_value(json_array_get(range, 1));
    cortex_buf_printf(out, "%s %s:%lld", str(h, "id"), str(h, "file"), a);
    if (b != a) cortex_buf_printf(out, "-%lld", b);
    if (str(h, "ref_type")) {
        cortex_buf_printf(out, " %s %s%s%s", str(h, "ref_type"), str(h, "qualifier") ? str(h, "qualifier") : "",
                          str(h, "qualifier") ? "." : "", str(h, "name"));
        cortex_buf_printf(out, " in %s [%s]", str(h, "source_name") ? str(h, "source_name") : "(top level)",
                          str(h, "binding"));
    } else {
        cortex_buf_printf(out, " %s", str(h, "kind"));
        if (str(h, "name")) cortex_buf_printf(out, " %s", str(h, "name"));
    }
    const json_t *span = json_object_get(h, "span");
    if (span) cortex_buf_printf(out, " @%lld-%lld", num(span, "start"), num(span, "end"));
    cortex_buf_printf(out, " ~%lldt", num(h, "token_count"));
    if (json_object_get(h, "score"))
        cortex_buf_printf(out, " score %.2f", json_real_value(json_object_get(h, "score")));
    if (str(h, "preview")) cortex_buf_printf(out, " | %s", str(h, "preview"));
    cortex_buf_putc(out, '\n');
}

void cortex_render_query(const json_t *result, cortex_buf *out)
{
    size_t i;
    const json_t *h;
    json_array_foreach(json_object_get(result, "handles"), i, h) handle_line(out, h);
    const json_t *refs = json_object_get(result, "ref_handles");
    if (json_array_size(refs)) cortex_buf_puts(out, "references:\n");
    json_array_foreach(refs, i, h) handle_line(out, h);
    cortex_buf_printf(out, "%lld matches%s, ~%lld tokens to expand; generation %lld\n", num(result, "total_matches"),
                      json_is_true(json_object_get(result, "truncated")) ? " (more than shown)" : "",
                      num(result, "total_tokens"), num(result, "generation"));
    cortex_render_freshness(result, out);
}

void cortex_render_evidence_pack(const json_t *result, cortex_buf *out)
{
    const json_t *g = json_object_get(result, "guidance");
    cortex_buf_printf(out, "confidence %.2f (%s): %s, %s, expand %lld, at most %lld more quer%s; %s\n",
                      json_real_value(json_object_get(g, "confidence")), str(g, "confidence_band"),
                      str(g, "recommended_action"),
                      json_is_true(json_object_get(g, "stop_querying")) ? "stop querying" : "keep querying",
                      num(g, "suggested_expand_count"), num(g, "max_additional_queries"),
                      num(g, "max_additional_queries") == 1 ? "y" : "ies", str(g, "rationale"));
    size_t i;
    const json_t *h;
    json_array_foreach(json_object_get(result, "handles"), i, h) handle_line(out, h);
    cortex_buf_printf(out, "%lld matches; next: %s (generation %lld)\n", num(result, "total_matches"),
                      str(g, "next_step"), num(result, "generation"));
    cortex_render_freshness(result, out);
}

void cortex_render_expand(const json_t *result, cortex_buf *out)
{
    size_t i;
    const json_t *c;
    json_array_foreach(json_object_get(result, "contents"), i, c)
    {
        cortex_buf_printf(out, "%s// %s\n", i ? "\n" : "", str(c, "id"));
        if (str(c, "error")) cortex_buf_printf(out, "(error: %s)\n", str(c, "error"));
        else cortex_buf_printf(out, "%s\n", str(c, "content"));
        if (json_is_true(json_object_get(c, "truncated"))) cortex_buf_puts(out, "(cut: the file goes on)\n");
    }
    cortex_render_freshness(result, out);
}
