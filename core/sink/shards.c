/* Sharded JSONL outputs (see shards.h). */
#define _GNU_SOURCE /* renameat2 */
#include "shards.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

unsigned cortex_shard_count(uint64_t files, uint32_t files_per_shard)
{
    unsigned n = 1;
    if (files_per_shard == 0) return 1;
    while (n < CORTEX_MAX_SHARDS && (uint64_t)n * files_per_shard < files) n <<= 1;
    return n;
}

int cortex_shard_count_valid(long long n)
{
    return n >= 1 && n <= (long long)CORTEX_MAX_SHARDS && !(n & (n - 1));
}

unsigned cortex_shard_of(const char *path, unsigned n)
{
    return (unsigned)(XXH3_64bits(path, strlen(path)) & (n - 1));
}

void cortex_shard_file(char *buf, size_t size, const char *dir, const char *name, unsigned n, unsigned i)
{
    if (n == 1) snprintf(buf, size, "%s/%s.jsonl", dir, name);
    else snprintf(buf, size, "%s/%s/%02x.jsonl", dir, name, i);
}

static int write_failed(const cortex_sharded *s, unsigned j)
{
    char p[PATH_MAX + 96];
    cortex_shard_file(p, sizeof p, s->staging, s->name, s->n, j);
    return cortex_error_set(CORTEX_EIO, "%s: write failed: %s", p, strerror(errno));
}

int cortex_sharded_begin(cortex_sharded *s, const char *committed, const char *staging, const char *name, unsigned n,
                         unsigned n_old)
{
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", name);
    snprintf(s->committed, sizeof s->committed, "%s", committed);
    snprintf(s->staging, sizeof s->staging, "%s", staging);
    s->n = n;
    s->n_old = n_old;
    s->shards = cortex_xcalloc(n, sizeof *s->shards);
    s->old = cortex_xcalloc(n_old ? n_old : 1, sizeof *s->old);
    /* with no committed shard to match, every shard is written anew */
    for (unsigned j = 0; j < n; j++) s->shards[j].changed = n != n_old;
    if (n > 1) {
        char dir[PATH_MAX + 80];
        snprintf(dir, sizeof dir, "%s/%s", staging, name);
        if (mkdir(dir, 0777) != 0 && errno != EEXIST)
            return cortex_error_set(CORTEX_EIO, "%s: cannot create directory: %s", dir, strerror(errno));
    }
    return 0;
}

static int open_out(cortex_sharded *s, unsigned j)
{
    if (s->shards[j].out) return 0;
    char p[PATH_MAX + 96];
    cortex_shard_file(p, sizeof p, s->staging, s->name, s->n, j);
    if (!(s->shards[j].out = fopen(p, "wb"))) return cortex_error_set(CORTEX_EIO, "%s: cannot write: %s", p, strerror(errno));
    return 0;
}

/* The committed shard `k`, open for reading from its first line. */
static cortex_carry_reader *old_shard(cortex_sharded *s, unsigned k)
{
    cortex_carry_reader *r = &s->old[k];
    if (r->in) return r;
    char p[PATH_MAX + 96];
    cortex_shard_file(p, sizeof p, s->committed, s->name, s->n_old, k);
    if (cortex_carry_open(r, p) != 0) {
        cortex_error_set(CORTEX_EIO, "%s: cannot read the committed output: %s", p, strerror(errno));
        return NULL;
    }
    return r;
}

/* Copies `path`'s committed lines into shard j of this run. */
static int copy_path(cortex_sharded *s, const char *path, unsigned j)
{
    if (s->n_old == 0) return cortex_error_set(CORTEX_EINVALID, "%s: no committed output to carry %s over from", s->name, path);
    cortex_carry_reader *r = old_shard(s, cortex_shard_of(path, s->n_old));
    if (!r) return CORTEX_EIO;
    int rc = open_out(s, j), at = 0;
    while (rc == 0 && (at = cortex_carry_seek(r, path)) == 1) {
        if (fwrite(r->line, 1, (size_t)r->len, s->shards[j].out) != (size_t)r->len) return write_failed(s, j);
        s->shards[j].written++;
        cortex_carry_advance(r);
    }
    if (rc == 0 && at < 0) rc = cortex_error_set(CORTEX_EIO, "%s: unreadable committed line while carrying %s over", s->name, path);
    return rc;
}

static void clear_pending(cortex_shard *sh)
{
    for (size_t i = 0; i < sh->npending; i++) free(sh->pending[i]);
    sh->npending = 0;
}

int cortex_sharded_keep(cortex_sharded *s, const char *path)
{
    unsigned j = cortex_shard_of(path, s->n);
    cortex_shard *sh = &s->shards[j];
    if (!sh->changed) {
        *CORTEX_PUSH(sh->pending, sh->npending, sh->pending_cap) = cortex_xstrdup(path);
        return 0;
    }
    return copy_path(s, path, j);
}

int cortex_sharded_change(cortex_sharded *s, const char *path)
{
    unsigned j = cortex_shard_of(path, s->n);
    cortex_shard *sh = &s->shards[j];
    if (sh->changed) return open_out(s, j);
    sh->changed = 1;
    int rc = open_out(s, j);
    for (size_t i = 0; i < sh->npending && rc == 0; i++) rc = copy_path(s, sh->pending[i], j);
    clear_pending(sh);
    return rc;
}

