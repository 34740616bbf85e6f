/* The tool table: one row per tool. Everything but the C pointers (title, group,
 * description, flags, CLI command, positionals) is the tool's entry in
 * schemas.json beside its schemas, turned into CORTEX_TOOL_ROW_<name> at build
 * time (cmake/ToolTable.cmake); a row here adds the handler and the renderer. */
#include "handlers.h"

#include "tool_rows.h" /* generated: CORTEX_TOOL_ROW_<name>, CORTEX_TOOL_ROW_COUNT */

#include <ctype.h>
#include <string.h>

const char *const cortex_tool_groups[] = {"navigation", "search", "graph", "index", "memory", NULL};

/* In the order tools/list and the CLI's help show them. */
const cortex_tool cortex_tools[] = {
    {CORTEX_TOOL_ROW_explore, .run = cortex_tool_explore, .render = cortex_render_explore},
    {CORTEX_TOOL_ROW_search, .run = cortex_tool_search, .render = NULL},
    {CORTEX_TOOL_ROW_query, .run = cortex_tool_query, .render = cortex_render_query},
    {CORTEX_TOOL_ROW_evidence_pack, .run = cortex_tool_evidence_pack, .render = cortex_render_evidence_pack},
    {CORTEX_TOOL_ROW_expand, .run = cortex_tool_expand, .render = cortex_render_expand},
    {CORTEX_TOOL_ROW_get_file_symbols, .run = cortex_tool_file_symbols, .render = NULL},
    {CORTEX_TOOL_ROW_get_children, .run = cortex_tool_children, .render = NULL},
    {CORTEX_TOOL_ROW_get_imports, .run = cortex_tool_imports, .render = NULL},
    {CORTEX_TOOL_ROW_get_callers, .run = cortex_tool_callers, .render = NULL},
    {CORTEX_TOOL_ROW_get_callees, .run = cortex_tool_callees, .render = NULL},
    {CORTEX_TOOL_ROW_graph, .run = cortex_tool_graph, .render = cortex_render_graph},
    {CORTEX_TOOL_ROW_analysis, .run = cortex_tool_analysis, .render = cortex_render_analysis},
    {CORTEX_TOOL_ROW_memory, .run = cortex_tool_memory, .render = cortex_render_memory},
    {CORTEX_TOOL_ROW_memory_delete, .run = cortex_tool_memory_delete, .render = cortex_render_memory},
    {CORTEX_TOOL_ROW_flush_index, .run = cortex_tool_flush, .render = cortex_render_flush},
};

_Static_assert(sizeof cortex_tools / sizeof cortex_tools[0] == CORTEX_TOOL_ROW_COUNT,
               "schemas.json describes a tool that has no row in cortex_tools");

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

const cortex_tool *cortex_tool_for_operation(const cortex_tool *t, const char *operation)
{
    for (size_t i = 0; i < cortex_tool_count; i++) {
        const cortex_tool *o = &cortex_tools[i];
        if (strcmp(o->group, t->group) != 0) continue;
        const json_t *ops = json_object_get(
            json_object_get(json_object_get(cortex_tool_input_schema(o), "properties"), "operation"), "enum");
        size_t k;
        json_t *v;
        json_array_foreach(ops, k, v) if (strcmp(json_string_value(v), operation) == 0) return o;
    }
    return t;
}

static int group_index(const char *name, size_t len)
{
    for (int i = 0; cortex_tool_groups[i]; i++)
        if (strlen(cortex_tool_groups[i]) == len && strncmp(cortex_tool_groups[i], name, len) == 0) return i;
    return -1;
}

int cortex_tool_enabled(const cortex_repo *repo, const cortex_tool *t)
{
    if (cortex_repo_tool_profile(repo) == CORTEX_TOOL_PROFILE_CORE && !(t->flags & CORTEX_TOOL_CORE)) return 0;
    int g = group_index(t->group, strlen(t->group));
    return g < 0 || !(cortex_repo_disabled_groups(repo) & (1u << g));
}

const char *const cortex_tool_profiles[] = {"full", "core", NULL};

int cortex_tool_profile_parse(const char *name, cortex_tool_profile *out)
{
    for (int i = 0; cortex_tool_profiles[i]; i++)
        if (strcmp(cortex_tool_profiles[i], name) == 0) {
            *out = (cortex_tool_profile)i;
            return 0;
        }
    return -1;
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

void cortex_tools_instructions(cortex_buf *out)
{
    cortex_buf_puts(out, "cortex indexes this repository's code and docs. Its tools, by group:");
    int groups_written = 0;
    for (int g = 0; cortex_tool_groups[g]; g++) {
        int in_group = 0;
        for (size_t i = 0; i < cortex_tool_count; i++) {
            const cortex_tool *t = &cortex_tools[i];
            if (strcmp(t->group, cortex_tool_groups[g]) != 0) continue;
            if (in_group++) cortex_buf_puts(out, ", ");
            else cortex_buf_printf(out, "%s%s: ", groups_written++ ? "; " : " ", t->group);
            /* The title reads as a phrase inside the sentence: its first letter lowered. */
            cortex_buf_printf(out, "`%s` (%c%s)", t->name, tolower((unsigned char)t->title[0]), t->title + 1);
        }
    }
    cortex_buf_printf(out,
                      ". Start with `%s`; to find code, `evidence_pack`, then `expand` the handles it suggests. "
                      "Results say when a file changed since it was indexed; their text is compact where it carries "
                      "every fact (format: \"json\" for JSON).",
                      cortex_tools[0].name);
}
