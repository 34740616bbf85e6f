/*
 * Fuzz target: the HTTP service's own parsing, without a socket. The input is
 * a request as the route handlers see it once libmicrohttpd has read it:
 *
 *     METHOD PATH[?QUERY]\n
 *     Name: value\n          (headers, up to an empty line)
 *     \n
 *     body
 *
 * It goes through what cortex parses itself: the route matcher, the Origin,
 * token and Accept checks, the listen address parser, and then the handlers
 * (the JSON bodies, canopy's expand form, MCP's transport rules and its
 * JSON-RPC) over a service holding the fixture repository, indexed once at
 * start. POST /repos/add and /reindex are not dispatched (they start index
 * runs: indexing is fuzzed by extract) and the index tool group is disabled,
 * as fuzz_mcp does.
 */
#define _GNU_SOURCE
#include "scratch.h"
#include "http/internal.h"
#include "util/error.h"

#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

static char root[256];
static http_service svc;

typedef struct parsed {
    char *headers[16][2];
    size_t nheaders;
    char *query;
} parsed;

static const char *header(void *payload, const char *name)
{
    parsed *p = payload;
    for (size_t i = 0; i < p->nheaders; i++)
        if (strcasecmp(p->headers[i][0], name) == 0) return p->headers[i][1];
    return NULL;
}

/* A query-string argument, undecoded: "repo=x&y=z". */
static const char *query(void *payload, const char *name)
{
    parsed *p = payload;
    static __thread char value[128];
    size_t n = strlen(name);
    for (const char *q = p->query; q && *q;) {
        const char *amp = strchr(q, '&');
        size_t len = amp ? (size_t)(amp - q) : strlen(q);
        if (len > n && strncmp(q, name, n) == 0 && q[n] == '=') {
            snprintf(value, sizeof value, "%.*s", (int)(len - n - 1), q + n + 1);
            return value;
        }
        q = amp ? amp + 1 : NULL;
    }
    return NULL;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_scratch_dir(root, sizeof root, "cortex-fuzz-http");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cp -R '%s/.' '%s/' && mv '%s/root.gitignore' '%s/.gitignore' && git -C '%s' init -q",
             FIXTURE_REPO, root, root, root, root);
    if (system(cmd) != 0) abort();
    setenv("CORTEX_PLUGIN_PATH", BUILD_PLUGIN_DIR, 1);
    pthread_mutex_init(&svc.lock, NULL);
    svc.metrics = http_metrics_new();
    svc.opts.max_body = 1 << 16;
    svc.opts.max_per_client = 4;
    svc.roots = calloc(1, sizeof *svc.roots);
    svc.roots[0] = root;
    svc.nroots = 1;
    static char origin[] = "https://agent.example", token[] = "0123456789abcdef0123";
    static char *origins[] = {origin};
    svc.origins = origins;
    svc.norigins = 1;
    svc.token = token;
    svc.token_len = strlen(svc.token);
    if (cortex_tool_groups_parse("index", &svc.mcp.disabled_groups) != 0) abort();
    http_repo *r;
    int status;
    const char *code, *hint;
    if (http_repo_add(&r, &svc, root, "fx", &status, &code, &hint) != 0) {
        fprintf(stderr, "fuzz_http: %s\n", cortex_error_last());
        abort();
    }
    pthread_mutex_lock(&r->lock);
    while (r->running) pthread_cond_wait(&r->idle, &r->lock);
    pthread_mutex_unlock(&r->lock);
    if (r->runs_ok != 1) {
        fprintf(stderr, "fuzz_http: the fixture did not index: %s\n", r->last_error ? r->last_error : "?");
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* a NUL-terminated copy, cut into lines in place */
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    parsed p = {0};
    char *line_end = strchr(text, '\n');
    char *rest = line_end ? line_end + 1 : text + size;
    if (line_end) *line_end = '\0';
    char *method = text, *path = strchr(text, ' ');
    if (path) *path++ = '\0';
    else path = "/";
    char *q = strchr(path, '?');
    if (q) {
        *q = '\0';
        p.query = q + 1;
    }
    /* headers up to an empty line */
    while (*rest && *rest != '\n' && p.nheaders < 16) {
        char *end = strchr(rest, '\n');
        if (end) *end = '\0';
        char *colon = strchr(rest, ':');
        if (colon) {
            *colon = '\0';
            char *v = colon + 1;
            while (*v == ' ') v++;
            p.headers[p.nheaders][0] = rest;
            p.headers[p.nheaders][1] = v;
            p.nheaders++;
        }
        rest = end ? end + 1 : rest + strlen(rest);
    }
    if (*rest == '\n') rest++;
    const char *body = rest;
    size_t body_len = size - (size_t)(body - text);
    if (strlen(body) < body_len) body_len = strlen(body); /* a NUL ends it, as for a handler */

    http_match m;
    http_route_match(&m, method, path);
    if (m.route < 0 || m.route >= HTTP_ROUTE_COUNT) abort();
    if (m.route != HTTP_ROUTE_NONE && !m.allow) abort();
    (void)http_route_name(m.route);
    if (strlen(m.repo) >= sizeof m.repo || strlen(m.tool) >= sizeof m.tool) abort();
    (void)http_origin_ok(&svc, header(&p, "Origin"), header(&p, "Host"));
    (void)http_token_ok(&svc, header(&p, "Authorization"));
    (void)http_accepts(header(&p, "Accept"), "application/json");
    (void)http_accepts(header(&p, "Accept"), "text/event-stream");
    struct sockaddr_storage addr;
    int loopback;
    if (header(&p, "X-Listen")) (void)http_listen_parse(&addr, &loopback, header(&p, "X-Listen"));

    if (m.route != HTTP_ROUTE_REPOS_ADD && m.route != HTTP_ROUTE_REINDEX) {
        atomic_int cancelled = 0;
        http_request rq = {.method = method, .path = path, .body = body, .body_len = body_len, .header = header,
                           .query = query, .payload = &p, .client = "127.0.0.1", .cancelled = &cancelled};
        http_reply reply = {0};
        http_dispatch(&svc, &rq, &m, &reply);
        if (reply.status < 200 || reply.status > 599) abort();
        if (reply.status != 202 && reply.status != 200 && reply.body.len == 0) abort(); /* an error says why */
        cortex_buf_free(&reply.body);
    }
    free(text);
    return 0;
}
