/*
 * Records read back from a committed JSONL index (and chunks file), one file
 * at a time in path order, so the store can be rebuilt without parsing:
 * `cortex index --from-jsonl`. What the JSONL form does not carry is
 * recomputed: short names from qualified names, import candidates from the
 * plugin's import_paths hook, modification times from the working tree.
 * Parents, callers and text owners are named in the JSONL; each resolves to
 * the first symbol of that name in the file.
 */
#define _GNU_SOURCE /* getline */
#include "from_jsonl.h"

#include "../extract/derive.h"
#include "../extract/docs.h"
#include "../record/owners.h"
#include "../record/record_json.h"
#include "../record/sig_visibility.h"
#include "../sink/shards.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A forward reader of one JSONL file sorted by path. */
typedef struct reader {
    FILE *in;
    char *name; /* owned: freed with the reader */
    json_t *cur; /* the current line, not yet consumed; NULL at the end */
    long line;
    cortex_buf path; /* the current line's path, decoded */
} reader;

static int advance(reader *r)
{
    json_decref(r->cur);
    r->cur = NULL;
    if (!r->in) return 0;
    char *buf = NULL;
    size_t cap = 0;
    ssize_t n = getline(&buf, &cap, r->in);
    if (n < 0) {
        free(buf);
        return 0;
    }
    r->line++;
    json_error_t err;
    r->cur = json_loadb(buf, (size_t)n, 0, &err);
    free(buf);
    /* an array: a reference after its file's first, from format 1.4 (take_reference) */
    if (!json_is_object(r->cur) && !json_is_array(r->cur))
        return cortex_error_set(CORTEX_EINVALID, "%s:%ld: not a JSON object (%s)", r->name, r->line, err.text);
    return 0;
}

static int open_reader(reader *r, char *path, int required)
{
    memset(r, 0, sizeof *r);
    r->name = path;
    if (!(r->in = fopen(path, "r"))) {
        if (!required && errno == ENOENT) return 0;
        return cortex_error_set(CORTEX_ENOTFOUND, "%s: %s", path, strerror(errno));
    }
    return advance(r);
}

static void close_reader(reader *r)
{
    json_decref(r->cur);
    if (r->in) fclose(r->in);
    free(r->name);
    cortex_buf_free(&r->path);
    memset(r, 0, sizeof *r);
}

static const char *str(cortex_file_records *rec, json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? cortex_arena_strdup(&rec->arena, s) : NULL;
}

static uint32_t u32(json_t *o, const char *key, size_t index)
{
    json_t *v = json_object_get(o, key);
    if (json_is_array(v)) v = json_array_get(v, index);
    return json_is_integer(v) ? (uint32_t)json_integer_value(v) : 0;
}

/* The lines of `r` that belong to `path`: calls `take` on each, in order. */
/* `grouped`: a line without `key` is the previous line's path's (a record
 * after the first of its file: references from format 1.2, symbols and texts
 * from 1.3). */
static int each_line_of(reader *r, const char *path, const char *key, int grouped, int (*take)(json_t *, void *),
                        void *payload)
{
    int rc = 0;
    while (r->cur && rc == 0) {
        json_t *v = json_object_get(r->cur, key);
        const char *f = json_string_value(v);
        if (!v && grouped && r->path.data) {
            /* the path of the line before */
        } else if (!f) {
            return cortex_error_set(CORTEX_EINVALID, "%s:%ld: no \"%s\"", r->name, r->line, key);
        } else if (cortex_path_from_json(&r->path, f) != 0 || !r->path.data) {
            return cortex_error_set(CORTEX_EINVALID, "%s:%ld: a malformed path", r->name, r->line);
        }
        int c = strcmp(r->path.data, path);
        if (c > 0) break;
        if (c == 0) rc = take(r->cur, payload);
        if (rc == 0) rc = advance(r);
    }
    return rc;
}

/* The readers of one output split into shards (../sink/shards.h): a path's
 * lines are in the shard its hash picks, each shard sorted by path. */
typedef struct shard_readers {
    unsigned n;
    reader *r;
} shard_readers;

static int open_shards(shard_readers *s, const char *dir, const char *name, unsigned n, int required)
{
    s->n = n;
    s->r = cortex_xcalloc(n, sizeof *s->r);
    char path[PATH_MAX + 96];
    int rc = 0;
    for (unsigned i = 0; i < n && rc == 0; i++) {
        cortex_shard_file(path, sizeof path, dir, name, n, i);
        rc = open_reader(&s->r[i], cortex_xstrdup(path), required);
    }
    return rc;
}

