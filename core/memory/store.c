/*
 * One memory store (store.h): the lock, the sync of the index with the
 * files (stamps, then hashes, then a parse), and the writes: file first,
 * then the index, under the lock.
 */
#define _GNU_SOURCE
#include "store.h"

#include "disk.h"
#include "names.h"

#include "../util/error.h"
#include "../util/mem.h"
#include "../util/tokens.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* A summary is the body's first paragraph line, cut to this many bytes. */
#define SUMMARY_MAX 200

struct cortex_memory_store {
    char *name, *dir;
    int root_fd, lock_fd;
    int read_only; /* errno why the store cannot be written here (EACCES, EROFS, ...); 0: it can */
    const char *read_only_what; /* what cannot be written: "the directory", "its .lock" */
    cortex_memory_index *index;
    char *notice;
    char **problems;
    size_t nproblems, problems_cap;
    char **cats, **descs; /* every category (directory) and its description */
    size_t ncats, cats_cap, descs_cap;
};

const char *cortex_memory_store_name(const cortex_memory_store *s) { return s->name; }
const char *cortex_memory_store_dir(const cortex_memory_store *s) { return s->dir; }
cortex_memory_index *cortex_memory_store_index(cortex_memory_store *s) { return s->index; }
const char *cortex_memory_store_notice(const cortex_memory_store *s) { return s->notice; }

size_t cortex_memory_store_problems(const cortex_memory_store *s, const char *const **out)
{
    *out = (const char *const *)s->problems;
    return s->nproblems;
}

static void problem(cortex_memory_store *s, const char *message)
{
    *CORTEX_PUSH(s->problems, s->nproblems, s->problems_cap) = cortex_xstrdup(message);
}

static void clear_cats(cortex_memory_store *s)
{
    for (size_t i = 0; i < s->ncats; i++) {
        free(s->cats[i]);
        free(s->descs[i]);
    }
    s->ncats = 0;
}

/* ---- the index row of a memory file --------------------------------------------- */

/* A memory's title: its front matter's, else its body's first "# " heading, else its slug. */
static char *title_of(const cortex_memory_doc *d, const char *path)
{
    if (d->title && *d->title) return cortex_xstrdup(d->title);
    for (const char *p = d->body; p && *p;) {
        size_t n = strcspn(p, "\n");
        if (n > 2 && p[0] == '#' && p[1] == ' ') return cortex_xstrndup(p + 2, n - 2);
        p += n;
        if (*p) p++;
    }
    const char *slash = strrchr(path, '/');
    return cortex_xstrdup(slash ? slash + 1 : path);
}

/* The body's first line that is no heading, cut at a character boundary. */
static char *summary_of(const char *body)
{
    for (const char *p = body; p && *p;) {
        size_t n = strcspn(p, "\n");
        const char *line = p;
        while (n && (*line == ' ' || *line == '\t')) line++, n--;
        if (n && *line != '#') {
            if (n > SUMMARY_MAX) {
                n = SUMMARY_MAX;
                while (n && ((unsigned char)line[n] & 0xC0) == 0x80) n--;
            }
            while (n && (line[n - 1] == '\r' || line[n - 1] == ' ')) n--;
            return cortex_xstrndup(line, n);
        }
        p = line + n;
        if (*p) p++;
    }
    return NULL;
}

