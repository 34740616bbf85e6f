/* The indexing run's parts below the run itself: one file's job (source.c),
 * the repository lock (lock.c) and the sinks' capabilities (sink flags). */
#define _GNU_SOURCE
#include "check_run.h"

#include "index/lock.h"
#include "index/source.h"
#include "sink/sink.h"
#include "util/error.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[] = "/tmp/cortex-check-index-XXXXXX";

static void write_file(const char *name, const char *data, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    fclose(f);
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
    free(data);
}
END_TEST

START_TEST(test_lock_refuses_a_second_indexer_naming_the_first)
{
    char tmp[] = "/tmp/cortex-check-lock-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(tmp));
    int fd = -1;
    ck_assert_int_eq(cortex_index_lock_take(&fd, tmp, 1, NULL, NULL), 0);
    ck_assert_int_ge(fd, 0);
    /* flock locks belong to the open file: a child's own open is a second indexer */
    pid_t child = fork();
    if (child == 0) {
        int other = -1;
        int rc = cortex_index_lock_take(&other, tmp, 1, NULL, NULL);
        char want[128];
        snprintf(want, sizeof want, "another indexer (pid %ld) is indexing this repository", (long)getppid());
        _exit(rc == CORTEX_ERROR && other == -1 && strcmp(cortex_error_last(), want) == 0 ? 0 : 1);
    }
    int status = 0;
    ck_assert_int_eq(waitpid(child, &status, 0), child);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(fd);
    ck_assert_int_eq(cortex_index_lock_take(&fd, tmp, 1, NULL, NULL), 0); /* released with the descriptor */
    close(fd);
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

int main(void)
{
    Suite *s = suite_create("index");
    TCase *tc = tcase_create("index");
    tcase_add_test(tc, test_source_reads_describes_and_refuses_binaries);
    tcase_add_test(tc, test_lock_refuses_a_second_indexer_naming_the_first);
    tcase_add_test(tc, test_sinks_say_what_they_can_do);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