static reader *shard_for(shard_readers *s, const char *path)
{
    return &s->r[cortex_shard_of(path, s->n)];
}

static void close_shards(shard_readers *s)
{
    for (unsigned i = 0; s->r && i < s->n; i++) close_reader(&s->r[i]);
    free(s->r);
}

/* How many shards an output has, from its manifest `name` in `dir` (index.json
 * without "shards", format 1.0, has one). No chunks.json: chunks written
 * before it, one chunks.jsonl or none, which is not required. */
static int manifest_shards(const char *dir, const char *name, unsigned *n, int *required, unsigned *format_minor)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    *required = 1;
    if (strcmp(name, "chunks.json") == 0 && access(path, F_OK) != 0) {
        *n = 1;
        *required = 0;
        return 0;
    }
    json_error_t err;
    json_t *m = json_load_file(path, 0, &err);
    if (!m) return cortex_error_set(CORTEX_ENOTFOUND, "%s: %s", path, err.text);
    json_t *v = json_object_get(m, "shards");
    json_int_t shards = v ? (json_is_integer(v) ? json_integer_value(v) : -1) : 1;
    unsigned major = 1, minor = 0;
    const char *version = json_string_value(json_object_get(m, "version"));
    int versioned = version && sscanf(version, "%u.%u", &major, &minor) == 2;
    json_decref(m);
    if (versioned && major > 1)
        return cortex_error_set(CORTEX_EINVALID, "%s: format %u.%u is newer than this cortex reads (%s)", path, major,
                                minor, CORTEX_JSONL_FORMAT_VERSION);
    if (format_minor) *format_minor = versioned ? minor : 0;
    if (!cortex_shard_count_valid(shards))
        return cortex_error_set(CORTEX_EINVALID, "%s: \"shards\" must be a power of two from 1 to %u", path, CORTEX_MAX_SHARDS);
    *n = (unsigned)shards;
    return 0;
}

typedef struct loading {
    cortex_file_records *rec;
    const cortex_language_plugin *plugin;
    char **parents;     /* per symbol: its parent's name, resolved once all are read */
    size_t parents_cap;
    int32_t *by_name;   /* the symbols' indexes sorted by name, then index: names resolve in log time */
    size_t by_name_cap;
    int derive;         /* format 1.2 on: an owner the JSONL does not name is derived from positions */
    int since_1_3;      /* a symbol or text after its file's first says no file, a comment no kind */
    int since_1_4;      /* a reference after its file's first is an array */
    int since_1_5;      /* a doc the JSONL does not write is derived from the texts */
    int since_1_6;      /* a reference array says its kind by number, its qualifier and receiver type by place */
    int32_t *owners;    /* the derived owners of a file's symbols, references and texts */
    size_t owners_cap;
    const char **docs;  /* the derived docs of a file's symbols */
    size_t docs_cap;
} loading;

/* An owner to derive from positions, once all of the file is read. */
#define OWNER_DERIVED (-2)
static char parent_derived[] = "";
/* A doc to derive from the texts, once their owners are known. */
static const char doc_derived[] = "";

/* Sorts the file's symbols by name, once they are all read. */
static void index_names(loading *l)
{
    cortex_grow((void **)&l->by_name, &l->by_name_cap, l->rec->nsymbols + 1, sizeof *l->by_name);
    cortex_records_sort_by_name(l->rec, l->by_name);
}

/* The symbol an owner written by name is, for a place on `line`: the first
 * of the name, or from format 1.6 the first of the name that ends on the
 * line or below (an owner encloses what it owns); -1 when none is named so. */
static int32_t symbol_named(const loading *l, const char *name, uint32_t line)
{
    return cortex_records_named(l->rec, l->by_name, name, l->since_1_6 ? line : 0);
}

/* Symbols, texts and chunks are objects; only references are written as arrays too. */
static int not_object(const cortex_file_records *rec, const char *what)
{
    return cortex_error_set(CORTEX_EINVALID, "%s: %s line that is not a JSON object", rec->path, what);
}

