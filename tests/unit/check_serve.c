/* The serving core against a temporary copy of the sample repository: the
 * background first index and waiting for it, the generation, the watch
 * re-indexing a change, and the refusals. Deadlines are generous (a shared
 * machine may be slow): the tests assert what happened and in which order,
 * never how fast. */
#define _GNU_SOURCE
#include "serve/serve.h"
#include "tools/tools.h"
#include "util/error.h"

#include "check_run.h"

#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DEADLINE_MS 30000

static char repo_dir[256];
static cortex_repo *repo;

/* The events a serve told, in order. */
typedef struct recorder {
    pthread_mutex_t lock;
    cortex_serve_event_kind kinds[64];
    int rcs[64];
    int64_t generations[64];
    unsigned kept_checked[64];
    int n;
} recorder;

static recorder events;

static void record(const cortex_serve_event *e, void *payload)
{
    recorder *r = payload;
    pthread_mutex_lock(&r->lock);
    if (r->n < 64) {
        r->kinds[r->n] = e->kind;
        r->rcs[r->n] = e->rc;
        r->generations[r->n] = e->generation;
        r->kept_checked[r->n] = e->kept_checked;
        r->n++;
    }
    pthread_mutex_unlock(&r->lock);
}

static int count_of(cortex_serve_event_kind kind)
{
    pthread_mutex_lock(&events.lock);
    int n = 0;
    for (int i = 0; i < events.n; i++) n += events.kinds[i] == kind;
    pthread_mutex_unlock(&events.lock);
    return n;
}

/* Polls until `kind` has been told `n` times, up to the deadline. */
static int wait_for(cortex_serve_event_kind kind, int n)
{
    for (int waited = 0; waited < DEADLINE_MS; waited += 20) {
        if (count_of(kind) >= n) return 1;
        usleep(20 * 1000);
    }
    return 0;
}

static void run(const char *fmt, const char *arg)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, fmt, arg, arg, arg, arg, arg);
    ck_assert_int_eq(system(cmd), 0);
}

