/*
 * Both sides of an isolated run: the supervisor spawns this binary, hands it
 * the request, relays its events, watches the files it extracts and, when it
 * dies or hangs in one, quarantines that file and starts again; the child
 * runs the index and tells.
 */
#define _GNU_SOURCE
#include "supervise.h"

#include "inflight.h"
#include "lock.h"
#include "quarantine.h"
#include "report_wire.h"

#include "../config/config.h"
#include "../record/record_json.h"
#include "../util/error.h"
#include "../util/io.h"
#include "../util/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* How often the supervisor looks at the clock, the cancel flag and the files in flight. */
#define TICK_MS 100
/* A run that keeps dying in new files stops after this many restarts. */
#define MAX_RESTARTS 32
#define EVENTS_FD 3
#define INFLIGHT_FD 4
/* A background run's nice value: under contention the scheduler gives a
 * process at the default priority most of a core against it. */
#define BACKGROUND_NICE 10

/* The binary whose CORTEX_INDEX_CHILD_COMMAND runs an isolated run; NULL:
 * runs happen in the caller's process (a program that is not cortex). */
static const char *index_executable;

/* ---- the request ---------------------------------------------------------- */

static json_t *request_json(const cortex_index_options *o, unsigned threads)
{
    json_t *r = json_object();
    json_object_set_new(r, "root", cortex_wire_path(o->root));
    if (o->data_dir) json_object_set_new(r, "data_dir", cortex_wire_path(o->data_dir));
    if (o->pipeline && o->pipeline->name) json_object_set_new(r, "pipeline", json_string(o->pipeline->name));
    if (o->sinks) {
        json_t *a = json_array();
        for (size_t i = 0; o->sinks[i]; i++) json_array_append_new(a, json_string(o->sinks[i]));
        json_object_set_new(r, "sinks", a);
    }
    if (o->only) {
        json_t *a = json_array();
        for (size_t i = 0; i < o->nonly; i++) json_array_append_new(a, cortex_wire_path(o->only[i]));
        json_object_set_new(r, "only", a);
    }
    json_object_set_new(r, "max_file_size", json_integer((json_int_t)o->max_file_size));
    json_object_set_new(r, "parse_seconds", json_real(o->parse_seconds));
    json_object_set_new(r, "full", json_boolean(o->full));
    json_object_set_new(r, "force", json_boolean(o->force));
    json_object_set_new(r, "threads", json_integer(threads));
    json_object_set_new(r, "no_wait", json_boolean(o->no_wait));
    json_object_set_new(r, "from_jsonl", json_boolean(o->from_jsonl));
    json_object_set_new(r, "progress", json_boolean(o->progress != NULL));
    json_object_set_new(r, "warn", json_boolean(o->plugin_warnings));
    json_object_set_new(r, "background", json_boolean(o->background));
    json_object_set_new(r, "owner", json_integer((json_int_t)getpid()));
    return r;
}

/* ---- the supervisor -------------------------------------------------------- */

typedef enum outcome {
    DONE,
    CRASHED,
    HUNG,
    CANCELLED,
    FAILED
} outcome;

typedef struct child_run {
    pid_t pid;
    int events;   /* read end */
    int requests; /* write end of the child's stdin: the request, then one answer per progress event */
    cortex_inflight *inflight;
    cortex_buf pending; /* event bytes not yet a whole line */
    json_t *done;       /* the final event */
    char *culprit;      /* the file it died or hung in */
    int signal;
} child_run;

