/*
 * The web plugin: .vue, .svelte, .astro and .html files, whose code lives in
 * <script> blocks (TypeScript when lang="ts", Python for PyScript and
 * Brython's types) and, in Astro components, in the `---` front matter. It
 * has no grammar: its embedded_regions hook finds those regions and the core
 * parses them with the javascript, typescript or python plugin, keeping the
 * file's own lines and columns.
 */
#include <cortex/plugin.h>

#include <stddef.h>
#include <string.h>
#include <strings.h>

static const char *const extensions[] = {".vue", ".svelte", ".astro", ".html", ".htm", NULL};

/* Finds `needle` (ASCII, case-insensitive) in [p, end); NULL when absent. */
static const char *find_nocase(const char *p, const char *end, const char *needle)
{
    size_t n = strlen(needle);
    for (; p + n <= end; p++)
        if (strncasecmp(p, needle, n) == 0) return p;
    return NULL;
}

/* The value of attribute `name` in the tag text [p, end), copied into `out`; 0 when absent. */
static int attribute(const char *p, const char *end, const char *name, char *out, size_t size)
{
    size_t n = strlen(name);
    for (const char *a = p; (a = find_nocase(a, end, name)) != NULL; a += n) {
        if (a > p && a[-1] != ' ' && a[-1] != '\t' && a[-1] != '\n') continue; /* part of another name */
        const char *v = a + n;
        while (v < end && (*v == ' ' || *v == '\t')) v++;
        if (v >= end || *v != '=') continue;
        v++;
        while (v < end && (*v == ' ' || *v == '\t')) v++;
        char quote = v < end && (*v == '"' || *v == '\'') ? *v++ : 0;
        const char *e = v;
        while (e < end && (quote ? *e != quote : (*e != ' ' && *e != '>' && *e != '\t'))) e++;
        size_t len = (size_t)(e - v) < size - 1 ? (size_t)(e - v) : size - 1;
        memcpy(out, v, len);
        out[len] = '\0';
        return 1;
    }
    return 0;
}

/* The plugin that parses a script with these attributes, or NULL for data
 * blocks (JSON, templates, import maps). */
static const char *script_language(const char *tag, const char *tag_end)
{
    char value[64];
    if (attribute(tag, tag_end, "lang", value, sizeof value)) {
        if (strcasecmp(value, "ts") == 0 || strcasecmp(value, "typescript") == 0) return "typescript";
        if (strcasecmp(value, "tsx") == 0) return "tsx";
        if (strcasecmp(value, "py") == 0 || strcasecmp(value, "python") == 0) return "python";
        return "javascript"; /* js, jsx */
    }
    if (attribute(tag, tag_end, "type", value, sizeof value)) {
        if (strcasecmp(value, "module") == 0 || strcasecmp(value, "text/javascript") == 0 ||
            strcasecmp(value, "application/javascript") == 0 || strcasecmp(value, "text/babel") == 0)
            return "javascript";
        if (strcasecmp(value, "text/typescript") == 0) return "typescript";
        /* PyScript (`py`, `mpy`) and Brython (`text/python`) run Python in the page. */
        if (strcasecmp(value, "py") == 0 || strcasecmp(value, "mpy") == 0 || strcasecmp(value, "text/python") == 0)
            return "python";
        return NULL;
    }
    return "javascript";
}

/* Astro: a `---` line first, the code, and a closing `---` line. */
static size_t front_matter(const char *src, size_t len, cortex_region_fn emit, void *payload)
{
    const char *p = src, *end = src + len;
    if (len >= 3 && (unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xBB && (unsigned char)p[2] == 0xBF) p += 3;
    while (p < end && (*p == '\n' || *p == '\r' || *p == ' ')) p++;
    if (end - p < 3 || strncmp(p, "---", 3) != 0) return 0;
    const char *body = memchr(p, '\n', (size_t)(end - p));
    if (!body) return 0;
    body++;
    for (const char *line = body; line < end;) {
        if (end - line >= 3 && strncmp(line, "---", 3) == 0) {
            emit("typescript", (uint32_t)(body - src), (uint32_t)(line - src), payload);
            return (size_t)(line - src) + 3;
        }
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        if (!nl) break;
        line = nl + 1;
    }
    return 0;
}

static void regions(const char *path, const char *src, size_t len, cortex_region_fn emit, void *payload)
{
    const char *end = src + len;
    const char *p = src;
    size_t n = strlen(path);
    if (n >= 6 && strcmp(path + n - 6, ".astro") == 0) p = src + front_matter(src, len, emit, payload);
    while (p < end) {
        const char *comment = find_nocase(p, end, "<!--");
        const char *tag = find_nocase(p, end, "<script");
        if (!tag) return;
        if (comment && comment < tag) { /* a script inside an HTML comment does not run */
            const char *close = find_nocase(comment + 4, end, "-->");
            p = close ? close + 3 : end;
            continue;
        }
        const char *after = tag + 7;
        if (after < end && *after != '>' && *after != ' ' && *after != '\t' && *after != '\n' && *after != '\r') {
            p = after; /* <scripts>, <script-x>: another element */
            continue;
        }
        const char *tag_end = memchr(after, '>', (size_t)(end - after));
        if (!tag_end) return;
        const char *body = tag_end + 1;
        const char *close = find_nocase(body, end, "</script");
        if (!close) close = end;
        const char *language = tag_end[-1] == '/' ? NULL : script_language(after, tag_end);
        if (language && close > body) emit(language, (uint32_t)(body - src), (uint32_t)(close - src), payload);
        p = close;
    }
}

static const cortex_plugin descriptor = {
    .abi_version = CORTEX_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(cortex_plugin),
    .name = "web",
    .version = "0.1.0",
    .extensions = extensions,
    .embedded_regions = regions,
    .line_comment = "//",
};

CORTEX_PLUGIN_EXPORT const cortex_plugin *cortex_plugin_v1(void) { return &descriptor; }