static void setup(void)
{
    setenv("CORTEX_PLUGIN_PATH", BUILD_PLUGIN_DIR, 1);
    snprintf(repo_dir, sizeof repo_dir, "/tmp/cortex-check-serve-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(repo_dir));
    run("cp -R " FIXTURE_REPO "/. '%s/' && mv '%s/root.gitignore' '%s/.gitignore' && mv '%s/src.gitignore' '%s/src/.gitignore'",
        repo_dir);
    ck_assert_int_eq(cortex_repo_open(&repo, repo_dir), 0);
    memset(&events, 0, sizeof events);
    pthread_mutex_init(&events.lock, NULL);
}

static void teardown(void)
{
    cortex_repo_close(repo);
    pthread_mutex_destroy(&events.lock);
    run("rm -rf '%s'", repo_dir);
}

static cortex_serve *open_serve(void)
{
    cortex_serve_options o = {.on_event = record, .payload = &events};
    cortex_serve *s;
    ck_assert_int_eq(cortex_serve_open(&s, repo, &o), 0);
    return s;
}

/* Calls search for `name`: whether its first result is a symbol of that name. */
static int finds(cortex_reader *reader, const char *name)
{
    json_t *args = json_pack("{s:s,s:i}", "query", name, "context_lines", 0);
    json_t *result;
    cortex_tool_ctx ctx = {.reader = reader};
    cortex_tool_outcome o = cortex_tool_call(&result, &ctx, cortex_tool_find("search"), args);
    json_decref(args);
    ck_assert_int_eq(o, CORTEX_TOOL_OK);
    const char *first = json_string_value(json_object_get(json_array_get(json_object_get(result, "results"), 0), "name"));
    int found = first && strcmp(first, name) == 0;
    json_decref(result);
    return found;
}

START_TEST(test_serve_wait_index_after_background_index)
{
    cortex_reader *reader;
    ck_assert_int_eq(cortex_reader_open(&reader, repo), 0);
    ck_assert(!cortex_reader_ready(reader)); /* a fresh copy has no index */
    cortex_serve *s = open_serve();
    ck_assert_int_eq(cortex_serve_generation(s), 0);
    cortex_serve_wait_index(s); /* nothing runs: returns at once */

    cortex_serve_start_index(s);
    cortex_serve_wait_index(s);
    /* Waiting returned after the run was told, and the run moved the generation. */
    ck_assert_int_eq(events.n, 2);
    ck_assert_int_eq(events.kinds[0], CORTEX_SERVE_INDEX_STARTED);
    ck_assert_int_eq(events.generations[0], 0);
    ck_assert_int_eq(events.kinds[1], CORTEX_SERVE_INDEXED);
    ck_assert_int_eq(events.rcs[1], 0);
    ck_assert_int_eq(events.generations[1], 1);
    ck_assert_int_eq(cortex_serve_generation(s), 1);

    ck_assert_int_eq(cortex_reader_reopen(reader), 0);
    ck_assert(cortex_reader_ready(reader));
    ck_assert(finds(reader, "normalize"));
    ck_assert(!finds(reader, "added_while_watched"));

    cortex_serve_start_index(s); /* once per serve */
    cortex_serve_wait_index(s);
    ck_assert_int_eq(events.n, 2);
    cortex_serve_close(s);
    cortex_reader_close(reader);
}
END_TEST

START_TEST(test_serve_watch_reindexes_a_change)
{
    cortex_serve *s = open_serve();
    cortex_serve_start_index(s);
    cortex_serve_wait_index(s);
    ck_assert_int_eq(cortex_serve_generation(s), 1);

    cortex_serve_start_watch(s);
    ck_assert_msg(wait_for(CORTEX_SERVE_WATCHING, 1), "the watch never reported it was in place");
    int64_t before = cortex_serve_generation(s);
    run("printf '\\ndef added_while_watched():\\n    return 3\\n' >> '%s/src/util.py'", repo_dir);
    int64_t after = cortex_serve_wait_generation(s, before, DEADLINE_MS);
    ck_assert_int_eq(after, before + 1);
    ck_assert_msg(wait_for(CORTEX_SERVE_REINDEXED, 1), "no re-index was told");

    /* Told in order: started, indexed, watching, the kept answers looked at
     * (none here), re-indexed (with the new generation). */
    pthread_mutex_lock(&events.lock);
    ck_assert_int_ge(events.n, 5);
    ck_assert_int_eq(events.kinds[0], CORTEX_SERVE_INDEX_STARTED);
    ck_assert_int_eq(events.kinds[1], CORTEX_SERVE_INDEXED);
    ck_assert_int_eq(events.kinds[2], CORTEX_SERVE_WATCHING);
    ck_assert_int_eq(events.kinds[3], CORTEX_SERVE_KEPT_CHECKED);
    ck_assert_int_eq(events.kept_checked[3], 0);
    ck_assert_int_eq(events.kinds[4], CORTEX_SERVE_REINDEXED);
    ck_assert_int_eq(events.rcs[4], 0);
    ck_assert_int_eq(events.generations[4], 2);
    pthread_mutex_unlock(&events.lock);

    /* A reader opened now answers from the re-indexed store. */
    cortex_reader *reader;
    ck_assert_int_eq(cortex_reader_open(&reader, repo), 0);
    ck_assert(finds(reader, "added_while_watched"));
    cortex_reader_close(reader);
    cortex_serve_close(s); /* stops and joins the watch thread */
}
END_TEST

/* Files no run would index (a build's objects, an editor's swap file)
 * change without a re-index; a source file's change still starts one. */
START_TEST(test_serve_watch_leaves_files_no_plugin_claims)
{
    cortex_serve *s = open_serve();
    cortex_serve_start_index(s);
    cortex_serve_wait_index(s);
    cortex_serve_start_watch(s);
    ck_assert_msg(wait_for(CORTEX_SERVE_WATCHING, 1), "the watch never reported it was in place");
    int64_t before = cortex_serve_generation(s);
    run("printf 'obj' > '%s/util.o' && printf 'swap' > '%s/src/.util.py.swp' && printf 'more' >> '%s/util.o'", repo_dir);
    ck_assert_int_eq(cortex_serve_wait_generation(s, before, 1500), before);
    ck_assert_int_eq(count_of(CORTEX_SERVE_REINDEXED), 0);
    run("printf '\ndef after_objects():\n    return 4\n' >> '%s/src/util.py'", repo_dir);
    ck_assert_int_eq(cortex_serve_wait_generation(s, before, DEADLINE_MS), before + 1);
    ck_assert_msg(wait_for(CORTEX_SERVE_REINDEXED, 1), "no re-index was told");
    cortex_serve_close(s);
}
END_TEST

typedef struct watch_arg {
    cortex_serve *s;
    atomic_int stop;
    int rc;
} watch_arg;

static void *watch_on_thread(void *p)
{
    watch_arg *a = p;
    a->rc = cortex_serve_watch(a->s, 1, &a->stop);
    return NULL;
}

START_TEST(test_serve_watch_indexes_first_and_stops)
{
    cortex_serve *s = open_serve();
    watch_arg a = {.s = s};
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, watch_on_thread, &a), 0);
    ck_assert_msg(wait_for(CORTEX_SERVE_INDEXED, 1), "the first index was never told");
    atomic_store(&a.stop, 1);
    pthread_join(t, NULL);
    ck_assert_int_eq(a.rc, 0);
    /* The watch is in place before the first index, so a change during it is not lost. */
    ck_assert_int_eq(events.kinds[0], CORTEX_SERVE_WATCHING);
    ck_assert_int_eq(events.kinds[1], CORTEX_SERVE_KEPT_CHECKED);
    ck_assert_int_eq(events.kinds[2], CORTEX_SERVE_INDEXED);
    ck_assert_int_eq(events.rcs[2], 0);
    ck_assert_int_eq(cortex_serve_generation(s), 1);
    cortex_serve_close(s);
}
END_TEST

