/* `cortex serve`: the HTTP service (core/http/) for many repositories and agents. */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"

#include "../http/http.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <getopt.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static atomic_int stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    atomic_store(&stop_requested, 1);
}

static void serve_usage(FILE *out)
{
    fprintf(out,
            "usage: cortex serve [--listen ADDR:PORT] [--config FILE] [--root DIR]... [--repo DIR]...\n"
            "                    [--token-file FILE] [--origin ORIGIN]... [--no-watch]\n\n"
            "Serves repositories over HTTP: the REST API (POST /repos/add, /reindex, /query,\n"
            "/evidence_pack, /expand; GET /repos, /status, /health, /metrics), every tool at\n"
            "POST /repos/{id}/tools/{name}, and MCP over Streamable HTTP at /mcp/{repo}.\n"
            "See docs/http.md.\n\n"
            "options:\n"
            "  --listen ADDR:PORT  where to listen (default %s; [::1]:PORT for IPv6; port 0 = any)\n"
            "  --config FILE       a JSON object with any of: listen, token_file, roots, repos, origins,\n"
            "                      max_body, max_connections, max_per_client, request_seconds, workers,\n"
            "                      watch;\n"
            "                      options given on the command line win\n"
            "  --root DIR          repositories may be added only under DIR (repeatable; default: the\n"
            "                      current directory)\n"
            "  --repo DIR          a repository to serve from the start (repeatable; under a root)\n"
            "  --token-file FILE   require Authorization: Bearer <the file's first line>; needed to\n"
            "                      listen on any address other than loopback\n"
            "  --origin ORIGIN     also allow browser pages of ORIGIN (scheme://host:port; loopback\n"
            "                      origins are always allowed, others refused with 403)\n"
            "  --max-body BYTES    the largest request body (default %u; larger: 413)\n"
            "  --max-connections N connections at once (default %u)\n"
            "  --per-client N      requests in flight from one address (default %u; more: 429)\n"
            "  --request-seconds N a tool call longer than this is cancelled (default %u; 503)\n"
            "  --workers N         calls that run at once; the others wait their turn in arrival order\n"
            "                      (default: two per core)\n"
            "  --no-watch          do not re-index repositories as their files change\n"
            "  --port-file FILE    write the bound port to FILE once listening\n",
            CORTEX_HTTP_DEFAULT_LISTEN, CORTEX_HTTP_MAX_BODY, CORTEX_HTTP_MAX_CONNECTIONS, CORTEX_HTTP_MAX_PER_CLIENT,
            CORTEX_HTTP_REQUEST_SECONDS);
}

typedef struct str_list {
    const char **items; /* NULL-terminated */
    size_t n, cap;
} str_list;

static void list_add(str_list *l, const char *s)
{
    *CORTEX_PUSH(l->items, l->n, l->cap) = s;
    *CORTEX_PUSH(l->items, l->n, l->cap) = NULL;
    l->n--;
}

static int positive(const char *arg, const char *name, unsigned long max, unsigned long *out)
{
    char *end;
    unsigned long v = strtoul(arg, &end, 10);
    if (*end || !*arg || v == 0 || v > max) {
        fprintf(stderr, "cortex serve: %s must be a number from 1 to %lu (got '%s')\n", name, max, arg);
        return -1;
    }
    *out = v;
    return 0;
}