static int take_symbol(json_t *o, void *payload)
{
    loading *l = payload;
    cortex_file_records *rec = l->rec;
    if (!json_is_object(o)) return not_object(rec, "a symbols");
    cortex_symbol *s = CORTEX_PUSH(rec->symbols, rec->nsymbols, rec->symbols_cap);
    memset(s, 0, sizeof *s);
    s->name = str(rec, o, "name");
    s->kind = str(rec, o, "kind");
    if (!s->name || !s->kind) return cortex_error_set(CORTEX_EINVALID, "%s: a symbol without a name or kind", rec->path);
    s->line_start = u32(o, "line", 0);
    s->line_end = u32(o, "line", 1);
    /* from format 1.6, a column not written is the symbol line's before (the file's first: 1) */
    s->col_start = l->since_1_6 && !json_object_get(o, "col") ? (rec->nsymbols > 1 ? s[-1].col_start : 1) : u32(o, "col", 0);
    s->name_line = u32(o, "name_line", 0);
    if (!s->name_line) s->name_line = s->line_start;
    s->sig = str(rec, o, "sig");
    s->dtype = str(rec, o, "declared_type");
    /* from format 1.6, a visibility not written is the one the signature opens with */
    s->visibility = l->since_1_6 && !json_object_get(o, "visibility") ? cortex_record_sig_visibility(s->sig)
                                                                      : str(rec, o, "visibility");
    s->alias = str(rec, o, "alias");
    s->origin = str(rec, o, "origin");
    s->doc = l->since_1_5 && !json_object_get(o, "doc") ? doc_derived : str(rec, o, "doc");
    s->parent = -1;
    cortex_grow((void **)&l->parents, &l->parents_cap, rec->nsymbols, sizeof *l->parents);
    l->parents[rec->nsymbols - 1] =
        l->derive && !json_object_get(o, "parent") ? parent_derived : (char *)str(rec, o, "parent");
    return 0;
}

/* A reference's fields beyond its name, kind and place, from the object `o`
 * (NULL: none written): a caller not written is derived (format 1.2 on). */
static void take_reference_rest(json_t *o, const loading *l, cortex_reference *ref)
{
    cortex_file_records *rec = l->rec;
    ref->qualifier = str(rec, o, "qualifier");
    ref->rtype = str(rec, o, "receiver_type");
    ref->local = json_is_true(json_object_get(o, "local"));
    json_t *caller = json_object_get(o, "caller");
    ref->caller = l->derive && !caller ? OWNER_DERIVED : symbol_named(l, json_string_value(caller), ref->line);
}

/* A reference as an array of format 1.4 and 1.5: [name, line, col, kind?, {the rest}?]. */
static int take_reference_tuple_1_4(json_t *a, const loading *l, cortex_reference *ref)
{
    cortex_file_records *rec = l->rec;
    size_t n = json_array_size(a);
    json_t *kind = n > 3 ? json_array_get(a, 3) : NULL, *rest = n > 4 ? json_array_get(a, 4) : NULL;
    if (n > 5 || (kind && !json_is_string(kind)) || (rest && !json_is_object(rest)))
        return cortex_error_set(CORTEX_EINVALID, "%s: a reference array that is not [name, line, col, kind?, {...}?]",
                                rec->path);
    ref->kind = kind ? cortex_arena_strdup(&rec->arena, json_string_value(kind)) : "call";
    take_reference_rest(rest, l, ref);
    return 0;
}

/* A reference as an array of format 1.6: [name, line, col, kind number?,
 * qualifier or null?, receiver type?, true?, {the rest}?]; each part is known
 * by its JSON type, and a receiver type comes only after a qualifier's place. */
static int take_reference_tuple_1_6(json_t *a, const loading *l, cortex_reference *ref)
{
    cortex_file_records *rec = l->rec;
    size_t n = json_array_size(a), i = 3;
    json_t *code = NULL, *qualifier = NULL, *rtype = NULL, *rest = NULL;
    if (i < n && json_is_integer(json_array_get(a, i))) code = json_array_get(a, i++);
    if (i < n && (json_is_string(json_array_get(a, i)) || json_is_null(json_array_get(a, i)))) {
        qualifier = json_array_get(a, i++);
        if (i < n && json_is_string(json_array_get(a, i))) rtype = json_array_get(a, i++);
    }
    int local = i < n && json_is_true(json_array_get(a, i));
    i += local;
    if (i < n && json_is_object(json_array_get(a, i))) rest = json_array_get(a, i++);
    const char *kind = code ? cortex_json_reference_kind(json_integer_value(code)) : "call";
    json_t *named_kind = json_object_get(rest, "kind");
    if (i != n || !kind || (named_kind && (code || !json_is_string(named_kind))) || json_object_get(rest, "local"))
        return cortex_error_set(CORTEX_EINVALID,
                                "%s: a reference array that is not [name, line, col, kind?, qualifier?, receiver type?, local?, {...}?]",
                                rec->path);
    take_reference_rest(rest, l, ref);
    ref->kind = named_kind ? cortex_arena_strdup(&rec->arena, json_string_value(named_kind)) : kind;
    if (qualifier) ref->qualifier = json_is_string(qualifier) ? cortex_arena_strdup(&rec->arena, json_string_value(qualifier)) : NULL;
    if (rtype) ref->rtype = cortex_arena_strdup(&rec->arena, json_string_value(rtype));
    ref->local = local;
    return 0;
}

