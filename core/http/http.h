/*
 * `cortex serve`: one HTTP service for many repositories and many agents.
 * The REST API (repositories, reindex, the handle tools with generations),
 * every tool of the tool table at /repos/{id}/tools/{name}, MCP over
 * Streamable HTTP at /mcp/{repo}, health, status and Prometheus metrics,
 * on libmicrohttpd. Loopback by default; any other address needs a token.
 */
#ifndef CORTEX_HTTP_HTTP_H
#define CORTEX_HTTP_HTTP_H

#include <stdatomic.h>
#include <stddef.h>

#define CORTEX_HTTP_DEFAULT_LISTEN "127.0.0.1:7878"
#define CORTEX_HTTP_MAX_BODY (1u << 20)      /* 1 MiB: a request is a few KiB */
#define CORTEX_HTTP_MAX_CONNECTIONS 128       /* one thread each */
#define CORTEX_HTTP_MAX_PER_CLIENT 64         /* requests in flight from one address */
#define CORTEX_HTTP_REQUEST_SECONDS 60        /* a tool call past this is cancelled: 503 */
#define CORTEX_HTTP_IDLE_SECONDS 30           /* a connection silent this long is closed */

typedef struct cortex_http_options {
    const char *listen;          /* ADDR:PORT ([v6]:PORT); NULL = CORTEX_HTTP_DEFAULT_LISTEN; port 0 = any free one */
    const char *token_file;      /* the bearer token's file; required off loopback */
    const char *const *roots;    /* NULL-terminated directories repositories may be added from; NULL = the cwd */
    const char *const *repos;    /* NULL-terminated repositories registered at start (each under a root) */
    const char *const *origins;  /* NULL-terminated extra allowed Origin values (scheme://host[:port]) */
    size_t max_body;             /* 0 = CORTEX_HTTP_MAX_BODY */
    unsigned max_connections;    /* 0 = CORTEX_HTTP_MAX_CONNECTIONS */
    unsigned max_per_client;     /* 0 = CORTEX_HTTP_MAX_PER_CLIENT */
    unsigned request_seconds;    /* 0 = CORTEX_HTTP_REQUEST_SECONDS */
    unsigned workers;            /* calls run at once, the others wait their turn (gate.h); 0 = 2 per core */
    int watch;                   /* re-index each repository as its files change */
    const char *port_file;       /* optional: the bound port is written here once listening (tests) */
} cortex_http_options;

/** Serves until `*stop` becomes non-zero. 0, or a negative code with the
 *  message set when the service cannot start (a non-loopback address without
 *  a token, an unreadable token file, a root or repository refused, the
 *  address in use). */
int cortex_http_serve(const cortex_http_options *opts, const atomic_int *stop);

#endif
