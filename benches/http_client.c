/*
 * cortex-http-load: the load benchmark's client (benches/http_load.py plans
 * the requests and reads the results). A client in C so that the figures are
 * the service's: the Python client it replaces took a fifth of the two cores
 * the service runs on, and its own threads' turns added to every latency.
 *
 * usage: cortex-http-load PORT CLIENTS REQUESTS PLAN
 *
 * PLAN has one request a line: `kind<TAB>path<TAB>body`, the body JSON on
 * one line. CLIENTS threads, each on its own keep-alive connection to
 * 127.0.0.1:PORT, take the next request in turn until REQUESTS are done
 * (the plan repeats). A request of kind `expand` names a `/query` body:
 * the query is sent untimed, and the timed request expands the first handle
 * it returned (none: skipped, neither timed nor an error).
 *
 * Prints one line a request: `kind<TAB>status<TAB>ms<TAB>generation<TAB>
 * repo<TAB>sent<TAB>done`, `sent` and `done` the microseconds since the
 * start at which the request was sent and its answer read, status 0 when the
 * connection failed, generation -1 when the answer names none.
 */
#define _GNU_SOURCE
#include "util/io.h"

#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct request {
    char *kind, *path, *body, *repo;
} request;

typedef struct result {
    const char *kind, *repo;
    int status;
    double ms;
    int64_t generation;
    int64_t sent_us, done_us;
} result;

static request *plan;
static size_t nplan;
static result *results;
static long nrequests;
static atomic_long next_request;
static int port;
static struct timespec start;

static int64_t now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)(t.tv_sec - start.tv_sec) * 1000000 + (t.tv_nsec - start.tv_nsec) / 1000;
}

static int connect_to_service(void)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* A connection's unread bytes: an answer may arrive in pieces. */
typedef struct conn {
    int fd;
    char *buf;
    size_t len, cap;
} conn;

static int fill(conn *c)
{
    if (c->len == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 65536;
        c->buf = realloc(c->buf, c->cap + 1);
        if (!c->buf) return -1;
    }
    ssize_t r;
    do r = recv(c->fd, c->buf + c->len, c->cap - c->len, 0);
    while (r < 0 && errno == EINTR);
    if (r <= 0) return -1;
    c->len += (size_t)r;
    return 0;
}

/* Reads one answer: its status, and its body (malloc'd, NUL-terminated) in
 * `*body`. Content-Length and chunked bodies. 0, or -1 on a broken connection. */
static int read_answer(conn *c, int *status, char **body)
{
    char *end;
    for (;;) {
        if (c->buf) {
            c->buf[c->len] = '\0';
            if ((end = strstr(c->buf, "\r\n\r\n"))) break;
        }
        if (fill(c)) return -1;
    }
    size_t head = (size_t)(end - c->buf) + 4;
    *status = atoi(c->buf + 9); /* "HTTP/1.1 200" */
    long length = -1;
    int chunked = 0;
    for (char *line = strstr(c->buf, "\r\n"); line && line < end; line = strstr(line + 2, "\r\n")) {
        if (strncasecmp(line + 2, "Content-Length:", 15) == 0) length = atol(line + 17);
        if (strncasecmp(line + 2, "Transfer-Encoding:", 18) == 0 && strstr(line + 20, "chunked")) chunked = 1;
    }
    size_t out_len = 0;
    char *out = NULL;
    size_t at = head;
    if (!chunked) {
        if (length < 0) return -1; /* every answer of the service has a length */
        while (c->len < head + (size_t)length)
            if (fill(c)) return -1;
        out = malloc((size_t)length + 1);
        memcpy(out, c->buf + head, (size_t)length);
        out_len = (size_t)length;
        at = head + (size_t)length;
    } else {
        for (;;) {
            char *crlf;
            for (;;) {
                c->buf[c->len] = '\0';
                if ((crlf = strstr(c->buf + at, "\r\n"))) break;
                if (fill(c)) return -1;
            }
            size_t size = strtoul(c->buf + at, NULL, 16);
            size_t data = (size_t)(crlf - c->buf) + 2;
            while (c->len < data + size + 2)
                if (fill(c)) return -1;
            out = realloc(out, out_len + size + 1);
            memcpy(out + out_len, c->buf + data, size);
            out_len += size;
            at = data + size + 2;
            if (size == 0) break;
        }
    }
    out[out_len] = '\0';
    memmove(c->buf, c->buf + at, c->len - at);
    c->len -= at;
    *body = out;
    return 0;
}

static int post(conn *c, const char *path, const char *body, int *status, char **answer)
{
    char head[512];
    int n = snprintf(head, sizeof head,
                     "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     "Content-Length: %zu\r\n\r\n",
                     path, strlen(body));
    if (n < 0 || (size_t)n >= sizeof head) return -1;
    if (cortex_write_all(c->fd, head, (size_t)n) || cortex_write_all(c->fd, body, strlen(body))) return -1;
    return read_answer(c, status, answer);
}