static int spawn_child(child_run *c, const cortex_index_options *o, unsigned threads, int inflight_fd)
{
    int req[2], ev[2];
    if (pipe2(req, O_CLOEXEC) != 0) return cortex_error_set(CORTEX_EIO, "pipe: %s", strerror(errno));
    if (pipe2(ev, O_CLOEXEC) != 0) {
        close(req[0]);
        close(req[1]);
        return cortex_error_set(CORTEX_EIO, "pipe: %s", strerror(errno));
    }
    /* The child's descriptors are 0, 3 and 4: their sources must not be any
     * of those, or one dup2 would overwrite another's source. */
    int fds[4] = {req[0], req[1], ev[0], ev[1]};
    for (int k = 0; k < 4; k++) {
        int high = fcntl(fds[k], F_DUPFD_CLOEXEC, 10);
        if (high >= 0) {
            close(fds[k]);
            fds[k] = high;
        }
    }
    req[0] = fds[0], req[1] = fds[1], ev[0] = fds[2], ev[1] = fds[3];
    int shared = fcntl(inflight_fd, F_DUPFD_CLOEXEC, 10);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, req[0], 0);
    /* stdout may be a protocol's channel (MCP over stdio): the child says nothing there */
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, ev[1], EVENTS_FD);
    posix_spawn_file_actions_adddup2(&fa, shared, INFLIGHT_FD);
    char *argv[] = {"cortex", CORTEX_INDEX_CHILD_COMMAND, NULL};
    int err = posix_spawn(&c->pid, index_executable, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(shared);
    close(req[0]);
    close(ev[1]);
    if (err) {
        close(req[1]);
        close(ev[0]);
        return cortex_error_set(CORTEX_EIO, "cannot start the indexing process: %s", strerror(err));
    }
    c->events = ev[0];
    json_t *r = request_json(o, threads);
    char *text = json_dumps(r, JSON_COMPACT);
    json_decref(r);
    size_t len = strlen(text);
    text[len++] = '\n';       /* over the NUL: the request is one line */
    signal(SIGPIPE, SIG_IGN); /* a child that died early: its answer says so */
    (void)cortex_write_all(req[1], text, len);
    free(text);
    c->requests = req[1];
    return 0;
}

static void relay(child_run *c, const cortex_index_options *o, const char *line)
{
    json_t *e = json_loads(line, 0, NULL);
    json_t *v;
    if (!e) return;
    if ((v = json_object_get(e, "progress")) && o->progress) {
        cortex_index_progress p = {(size_t)json_integer_value(json_array_get(v, 0)),
                                   (size_t)json_integer_value(json_array_get(v, 1)),
                                   (uint64_t)json_integer_value(json_array_get(v, 2)),
                                   (uint64_t)json_integer_value(json_array_get(v, 3))};
        o->progress(&p, o->progress_payload);
        /* The child waits for this answer, as a run in one process waits for
         * its callback: a cancel that came meanwhile stops it before its next file. */
        char answer = o->cancel && atomic_load(o->cancel) ? 'c' : 'k';
        while (write(c->requests, &answer, 1) < 0 && errno == EINTR) {
        }
    } else if ((v = json_object_get(e, "waiting")) && o->waiting)
        o->waiting((long)json_integer_value(v), o->progress_payload);
    else if ((v = json_object_get(e, "committing")) && o->committing)
        o->committing((size_t)json_integer_value(v), o->progress_payload);
    else if (json_object_get(e, "done")) {
        json_decref(c->done);
        c->done = json_incref(json_object_get(e, "done"));
    }
    json_decref(e);
}

/* Reads what the child wrote; 0 at its end. */
static int read_events(child_run *c, const cortex_index_options *o)
{
    char chunk[65536];
    ssize_t n = read(c->events, chunk, sizeof chunk);
    if (n < 0) return errno == EINTR || errno == EAGAIN ? 1 : 0;
    if (n == 0) return 0;
    cortex_buf_add(&c->pending, chunk, (size_t)n);
    char *start = c->pending.data, *nl;
    while ((nl = memchr(start, '\n', c->pending.len - (size_t)(start - c->pending.data)))) {
        *nl = '\0';
        relay(c, o, start);
        start = nl + 1;
    }
    size_t rest = c->pending.len - (size_t)(start - c->pending.data);
    memmove(c->pending.data, start, rest);
    c->pending.len = rest;
    c->pending.data[rest] = '\0';
    return 1;
}

/* The file a slot has been extracting for longer than `limit_ns`, or NULL. */
static const char *hung_file(const cortex_inflight *f, int64_t limit_ns)
{
    int64_t now = cortex_inflight_now_ns();
    for (int i = 0; i < CORTEX_INFLIGHT_SLOTS; i++) {
        int64_t started = atomic_load(&f->slots[i].started_ns);
        if (started && now - started > limit_ns) return f->slots[i].path;
    }
    return NULL;
}

