/*
 * A spool of id-keyed rows read back in id order (see spool.h). A row on
 * file is its length after this field (32 bits), its id (64 bits), then each
 * column as a 32-bit length (NULL_COLUMN: NULL) and its bytes.
 */
#define _GNU_SOURCE
#include "spool.h"

#include "../util/io.h"
#include "../util/mem.h"
#include "../util/sort.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WRITE_BUFFER (256 << 10)
#define READ_BUFFER (256 << 10)
/* What one sorted run holds in memory by default, rows and their order together. */
#define RUN_BYTES (32 << 20)
#define NULL_COLUMN UINT32_MAX
/* A column longer than this is cut: a row of four must fit its 32-bit length. */
#define MAX_COLUMN (1u << 29)

/* Buffered appends to a file. */
typedef struct writer {
    int fd;
    unsigned char *buffer;
    size_t buffered;
    uint64_t size; /* bytes, written and buffered */
    int error;     /* the first write's errno */
} writer;

/* Sequential reads of the range [pos, end) of a file; a row stays in the
 * buffer whole, which grows for a row larger than it. */
typedef struct reader {
    int fd;
    uint64_t pos, end;
    unsigned char *buf;
    size_t cap, len, at; /* buf[at, len): read and not yet returned */
    const unsigned char *row; /* the row last returned, or NULL at the end */
} reader;

struct cortex_spool {
    char runs_path[PATH_MAX];
    int ncols;
    size_t run_bytes;
    writer out;
    uint64_t rows;
    int64_t last_id;
    int in_order;     /* every row's id above the one before */
    writer runs;      /* the sorted runs, once made (fd -1 before) */
    uint64_t *bounds; /* run i is [bounds[i], bounds[i + 1]) of the runs file */
    size_t nruns;
    reader *readers; /* one over the spool, or one per run */
    size_t nreaders;
    reader *current; /* the reader whose row was returned last */
};

/* ---- writing ---------------------------------------------------------------- */

static void writer_flush(writer *w)
{
    if (!w->error) w->error = cortex_write_all(w->fd, w->buffer, w->buffered);
    w->buffered = 0;
}

static void writer_put(writer *w, const void *bytes, size_t n)
{
    const unsigned char *p = bytes;
    w->size += n;
    while (n > 0) {
        if (w->buffered == WRITE_BUFFER) writer_flush(w);
        size_t take = WRITE_BUFFER - w->buffered < n ? WRITE_BUFFER - w->buffered : n;
        memcpy(w->buffer + w->buffered, p, take);
        w->buffered += take;
        p += take;
        n -= take;
    }
}

/* Creates `path`, unlinked at once: the file lives as long as its descriptor. */
static int writer_open(writer *w, const char *path)
{
    memset(w, 0, sizeof *w);
    w->fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (w->fd < 0) return errno;
    unlink(path);
    w->buffer = cortex_xmalloc(WRITE_BUFFER);
    return 0;
}

static void writer_close(writer *w)
{
    if (w->fd >= 0) close(w->fd);
    free(w->buffer);
    w->fd = -1;
    w->buffer = NULL;
}

int cortex_spool_open(cortex_spool **out, const char *path, int ncols, size_t run_bytes)
{
    *out = NULL;
    if (ncols < 1 || ncols > CORTEX_SPOOL_MAX_COLUMNS) return EINVAL;
    cortex_spool *s = cortex_xcalloc(1, sizeof *s);
    s->ncols = ncols;
    s->run_bytes = run_bytes ? run_bytes : RUN_BYTES;
    s->in_order = 1;
    s->runs.fd = -1;
    snprintf(s->runs_path, sizeof s->runs_path, "%s.runs", path);
    int err = writer_open(&s->out, path);
    if (err) {
        free(s);
        return err;
    }
    *out = s;
    return 0;
}