/* A reference as an array, after the first of its file (format 1.4 on). */
static int take_reference_tuple(json_t *a, const loading *l, cortex_reference *ref)
{
    cortex_file_records *rec = l->rec;
    if (!l->since_1_4)
        return cortex_error_set(CORTEX_EINVALID, "%s: a reference written as an array, which formats before 1.4 do not have",
                                rec->path);
    if (json_array_size(a) < 3 || !json_is_string(json_array_get(a, 0)) || !json_is_integer(json_array_get(a, 1)) ||
        !json_is_integer(json_array_get(a, 2)))
        return cortex_error_set(CORTEX_EINVALID, "%s: a reference array that does not start [name, line, col]", rec->path);
    ref->name = cortex_arena_strdup(&rec->arena, json_string_value(json_array_get(a, 0)));
    ref->line = (uint32_t)json_integer_value(json_array_get(a, 1));
    ref->col = (uint32_t)json_integer_value(json_array_get(a, 2));
    return l->since_1_6 ? take_reference_tuple_1_6(a, l, ref) : take_reference_tuple_1_4(a, l, ref);
}

static int take_reference(json_t *o, void *payload)
{
    const loading *l = payload;
    cortex_file_records *rec = l->rec;
    cortex_reference *ref = CORTEX_PUSH(rec->refs, rec->nrefs, rec->refs_cap);
    memset(ref, 0, sizeof *ref);
    if (json_is_array(o)) return take_reference_tuple(o, l, ref);
    ref->name = str(rec, o, "name");
    ref->kind = str(rec, o, "kind");
    if (!ref->kind && l->derive) ref->kind = "call"; /* format 1.2 on: a call's kind is not written */
    if (!ref->name || !ref->kind) return cortex_error_set(CORTEX_EINVALID, "%s: a reference without a name or kind", rec->path);
    ref->line = u32(o, "line", 0);
    ref->col = u32(o, "col", 0);
    take_reference_rest(o, l, ref);
    return 0;
}

static int take_text(json_t *o, void *payload)
{
    const loading *l = payload;
    cortex_file_records *rec = l->rec;
    if (!json_is_object(o)) return not_object(rec, "a texts");
    cortex_text *t = CORTEX_PUSH(rec->texts, rec->ntexts, rec->texts_cap);
    memset(t, 0, sizeof *t);
    t->kind = str(rec, o, "kind");
    if (!t->kind && l->since_1_3) t->kind = "comment"; /* most texts are comments: their kind is not written */
    t->text = str(rec, o, "text");
    if (!t->kind || !t->text) return cortex_error_set(CORTEX_EINVALID, "%s: a text without a kind or text", rec->path);
    t->language = str(rec, o, "language");
    t->line_start = u32(o, "line", 0);
    t->line_end = u32(o, "line", 1);
    json_t *parent = json_object_get(o, "parent");
    /* from format 1.5, the one of its name the text documents or sits in */
    t->parent = l->derive && !parent ? OWNER_DERIVED
                                     : cortex_records_named(rec, l->by_name, json_string_value(parent),
                                                            l->since_1_5 ? t->line_start : 0);
    return 0;
}