/* Reads `name` in `dir_fd` (memory `path`), parses it and puts it into the index. */
static int index_file(cortex_memory_store *s, int dir_fd, const char *name, const char *path, char *text, size_t len,
                      int64_t mtime_ns, int64_t hash)
{
    char shown[CORTEX_MEMORY_PATH_MAX + 8];
    snprintf(shown, sizeof shown, "%s.md", path);
    cortex_memory_doc d;
    int rc = cortex_memory_doc_parse(&d, text, len, shown);
    if (rc) return rc;
    (void)dir_fd;
    (void)name;
    int64_t mtime_ms = mtime_ns / 1000000;
    if (!d.created_at) d.created_at = d.updated_at ? d.updated_at : mtime_ms;
    if (!d.updated_at) d.updated_at = d.created_at;
    json_t *tags = json_array();
    for (size_t i = 0; i < d.ntags; i++) json_array_append_new(tags, json_string(d.tags[i]));
    char *tags_json = json_dumps(tags, JSON_COMPACT);
    json_decref(tags);
    char category[CORTEX_MEMORY_PATH_MAX + 1];
    const char *slash = strrchr(path, '/');
    snprintf(category, sizeof category, "%.*s", slash ? (int)(slash - path) : 0, path);
    char *title = title_of(&d, path), *summary = summary_of(d.body);
    cortex_memory_row row = {.path = path,
                             .category = category,
                             .title = title,
                             .tags_json = tags_json,
                             .source = d.source,
                             .summary = summary,
                             .body = d.body,
                             .token_estimate = (int64_t)cortex_tokens_of(strlen(d.body)),
                             .created_at = d.created_at,
                             .updated_at = d.updated_at,
                             .expires_at = d.expires_at,
                             .mtime_ns = mtime_ns,
                             .size = (int64_t)len,
                             .hash = hash};
    rc = cortex_memory_index_put(s->index, &row);
    free(title);
    free(summary);
    free(tags_json);
    cortex_memory_doc_dispose(&d);
    return rc;
}

/* Reads and indexes the memory `path` ("cat/slug") from disk now. */
static int index_path(cortex_memory_store *s, const char *path)
{
    char category[CORTEX_MEMORY_PATH_MAX + 1], slug[CORTEX_MEMORY_NAME_MAX + 1], name[CORTEX_MEMORY_NAME_MAX + 4];
    int rc = cortex_memory_split_path(category, sizeof category, slug, sizeof slug, path);
    if (rc) return rc;
    int dir = cortex_memory_disk_dir(s->root_fd, category, 0);
    if (dir < 0) return CORTEX_EIO;
    snprintf(name, sizeof name, "%s.md", slug);
    char *text;
    size_t len;
    int64_t mtime, hash;
    rc = cortex_memory_disk_read(&text, &len, &mtime, &hash, dir, name, path);
    if (rc == 0) rc = index_file(s, dir, name, path, text, len, mtime, hash);
    free(text);
    close(dir);
    return rc;
}

/* ---- the sync -------------------------------------------------------------------- */

typedef struct stamp {
    char *path;
    int64_t mtime_ns, size, hash;
    int seen;
} stamp;

typedef struct syncing {
    cortex_memory_store *s;
    stamp *stamps;
    size_t n, cap;
    int64_t indexed;
} syncing;

static int add_stamp(const cortex_memory_row *r, void *payload)
{
    syncing *y = payload;
    *CORTEX_PUSH(y->stamps, y->n, y->cap) = (stamp){cortex_xstrdup(r->path), r->mtime_ns, r->size, r->hash, 0};
    return 0;
}

static int compare_stamp(const void *key, const void *item) { return strcmp(key, ((const stamp *)item)->path); }

static void read_description(cortex_memory_store *s, const char *rel, char **out)
{
    *out = NULL;
    int dir = cortex_memory_disk_dir(s->root_fd, rel, 0);
    if (dir < 0) return;
    char shown[CORTEX_MEMORY_PATH_MAX + 32], *text;
    size_t len;
    snprintf(shown, sizeof shown, "%s%s" CORTEX_MEMORY_CATEGORY_FILE, rel, *rel ? "/" : "");
    if (cortex_memory_disk_read(&text, &len, NULL, NULL, dir, CORTEX_MEMORY_CATEGORY_FILE, shown) == 0) {
        if (cortex_memory_category_parse(out, NULL, text, len, shown) != 0) problem(s, cortex_error_last());
        free(text);
    }
    close(dir);
}

