/*
 * Whole-repository answers kept beside the store (answer_cache.h). One file
 * an answer, named by a hash of the tool and its arguments, holding a line
 * {store_id, generation, build, name, args, answer}, then the notes of the
 * files it read, if any: it is read only when all but the answer are the
 * call's, so a hash that collides or an answer of another store, generation
 * or build of cortex is never taken, and when each file it read is as it
 * was. Written to a new file and renamed over the old; the directory keeps
 * the most recent KEEP files.
 */
#define _GNU_SOURCE /* lstat, st_mtim, memrchr, O_PATH */
#include "answer_cache.h"

#include "../util/build_id.h"
#include "../util/io.h"
#include "../util/json_dump.h"
#include "../util/mem.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

/* Answers kept: arguments vary little in practice; the oldest go first. */
#define KEEP 64

static char *cache_dir(const cortex_repo *repo)
{
    size_t len = strlen(repo->store_path) + sizeof "-answers";
    char *dir = cortex_xmalloc(len);
    snprintf(dir, len, "%s-answers", repo->store_path);
    return dir;
}

/* The answer's file: its directory, then the hash of the name and arguments. */
static char *answer_path(const cortex_reader *s, const char *name, const json_t *args)
{
    char *key = json_dumps(args, JSON_COMPACT | JSON_SORT_KEYS);
    if (!key) return NULL;
    XXH3_state_t *h = XXH3_createState();
    XXH3_64bits_reset(h);
    XXH3_64bits_update(h, name, strlen(name) + 1);
    XXH3_64bits_update(h, key, strlen(key));
    unsigned long long hash = (unsigned long long)XXH3_64bits_digest(h);
    XXH3_freeState(h);
    free(key);
    char *dir = cache_dir(s->repo);
    size_t len = strlen(dir) + 32;
    char *path = cortex_xmalloc(len);
    snprintf(path, len, "%s/%016llx.json", dir, hash);
    free(dir);
    return path;
}

static int identity(cortex_reader *s, char *store_id, size_t size, int64_t *generation)
{
    return cortex_store_read_identity(s->db, store_id, size, generation) == 0 && *store_id;
}

/* A path's note, as text, into `out` (cleared first): "size mtime.s mtime.ns
 * ctime.s ctime.ns inode mode", or "-" when it cannot be examined. A write
 * changes the change time, which nothing sets back, so content written in
 * place is seen even at the same size and modification time. Written without
 * printf: a note is made for every path at every check, and printf was a
 * tenth of the check. */
static void note_of(cortex_buf *out, const struct stat *st)
{
    cortex_buf_clear(out);
    if (!st) {
        cortex_buf_putc(out, '-');
        return;
    }
    const long long fields[] = {(long long)st->st_size,  (long long)st->st_mtim.tv_sec, (long long)st->st_mtim.tv_nsec,
                                (long long)st->st_ctim.tv_sec, (long long)st->st_ctim.tv_nsec};
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
        if (i) cortex_buf_putc(out, ' ');
        if (fields[i] < 0) cortex_buf_putc(out, '-');
        cortex_buf_put_uint(out, fields[i] < 0 ? 0ull - (unsigned long long)fields[i] : (unsigned long long)fields[i]);
    }
    cortex_buf_putc(out, ' ');
    cortex_buf_put_uint(out, (uint64_t)st->st_ino);
    cortex_buf_putc(out, ' ');
    cortex_buf_put_uint(out, (uint64_t)st->st_mode);
}

void cortex_answer_cache_note_read(json_t *read, const char *root, const char *path)
{
    if (!read || json_object_get(read, path)) return;
    cortex_buf abs = {0};
    cortex_buf_printf(&abs, "%s%s%s", root, *path ? "/" : "", path);
    struct stat st;
    cortex_buf note = {0};
    note_of(&note, lstat(abs.data, &st) == 0 ? &st : NULL);
    cortex_buf_free(&abs);
    /* a path JSON cannot hold (not UTF-8): a key the notes refuse, so the answer is not kept */
    if (json_object_set_new(read, path, json_string(note.data)) != 0) json_object_set_new(read, "\t", json_string("-"));
    cortex_buf_free(&note);
}