static int take_chunk(json_t *o, void *payload)
{
    cortex_file_records *rec = ((loading *)payload)->rec;
    if (!json_is_object(o)) return not_object(rec, "a chunks");
    cortex_chunk *c = CORTEX_PUSH(rec->chunks, rec->nchunks, rec->chunks_cap);
    memset(c, 0, sizeof *c);
    c->kind = str(rec, o, "kind");
    c->content = str(rec, o, "content");
    if (!c->kind || !c->content) return cortex_error_set(CORTEX_EINVALID, "%s: a chunk without a kind or content", rec->path);
    c->line_start = u32(o, "lines", 0);
    c->line_end = u32(o, "lines", 1);
    json_t *headers = json_object_get(o, "headers");
    if (json_array_size(headers)) {
        cortex_buf b = {0};
        size_t i;
        json_t *h;
        json_array_foreach(headers, i, h) {
            if (i) cortex_buf_putc(&b, '\n');
            cortex_buf_puts(&b, json_string_value(h) ? json_string_value(h) : "");
        }
        c->headers = cortex_arena_strndup(&rec->arena, b.data, b.len);
        cortex_buf_free(&b);
    }
    return 0;
}

/* What the JSONL does not say: parents by name, short names, import candidates. */
static void complete(loading *l, const char *root)
{
    cortex_file_records *rec = l->rec;
    int32_t *parents = NULL, *callers = NULL, *text_owners = NULL;
    if (l->derive) {
        size_t n = rec->nsymbols + rec->nrefs + rec->ntexts;
        if (n > l->owners_cap) cortex_grow((void **)&l->owners, &l->owners_cap, n, sizeof *l->owners);
        parents = l->owners, callers = parents + rec->nsymbols, text_owners = callers + rec->nrefs;
        cortex_records_derive_owners(rec, l->since_1_6 ? CORTEX_OWNERS_TEXT_ABOVE : 0, parents, callers, text_owners);
        for (size_t i = 0; i < rec->nrefs; i++)
            if (rec->refs[i].caller == OWNER_DERIVED) rec->refs[i].caller = callers[i];
        for (size_t i = 0; i < rec->ntexts; i++)
            if (rec->texts[i].parent == OWNER_DERIVED) rec->texts[i].parent = text_owners[i];
    }
    if (l->since_1_5) {
        if (rec->nsymbols > l->docs_cap) cortex_grow((void **)&l->docs, &l->docs_cap, rec->nsymbols, sizeof *l->docs);
        cortex_records_derive_docs(rec, NULL, &rec->arena, l->docs);
        for (size_t i = 0; i < rec->nsymbols; i++)
            if (rec->symbols[i].doc == doc_derived) rec->symbols[i].doc = l->docs[i];
    }
    for (size_t i = 0; i < rec->nsymbols; i++) {
        cortex_symbol *s = &rec->symbols[i];
        s->parent = l->parents[i] == parent_derived ? parents[i] : symbol_named(l, l->parents[i], s->line_start);
        const char *pn = s->parent >= 0 ? rec->symbols[s->parent].name : NULL;
        size_t pl = pn ? strlen(pn) : 0;
        if (pn && strncmp(s->name, pn, pl) == 0 && s->name[pl] == '.') s->short_name = s->name + pl + 1;
        else if (strcmp(s->kind, "method") == 0 && strrchr(s->name, '.')) s->short_name = strrchr(s->name, '.') + 1;
        else s->short_name = s->name;
        if (strcmp(s->kind, "import") == 0) s->targets = cortex_derive_import_targets(l->plugin, rec, s);
    }
    char abs[PATH_MAX + 1];
    struct stat st;
    snprintf(abs, sizeof abs, "%s/%s", root, rec->path);
    /* the working tree's time when the file is the one indexed (same size),
     * so the next incremental run carries it over; else 0: stale */
    if (stat(abs, &st) == 0 && (uint64_t)st.st_size == rec->bytes)
        rec->mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
}