static int sync_entry(const cortex_memory_entry *e, void *payload)
{
    syncing *y = payload;
    cortex_memory_store *s = y->s;
    if (e->is_dir) {
        CORTEX_PUSH(s->cats, s->ncats, s->cats_cap);
        s->ncats--;
        *CORTEX_PUSH(s->descs, s->ncats, s->descs_cap) = NULL;
        s->cats[s->ncats - 1] = cortex_xstrdup(e->rel);
        read_description(s, e->rel, &s->descs[s->ncats - 1]);
        return 0;
    }
    stamp *st = y->n ? bsearch(e->rel, y->stamps, y->n, sizeof *y->stamps, compare_stamp) : NULL;
    if (st) st->seen = 1;
    if (st && st->mtime_ns == e->mtime_ns && st->size == e->size) return 0;
    char *text;
    size_t len;
    int64_t mtime, hash;
    int rc = cortex_memory_disk_read(&text, &len, &mtime, &hash, e->dir_fd, e->name, e->rel);
    if (rc == CORTEX_ENOTFOUND) return 0; /* removed meanwhile by hand */
    if (rc == 0 && st && st->hash == hash) {
        rc = cortex_memory_index_touch(s->index, e->rel, mtime, (int64_t)len);
    } else if (rc == 0) {
        rc = index_file(s, e->dir_fd, e->name, e->rel, text, len, mtime, hash);
        if (rc == CORTEX_EINVALID) { /* a malformed file: kept on disk, said, and left out of the index */
            problem(s, cortex_error_last());
            rc = st ? cortex_memory_index_remove(s->index, e->rel) : 0;
        } else if (rc == 0) {
            y->indexed++;
        }
    }
    free(text);
    return rc;
}

static void sync_skip(const char *rel, const char *why, void *payload)
{
    syncing *y = payload;
    char line[CORTEX_MEMORY_PATH_MAX + 128];
    snprintf(line, sizeof line, "%s: %s", rel, why);
    problem(y->s, line);
}

/* Brings the index up to date with the files; `*indexed` (may be NULL): how many were (re)read. */
static int sync_store(cortex_memory_store *s, int64_t *indexed)
{
    syncing y = {.s = s};
    for (size_t i = 0; i < s->nproblems; i++) free(s->problems[i]);
    s->nproblems = 0;
    clear_cats(s);
    int rc = cortex_memory_index_begin(s->index);
    if (rc == 0) rc = cortex_memory_index_stamps(s->index, add_stamp, &y);
    /* under the lock no writer is at work: a temporary file is a dead writer's (read-only: left alone) */
    if (rc == 0) rc = cortex_memory_disk_walk(s->root_fd, sync_entry, sync_skip, &y, !s->read_only);
    for (size_t i = 0; rc == 0 && i < y.n; i++)
        if (!y.stamps[i].seen) rc = cortex_memory_index_remove(s->index, y.stamps[i].path);
    if (rc == 0)
        rc = cortex_memory_index_set_categories(s->index, (const char *const *)s->cats, (const char *const *)s->descs,
                                                s->ncats);
    if (rc == 0) rc = cortex_memory_index_commit(s->index);
    else cortex_memory_index_rollback(s->index);
    for (size_t i = 0; i < y.n; i++) free(y.stamps[i].path);
    free(y.stamps);
    if (indexed) *indexed = y.indexed;
    return rc;
}

/* ---- open and close ---------------------------------------------------------------- */

/* mkdir -p. */
static int make_dirs(const char *dir)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path)
        return cortex_error_set(CORTEX_EINVALID, "%s: path too long", dir);
    for (char *p = path + 1;; p++) {
        if (*p == '/' || !*p) {
            char c = *p;
            *p = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST)
                return cortex_error_set(CORTEX_EIO, "%s: cannot create the memory store: %s%s", path, strerror(errno),
                                        errno == EACCES || errno == EROFS ? " (a read-only directory)" : "");
            *p = c;
            if (!c) return 0;
        }
    }
}

/* The store's own files are local and derived: kept out of git. */
static void write_gitignore(cortex_memory_store *s)
{
    if (faccessat(s->root_fd, ".gitignore", F_OK, AT_SYMLINK_NOFOLLOW) == 0) return;
    static const char text[] = "# Written by cortex: the index is derived from the memory files; commit the files.\n"
                               "memory.db\nmemory.db-*\n.lock\n.*.tmp\n";
    (void)cortex_memory_disk_write(s->root_fd, ".gitignore", text, sizeof text - 1, 1, ".gitignore");
}

/* Every write of a store whose directory cannot be written here: refused
 * before anything is touched, naming the directory. */
static int refuse_read_only(const cortex_memory_store *s)
{
    return cortex_error_set(CORTEX_EIO,
                            "%s: cannot write the memory store: %s is read-only here (%s); nothing was "
                            "changed (reads still work)",
                            s->dir, s->read_only_what, strerror(s->read_only));
}

