/*
 * GET /metrics in the Prometheus text format: requests by route and status,
 * a latency histogram per route, and per repository its generation, files,
 * store size and index runs. Counters live under one mutex: a request
 * touches it once, at its end.
 */
#include "internal.h"
#include "gate.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static const double buckets[] = {0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
#define NBUCKETS (sizeof buckets / sizeof buckets[0])

/* The statuses the service answers; anything else is counted as 0. */
static const int statuses[] = {200, 202, 400, 401, 403, 404, 405, 406, 409, 413, 429, 500, 503, 0};
#define NSTATUSES (sizeof statuses / sizeof statuses[0])

struct http_metrics {
    pthread_mutex_t lock;
    uint64_t requests[HTTP_ROUTE_COUNT][NSTATUSES];
    uint64_t le[HTTP_ROUTE_COUNT][NBUCKETS]; /* cumulative when rendered */
    uint64_t count[HTTP_ROUTE_COUNT];
    double sum[HTTP_ROUTE_COUNT];
    uint64_t cancelled[HTTP_CANCEL_REASONS];
};

struct http_metrics *http_metrics_new(void)
{
    struct http_metrics *m = cortex_xcalloc(1, sizeof *m);
    pthread_mutex_init(&m->lock, NULL);
    return m;
}

void http_metrics_free(struct http_metrics *m)
{
    if (!m) return;
    pthread_mutex_destroy(&m->lock);
    free(m);
}

void http_metrics_record(struct http_metrics *m, http_route_id route, int status, double seconds)
{
    if (route < 0 || route >= HTTP_ROUTE_COUNT) route = HTTP_ROUTE_NONE;
    size_t s = 0;
    while (statuses[s] && statuses[s] != status) s++;
    size_t b = 0;
    while (b < NBUCKETS && seconds > buckets[b]) b++;
    pthread_mutex_lock(&m->lock);
    m->requests[route][s]++;
    if (b < NBUCKETS) m->le[route][b]++;
    m->count[route]++;
    m->sum[route] += seconds;
    pthread_mutex_unlock(&m->lock);
}

void http_metrics_cancelled(struct http_metrics *m, int reason)
{
    if (reason <= 0 || reason >= HTTP_CANCEL_REASONS) return;
    pthread_mutex_lock(&m->lock);
    m->cancelled[reason]++;
    pthread_mutex_unlock(&m->lock);
}

/* A label value: \, " and newline escaped. */
static void label(cortex_buf *out, const char *v)
{
    for (; *v; v++) {
        if (*v == '\\' || *v == '"') cortex_buf_putc(out, '\\');
        if (*v == '\n') {
            cortex_buf_puts(out, "\\n");
            continue;
        }
        cortex_buf_putc(out, *v);
    }
}