static int64_t generation_of(const char *answer)
{
    json_t *j = json_loads(answer, 0, NULL);
    json_t *g = json_object_get(j, "generation");
    int64_t out = json_is_integer(g) ? json_integer_value(g) : -1;
    json_decref(j);
    return out;
}

/* The first handle's id a /query answer returned, or NULL. */
static char *first_handle(const char *answer)
{
    json_t *j = json_loads(answer, 0, NULL);
    const char *id = json_string_value(json_object_get(json_array_get(json_object_get(j, "handles"), 0), "id"));
    char *out = id ? strdup(id) : NULL;
    json_decref(j);
    return out;
}

static void *client(void *arg)
{
    (void)arg;
    conn c = {.fd = connect_to_service()};
    for (;;) {
        long i = atomic_fetch_add(&next_request, 1);
        if (i >= nrequests) break;
        const request *q = &plan[(size_t)i % nplan];
        result *r = &results[i];
        *r = (result){q->kind, q->repo, 0, 0, -1, 0, 0};
        if (c.fd < 0) c = (conn){.fd = connect_to_service()};
        int status = 0;
        char *answer = NULL;
        const char *path = q->path, *body = q->body;
        char *expand_body = NULL;
        int failed = 0;
        if (strcmp(q->kind, "expand") == 0) {
            failed = c.fd < 0 || post(&c, "/query", q->body, &status, &answer);
            char *id = !failed && status == 200 ? first_handle(answer) : NULL;
            free(answer);
            answer = NULL;
            if (!failed && !id) {
                r->kind = NULL; /* nothing to expand */
                continue;
            }
            if (id) {
                json_t *b = json_pack("{s:s,s:[s]}", "repo", q->repo, "handle_ids", id);
                expand_body = json_dumps(b, JSON_COMPACT);
                json_decref(b);
                free(id);
                path = "/expand";
                body = expand_body;
            }
        }
        r->sent_us = now_us();
        if (!failed) failed = c.fd < 0 || post(&c, path, body, &status, &answer);
        r->done_us = now_us();
        r->ms = (double)(r->done_us - r->sent_us) / 1000.0;
        if (failed) {
            r->status = 0;
            close(c.fd);
            free(c.buf);
            c = (conn){.fd = -1};
        } else {
            r->status = status;
            if (status == 200) r->generation = generation_of(answer);
        }
        free(answer);
        free(expand_body);
    }
    if (c.fd >= 0) close(c.fd);
    free(c.buf);
    return NULL;
}

static int read_plan(const char *file)
{
    FILE *f = fopen(file, "r");
    if (!f) return -1;
    char *line = NULL;
    size_t cap = 0, pcap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) > 0) {
        if (line[n - 1] == '\n') line[n - 1] = '\0';
        char *kind = strtok(line, "\t"), *path = strtok(NULL, "\t"), *body = strtok(NULL, "");
        if (!kind || !path || !body) continue;
        if (nplan == pcap) plan = realloc(plan, (pcap = pcap ? pcap * 2 : 256) * sizeof *plan);
        json_t *j = json_loads(body, 0, NULL);
        const char *repo = json_string_value(json_object_get(j, "repo"));
        plan[nplan++] = (request){strdup(kind), strdup(path), strdup(body), strdup(repo ? repo : "")};
        json_decref(j);
    }
    free(line);
    fclose(f);
    return nplan ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: cortex-http-load PORT CLIENTS REQUESTS PLAN\n");
        return 2;
    }
    port = atoi(argv[1]);
    int clients = atoi(argv[2]);
    nrequests = atol(argv[3]);
    if (port <= 0 || clients <= 0 || nrequests <= 0 || read_plan(argv[4]) != 0) {
        fprintf(stderr, "cortex-http-load: bad arguments or an empty plan %s\n", argv[4]);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN); /* a connection the service closed fails its write, and is opened again */
    results = calloc((size_t)nrequests, sizeof *results);
    pthread_t *threads = calloc((size_t)clients, sizeof *threads);
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; i < clients; i++) pthread_create(&threads[i], NULL, client, NULL);
    for (int i = 0; i < clients; i++) pthread_join(threads[i], NULL);
    for (long i = 0; i < nrequests; i++) {
        const result *r = &results[i];
        if (!r->kind) continue;
        printf("%s\t%d\t%.3f\t%lld\t%s\t%lld\t%lld\n", r->kind, r->status, r->ms, (long long)r->generation, r->repo,
               (long long)r->sent_us, (long long)r->done_us);
    }
    return 0;
}