void cortex_spool_add(cortex_spool *s, int64_t id, const char *const *cols)
{
    uint32_t lens[CORTEX_SPOOL_MAX_COLUMNS], total = sizeof id;
    for (int c = 0; c < s->ncols; c++) {
        size_t len = cols[c] ? strlen(cols[c]) : 0;
        lens[c] = cols[c] ? (uint32_t)(len < MAX_COLUMN ? len : MAX_COLUMN) : NULL_COLUMN;
        total += (uint32_t)sizeof lens[c] + (cols[c] ? lens[c] : 0);
    }
    writer_put(&s->out, &total, sizeof total);
    writer_put(&s->out, &id, sizeof id);
    for (int c = 0; c < s->ncols; c++) {
        writer_put(&s->out, &lens[c], sizeof lens[c]);
        if (cols[c]) writer_put(&s->out, cols[c], lens[c]);
    }
    if (s->rows && id <= s->last_id) s->in_order = 0;
    s->last_id = id;
    s->rows++;
}

int cortex_spool_flush(cortex_spool *s)
{
    writer_flush(&s->out);
    return s->out.error;
}

uint64_t cortex_spool_rows(const cortex_spool *s) { return s->rows; }

uint64_t cortex_spool_bytes(const cortex_spool *s) { return s->out.size; }

/* ---- reading ---------------------------------------------------------------- */

static void reader_init(reader *r, int fd, uint64_t pos, uint64_t end)
{
    free(r->buf);
    memset(r, 0, sizeof *r);
    r->fd = fd;
    r->pos = pos;
    r->end = end;
}

/* Makes `need` unread bytes available: 1, 0 at the end of the range, or a
 * negative errno. */
static int reader_fill(reader *r, size_t need)
{
    if (r->len - r->at >= need) return 1;
    if (r->at) {
        memmove(r->buf, r->buf + r->at, r->len - r->at);
        r->len -= r->at;
        r->at = 0;
    }
    if (need > r->cap) {
        size_t cap = r->cap ? r->cap : READ_BUFFER;
        while (cap < need) cap *= 2;
        r->buf = cortex_xrealloc(r->buf, cap);
        r->cap = cap;
    }
    while (r->len < need && r->pos < r->end) {
        uint64_t left = r->end - r->pos;
        size_t want = r->cap - r->len < left ? r->cap - r->len : (size_t)left;
        ssize_t got = pread(r->fd, r->buf + r->len, want, (off_t)r->pos);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return got < 0 ? -errno : -EIO;
        r->len += (size_t)got;
        r->pos += (uint64_t)got;
    }
    if (r->len >= need) return 1;
    return r->len == 0 ? 0 : -EIO; /* a row cut short */
}

/* Advances to the next row (r->row, NULL at the end): 1, 0 or a negative errno. */
static int reader_next(reader *r)
{
    r->row = NULL;
    uint32_t total;
    int rc = reader_fill(r, sizeof total);
    if (rc <= 0) return rc;
    memcpy(&total, r->buf + r->at, sizeof total);
    if (total < sizeof(int64_t)) return -EIO;
    if ((rc = reader_fill(r, sizeof total + (size_t)total)) <= 0) return rc ? rc : -EIO;
    r->row = r->buf + r->at;
    r->at += sizeof total + (size_t)total;
    return 1;
}

static int64_t row_id(const unsigned char *row)
{
    int64_t id;
    memcpy(&id, row + sizeof(uint32_t), sizeof id);
    return id;
}

static uint32_t row_size(const unsigned char *row)
{
    uint32_t total;
    memcpy(&total, row, sizeof total);
    return (uint32_t)sizeof total + total;
}

/* Reads a row's columns; -EIO when they overrun it. */
static int row_decode(const cortex_spool *s, const unsigned char *row, cortex_spool_row *out)
{
    const unsigned char *p = row + sizeof(uint32_t) + sizeof(int64_t), *end = row + row_size(row);
    out->id = row_id(row);
    for (int c = 0; c < s->ncols; c++) {
        uint32_t len;
        if ((size_t)(end - p) < sizeof len) return -EIO;
        memcpy(&len, p, sizeof len);
        p += sizeof len;
        if (len == NULL_COLUMN) {
            out->col[c] = NULL;
            out->len[c] = 0;
            continue;
        }
        if ((size_t)(end - p) < len) return -EIO;
        out->col[c] = (const char *)p;
        out->len[c] = len;
        p += len;
    }
    return 0;
}

/* ---- sorted runs -------------------------------------------------------------- */

typedef struct run_entry {
    int64_t id;
    uint64_t offset; /* into the run's rows */
} run_entry;