/* A signal a fault raises (or a sanitizer's abort), not one sent from outside. */
static int crash_signal(int sig)
{
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGABRT || sig == SIGSYS ||
           sig == SIGTRAP;
}

static outcome watch_child(child_run *c, const cortex_index_options *o, double hang_seconds)
{
    int cancelled = 0, hung = 0;
    int64_t limit_ns = (int64_t)(hang_seconds * 1e9), killed_at = 0;
    struct pollfd p = {c->events, POLLIN, 0};
    for (;;) {
        int ready = poll(&p, 1, TICK_MS);
        if (ready > 0 && !read_events(c, o)) break;
        if (!cancelled && o->cancel && atomic_load(o->cancel)) {
            cancelled = 1; /* the child stops at its next file and aborts every sink */
            kill(c->pid, SIGTERM);
            killed_at = cortex_inflight_now_ns();
        }
        if (cancelled && cortex_inflight_now_ns() - killed_at > (int64_t)5e9) kill(c->pid, SIGKILL);
        const char *late = hung ? NULL : hung_file(c->inflight, limit_ns);
        if (late) {
            hung = 1;
            c->culprit = cortex_xstrdup(late);
            kill(c->pid, SIGKILL);
        }
    }
    int status = 0;
    while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (c->done) return DONE;
    if (hung) return HUNG;
    if (cancelled) return CANCELLED;
    c->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    if (c->signal && !crash_signal(c->signal)) return FAILED; /* stopped from outside: no file's fault */
    int slot = atomic_load(&c->inflight->crashed_slot);
    if (slot >= 0) {
        c->culprit = cortex_xstrdup(c->inflight->slots[slot].path);
        if (!c->signal) c->signal = atomic_load(&c->inflight->crash_signal);
        return CRASHED;
    }
    /* No handler ran (a sanitizer's report exits): the file in flight, when only one was */
    int busy = -1, nbusy = 0;
    for (int i = 0; i < CORTEX_INFLIGHT_SLOTS; i++)
        if (atomic_load(&c->inflight->slots[i].started_ns)) busy = i, nbusy++;
    if (nbusy == 1) {
        c->culprit = cortex_xstrdup(c->inflight->slots[busy].path);
        return CRASHED;
    }
    return nbusy > 1 ? CRASHED : FAILED;
}

static void child_run_dispose(child_run *c)
{
    if (c->events >= 0) close(c->events);
    if (c->requests >= 0) close(c->requests);
    cortex_buf_free(&c->pending);
    json_decref(c->done);
    free(c->culprit);
}

static double hang_limit(const cortex_index_options *o)
{
    double parse = o->parse_seconds > 0 ? o->parse_seconds : o->pipeline ? o->pipeline->parse_seconds : 10.0;
    if (parse <= 0) parse = 10.0;
    /* the parse and the queries are bounded by `parse` each; derivation and chunking are not */
    return 3 * parse + 2;
}

static int quarantine(const cortex_index_options *o, const char *path, const char *reason)
{
    char *root = realpath(o->root, NULL);
    if (!root) return cortex_error_set(CORTEX_ENOTFOUND, "%s: %s", o->root, strerror(errno));
    cortex_buf dir = {0};
    if (o->data_dir) cortex_buf_puts(&dir, o->data_dir);
    else cortex_buf_printf(&dir, "%s/.cortex", root);
    int rc = cortex_quarantine_add(dir.data, root, path, reason);
    free(root);
    cortex_buf_free(&dir);
    return rc;
}

void cortex_index_isolate_with(const char *executable)
{
    index_executable = executable;
}

int cortex_index_isolating(void) { return index_executable && !getenv("CORTEX_NO_ISOLATION"); }

