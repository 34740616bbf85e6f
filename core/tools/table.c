/* The tool table: one row per tool. Schemas live in schemas.json. */
#include "handlers.h"

#include <string.h>

const char *const cortex_tool_groups[] = {"navigation", "search", "graph", "index", NULL};

#define RO (CORTEX_TOOL_NEEDS_INDEX | CORTEX_TOOL_READ_ONLY)

const cortex_tool cortex_tools[] = {
    {"explore", "Explore the project", "navigation",
     "Start here. The project's languages and file counts, and its files grouped by directory (capped per "
     "directory with +N files). Pass path to look inside one directory.",
     RO, "explore", {"path"}, cortex_tool_explore, cortex_render_explore},
    {"search", "Search code and docs", "search",
     "Ranked full-text search (BM25) over symbol names, signatures and docs, file paths, comments, strings and "
     "Markdown. Terms: `a b` (both), `a OR b`, `foo*` (prefix), `\"exact phrase\"`, `-bar` (exclude). Filter by "
     "scope (symbol/file/text), kind, and path (glob `src/**/*.py` or directory `src/`). Each hit has file, lines, "
     "kind, parent and the source read from disk.",
     RO | CORTEX_TOOL_PAGED, "search", {"query"}, cortex_tool_search, NULL},
    {"get_file_symbols", "List a file's symbols", "navigation",
     "Every symbol defined in one file, in line order, with kind, line range, parent, signature and doc: a "
     "file's outline without reading it.",
     RO | CORTEX_TOOL_PAGED, "symbols", {"file"}, cortex_tool_file_symbols, NULL},
    {"get_children", "List a symbol's members", "navigation",
     "The direct children of a symbol in a file: a class's methods and attributes, a struct's fields, an enum's "
     "members, a section's subsections.",
     RO | CORTEX_TOOL_PAGED, "children", {"file", "parent"}, cortex_tool_children, NULL},
    {"get_imports", "List a file's imports", "navigation",
     "What one file imports or includes, with aliases, and the indexed file each import resolves to.",
     RO | CORTEX_TOOL_PAGED, "imports", {"file"}, cortex_tool_imports, NULL},
    {"get_callers", "Find callers and references", "graph",
     "Every call site and reference of a function, method or type (name: `fn` or `Class.method`), with the "
     "enclosing function and how the edge was bound: scoped (same file), import, name (the only definition of "
     "that name), ambiguous (several), unresolved.",
     RO | CORTEX_TOOL_PAGED, "callers", {"name"}, cortex_tool_callers, NULL},
    {"get_callees", "Find what a function calls", "graph",
     "Every call and reference made inside a function or method (caller: `fn` or `Class.method`), in line "
     "order, each with its bound definition when known.",
     RO | CORTEX_TOOL_PAGED, "callees", {"caller"}, cortex_tool_callees, NULL},
    {"flush_index", "Re-index the repository", "index",
     "Re-index the working tree and commit every sink (the SQLite store and the JSONL index in .cortex/). "
     "Results already say when files they mention changed; call this after large edits or a branch switch.",
     CORTEX_TOOL_LONG, "flush", {NULL}, cortex_tool_flush, cortex_render_flush},
};

const size_t cortex_tool_count = sizeof cortex_tools / sizeof cortex_tools[0];

const cortex_tool *cortex_tool_find(const char *name)
{
    for (size_t i = 0; i < cortex_tool_count; i++)
        if (strcmp(cortex_tools[i].name, name) == 0) return &cortex_tools[i];
    return NULL;
}

const cortex_tool *cortex_tool_find_command(const char *command)
{
    for (size_t i = 0; i < cortex_tool_count; i++)
        if (strcmp(cortex_tools[i].command, command) == 0) return &cortex_tools[i];
    return NULL;
}

static int group_index(const char *name, size_t len)
{
    for (int i = 0; cortex_tool_groups[i]; i++)
        if (strlen(cortex_tool_groups[i]) == len && strncmp(cortex_tool_groups[i], name, len) == 0) return i;
    return -1;
}

int cortex_tool_enabled(const cortex_repo *repo, const cortex_tool *t)
{
    int g = group_index(t->group, strlen(t->group));
    return g < 0 || !(cortex_repo_disabled_groups(repo) & (1u << g));
}

int cortex_tool_groups_parse(const char *list, unsigned *bits)
{
    *bits = 0;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if (len) {
            int g = group_index(p, len);
            if (g < 0) return -1;
            *bits |= 1u << g;
        }
        p += len;
        if (*p == ',') p++;
    }
    return 0;
}