/* The config file's settings into `o`, for those the command line left unset. */
static int load_config(const char *path, json_t **keep, cortex_http_options *o, str_list *roots, str_list *repos,
                       str_list *origins, int *watch_set)
{
    json_error_t err;
    json_t *j = json_load_file(path, JSON_REJECT_DUPLICATES, &err);
    if (!j || !json_is_object(j)) {
        fprintf(stderr, "cortex serve: %s:%d:%d: %s\n", path, err.line, err.column, j ? "must be a JSON object" : err.text);
        json_decref(j);
        return -1;
    }
    *keep = j;
    const char *key;
    json_t *v;
    json_object_foreach(j, key, v) {
        if (strcmp(key, "listen") == 0 && json_is_string(v)) {
            if (!o->listen) o->listen = json_string_value(v);
        } else if (strcmp(key, "token_file") == 0 && json_is_string(v)) {
            if (!o->token_file) o->token_file = json_string_value(v);
        } else if ((strcmp(key, "roots") == 0 || strcmp(key, "repos") == 0 || strcmp(key, "origins") == 0) &&
                   json_is_array(v)) {
            str_list *l = key[1] == 'o' ? roots : key[1] == 'e' ? repos : origins;
            if (l->n) continue; /* the command line's */
            size_t i;
            json_t *item;
            json_array_foreach(v, i, item) {
                if (!json_is_string(item)) {
                    fprintf(stderr, "cortex serve: %s: %s[%zu] must be a string\n", path, key, i);
                    return -1;
                }
                list_add(l, json_string_value(item));
            }
        } else if (strcmp(key, "watch") == 0 && json_is_boolean(v)) {
            if (!*watch_set) o->watch = json_is_true(v);
        } else if (json_is_integer(v) && json_integer_value(v) > 0 && json_integer_value(v) <= 1L << 30 &&
                   (strcmp(key, "max_body") == 0 || strcmp(key, "max_connections") == 0 ||
                    strcmp(key, "max_per_client") == 0 || strcmp(key, "request_seconds") == 0 ||
                    strcmp(key, "workers") == 0)) {
            json_int_t n = json_integer_value(v);
            if (strcmp(key, "max_body") == 0 && !o->max_body) o->max_body = (size_t)n;
            if (strcmp(key, "max_connections") == 0 && !o->max_connections) o->max_connections = (unsigned)n;
            if (strcmp(key, "max_per_client") == 0 && !o->max_per_client) o->max_per_client = (unsigned)n;
            if (strcmp(key, "request_seconds") == 0 && !o->request_seconds) o->request_seconds = (unsigned)n;
            if (strcmp(key, "workers") == 0 && !o->workers) o->workers = (unsigned)n;
        } else {
            fprintf(stderr,
                    "cortex serve: %s: unknown or mistyped setting \"%s\" (known: listen, token_file, roots, repos, "
                    "origins, max_body, max_connections, max_per_client, request_seconds, workers, watch)\n",
                    path, key);
            return -1;
        }
    }
    return 0;
}

int cortex_cmd_serve(int argc, char **argv)
{
    static const struct option longopts[] = {{"listen", required_argument, NULL, 'l'},
                                             {"config", required_argument, NULL, 'c'},
                                             {"root", required_argument, NULL, 'r'},
                                             {"repo", required_argument, NULL, 'R'},
                                             {"token-file", required_argument, NULL, 't'},
                                             {"origin", required_argument, NULL, 'o'},
                                             {"max-body", required_argument, NULL, 'b'},
                                             {"max-connections", required_argument, NULL, 'm'},
                                             {"per-client", required_argument, NULL, 'p'},
                                             {"request-seconds", required_argument, NULL, 's'},
                                             {"workers", required_argument, NULL, 'W'},
                                             {"no-watch", no_argument, NULL, 'w'},
                                             {"port-file", required_argument, NULL, 'P'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    cortex_http_options o = {0};
    o.watch = 1;
    int watch_set = 0;
    const char *config = NULL;
    str_list roots = {0}, repos = {0}, origins = {0};
    int c, rc = 2;
    unsigned long v;
    json_t *config_json = NULL;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'l': o.listen = optarg; break;
        case 'c': config = optarg; break;
        case 'r': list_add(&roots, optarg); break;
        case 'R': list_add(&repos, optarg); break;
        case 't': o.token_file = optarg; break;
        case 'o': list_add(&origins, optarg); break;
        case 'b':
            if (positive(optarg, "--max-body", 1ul << 30, &v)) goto out;
            o.max_body = v;
            break;
        case 'm':
            if (positive(optarg, "--max-connections", 65536, &v)) goto out;
            o.max_connections = (unsigned)v;
            break;
        case 'p':
            if (positive(optarg, "--per-client", 65536, &v)) goto out;
            o.max_per_client = (unsigned)v;
            break;
        case 's':
            if (positive(optarg, "--request-seconds", 86400, &v)) goto out;
            o.request_seconds = (unsigned)v;
            break;
        case 'W':
            if (positive(optarg, "--workers", 4096, &v)) goto out;
            o.workers = (unsigned)v;
            break;
        case 'w':
            o.watch = 0;
            watch_set = 1;
            break;
        case 'P': o.port_file = optarg; break;
        case 'h': serve_usage(stdout); rc = 0; goto out;
        default: serve_usage(stderr); goto out;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "cortex serve: unexpected argument '%s'\n", argv[optind]);
        goto out;
    }
    if (config && load_config(config, &config_json, &o, &roots, &repos, &origins, &watch_set) != 0) goto out;
    o.roots = roots.items;
    o.repos = repos.items;
    o.origins = origins.items;
    /* A client gone mid-answer must not kill the service. */
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    if (cortex_http_serve(&o, &stop_requested) != 0) {
        fprintf(stderr, "cortex serve: %s\n", cortex_error_last());
        rc = 1;
        goto out;
    }
    rc = 0;
out:
    free(roots.items);
    free(repos.items);
    free(origins.items);
    json_decref(config_json);
    return rc;
}
