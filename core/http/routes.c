/*
 * The route table: each path pattern with its methods, walked by one
 * matcher. A pattern's `{x}` segment takes one path segment of
 * [A-Za-z0-9._-], at most 79 bytes; nothing else is accepted there, so no
 * parameter carries a slash, a `..` of its own or an escape into a lookup.
 */
#include "internal.h"

#include <string.h>

typedef struct route_row {
    http_route_id id;
    const char *pattern;
    const char *methods; /* the Allow header's value */
} route_row;

static const route_row routes[] = {
    {HTTP_ROUTE_HEALTH, "/health", "GET"},
    {HTTP_ROUTE_STATUS, "/status", "GET"},
    {HTTP_ROUTE_METRICS, "/metrics", "GET"},
    {HTTP_ROUTE_REPOS, "/repos", "GET"},
    {HTTP_ROUTE_REPOS_ADD, "/repos/add", "POST"},
    {HTTP_ROUTE_REINDEX, "/reindex", "POST"},
    {HTTP_ROUTE_QUERY, "/query", "POST"},
    {HTTP_ROUTE_EVIDENCE_PACK, "/evidence_pack", "POST"},
    {HTTP_ROUTE_EXPAND, "/expand", "POST"},
    {HTTP_ROUTE_TOOL, "/repos/{repo}/tools/{tool}", "POST"},
    {HTTP_ROUTE_MCP, "/mcp/{repo}", "GET, POST, DELETE"},
    {HTTP_ROUTE_MCP, "/mcp", "GET, POST, DELETE"},
};

static const char *const names[HTTP_ROUTE_COUNT] = {
    [HTTP_ROUTE_HEALTH] = "/health",
    [HTTP_ROUTE_STATUS] = "/status",
    [HTTP_ROUTE_METRICS] = "/metrics",
    [HTTP_ROUTE_REPOS] = "/repos",
    [HTTP_ROUTE_REPOS_ADD] = "/repos/add",
    [HTTP_ROUTE_REINDEX] = "/reindex",
    [HTTP_ROUTE_QUERY] = "/query",
    [HTTP_ROUTE_EVIDENCE_PACK] = "/evidence_pack",
    [HTTP_ROUTE_EXPAND] = "/expand",
    [HTTP_ROUTE_TOOL] = "/repos/{id}/tools/{name}",
    [HTTP_ROUTE_MCP] = "/mcp",
    [HTTP_ROUTE_NONE] = "(none)",
};

const char *http_route_name(http_route_id route)
{
    return route >= 0 && route < HTTP_ROUTE_COUNT ? names[route] : "(none)";
}

static int param_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
}

/* Matches `path` to `pattern`, filling the {repo} and {tool} parameters. */
static int matches(const char *pattern, const char *path, http_match *m)
{
    const char *p = pattern, *s = path;
    while (*p) {
        if (*p == '{') {
            const char *close = strchr(p, '}');
            int is_repo = strncmp(p, "{repo}", 6) == 0;
            char *dst = is_repo ? m->repo : m->tool;
            size_t n = 0;
            while (param_char(s[n])) n++;
            if (n == 0 || n >= sizeof m->repo || (s[n] != '/' && s[n] != '\0')) return 0;
            /* "." and ".." are no names */
            if (s[0] == '.' && (n == 1 || (n == 2 && s[1] == '.'))) return 0;
            memcpy(dst, s, n);
            dst[n] = '\0';
            s += n;
            p = close + 1;
        } else if (*p++ != *s++) {
            return 0;
        }
    }
    return *s == '\0';
}

void http_route_match(http_match *out, const char *method, const char *path)
{
    memset(out, 0, sizeof *out);
    out->route = HTTP_ROUTE_NONE;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        http_match m = {0};
        if (!matches(routes[i].pattern, path, &m)) continue;
        /* the methods list is "A, B": a method matches as a whole word */
        size_t n = strlen(method);
        int ok = 0;
        for (const char *at = routes[i].methods; n && (at = strstr(at, method)); at += n)
            if ((at == routes[i].methods || at[-1] == ' ') && (at[n] == ',' || at[n] == '\0')) ok = 1;
        *out = m;
        out->route = routes[i].id;
        out->method_ok = ok;
        out->allow = routes[i].methods;
        return;
    }
}