int cortex_index_from_jsonl(const char *root, const char *data_dir, const cortex_plugin_set *plugins,
                            cortex_jsonl_file_fn deliver, void *payload, uint64_t *nfiles)
{
    static const char *const kinds[] = {"symbols", "references", "texts"};
    reader files;
    shard_readers in[3], chunks;
    memset(&files, 0, sizeof files);
    memset(&chunks, 0, sizeof chunks);
    memset(in, 0, sizeof in);
    char dir[PATH_MAX], chunks_dir[PATH_MAX], path[PATH_MAX + 64];
    snprintf(dir, sizeof dir, "%s/index", data_dir);
    snprintf(chunks_dir, sizeof chunks_dir, "%s/chunks", data_dir);
    unsigned shards = 1, chunk_shards = 1;
    int required = 1, chunks_required = 0;
    loading l = {0};
    unsigned minor = 0;
    int rc = manifest_shards(dir, "index.json", &shards, &required, &minor);
    l.derive = minor >= 2;
    l.since_1_3 = minor >= 3;
    l.since_1_4 = minor >= 4;
    l.since_1_5 = minor >= 5;
    l.since_1_6 = minor >= 6;
    if (rc == 0) rc = manifest_shards(chunks_dir, "chunks.json", &chunk_shards, &chunks_required, NULL);
    /* each reader owns its name (freed at the end), whether it opened or not */
    if (rc == 0) {
        snprintf(path, sizeof path, "%s/files.jsonl", dir);
        rc = open_reader(&files, cortex_xstrdup(path), 1);
    }
    for (int k = 0; k < 3 && rc == 0; k++) rc = open_shards(&in[k], dir, kinds[k], shards, 1);
    if (rc == 0) rc = open_shards(&chunks, chunks_dir, "chunks", chunk_shards, chunks_required);
    *nfiles = 0;
    while (rc == 0 && files.cur) {
        json_t *f = files.cur;
        if (!json_is_object(f)) {
            rc = cortex_error_set(CORTEX_EINVALID, "%s:%ld: not a JSON object", files.name, files.line);
            break;
        }
        cortex_file_records rec;
        memset(&rec, 0, sizeof rec);
        const char *p = json_string_value(json_object_get(f, "path"));
        if (p && (cortex_path_from_json(&files.path, p) != 0 || !files.path.data)) {
            rc = cortex_error_set(CORTEX_EINVALID, "%s:%ld: a malformed path", files.name, files.line);
            break;
        }
        if (p) p = files.path.data;
        const char *lang = json_string_value(json_object_get(f, "lang"));
        const char *hash = json_string_value(json_object_get(f, "hash"));
        if (!p || !lang || !hash || strlen(hash) != 16) {
            rc = cortex_error_set(CORTEX_EINVALID, "%s:%ld: a file line needs path, lang and a 16-digit hash", files.name,
                                  files.line);
            break;
        }
        l.plugin = cortex_plugin_set_find(plugins, lang);
        if (!l.plugin) {
            rc = cortex_error_set(CORTEX_ENOTFOUND, "%s: written by plugin \"%s\", which is not loaded", p, lang);
            break;
        }
        rec.path = cortex_arena_strdup(&rec.arena, p);
        rec.lang = l.plugin->name;
        rec.rules = &l.plugin->rules;
        memcpy(rec.hash, hash, 17);
        rec.lines = u32(f, "lines", 0);
        rec.has_errors = u32(f, "parse_errors", 0) != 0;
        rec.variant = u32(f, "variant", 0) != 0;
        const char *project = json_string_value(json_object_get(f, "project"));
        rec.project = ".";
        if (project) {
            cortex_buf decoded = {0};
            if (cortex_path_from_json(&decoded, project) != 0 || !decoded.data) {
                cortex_buf_free(&decoded);
                rc = cortex_error_set(CORTEX_EINVALID, "%s:%ld: a malformed project path", files.name, files.line);
                break;
            }
            rec.project = cortex_arena_strndup(&rec.arena, decoded.data, decoded.len);
            cortex_buf_free(&decoded);
        }
        json_t *bytes = json_object_get(f, "bytes");
        rec.bytes = json_is_integer(bytes) ? (uint64_t)json_integer_value(bytes) : 0;
        l.rec = &rec;
        rc = each_line_of(shard_for(&in[0], rec.path), rec.path, "file", l.since_1_3, take_symbol, &l);
        if (rc == 0) index_names(&l);
        if (rc == 0) rc = each_line_of(shard_for(&in[1], rec.path), rec.path, "file", l.derive, take_reference, &l);
        if (rc == 0) rc = each_line_of(shard_for(&in[2], rec.path), rec.path, "file", l.since_1_3, take_text, &l);
        if (rc == 0 && shard_for(&chunks, rec.path)->in) rc = each_line_of(shard_for(&chunks, rec.path), rec.path, "file", 0, take_chunk, &l);
        if (rc == 0) {
            complete(&l, root);
            rc = deliver(&rec, payload);
            (*nfiles)++;
        }
        cortex_file_records_reset(&rec);
        if (rc == 0) rc = advance(&files);
    }
    free(l.parents);
    free(l.by_name);
    free(l.owners);
    free(l.docs);
    for (int k = 0; k < 3; k++) close_shards(&in[k]);
    close_reader(&files);
    close_shards(&chunks);
    return rc;
}
