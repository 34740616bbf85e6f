/*
 * One file's job: read it (refusing binaries as git does), describe its
 * content, extract and chunk its records. Shared by the run's loop, its
 * workers and `cortex extract`, so none of them calls back into another.
 */
#define _GNU_SOURCE
#include "source.h"

#include "inflight.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#define BINARY_PROBE 8000 /* as git: a NUL in the first 8000 bytes means binary */

const char *cortex_source_read(const char *path, char **data, size_t *cap, size_t *len, int64_t *mtime_ns)
{
    /* The walk saw a regular file; by now it may be a link or a FIFO (a tree
     * changing under the run): never follow the one, never wait on the other. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return errno == ELOOP ? "not a regular file" : "unreadable";
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return "unreadable";
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return "not a regular file";
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (mtime_ns) *mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    size_t want = (size_t)st.st_size;
    cortex_grow((void **)data, cap, want + 1, 1);
    size_t got = 0;
    while (got < want) {
        ssize_t n = read(fd, *data + got, want - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            close(fd);
            return "unreadable";
        }
        if (n == 0) break; /* the file shrank while we read it */
        got += (size_t)n;
    }
    close(fd);
    (*data)[got] = '\0';
    *len = got;
    if (memchr(*data, '\0', got < BINARY_PROBE ? got : BINARY_PROBE)) return "binary";
    return NULL;
}

void cortex_source_describe(cortex_file_records *r, const char *data, size_t len)
{
    snprintf(r->hash, sizeof r->hash, "%016llx", (unsigned long long)XXH3_64bits(data, len));
    uint32_t lines = 0;
    for (const char *p = data; (p = memchr(p, '\n', (size_t)(data + len - p))); p++) lines++;
    if (len > 0 && data[len - 1] != '\n') lines++;
    r->lines = lines;
    r->bytes = len;
}

const char *cortex_source_extract(cortex_extractor *x, const cortex_language_plugin *p, const char *data, size_t len,
                                  const cortex_chunk_options *chunk, cortex_file_records *r)
{
    const char *problem = NULL;
    cortex_inflight_begin(r->path);
    if (cortex_extractor_run(x, p, data, len, r) != 0 || r->problem) problem = r->problem ? r->problem : cortex_error_last();
    if (chunk) cortex_chunk_file(r, data, len, chunk);
    cortex_inflight_end();
    return problem;
}