static int by_path(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* The notes as kept: a line "NOTE\tPATH" each, by path, so that the paths of
 * one directory come together (thousands of lines load faster than as many
 * JSON values). -1 when a path holds a newline or a tab, which the lines
 * cannot: the answer is then not kept. */
static int notes_text(cortex_buf *text, const json_t *read)
{
    size_t n = 0, cap = 0;
    const char **paths = NULL;
    const char *path;
    json_t *note;
    json_object_foreach((json_t *)read, path, note)
    {
        if (strpbrk(path, "\n\t")) {
            free(paths);
            return -1;
        }
        *CORTEX_PUSH(paths, n, cap) = path;
    }
    if (n > 1) qsort(paths, n, sizeof *paths, by_path);
    for (size_t i = 0; i < n; i++)
        cortex_buf_printf(text, "%s\t%s\n", json_string_value(json_object_get(read, paths[i])), paths[i]);
    free(paths);
    return 0;
}

/* A directory of the repository opened for the examination of its entries,
 * kept while the notes go on in it: `fd`, and its path's length in `path`. */
typedef struct open_dir {
    int fd;
    size_t len;
    char path[4096];
} open_dir;

/* `path` examined from the root's directory as a note examines it (the last
 * component not followed): through its directory, opened once for the paths
 * that follow in it. */
static void note_now(cortex_buf *out, int root, open_dir *dir, const char *path, size_t len)
{
    const char *slash = memrchr(path, '/', len);
    int at = root;
    const char *base = slash ? slash + 1 : path;
    char name[4096];
    size_t base_len = (size_t)(path + len - base);
    if (base_len >= sizeof name) {
        note_of(out, NULL);
        return;
    }
    memcpy(name, base_len ? base : ".", base_len ? base_len : 1);
    name[base_len ? base_len : 1] = '\0';
    if (slash) {
        size_t d = (size_t)(slash - path);
        if (d != dir->len || memcmp(dir->path, path, d) != 0) {
            if (dir->fd >= 0) close(dir->fd);
            memcpy(dir->path, path, d);
            dir->path[d] = '\0';
            dir->len = d;
            dir->fd = openat(root, dir->path, O_PATH | O_DIRECTORY | O_CLOEXEC);
        }
        at = dir->fd;
    }
    struct stat st;
    note_of(out, at >= 0 && fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? &st : NULL);
}

/* Whether every file and directory the kept answer read is as it was, by
 * its notes (NULL: it read none). */
static int still_as_read(const char *repo_root, const char *text)
{
    if (!text) return 1;
    int root = open(repo_root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (root < 0) return 0;
    open_dir dir = {.fd = -1, .len = (size_t)-1};
    int same = 1;
    cortex_buf now = {0}; /* one buffer for every note */
    while (same && *text) {
        const char *tab = strchr(text, '\t'), *end = tab ? strchr(tab, '\n') : NULL;
        if (!end || (size_t)(end - tab - 1) >= sizeof dir.path) {
            same = 0;
            break;
        }
        note_now(&now, root, &dir, tab + 1, (size_t)(end - tab - 1));
        same = now.len == (size_t)(tab - text) && memcmp(now.data, text, now.len) == 0;
        text = end + 1;
    }
    cortex_buf_free(&now);
    if (dir.fd >= 0) close(dir.fd);
    close(root);
    return same;
}

/* A kept file, read whole (jansson's own file reader takes a byte at a
 * time), NUL-terminated into `*size` bytes; NULL when it cannot be. */
static char *read_kept(const char *path, size_t *size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat st;
    char *text = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        *size = (size_t)st.st_size;
        text = cortex_xmalloc(*size + 1);
        if (cortex_read_all(fd, text, *size) == 0) {
            text[*size] = '\0';
        } else {
            free(text);
            text = NULL;
        }
    }
    close(fd);
    return text;
}

/* The kept file: its first line is the JSON object, and what follows it the
 * notes, into `*notes` (NULL when there are none; caller frees). */
static json_t *load_kept(const char *path, char **notes)
{
    *notes = NULL;
    size_t size;
    char *text = read_kept(path, &size);
    if (!text) return NULL;
    char *nl = memchr(text, '\n', size);
    json_t *kept = json_loadb(text, nl ? (size_t)(nl - text) : size, 0, NULL);
    if (kept && nl) *notes = cortex_xstrdup(nl + 1);
    free(text);
    return kept;
}

/* Whether notes hashed `hash` were found as they are at the change clock's
 * reading `clock` (0: no clock, never). */
static int checked_at(cortex_repo *repo, uint64_t hash, uint64_t clock)
{
    int found = 0;
    pthread_mutex_lock(&repo->clock_lock);
    for (size_t i = 0; clock && !found && i < sizeof repo->checked / sizeof *repo->checked; i++)
        found = repo->checked[i].clock == clock && repo->checked[i].notes == hash;
    pthread_mutex_unlock(&repo->clock_lock);
    return found;
}

static void remember_checked(cortex_repo *repo, uint64_t hash, uint64_t clock)
{
    if (!clock) return;
    pthread_mutex_lock(&repo->clock_lock);
    size_t n = sizeof repo->checked / sizeof *repo->checked;
    repo->checked[repo->checked_next].notes = hash;
    repo->checked[repo->checked_next].clock = clock;
    repo->checked_next = (repo->checked_next + 1) % n;
    pthread_mutex_unlock(&repo->clock_lock);
}

/* Whether the notes were found as they are at the change clock's reading
 * `clock` (0: no clock); else checks them, and remembers a match. */
static int notes_hold(cortex_repo *repo, const char *notes, uint64_t clock)
{
    if (!notes) return 1;
    uint64_t hash = XXH3_64bits(notes, strlen(notes));
    if (checked_at(repo, hash, clock)) return 1;
    if (!still_as_read(repo->root, notes)) return 0;
    remember_checked(repo, hash, clock);
    return 1;
}

/* Whether `kept` is an answer of this store and generation, by this build
 * of cortex (its name and arguments aside). */
static int kept_is_current(const json_t *kept, const char *store_id, int64_t generation)
{
    const char *kept_store = json_string_value(json_object_get(kept, "store_id"));
    const char *kept_build = json_string_value(json_object_get(kept, "build"));
    json_t *kept_generation = json_object_get(kept, "generation");
    return kept_store && strcmp(kept_store, store_id) == 0 && kept_build && strcmp(kept_build, cortex_build_id()) == 0 &&
           json_is_integer(kept_generation) && json_integer_value(kept_generation) == generation &&
           json_is_object(json_object_get(kept, "answer"));
}

unsigned cortex_repo_check_kept_answers(cortex_repo *repo, unsigned *checked)
{
    /* read before the files are, as a call does */
    uint64_t clock = cortex_repo_change_clock(repo);
    *checked = 0;
    cortex_reader *s;
    if (!clock || cortex_reader_open(&s, repo) != 0) return 0;
    char store_id[40];
    int64_t generation;
    unsigned current = 0;
    char *dir = cache_dir(repo);
    DIR *d = s->db && identity(s, store_id, sizeof store_id, &generation) ? opendir(dir) : NULL;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len < 5 || strcmp(e->d_name + len - 5, ".json") != 0) continue;
        cortex_buf path = {0};
        cortex_buf_printf(&path, "%s/%s", dir, e->d_name);
        char *notes;
        json_t *kept = load_kept(path.data, &notes);
        /* only the answers a call may take: another generation's are never looked at again */
        if (kept && notes && kept_is_current(kept, store_id, generation)) {
            ++*checked;
            if (notes_hold(repo, notes, clock)) current++;
        }
        json_decref(kept);
        free(notes);
        cortex_buf_free(&path);
    }
    if (d) closedir(d);
    free(dir);
    cortex_reader_close(s);
    return current;
}