int cortex_index_run_isolated(cortex_index_report *out, const cortex_plugin_set *plugins,
                              const cortex_index_options *opts)
{
    if (!cortex_index_isolating()) return cortex_index_run(out, plugins, opts);
    memset(out, 0, sizeof *out);
    unsigned threads = opts->threads;
    for (int attempt = 0; attempt <= MAX_RESTARTS; attempt++) {
        if (opts->cancel && atomic_load(opts->cancel)) return cortex_error_set(CORTEX_ECANCELLED, "indexing cancelled");
        cortex_inflight *inflight;
        int inflight_fd;
        int rc = cortex_inflight_create(&inflight, &inflight_fd);
        if (rc) return rc;
        child_run c = {.events = -1, .requests = -1, .inflight = inflight};
        rc = spawn_child(&c, opts, threads, inflight_fd);
        outcome what = rc ? FAILED : watch_child(&c, opts, hang_limit(opts));
        char reason[512] = "";
        if (what == DONE) {
            rc = (int)json_integer_value(json_object_get(c.done, "rc"));
            cortex_report_from_wire(out, json_object_get(c.done, "report"), plugins);
            if (rc)
                cortex_error_set(rc, "%s", json_string_value(json_object_get(c.done, "error")) ?: "indexing failed");
        } else if (what == CANCELLED) {
            rc = cortex_error_set(CORTEX_ECANCELLED, "indexing cancelled");
        } else if (what == HUNG) {
            snprintf(reason, sizeof reason,
                     "quarantined: its extraction ran past %.0f s and the indexing process was stopped; "
                     "skipped until the file changes",
                     hang_limit(opts));
        } else if (what == CRASHED && c.culprit) {
            snprintf(reason, sizeof reason,
                     "quarantined: its extraction crashed the indexing process (%s); skipped until the file changes",
                     c.signal ? strsignal(c.signal) : "it exited without a report");
        } else if (what == CRASHED && threads != 1) {
            threads = 1; /* several files were in flight: one at a time tells which */
        } else if (rc == 0 && c.signal && !crash_signal(c.signal)) {
            rc = cortex_error_set(CORTEX_EIO, "the indexing process was stopped (%s)", strsignal(c.signal));
        } else if (rc == 0) {
            rc = cortex_error_set(CORTEX_EIO, "the indexing process died (%s) outside the extraction of a file",
                                  c.signal ? strsignal(c.signal) : "no report");
        }
        if (*reason) {
            fprintf(stderr, "cortex: %s: %s\n", c.culprit, reason);
            rc = quarantine(opts, c.culprit, reason);
        }
        int again = rc == 0 && what != DONE;
        child_run_dispose(&c);
        cortex_inflight_destroy(inflight, inflight_fd);
        if (!again) return rc;
    }
    return cortex_error_set(CORTEX_EIO, "the indexing process died in %d files in a row; stopped", MAX_RESTARTS);
}

/* ---- the child --------------------------------------------------------------- */

static atomic_int child_cancel;

static void on_term(int sig)
{
    (void)sig;
    atomic_store(&child_cancel, 1);
}

static void tell(json_t *event)
{
    char *text = json_dumps(event, JSON_COMPACT);
    json_decref(event);
    if (!text) return;
    size_t len = strlen(text);
    text[len] = '\n'; /* json_dumps leaves room for its NUL only: write the NUL's place as the newline */
    (void)cortex_write_all(EVENTS_FD, text, len + 1);
    free(text);
}

typedef struct child_progress {
    int64_t last_ns;
} child_progress;

static void tell_progress(const cortex_index_progress *at, void *payload)
{
    child_progress *p = payload;
    int64_t now = cortex_inflight_now_ns();
    if (at->done != at->total && now - p->last_ns < 50000000) return;
    p->last_ns = now;
    tell(json_pack("{s:[I,I,I,I]}", "progress", (json_int_t)at->done, (json_int_t)at->total, (json_int_t)at->bytes_done,
                   (json_int_t)at->bytes_total));
    char answer = 0;
    while (read(STDIN_FILENO, &answer, 1) < 0 && errno == EINTR) {
    }
    if (answer != 'k') atomic_store(&child_cancel, 1);
}

static void tell_waiting(long pid, void *payload)
{
    (void)payload;
    tell(json_pack("{s:I}", "waiting", (json_int_t)pid));
}

static void tell_committing(size_t files, void *payload)
{
    (void)payload;
    tell(json_pack("{s:I}", "committing", (json_int_t)files));
}

static int tell_done(int rc, const cortex_index_report *report)
{
    const char *error = rc ? cortex_error_last() : NULL;
    tell(json_pack("{s:{s:i,s:s?,s:o}}", "done", "rc", rc, "error", error, "report",
                   report ? cortex_report_to_wire(report) : json_object()));
    return 0;
}