START_TEST(test_serve_refusals)
{
    /* A pipeline the configuration does not define. */
    cortex_serve_options o = {.pipeline = "nightly"};
    cortex_serve *s;
    ck_assert_int_lt(cortex_serve_open(&s, repo, &o), 0);
    ck_assert_ptr_null(s);
    ck_assert_ptr_nonnull(strstr(cortex_error_last(), "no pipeline named \"nightly\""));

    /* A broken configuration: served, never indexed, and the watch says why. */
    run("mkdir -p '%s/.cortex' && printf 'pipelines: [\\n' > '%s/.cortex/config.yml'", repo_dir);
    cortex_repo *broken;
    ck_assert_int_eq(cortex_repo_open(&broken, repo_dir), 0);
    ck_assert_ptr_null(cortex_repo_config(broken));
    const char *why = cortex_repo_config_error(broken);
    ck_assert_ptr_nonnull(why);
    cortex_serve_options ro = {.on_event = record, .payload = &events};
    ck_assert_int_eq(cortex_serve_open(&s, broken, &ro), 0);
    cortex_serve_start_index(s);
    cortex_serve_start_watch(s);
    cortex_serve_wait_index(s);
    ck_assert_int_eq(events.n, 0);
    atomic_int stop = 0;
    ck_assert_int_eq(cortex_serve_watch(s, 1, &stop), CORTEX_EINVALID);
    ck_assert_str_eq(cortex_error_last(), why);
    cortex_serve_close(s);
    cortex_repo_close(broken);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("serve");
    TCase *tc = tcase_create("serve");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_serve_wait_index_after_background_index);
    tcase_add_test(tc, test_serve_watch_leaves_files_no_plugin_claims);
    tcase_add_test(tc, test_serve_watch_reindexes_a_change);
    tcase_add_test(tc, test_serve_watch_indexes_first_and_stops);
    tcase_add_test(tc, test_serve_refusals);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