json_t *cortex_answer_cache_get(cortex_reader *s, const char *name, const json_t *args)
{
    /* read before the files are: a change after it moves the clock */
    uint64_t clock = cortex_repo_change_clock(s->repo);
    s->clock_at_get = clock;
    char store_id[40];
    int64_t generation;
    if (!identity(s, store_id, sizeof store_id, &generation)) return NULL;
    char *path = answer_path(s, name, args);
    if (!path) return NULL;
    char *notes;
    json_t *kept = load_kept(path, &notes);
    free(path);
    json_t *answer = NULL;
    const char *kept_name = json_string_value(json_object_get(kept, "name"));
    if (kept_is_current(kept, store_id, generation) && kept_name && strcmp(kept_name, name) == 0 &&
        json_equal(json_object_get(kept, "args"), (json_t *)args) == 1 && notes_hold(s->repo, notes, clock))
        answer = json_incref(json_object_get(kept, "answer"));
    json_decref(kept);
    free(notes);
    return answer;
}

typedef struct kept_file {
    char *name;
    struct timespec mtime;
} kept_file;

static int older_first(const void *a, const void *b)
{
    const kept_file *x = a, *y = b;
    if (x->mtime.tv_sec != y->mtime.tv_sec) return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
    if (x->mtime.tv_nsec != y->mtime.tv_nsec) return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* The oldest files past KEEP leave: answers, and any a writer left half made. */
static void prune(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    kept_file *files = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        struct stat st;
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path || lstat(path, &st) != 0 ||
            !S_ISREG(st.st_mode))
            continue;
        *CORTEX_PUSH(files, n, cap) = (kept_file){cortex_xstrdup(e->d_name), st.st_mtim};
    }
    closedir(d);
    if (n > KEEP) qsort(files, n, sizeof *files, older_first);
    for (size_t i = 0; i < n; i++) {
        if (i + KEEP < n) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, files[i].name);
            unlink(path);
        }
        free(files[i].name);
    }
    free(files);
}