/* The request: one line on stdin, read byte by byte so that nothing after
 * it (the answers to progress events) is taken into a buffer. */
static json_t *read_request(json_error_t *err)
{
    cortex_buf line = {0};
    char ch;
    ssize_t n;
    while ((n = read(STDIN_FILENO, &ch, 1)) != 0) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 || ch == '\n') break;
        cortex_buf_putc(&line, ch);
    }
    json_t *req = json_loadb(line.data ? line.data : "", line.len, 0, err);
    cortex_buf_free(&line);
    return req;
}

int cortex_index_child_main(cortex_plugin_set *(*load)(int quiet))
{
    /* A supervisor killed takes its run with it, as an index run in one process would go */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_term;
    sigaction(SIGTERM, &sa, NULL);
    int attached = cortex_inflight_attach(INFLIGHT_FD);
    if (attached) return tell_done(attached, NULL);
    json_error_t jerr;
    json_t *req = read_request(&jerr);
    if (!req) return tell_done(cortex_error_set(CORTEX_EINVALID, "a malformed request: %s", jerr.text), NULL);
    long owner = (long)json_integer_value(json_object_get(req, "owner"));
    /* A supervisor gone before the death signal was asked for: nobody waits for this run */
    if (owner && getppid() != owner) {
        json_decref(req);
        return 1;
    }
    char *root = cortex_wire_path_of(json_object_get(req, "root"));
    char *data_dir = cortex_wire_path_of(json_object_get(req, "data_dir"));
    cortex_index_options o = {0};
    o.root = root ? root : ".";
    o.data_dir = data_dir;
    const char *sinks[16] = {0};
    json_t *v;
    size_t i;
    json_array_foreach(json_object_get(req, "sinks"), i, v) if (i < 15) sinks[i] = json_string_value(v);
    if (json_object_get(req, "sinks")) o.sinks = sinks;
    json_t *only = json_object_get(req, "only");
    char **paths = cortex_xcalloc(json_array_size(only) + 1, sizeof *paths);
    json_array_foreach(only, i, v) paths[i] = cortex_wire_path_of(v);
    if (only) {
        o.only = (const char *const *)paths;
        o.nonly = json_array_size(only);
    }
    cortex_index_lock_name_owner(owner);
    o.max_file_size = (uint64_t)json_integer_value(json_object_get(req, "max_file_size"));
    o.parse_seconds = json_real_value(json_object_get(req, "parse_seconds"));
    o.full = json_is_true(json_object_get(req, "full"));
    o.force = json_is_true(json_object_get(req, "force"));
    o.threads = (unsigned)json_integer_value(json_object_get(req, "threads"));
    o.no_wait = json_is_true(json_object_get(req, "no_wait"));
    o.from_jsonl = json_is_true(json_object_get(req, "from_jsonl"));
    child_progress progress = {0};
    if (json_is_true(json_object_get(req, "progress"))) o.progress = tell_progress;
    o.progress_payload = &progress;
    o.waiting = tell_waiting;
    o.committing = tell_committing;
    o.cancel = &child_cancel;
    /* before any thread starts: a thread takes its creator's priority */
    if (json_is_true(json_object_get(req, "background"))) (void)setpriority(PRIO_PROCESS, 0, BACKGROUND_NICE);
    cortex_plugin_set *plugins = load(!json_is_true(json_object_get(req, "warn")));
    cortex_config config;
    int rc = cortex_config_load(&config, o.root);
    if (rc == 0) {
        o.pipeline = cortex_config_pipeline(&config, json_string_value(json_object_get(req, "pipeline")));
        cortex_index_report report;
        if (!o.pipeline) rc = CORTEX_ENOTFOUND;
        else rc = cortex_index_run(&report, plugins, &o);
        tell_done(rc, o.pipeline ? &report : NULL);
        if (o.pipeline) cortex_index_report_dispose(&report);
        cortex_config_dispose(&config);
    } else {
        tell_done(rc, NULL);
    }
    cortex_plugin_set_free(plugins);
    for (i = 0; i < json_array_size(only); i++) free(paths[i]);
    free(paths);
    free(root);
    free(data_dir);
    json_decref(req);
    return 0;
}