void http_metrics_render(http_service *svc, cortex_buf *out)
{
    struct http_metrics copy;
    pthread_mutex_lock(&svc->metrics->lock);
    memcpy(copy.requests, svc->metrics->requests, sizeof copy.requests);
    memcpy(copy.le, svc->metrics->le, sizeof copy.le);
    memcpy(copy.count, svc->metrics->count, sizeof copy.count);
    memcpy(copy.sum, svc->metrics->sum, sizeof copy.sum);
    memcpy(copy.cancelled, svc->metrics->cancelled, sizeof copy.cancelled);
    pthread_mutex_unlock(&svc->metrics->lock);

    static const char *const reasons[HTTP_CANCEL_REASONS] = {
        [HTTP_CANCEL_DEADLINE] = "deadline",
        [HTTP_CANCEL_CLIENT_GONE] = "client_gone",
        [HTTP_CANCEL_NOTIFIED] = "notified",
    };
    cortex_buf_printf(out,
                      "# HELP cortex_http_calls_waiting Calls waiting for their turn now (--workers run at once).\n"
                      "# TYPE cortex_http_calls_waiting gauge\ncortex_http_calls_waiting %u\n",
                      http_gate_waiting(svc->gate));
    cortex_buf_puts(out, "# HELP cortex_http_requests_cancelled_total Requests cancelled while running, by why: past "
                         "--request-seconds, their client closed the connection, MCP notifications/cancelled.\n"
                         "# TYPE cortex_http_requests_cancelled_total counter\n");
    for (int r = 1; r < HTTP_CANCEL_REASONS; r++)
        cortex_buf_printf(out, "cortex_http_requests_cancelled_total{reason=\"%s\"} %llu\n", reasons[r],
                          (unsigned long long)copy.cancelled[r]);

    cortex_buf_puts(out, "# HELP cortex_http_requests_total HTTP requests answered, by route and status.\n"
                         "# TYPE cortex_http_requests_total counter\n");
    for (int r = 0; r < HTTP_ROUTE_COUNT; r++)
        for (size_t s = 0; s < NSTATUSES; s++)
            if (copy.requests[r][s])
                cortex_buf_printf(out, "cortex_http_requests_total{route=\"%s\",status=\"%d\"} %llu\n", http_route_name((http_route_id)r),
                                  statuses[s], (unsigned long long)copy.requests[r][s]);
    cortex_buf_puts(out, "# HELP cortex_http_request_duration_seconds Time from a request's arrival to its answer.\n"
                         "# TYPE cortex_http_request_duration_seconds histogram\n");
    for (int r = 0; r < HTTP_ROUTE_COUNT; r++) {
        if (!copy.count[r]) continue;
        const char *name = http_route_name((http_route_id)r);
        uint64_t cumulative = 0;
        for (size_t b = 0; b < NBUCKETS; b++) {
            cumulative += copy.le[r][b];
            cortex_buf_printf(out, "cortex_http_request_duration_seconds_bucket{route=\"%s\",le=\"%g\"} %llu\n", name,
                              buckets[b], (unsigned long long)cumulative);
        }
        cortex_buf_printf(out, "cortex_http_request_duration_seconds_bucket{route=\"%s\",le=\"+Inf\"} %llu\n", name,
                          (unsigned long long)copy.count[r]);
        cortex_buf_printf(out, "cortex_http_request_duration_seconds_sum{route=\"%s\"} %.6f\n", name, copy.sum[r]);
        cortex_buf_printf(out, "cortex_http_request_duration_seconds_count{route=\"%s\"} %llu\n", name,
                          (unsigned long long)copy.count[r]);
    }

    pthread_mutex_lock(&svc->lock);
    size_t n = svc->nrepos;
    http_repo **repos = cortex_xcalloc(n ? n : 1, sizeof *repos);
    if (n) memcpy(repos, svc->repos, n * sizeof *repos);
    pthread_mutex_unlock(&svc->lock);
    static const struct {
        const char *key, *metric, *type, *help;
    } per_repo[] = {
        {"generation", "cortex_repo_generation", "gauge", "The store's generation: committed index runs that changed it."},
        {"files", "cortex_repo_files", "gauge", "Files in the index."},
        {"store_bytes", "cortex_repo_store_bytes", "gauge", "Size of the store's database file."},
        {"index_runs", "cortex_repo_index_runs_total", "counter", "Index runs (reindex and watch) that completed since the start."},
        {"index_failures", "cortex_repo_index_failures_total", "counter", "Index runs that failed since the start."},
    };
    json_t **entries = cortex_xcalloc(n ? n : 1, sizeof *entries);
    for (size_t i = 0; i < n; i++) entries[i] = http_repo_json(repos[i]);
    for (size_t k = 0; k < sizeof per_repo / sizeof per_repo[0]; k++) {
        cortex_buf_printf(out, "# HELP %s %s\n# TYPE %s %s\n", per_repo[k].metric, per_repo[k].help, per_repo[k].metric,
                          per_repo[k].type);
        for (size_t i = 0; i < n; i++) {
            cortex_buf_printf(out, "%s{repo=\"", per_repo[k].metric);
            label(out, repos[i]->name);
            cortex_buf_printf(out, "\"} %lld\n", (long long)json_integer_value(json_object_get(entries[i], per_repo[k].key)));
        }
    }
    cortex_buf_puts(out, "# HELP cortex_repo_indexing Whether a reindex runs now.\n# TYPE cortex_repo_indexing gauge\n");
    for (size_t i = 0; i < n; i++) {
        cortex_buf_puts(out, "cortex_repo_indexing{repo=\"");
        label(out, repos[i]->name);
        cortex_buf_printf(out, "\"} %d\n", strcmp(json_string_value(json_object_get(entries[i], "status")), "indexing") == 0);
        json_decref(entries[i]);
    }
    free(entries);
    free(repos);
}