void cortex_answer_cache_put(cortex_reader *s, const char *name, const json_t *args, const json_t *answer)
{
    cortex_answer_cache_put_read(s, name, args, answer, NULL);
}

void cortex_answer_cache_put_read(cortex_reader *s, const char *name, const json_t *args, const json_t *answer,
                                  const json_t *read)
{
    char store_id[40];
    int64_t generation;
    if (!identity(s, store_id, sizeof store_id, &generation)) return;
    char *dir = cache_dir(s->repo), *path = answer_path(s, name, args);
    if (!path || (mkdir(dir, 0755) != 0 && access(dir, W_OK) != 0)) {
        free(dir);
        free(path);
        return;
    }
    json_t *kept = json_pack("{s:s,s:I,s:s,s:s,s:O,s:O}", "store_id", store_id, "generation", (json_int_t)generation,
                             "build", cortex_build_id(), "name", name, "args", args, "answer", answer);
    cortex_buf text = {0};
    size_t notes_at = 0;
    if (kept) {
        cortex_json_dump(&text, kept); /* one line: JSON text escapes its newlines */
        notes_at = text.len + 1;
        /* a path the notes cannot hold: not kept */
        if (read && (cortex_buf_putc(&text, '\n'), notes_text(&text, read) != 0)) cortex_buf_free(&text);
    }
    /* unsaved, it is computed again next time */
    if (text.data && cortex_write_file_replacing(path, text.data, text.len) == 0 && read)
        /* the notes were taken after the clock's reading at the call's start:
         * while it reads the same, they hold */
        remember_checked(s->repo, XXH3_64bits(text.data + notes_at, text.len - notes_at), s->clock_at_get);
    s->clock_at_get = 0;
    cortex_buf_free(&text);
    json_decref(kept);
    free(path);
    prune(dir);
    free(dir);
}