static int open_index(cortex_memory_store *s)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/memory.db", s->dir);
    int fresh = 0;
    /* read-only: memory.db cannot be brought up to date, so the files are read into an index in memory */
    int rc = cortex_memory_index_open(&s->index, &fresh, s->read_only ? ":memory:" : path);
    int64_t n = 0;
    if (rc == 0) rc = sync_store(s, &n);
    if (rc == 0 && s->read_only) {
        free(s->notice);
        if (asprintf(&s->notice, "%s%s is read-only here (%s): the memories were read from the files into an index in "
                     "memory; writes are refused",
                     s->dir, strcmp(s->read_only_what, "the directory") == 0 ? "" : "/.lock", strerror(s->read_only)) < 0)
            s->notice = NULL;
    } else if (rc == 0 && fresh && n > 0) { /* a new, empty store is no news */
        free(s->notice);
        if (asprintf(&s->notice, "%s/memory.db was missing or of another schema: rebuilt from the files (%lld memories)",
                     s->dir, (long long)n) < 0)
            s->notice = NULL;
    }
    return rc;
}

int cortex_memory_store_open(cortex_memory_store **out, const char *name, const char *dir, int create)
{
    *out = NULL;
    struct stat st;
    if (stat(dir, &st) != 0) {
        if (!create) return cortex_error_set(CORTEX_ENOTFOUND, "unknown store \"%s\": %s does not exist", name, dir);
        int rc = make_dirs(dir);
        if (rc) return rc;
    }
    cortex_memory_store *s = cortex_xcalloc(1, sizeof *s);
    s->name = cortex_xstrdup(name);
    s->dir = cortex_xstrdup(dir);
    s->lock_fd = -1;
    s->root_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int rc = 0;
    if (s->root_fd < 0) rc = cortex_error_set(CORTEX_EIO, "%s: cannot open the memory store: %s", dir, strerror(errno));
    if (rc == 0 && faccessat(s->root_fd, ".", W_OK, AT_EACCESS) != 0 &&
        (errno == EACCES || errno == EROFS || errno == EPERM)) {
        s->read_only = errno;
        s->read_only_what = "the directory";
    }
    if (rc == 0 && !s->read_only) {
        s->lock_fd = openat(s->root_fd, ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (s->lock_fd < 0 && (errno == EACCES || errno == EROFS || errno == EPERM)) { /* another user's .lock */
            s->read_only = errno;
            s->read_only_what = "its .lock";
        } else if (s->lock_fd < 0)
            rc = cortex_error_set(CORTEX_EIO, "%s/.lock: cannot lock the memory store: %s", dir, strerror(errno));
    }
    /* read-only here: a shared lock, so a writer elsewhere (another user) is not read half-way; none when no
     * writer ever made .lock */
    if (rc == 0 && s->read_only) s->lock_fd = openat(s->root_fd, ".lock", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    while (rc == 0 && s->lock_fd >= 0 && flock(s->lock_fd, s->read_only ? LOCK_SH : LOCK_EX) != 0)
        if (errno != EINTR) rc = cortex_error_set(CORTEX_EIO, "%s/.lock: cannot lock: %s", dir, strerror(errno));
    if (rc == 0 && !s->read_only) write_gitignore(s);
    if (rc == 0) rc = open_index(s);
    if (rc) {
        cortex_memory_store_close(s);
        return rc;
    }
    *out = s;
    return 0;
}

void cortex_memory_store_close(cortex_memory_store *s)
{
    if (!s) return;
    cortex_memory_index_close(s->index);
    if (s->lock_fd >= 0) close(s->lock_fd); /* and the lock with it */
    if (s->root_fd >= 0) close(s->root_fd);
    for (size_t i = 0; i < s->nproblems; i++) free(s->problems[i]);
    free(s->problems);
    clear_cats(s);
    free(s->cats);
    free(s->descs);
    free(s->notice);
    free(s->name);
    free(s->dir);
    free(s);
}

int cortex_memory_store_reindex(cortex_memory_store *s, int64_t *count)
{
    if (s->read_only) return refuse_read_only(s);
    cortex_memory_index_close(s->index);
    s->index = NULL;
    static const char *const suffixes[] = {"-wal", "-shm", ""};
    char path[4096];
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/memory.db%s", s->dir, suffixes[i]);
        if (unlink(path) != 0 && errno != ENOENT)
            return cortex_error_set(CORTEX_EIO, "%s: cannot remove: %s", path, strerror(errno));
    }
    int fresh;
    int rc = cortex_memory_index_open(&s->index, &fresh, path);
    if (rc == 0) rc = sync_store(s, count);
    return rc;
}

/* ---- memories ------------------------------------------------------------------------ */

typedef struct located {
    char category[CORTEX_MEMORY_PATH_MAX + 1];
    char name[CORTEX_MEMORY_NAME_MAX + 4]; /* slug.md */
} located;

static int locate(located *l, const char *path)
{
    char slug[CORTEX_MEMORY_NAME_MAX + 1];
    int rc = cortex_memory_split_path(l->category, sizeof l->category, slug, sizeof slug, path);
    if (rc == 0) snprintf(l->name, sizeof l->name, "%s.md", slug);
    return rc;
}

static int not_found(const char *path)
{
    return cortex_error_set(CORTEX_ENOTFOUND, "no memory \"%s\" (list or query shows the memories)", path);
}

int cortex_memory_load(cortex_memory_doc *out, cortex_memory_store *s, const char *path)
{
    *out = (cortex_memory_doc){0};
    located l;
    int rc = locate(&l, path);
    if (rc) return rc;
    int dir = cortex_memory_disk_dir(s->root_fd, l.category, 0);
    if (dir < 0) return not_found(path);
    char *text;
    size_t len;
    int64_t mtime;
    rc = cortex_memory_disk_read(&text, &len, &mtime, NULL, dir, l.name, path);
    close(dir);
    if (rc == CORTEX_ENOTFOUND) return not_found(path);
    if (rc) return rc;
    char shown[CORTEX_MEMORY_PATH_MAX + 8];
    snprintf(shown, sizeof shown, "%s.md", path);
    rc = cortex_memory_doc_parse(out, text, len, shown);
    free(text);
    if (rc == 0 && !out->created_at) out->created_at = out->updated_at ? out->updated_at : mtime / 1000000;
    if (rc == 0 && !out->updated_at) out->updated_at = out->created_at;
    return rc;
}

/* Adds `category` and its parents to the known categories. */
static void know_category(cortex_memory_store *s, const char *category)
{
    char part[CORTEX_MEMORY_PATH_MAX + 1];
    for (const char *p = category; *p;) {
        p += strcspn(p, "/");
        snprintf(part, sizeof part, "%.*s", (int)(p - category), category);
        int known = 0;
        for (size_t i = 0; i < s->ncats && !known; i++) known = strcmp(s->cats[i], part) == 0;
        if (!known) {
            CORTEX_PUSH(s->cats, s->ncats, s->cats_cap);
            s->ncats--;
            *CORTEX_PUSH(s->descs, s->ncats, s->descs_cap) = NULL;
            s->cats[s->ncats - 1] = cortex_xstrdup(part);
        }
        if (*p) p++;
    }
}

/* Runs `rc = <index writes>` in one transaction with the categories. */
static int index_commit(cortex_memory_store *s, int rc)
{
    if (rc == 0)
        rc = cortex_memory_index_set_categories(s->index, (const char *const *)s->cats, (const char *const *)s->descs,
                                                s->ncats);
    if (rc == 0) return cortex_memory_index_commit(s->index);
    cortex_memory_index_rollback(s->index);
    return rc;
}

int cortex_memory_save(cortex_memory_store *s, const char *path, const cortex_memory_doc *doc,
                       cortex_memory_save_mode mode)
{
    located l;
    int rc = locate(&l, path);
    if (rc) return rc;
    if (s->read_only) return refuse_read_only(s);
    int dir = cortex_memory_disk_dir(s->root_fd, l.category, mode == CORTEX_MEMORY_CREATE);
    if (dir < 0) return mode == CORTEX_MEMORY_REPLACE && strstr(cortex_error_last(), "No such") ? not_found(path) : CORTEX_EIO;
    if (mode == CORTEX_MEMORY_REPLACE && faccessat(dir, l.name, F_OK, AT_SYMLINK_NOFOLLOW) != 0) {
        close(dir);
        return not_found(path);
    }
    cortex_buf text = {0};
    rc = cortex_memory_doc_emit(&text, doc);
    char shown[CORTEX_MEMORY_PATH_MAX + 8];
    snprintf(shown, sizeof shown, "%s.md", path);
    if (rc == 0)
        rc = cortex_memory_disk_write(dir, l.name, text.data, text.len, mode == CORTEX_MEMORY_CREATE, shown);
    cortex_buf_free(&text);
    close(dir);
    if (rc) return rc;
    /* the file is the truth now; the index follows (a failure here is mended by the next open's sync) */
    know_category(s, l.category);
    rc = cortex_memory_index_begin(s->index);
    if (rc == 0) rc = index_path(s, path);
    return index_commit(s, rc);
}

int cortex_memory_delete(cortex_memory_store *s, const char *path)
{
    located l;
    int rc = locate(&l, path);
    if (rc) return rc;
    if (s->read_only) return refuse_read_only(s);
    int dir = cortex_memory_disk_dir(s->root_fd, l.category, 0);
    if (dir < 0) return not_found(path);
    if (unlinkat(dir, l.name, 0) != 0) {
        int e = errno;
        close(dir);
        if (e == ENOENT) return not_found(path);
        return cortex_error_set(CORTEX_EIO, "%s.md: cannot remove: %s", path, strerror(e));
    }
    fsync(dir);
    close(dir);
    rc = cortex_memory_index_begin(s->index);
    if (rc == 0) rc = cortex_memory_index_remove(s->index, path);
    return index_commit(s, rc);
}

int cortex_memory_rename(cortex_memory_store *s, const char *from, const char *to)
{
    located a, b;
    int rc = locate(&a, from);
    if (rc == 0) rc = locate(&b, to);
    if (rc) return rc;
    if (s->read_only) return refuse_read_only(s);
    int from_dir = cortex_memory_disk_dir(s->root_fd, a.category, 0);
    if (from_dir < 0) return not_found(from);
    if (faccessat(from_dir, a.name, F_OK, AT_SYMLINK_NOFOLLOW) != 0) {
        close(from_dir);
        return not_found(from);
    }
    int to_dir = cortex_memory_disk_dir(s->root_fd, b.category, 1);
    if (to_dir < 0) {
        close(from_dir);
        return CORTEX_EIO;
    }
    if (renameat2(from_dir, a.name, to_dir, b.name, RENAME_NOREPLACE) != 0) {
        int e = errno;
        rc = e == EEXIST ? cortex_error_set(CORTEX_EINVALID, "%s: a memory already exists there", to)
                         : cortex_error_set(CORTEX_EIO, "moving %s to %s: %s", from, to, strerror(e));
    } else {
        fsync(to_dir);
        fsync(from_dir);
    }
    close(from_dir);
    close(to_dir);
    if (rc) return rc;
    know_category(s, b.category);
    rc = cortex_memory_index_begin(s->index);
    if (rc == 0) rc = cortex_memory_index_remove(s->index, from);
    if (rc == 0) rc = index_path(s, to);
    return index_commit(s, rc);
}

/* ---- categories ------------------------------------------------------------------------ */

int cortex_memory_category_exists(cortex_memory_store *s, const char *category)
{
    if (!*category) return 1;
    for (size_t i = 0; i < s->ncats; i++)
        if (strcmp(s->cats[i], category) == 0) return 1;
    return 0;
}

int cortex_memory_category_make(cortex_memory_store *s, const char *category)
{
    int rc = cortex_memory_check_category(category);
    if (rc) return rc;
    if (!*category) return cortex_error_set(CORTEX_EINVALID, "category: give one (the root always exists)");
    if (s->read_only) return refuse_read_only(s);
    int dir = cortex_memory_disk_dir(s->root_fd, category, 1);
    if (dir < 0) return CORTEX_EIO;
    fsync(dir);
    close(dir);
    know_category(s, category);
    return index_commit(s, cortex_memory_index_begin(s->index));
}

int cortex_memory_category_remove(cortex_memory_store *s, const char *category)
{
    int rc = cortex_memory_check_category(category);
    if (rc) return rc;
    if (!*category || !cortex_memory_category_exists(s, category))
        return cortex_error_set(CORTEX_ENOTFOUND, "no category \"%s\"", category);
    if (s->read_only) return refuse_read_only(s);
    cortex_memory_filter f = {.category = category, .recursive = 1, .include_expired = 1, .limit = 0};
    int64_t memories = 0;
    rc = cortex_memory_index_query(&memories, s->index, &f, NULL, NULL);
    if (rc) return rc;
    size_t sub = 0, len = strlen(category);
    for (size_t i = 0; i < s->ncats; i++) sub += strncmp(s->cats[i], category, len) == 0 && s->cats[i][len] == '/';
    if (memories || sub)
        return cortex_error_set(CORTEX_EINVALID,
                                "category \"%s\" is not empty (%lld memories, %zu categories under it): remove or move "
                                "them first",
                                category, (long long)memories, sub);
    const char *slash = strrchr(category, '/');
    char parent[CORTEX_MEMORY_PATH_MAX + 1];
    snprintf(parent, sizeof parent, "%.*s", slash ? (int)(slash - category) : 0, category);
    int pdir = cortex_memory_disk_dir(s->root_fd, parent, 0);
    if (pdir < 0) return CORTEX_EIO;
    int dir = cortex_memory_disk_dir(s->root_fd, category, 0);
    if (dir >= 0) {
        unlinkat(dir, CORTEX_MEMORY_CATEGORY_FILE, 0);
        close(dir);
    }
    if (unlinkat(pdir, slash ? slash + 1 : category, AT_REMOVEDIR) != 0)
        rc = cortex_error_set(CORTEX_EIO, "%s: cannot remove the category: %s (files other than memories are in it)",
                              category, strerror(errno));
    close(pdir);
    if (rc) return rc;
    for (size_t i = 0; i < s->ncats; i++)
        if (strcmp(s->cats[i], category) == 0) {
            free(s->cats[i]);
            free(s->descs[i]);
            s->cats[i] = s->cats[s->ncats - 1];
            s->descs[i] = s->descs[s->ncats - 1];
            s->ncats--;
            break;
        }
    return index_commit(s, cortex_memory_index_begin(s->index));
}

int cortex_memory_category_describe(cortex_memory_store *s, const char *category, const char *description)
{
    int rc = cortex_memory_check_category(category);
    if (rc) return rc;
    if (!*category || !cortex_memory_category_exists(s, category))
        return cortex_error_set(CORTEX_ENOTFOUND, "no category \"%s\" (create it first)", category);
    if (s->read_only) return refuse_read_only(s);
    int dir = cortex_memory_disk_dir(s->root_fd, category, 0);
    if (dir < 0) return CORTEX_EIO;
    char shown[CORTEX_MEMORY_PATH_MAX + 32];
    snprintf(shown, sizeof shown, "%s/" CORTEX_MEMORY_CATEGORY_FILE, category);
    /* the file's other keys are a person's own: kept, as a memory's are; a file that does not read is left alone */
    char *text = NULL, *old = NULL;
    size_t len;
    cortex_memory_extra *extra = NULL;
    rc = cortex_memory_disk_read(&text, &len, NULL, NULL, dir, CORTEX_MEMORY_CATEGORY_FILE, shown);
    if (rc == CORTEX_ENOTFOUND) rc = 0;
    else if (rc == 0 && cortex_memory_category_parse(&old, &extra, text, len, shown) != 0) {
        char *why = cortex_xstrdup(cortex_error_last());
        rc = cortex_error_set(CORTEX_EINVALID, "%s (left as it is: fix or remove it first)", why);
        free(why);
    }
    free(text);
    free(old);
    int keep = extra || (description && *description);
    if (rc == 0 && keep) {
        cortex_buf out = {0};
        rc = cortex_memory_category_emit(&out, description && *description ? description : NULL, extra);
        if (rc == 0) rc = cortex_memory_disk_write(dir, CORTEX_MEMORY_CATEGORY_FILE, out.data, out.len, 0, shown);
        cortex_buf_free(&out);
    } else if (rc == 0 && unlinkat(dir, CORTEX_MEMORY_CATEGORY_FILE, 0) == 0) {
        fsync(dir);
    }
    cortex_memory_extra_free(extra);
    close(dir);
    if (rc) return rc;
    for (size_t i = 0; i < s->ncats; i++)
        if (strcmp(s->cats[i], category) == 0) {
            free(s->descs[i]);
            s->descs[i] = description && *description ? cortex_xstrdup(description) : NULL;
        }
    return index_commit(s, cortex_memory_index_begin(s->index));
}