int cortex_sharded_write(cortex_sharded *s, const char *path, const char *lines, size_t len, size_t nlines)
{
    unsigned j = cortex_shard_of(path, s->n);
    cortex_shard *sh = &s->shards[j];
    if (!sh->changed || !sh->out) return cortex_error_set(CORTEX_EINVALID, "%s: %s written before it changed", s->name, path);
    if (fwrite(lines, 1, len, sh->out) != len) return write_failed(s, j);
    sh->written += nlines;
    return 0;
}

/* A copy where the file system refuses a hard link. */
static int copy_file(const char *from, const char *to)
{
    int in = open(from, O_RDONLY | O_CLOEXEC), out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    int rc = in < 0 || out < 0 ? -1 : 0;
    char buf[1 << 16];
    ssize_t n;
    while (rc == 0 && (n = read(in, buf, sizeof buf)) != 0)
        if (n < 0 || write(out, buf, (size_t)n) != n) rc = -1;
    if (rc == 0 && fsync(out) != 0) rc = -1;
    if (in >= 0) close(in);
    if (out >= 0 && close(out) != 0) rc = -1;
    return rc;
}

/* An unchanged shard: the committed file, linked into the staged output. */
static int link_unchanged(cortex_sharded *s, unsigned j)
{
    char from[PATH_MAX + 96], to[PATH_MAX + 96];
    cortex_shard_file(from, sizeof from, s->committed, s->name, s->n, j);
    cortex_shard_file(to, sizeof to, s->staging, s->name, s->n, j);
    if (link(from, to) == 0 || copy_file(from, to) == 0) return 0;
    return cortex_error_set(CORTEX_EIO, "%s: cannot carry over to %s: %s", from, to, strerror(errno));
}

/* The lines of committed shard j, read to its end. */
static uint64_t committed_lines_of(cortex_sharded *s, unsigned j, int *rc)
{
    cortex_carry_reader *r = old_shard(s, j);
    if (!r) {
        *rc = CORTEX_EIO;
        return 0;
    }
    while (r->line) cortex_carry_advance(r);
    return r->lines;
}

int cortex_sharded_commit(cortex_sharded *s, uint64_t committed_lines, uint64_t *lines)
{
    int same_shards = s->n == s->n_old, rc = 0;
    uint64_t total = same_shards ? committed_lines : 0;
    for (unsigned j = 0; j < s->n && rc == 0; j++) {
        cortex_shard *sh = &s->shards[j];
        if (!sh->changed) {
            rc = link_unchanged(s, j);
            continue;
        }
        if ((rc = open_out(s, j))) break;
        if (fflush(sh->out) != 0 || fsync(fileno(sh->out)) != 0) rc = write_failed(s, j);
        if (fclose(sh->out) != 0 && rc == 0) rc = write_failed(s, j);
        sh->out = NULL;
        if (same_shards) total -= committed_lines_of(s, j, &rc);
        total += sh->written;
    }
    *lines = total;
    return rc;
}

void cortex_sharded_dispose(cortex_sharded *s)
{
    for (unsigned j = 0; s->shards && j < s->n; j++) {
        if (s->shards[j].out) fclose(s->shards[j].out);
        clear_pending(&s->shards[j]);
        free(s->shards[j].pending);
    }
    for (unsigned k = 0; s->old && k < (s->n_old ? s->n_old : 1); k++) cortex_carry_close(&s->old[k]);
    free(s->shards);
    free(s->old);
    memset(s, 0, sizeof *s);
}

/* Only what cortex writes there: JSON, JSONL and state files. */
static int is_output_file(const char *name)
{
    size_t n = strlen(name);
    return (n > 6 && strcmp(name + n - 6, ".jsonl") == 0) || (n > 5 && strcmp(name + n - 5, ".json") == 0) ||
           (n > 6 && strcmp(name + n - 6, ".state") == 0);
}

static void remove_dir_level(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    char p[PATH_MAX + 256];
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) != 0) continue;
        if (S_ISDIR(st.st_mode) && depth == 0) remove_dir_level(p, 1);
        else if (S_ISREG(st.st_mode) && is_output_file(e->d_name)) unlink(p);
    }
    closedir(d);
    rmdir(dir);
}

void cortex_shards_remove_dir(const char *dir)
{
    remove_dir_level(dir, 0);
}

int cortex_shards_fresh_dir(const char *dir)
{
    cortex_shards_remove_dir(dir); /* left by a run that was killed */
    if (mkdir(dir, 0777) != 0)
        return cortex_error_set(CORTEX_EIO, "%s: cannot create directory: %s", dir, strerror(errno));
    return 0;
}

int cortex_shards_swap_in(const char *staging, const char *committed)
{
    if (renameat2(AT_FDCWD, staging, AT_FDCWD, committed, RENAME_EXCHANGE) == 0) {
        cortex_shards_remove_dir(staging); /* now the previous output */
        return 0;
    }
    if (errno == ENOENT && rename(staging, committed) == 0) return 0; /* the first output */
    /* A file system without RENAME_EXCHANGE: move the old one aside first. */
    char old[PATH_MAX + 8];
    snprintf(old, sizeof old, "%s.old", committed);
    cortex_shards_remove_dir(old);
    if (rename(committed, old) != 0 && errno != ENOENT)
        return cortex_error_set(CORTEX_EIO, "%s: cannot replace: %s", committed, strerror(errno));
    if (rename(staging, committed) != 0) {
        int rc = cortex_error_set(CORTEX_EIO, "%s: cannot replace: %s", committed, strerror(errno));
        rename(old, committed);
        return rc;
    }
    cortex_shards_remove_dir(old);
    return 0;
}