static int compare_run_entries(const void *a, const void *b, void *unused)
{
    (void)unused;
    const run_entry *x = a, *y = b;
    if (x->id != y->id) return (x->id > y->id) - (x->id < y->id);
    return (x->offset > y->offset) - (x->offset < y->offset);
}

/* Sorts the rows gathered in `rows` and appends them to the runs file as one run. */
static void write_run(cortex_spool *s, const unsigned char *rows, run_entry *entries, size_t n)
{
    cortex_sort_in_place(entries, n, sizeof *entries, compare_run_entries, NULL);
    s->bounds = cortex_xrealloc(s->bounds, (s->nruns + 2) * sizeof *s->bounds);
    s->bounds[s->nruns] = s->runs.size;
    for (size_t i = 0; i < n; i++) writer_put(&s->runs, rows + entries[i].offset, row_size(rows + entries[i].offset));
    s->bounds[++s->nruns] = s->runs.size;
}

/* Cuts the spool into runs sorted by id, each of at most run_bytes in memory
 * (a row larger than that is a run of its own). */
static int make_runs(cortex_spool *s)
{
    int err = writer_open(&s->runs, s->runs_path);
    if (err) return -err;
    reader in = {0};
    reader_init(&in, s->out.fd, 0, s->out.size);
    unsigned char *rows = NULL;
    size_t used = 0, cap = 0, n = 0, entries_cap = 0;
    run_entry *entries = NULL;
    int rc;
    while ((rc = reader_next(&in)) == 1) {
        size_t size = row_size(in.row);
        if (n && used + size + (n + 1) * sizeof *entries > s->run_bytes) {
            write_run(s, rows, entries, n);
            used = n = 0;
        }
        if (used + size > cap) cortex_grow((void **)&rows, &cap, used + size, 1);
        memcpy(rows + used, in.row, size);
        run_entry *e = CORTEX_PUSH(entries, n, entries_cap);
        e->id = row_id(in.row);
        e->offset = used;
        used += size;
    }
    if (rc == 0 && n) write_run(s, rows, entries, n);
    free(rows);
    free(entries);
    free(in.buf);
    writer_flush(&s->runs);
    if (rc == 0 && s->runs.error) rc = -s->runs.error;
    if (rc) { /* no half-made runs are read */
        writer_close(&s->runs);
        s->nruns = 0;
    }
    return rc;
}

/* ---- reading in id order ------------------------------------------------------- */

static void free_readers(cortex_spool *s)
{
    for (size_t i = 0; i < s->nreaders; i++) free(s->readers[i].buf);
    free(s->readers);
    s->readers = NULL;
    s->nreaders = 0;
    s->current = NULL;
}

int cortex_spool_rewind(cortex_spool *s)
{
    free_readers(s);
    if (s->out.error) return s->out.error;
    if (!s->in_order && s->runs.fd < 0) {
        int rc = make_runs(s);
        if (rc) return -rc;
    }
    s->nreaders = s->in_order ? 1 : s->nruns;
    s->readers = cortex_xcalloc(s->nreaders ? s->nreaders : 1, sizeof *s->readers);
    for (size_t i = 0; i < s->nreaders; i++) {
        if (s->in_order) reader_init(&s->readers[i], s->out.fd, 0, s->out.size);
        else reader_init(&s->readers[i], s->runs.fd, s->bounds[i], s->bounds[i + 1]);
        int rc = reader_next(&s->readers[i]);
        if (rc < 0) return -rc;
    }
    return 0;
}

int cortex_spool_next(cortex_spool *s, cortex_spool_row *row)
{
    if (s->current) {
        int rc = reader_next(s->current);
        if (rc < 0) return rc;
    }
    /* the smallest id at the runs' heads: a handful of runs, looked over in turn */
    s->current = NULL;
    for (size_t i = 0; i < s->nreaders; i++) {
        reader *r = &s->readers[i];
        if (r->row && (!s->current || row_id(r->row) < row_id(s->current->row))) s->current = r;
    }
    if (!s->current) return 0;
    int rc = row_decode(s, s->current->row, row);
    return rc ? rc : 1;
}

void cortex_spool_close(cortex_spool *s)
{
    if (!s) return;
    free_readers(s);
    writer_close(&s->out);
    writer_close(&s->runs);
    free(s->bounds);
    free(s);
}
