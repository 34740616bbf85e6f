/* The indexing run's parts below the run itself: one file's job (source.c),
 * the repository lock (lock.c) and the sinks' capabilities (sink flags). */
#define _GNU_SOURCE
#include "check_run.h"
#include "check_scratch.h"

#include "index/lock.h"
#include "index/source.h"
#include "sink/set.h"
#include "sink/sink.h"
#include "util/error.h"

#include <check.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[] = "/tmp/cortex-check-index-XXXXXX";

static void write_file(const char *name, const char *data, size_t len)
{
    cortex_check_write_file(dir, name, data, len);
}

START_TEST(test_source_reads_describes_and_refuses_binaries)
{
    ck_assert_ptr_nonnull(mkdtemp(dir));
    write_file("a.txt", "one\ntwo\nthree", 13);
    write_file("b.bin", "ab\0cd", 5);
    char path[512], *data = NULL;
    size_t cap = 0, len = 0;
    int64_t mtime = 0;
    snprintf(path, sizeof path, "%s/a.txt", dir);
    ck_assert_ptr_null(cortex_source_read(path, &data, &cap, &len, &mtime));
    ck_assert_uint_eq(len, 13);
    ck_assert_str_eq(data, "one\ntwo\nthree");
    ck_assert(mtime > 0);
    cortex_file_records r = {0};
    cortex_source_describe(&r, data, len);
    ck_assert_uint_eq(r.lines, 3); /* the last line has no newline and still counts */
    ck_assert_uint_eq(r.bytes, 13);
    ck_assert_uint_eq(strlen(r.hash), 16);
    snprintf(path, sizeof path, "%s/b.bin", dir);
    ck_assert_str_eq(cortex_source_read(path, &data, &cap, &len, NULL), "binary");
    snprintf(path, sizeof path, "%s/missing", dir);
    ck_assert_str_eq(cortex_source_read(path, &data, &cap, &len, NULL), "unreadable");
    /* what the walk saw as a file and is now a FIFO or a link: refused at
     * once, never waited on or followed (issue 24: a FIFO blocked the run) */
    snprintf(path, sizeof path, "%s/fifo", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    ck_assert_str_eq(cortex_source_read(path, &data, &cap, &len, NULL), "not a regular file");
    char target[512];
    snprintf(target, sizeof target, "%s/a.txt", dir);
    snprintf(path, sizeof path, "%s/link", dir);
    ck_assert_int_eq(symlink(target, path), 0);
    ck_assert_str_eq(cortex_source_read(path, &data, &cap, &len, NULL), "not a regular file");
    free(data);
    ck_assert_int_eq(cortex_check_remove_tree(dir), 0);
}
END_TEST

START_TEST(test_lock_refuses_a_second_indexer_naming_the_first)
{
    char tmp[] = "/tmp/cortex-check-lock-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(tmp));
    int fd = -1;
    ck_assert_int_eq(cortex_index_lock_take(&fd, tmp, 1, NULL, NULL, NULL), 0);
    ck_assert_int_ge(fd, 0);
    /* flock locks belong to the open file: a child's own open is a second indexer */
    pid_t child = fork();
    if (child == 0) {
        int other = -1;
        int rc = cortex_index_lock_take(&other, tmp, 1, NULL, NULL, NULL);
        char want[128];
        snprintf(want, sizeof want, "another indexer (pid %ld) is indexing this repository", (long)getppid());
        _exit(rc == CORTEX_ERROR && other == -1 && strcmp(cortex_error_last(), want) == 0 ? 0 : 1);
    }
    int status = 0;
    ck_assert_int_eq(waitpid(child, &status, 0), child);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(fd);
    ck_assert_int_eq(cortex_index_lock_take(&fd, tmp, 1, NULL, NULL, NULL), 0); /* released with the descriptor */
    close(fd);
    ck_assert_int_eq(cortex_check_remove_tree(tmp), 0);
}
END_TEST

static atomic_int lock_wait_cancel;
static long lock_waited_for;

static void cancel_on_alarm(int sig)
{
    (void)sig;
    atomic_store(&lock_wait_cancel, 1);
}

static void note_wait(long holder, void *payload)
{
    (void)payload;
    lock_waited_for = holder;
    alarm(1); /* the cancel comes once the wait has begun, however slow the machine */
}

/* A run waiting for another's lock stops when it is cancelled and a signal
 * comes (an isolated run's supervisor sends SIGTERM), not when the other ends. */
START_TEST(test_lock_wait_stops_when_cancelled)
{
    char tmp[] = "/tmp/cortex-check-lock-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(tmp));
    int pipefd[2];
    ck_assert_int_eq(pipe(pipefd), 0);
    pid_t holder = fork();
    if (holder == 0) {
        int fd = -1;
        if (cortex_index_lock_take(&fd, tmp, 1, NULL, NULL, NULL) != 0) _exit(1);
        (void)!write(pipefd[1], "x", 1);
        pause(); /* holds the lock until killed */
        _exit(0);
    }
    char c;
    ck_assert_int_eq(read(pipefd[0], &c, 1), 1);
    struct sigaction sa = {0};
    sa.sa_handler = cancel_on_alarm; /* no SA_RESTART: the wait is interrupted */
    sigaction(SIGALRM, &sa, NULL);
    atomic_store(&lock_wait_cancel, 0);
    lock_waited_for = 0;
    int fd = -1;
    int rc = cortex_index_lock_take(&fd, tmp, 0, &lock_wait_cancel, note_wait, NULL);
    kill(holder, SIGKILL);
    waitpid(holder, NULL, 0);
    ck_assert_int_eq(rc, CORTEX_ECANCELLED);
    ck_assert_int_eq(fd, -1);
    ck_assert_int_eq(lock_waited_for, (long)holder);
    close(pipefd[0]);
    close(pipefd[1]);
    ck_assert_int_eq(cortex_check_remove_tree(tmp), 0);
}
END_TEST

START_TEST(test_sinks_say_what_they_can_do)
{
    ck_assert_uint_eq(cortex_sink_find("sqlite")->flags, CORTEX_SINK_PARTIAL);
    ck_assert_uint_eq(cortex_sink_find("jsonl")->flags, 0);
    ck_assert_uint_eq(cortex_sink_find("chunks")->flags, CORTEX_SINK_WANTS_CHUNKS);
    ck_assert_str_eq(cortex_sink_names(), "sqlite, jsonl, chunks");
}
END_TEST

/* Two sinks that write what is asked of them into one log; "b" cannot commit
 * and has nothing to carry over. */
static char calls[512];
static void note(const char *who, const char *what)
{
    snprintf(calls + strlen(calls), sizeof calls - strlen(calls), "%s%s.%s", *calls ? " " : "", who, what);
}
static int f_open(void **out, const cortex_sink_context *ctx)
{
    *out = (void *)ctx->project_name;
    return 0;
}
#define FAKE(verb, body)                                                                                                     \
    static int a_##verb(void *self) { note("a", #verb); return 0; }                                                         \
    static int b_##verb(void *self) { note("b", #verb); body; }
FAKE(begin, return 0)
FAKE(commit, return cortex_error_set(CORTEX_EIO, "b cannot commit"))
static int a_file(void *self, const cortex_file_records *r) { note("a", "file"); return 0; }
static int b_file(void *self, const cortex_file_records *r) { note("b", "file"); return 0; }
static int a_remove(void *self, const char *path) { note("a", "remove"); return 0; }
static int b_remove(void *self, const char *path) { note("b", "remove"); return 0; }
static void a_abort(void *self) { note("a", "abort"); }
static void b_abort(void *self) { note("b", "abort"); }
static void a_close(void *self) { note("a", "close"); }
static void b_close(void *self) { note("b", "close"); }
static int a_keep(void *self, const cortex_file_records *r) { note("a", "keep"); return 0; }
static int b_keep(void *self, const cortex_file_records *r) { note("b", "keep"); return CORTEX_ENOTFOUND; }
static const cortex_sink_type sink_a = {CORTEX_SINK_ABI_VERSION, "a", "", f_open, a_begin, a_file, a_remove, a_commit, a_abort, a_close, a_keep, 0};
static const cortex_sink_type sink_b = {CORTEX_SINK_ABI_VERSION, "b", "", f_open, b_begin, b_file, b_remove, b_commit, b_abort, b_close, b_keep, 0};

START_TEST(test_sink_set_fans_out_and_reports_the_first_failure)
{
    calls[0] = '\0';
    const cortex_sink_type *const types[] = {&sink_a, &sink_b};
    cortex_sink_context ctx = {0};
    ctx.project_name = "p";
    cortex_sink_set *set;
    ck_assert_int_eq(cortex_sink_set_open(&set, types, 2, &ctx), 0);
    ck_assert_uint_eq(cortex_sink_set_count(set), 2);
    cortex_file_records r = {0};
    int fresh[2] = {0};
    size_t nfresh = 0;
    ck_assert_int_eq(cortex_sink_set_keep(set, &r, fresh, &nfresh), 0);
    ck_assert(fresh[0] == 0 && fresh[1] == 1 && nfresh == 1);
    ck_assert_int_eq(cortex_sink_set_file(set, &r, fresh), 0); /* only b, which had nothing to carry */
    ck_assert_int_eq(cortex_sink_set_remove(set, "gone.c"), 0);
    ck_assert_int_eq(cortex_sink_set_commit(set), CORTEX_EIO);
    ck_assert_str_eq(cortex_error_last(), "b cannot commit");
    cortex_sink_set_close(set, 1);
    /* b commits on a thread of its own: its place among a's calls is not fixed */
    char *b_commit_at = strstr(calls, " b.commit");
    ck_assert_ptr_nonnull(b_commit_at);
    memmove(b_commit_at, b_commit_at + 9, strlen(b_commit_at + 9) + 1);
    ck_assert_str_eq(calls, "a.begin b.begin a.keep b.keep b.file a.remove b.remove a.commit a.abort b.abort a.close b.close");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("index");
    TCase *tc = tcase_create("index");
    tcase_add_test(tc, test_source_reads_describes_and_refuses_binaries);
    tcase_add_test(tc, test_lock_refuses_a_second_indexer_naming_the_first);
    tcase_add_test(tc, test_lock_wait_stops_when_cancelled);
    tcase_add_test(tc, test_sinks_say_what_they_can_do);
    tcase_add_test(tc, test_sink_set_fans_out_and_reports_the_first_failure);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
