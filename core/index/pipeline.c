/*
 * The single-threaded indexing pass. The sinks see files in ascending path
 * order, so their output is deterministic; removals come from comparing the
 * walk with the previous run's manifest in the store.
 */
#define _GNU_SOURCE
#include "pipeline.h"

#include "../extract/extractor.h"
#include "from_jsonl.h"
#include "lock.h"
#include "quarantine.h"
#include "source.h"
#include "workers.h"
#include "../record/record_json.h"
#include "../sink/carry.h"
#include "../sink/set.h"
#include "../sink/sink.h"
#include "../store/manifest.h"
#include "../util/error.h"
#include "../util/mem.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "version.h" /* generated from core/util/version.h.in */

static const char *const default_sinks[] = {"sqlite", "jsonl", "chunks", NULL};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static cortex_language_stats *lang_stats(cortex_index_report *rep, const char *lang)
{
    for (size_t i = 0; i < rep->nlangs; i++)
        if (strcmp(rep->langs[i].lang, lang) == 0) return &rep->langs[i];
    cortex_language_stats *s = CORTEX_PUSH(rep->langs, rep->nlangs, rep->langs_cap);
    memset(s, 0, sizeof *s);
    s->lang = lang;
    return s;
}

static void add_problem(cortex_index_report *rep, const char *path, const char *msg)
{
    cortex_file_problem *p = CORTEX_PUSH(rep->problems, rep->nproblems, rep->problems_cap);
    p->path = cortex_xstrdup(path);
    p->message = cortex_xstrdup(msg);
}

/* What the previous run recorded of a file: enough to tell it is unchanged. */
typedef cortex_store_manifest_entry manifest_entry;

/* The files indexed by the previous run, sorted by path; empty when there was
 * none. `*same_extractor` says whether that run extracted as this one would. */
static manifest_entry *previous_manifest(const char *data_dir, const char *extractor, size_t *count, int *same_extractor)
{
    char path[PATH_MAX];
    manifest_entry *entries;
    if (snprintf(path, sizeof path, "%s/cortex.db", data_dir) >= (int)sizeof path) {
        *count = 0;
        *same_extractor = 0;
        return NULL;
    }
    cortex_store_manifest_read(&entries, count, same_extractor, path, extractor);
    return entries;
}

/* Whether the sink named `name` (a known one, or none) can do `flag`. */
static int sink_has(const char *name, uint32_t flag)
{
    const cortex_sink_type *t = cortex_sink_find(name);
    return t && (t->flags & flag);
}

static int compare_skips(const void *a, const void *b)
{
    return strcmp(((const cortex_walk_skip *)a)->path, ((const cortex_walk_skip *)b)->path);
}

static int compare_langs(const void *a, const void *b)
{
    return strcmp(((const cortex_language_stats *)a)->lang, ((const cortex_language_stats *)b)->lang);
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0777) == 0 || errno == EEXIST) return 0;
    return cortex_error_set(CORTEX_EIO, "%s: cannot create directory: %s", path, strerror(errno));
}

/* The store and temporary files are local; the JSONL index is what a team commits. */
static void write_data_gitignore(const char *data_dir)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/.gitignore", data_dir) >= (int)sizeof path || access(path, F_OK) == 0) return;
    FILE *f = fopen(path, "w");
    if (!f) return;
    fputs("# Written by cortex: the SQLite store is derived and local; commit index/ if you want to share it.\n"
          "cortex.db\ncortex.db-*\n*.tmp\nlock\nindex.extractor\n",
          f);
    fclose(f);
}

/* A refresh of named paths: the files that still exist and that a plugin
 * claims, in the walk's place. The rest leave the index. */
static int list_only(cortex_index_report *rep, const cortex_plugin_set *plugins, const cortex_index_options *opts,
                     const cortex_walk_options *wopts)
{
    char abs[PATH_MAX + 1];
    for (size_t i = 0; i < opts->nonly; i++) {
        const char *rel = opts->only[i];
        if (!*rel || rel[0] == '/' || strstr(rel, "..")) return cortex_error_set(CORTEX_EINVALID, "%s: not a repository path", rel);
        if (i > 0 && strcmp(opts->only[i - 1], rel) >= 0)
            return cortex_error_set(CORTEX_EINVALID, "paths to refresh must be sorted and unique");
        snprintf(abs, sizeof abs, "%s/%s", rep->root, rel);
        struct stat st;
        const cortex_language_plugin *plugin = cortex_walk_choose_plugin(plugins, wopts, rel);
        if (!plugin || lstat(abs, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        if ((uint64_t)st.st_size > wopts->max_file_size) {
            cortex_walk_add_skip(&rep->walk, rel, "larger than the size limit");
            continue;
        }
        cortex_walk_file *f = CORTEX_PUSH(rep->walk.files, rep->walk.nfiles, rep->walk.files_cap);
        f->path = cortex_xstrdup(rel);
        f->size = (uint64_t)st.st_size;
        f->mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
        f->plugin = plugin;
        char *dir = cortex_xstrdup(rel);
        const char *project = cortex_walk_project_of(rep->root, dir);
        if (project == dir) {
            *CORTEX_PUSH(rep->walk.projects, rep->walk.nprojects, rep->walk.projects_cap) = dir; /* owned by the walk */
            f->project = dir;
        } else {
            free(dir);
            f->project = ".";
        }
    }
    return 0;
}

/* Narrows the previous manifest to the refreshed paths, so nothing else is removed. */
static void keep_only(manifest_entry *prev, size_t *nprev, const char *const *only, size_t nonly)
{
    size_t kept = 0, j = 0;
    for (size_t i = 0; i < *nprev; i++) {
        while (j < nonly && strcmp(only[j], prev[i].path) < 0) j++;
        if (j < nonly && strcmp(only[j], prev[i].path) == 0)
            prev[kept++] = prev[i];
        else
            free(prev[i].path);
    }
    *nprev = kept;
}

/* Plugins the configuration names must be loaded ones. */
static int check_plugin_names(const cortex_plugin_set *plugins, const cortex_pipeline_config *pl)
{
    const char *bad = NULL;
    for (size_t i = 0; i < pl->nplugins && !bad; i++)
        if (!cortex_plugin_set_find(plugins, pl->plugins[i])) bad = pl->plugins[i];
    for (size_t i = 0; i < pl->noverrides && !bad; i++)
        if (!cortex_plugin_set_find(plugins, pl->overrides[i].plugin)) bad = pl->overrides[i].plugin;
    if (!bad) return 0;
    cortex_buf names = {0};
    for (size_t i = 0; i < plugins->count; i++) cortex_buf_printf(&names, "%s%s", i ? ", " : "", plugins->plugins[i]->name);
    int rc = cortex_error_set(CORTEX_EINVALID, "pipeline \"%s\" names plugin \"%s\", which is not loaded (loaded: %s)", pl->name, bad,
                              names.data ? names.data : "none");
    cortex_buf_free(&names);
    return rc;
}

/* The run's extraction threads: asked for, else the pipeline's, else one per core. */
static unsigned run_threads(const cortex_index_options *opts)
{
    const cortex_pipeline_config *pl = opts->pipeline;
    return opts->threads ? opts->threads : pl && pl->threads ? pl->threads : cortex_workers_default_threads();
}

/* A file unchanged by size and time since the last run is carried over: its
 * plugin need not compile. `at` walks `prev` along the walk's sorted paths. */
static int carried_over(const cortex_walk_file *f, const manifest_entry *prev, size_t nprev, size_t *at)
{
    while (prev && *at < nprev && strcmp(prev[*at].path, f->path) < 0) (*at)++;
    return prev && *at < nprev && strcmp(prev[*at].path, f->path) == 0 && prev[*at].bytes == f->size &&
           prev[*at].mtime_ns == f->mtime_ns && strcmp(prev[*at].lang, f->plugin->name) == 0;
}

static void drop_files_of_broken_plugins(cortex_index_report *rep, const manifest_entry *prev, size_t nprev,
                                         unsigned threads)
{
    /* the plugins of the files to parse, compiled together on the run's threads */
    const cortex_language_plugin **needed = cortex_xcalloc(rep->walk.nfiles + 1, sizeof *needed);
    size_t nneeded = 0, at = 0;
    for (size_t i = 0; i < rep->walk.nfiles; i++) {
        const cortex_walk_file *f = &rep->walk.files[i];
        if (carried_over(f, prev, nprev, &at)) continue;
        size_t k = 0;
        while (k < nneeded && needed[k] != f->plugin) k++;
        if (k == nneeded) needed[nneeded++] = f->plugin;
    }
    cortex_plugins_compile(needed, nneeded, threads);
    /* those whose queries do not compile: the error once, their files skipped */
    size_t nbroken = 0;
    for (size_t k = 0; k < nneeded; k++)
        if (cortex_plugin_queries(needed[k]) != 0) {
            add_problem(rep, needed[k]->path, cortex_error_last());
            needed[nbroken++] = needed[k];
        }
    size_t kept = 0;
    at = 0;
    for (size_t i = 0; i < rep->walk.nfiles; i++) {
        cortex_walk_file *f = &rep->walk.files[i];
        int broken = 0;
        if (!carried_over(f, prev, nprev, &at))
            for (size_t k = 0; k < nbroken && !broken; k++) broken = needed[k] == f->plugin;
        if (broken) {
            cortex_walk_add_skip(&rep->walk, f->path, "its plugin's queries do not compile (see problems)");
            free(f->path);
            continue;
        }
        rep->walk.files[kept++] = *f;
    }
    free(needed);
    rep->walk.nfiles = kept;
}

/* A file's job number when it has none: listed in the quarantine. */
#define QUARANTINED (SIZE_MAX - 1)

/* What the indexing loop hands around. */
typedef struct run_state {
    const cortex_index_options *opts;
    cortex_index_report *rep;
    cortex_sink_set *sinks;
    int *fresh;           /* per sink: give it this file's records */
    cortex_extractor *x;  /* the loop's own, for a sink that cannot carry a file over */
    char *data;
    size_t cap;
    double parse_seconds;
    const cortex_chunk_options *chunk; /* NULL: files are not chunked */
} run_state;

/* An unchanged file: each sink carries it over, or gets records extracted
 * now (it had none to carry: an index written by a run without it). */
static int deliver_unchanged(run_state *run, const cortex_walk_file *f, const manifest_entry *before, int64_t mtime_ns,
                             cortex_file_records *counted, int *skipped)
{
    cortex_file_records header = {0};
    header.path = f->path;
    header.lang = f->plugin->name;
    header.project = f->project;
    header.mtime_ns = mtime_ns;
    memcpy(header.hash, before->hash, sizeof header.hash);
    header.lines = before->lines;
    header.bytes = before->bytes;
    header.has_errors = before->parse_errors;
    header.variant = before->variant;
    size_t nfresh = 0;
    int kept = cortex_sink_set_keep(run->sinks, &header, run->fresh, &nfresh);
    if (kept) return kept;
    *counted = header;
    if (nfresh == 0) {
        run->rep->unchanged++;
        return 0;
    }
    char abs[PATH_MAX + 1];
    snprintf(abs, sizeof abs, "%s/%s", run->rep->root, f->path);
    size_t len = 0;
    const char *why = cortex_source_read(abs, &run->data, &run->cap, &len, &mtime_ns);
    if (why) { /* gone or changed since the walk: the next run sees it */
        cortex_walk_add_skip(&run->rep->walk, f->path, why);
        *skipped = 1;
        return 0;
    }
    if (!run->x) {
        cortex_extract_limits limits = {run->parse_seconds, 0};
        cortex_extractor_new(&run->x, &limits);
    }
    cortex_file_records rec = {0};
    rec.path = f->path;
    rec.lang = f->plugin->name;
    rec.project = f->project;
    rec.mtime_ns = mtime_ns;
    cortex_source_describe(&rec, run->data, len);
    const char *problem = cortex_source_extract(run->x, f->plugin, run->data, len, run->chunk, &rec);
    if (problem) add_problem(run->rep, f->path, problem);
    int rc = cortex_sink_set_file(run->sinks, &rec, run->fresh);
    cortex_file_records_reset(&rec);
    return rc;
}

/* Adds a file to the report; its records count only when it was parsed now. */
static void count_file(cortex_index_report *rep, const char *lang, const cortex_file_records *r, int skipped)
{
    if (skipped) return;
    cortex_language_stats *ls = lang_stats(rep, lang);
    ls->files++;
    ls->bytes += r->bytes;
    ls->symbols += r->nsymbols;
    ls->refs += r->nrefs;
    ls->texts += r->ntexts;
    rep->files++;
    rep->bytes += r->bytes;
    rep->symbols += r->nsymbols;
    rep->refs += r->nrefs;
    rep->texts += r->ntexts;
}

/* Removes from every sink the files the previous run indexed that this one
 * did not (`now`, sorted like `prev`). */
static int remove_left(cortex_sink_set *sinks, const manifest_entry *prev, size_t nprev, const char *const *now, size_t nnow,
                       cortex_index_report *rep)
{
    int rc = 0;
    for (size_t i = 0, j = 0; i < nprev && rc == 0; i++) {
        while (j < nnow && strcmp(now[j], prev[i].path) < 0) j++;
        if (j < nnow && strcmp(now[j], prev[i].path) == 0) continue;
        rc = cortex_sink_set_remove(sinks, prev[i].path);
        rep->removed++;
    }
    return rc;
}

typedef struct jsonl_rebuild {
    cortex_sink_set *store; /* the sqlite sink alone */
    cortex_index_report *rep;
    char **paths; /* the files delivered, in order: the store's others are removed */
    size_t npaths, paths_cap;
} jsonl_rebuild;

static int deliver_from_jsonl(const cortex_file_records *r, void *payload)
{
    jsonl_rebuild *j = payload;
    *CORTEX_PUSH(j->paths, j->npaths, j->paths_cap) = cortex_xstrdup(r->path);
    count_file(j->rep, r->lang, r, 0);
    if (r->has_errors) {
        j->rep->files_with_parse_errors++;
        *CORTEX_PUSH(j->rep->parse_errors, j->rep->nparse_errors, j->rep->parse_errors_cap) = cortex_xstrdup(r->path);
    }
    return cortex_sink_set_file(j->store, r, NULL);
}

/* `cortex index --from-jsonl`: the store rebuilt from the committed JSONL
 * index, parsing nothing. The store's rows are said to come from the
 * extractor that wrote the JSONL (index.extractor), so an incremental run
 * after it reuses them only when that is this build. */
static int rebuild_from_jsonl(const cortex_plugin_set *plugins, const cortex_index_options *opts, cortex_index_report *rep)
{
    int rc = make_dir(rep->data_dir);
    if (rc) return rc;
    int lock_fd = -1;
    if ((rc = cortex_index_lock_take(&lock_fd, rep->data_dir, opts->no_wait, opts->cancel, opts->waiting, opts->progress_payload))) return rc;
    char extractor[512];
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/index.extractor", rep->data_dir);
    if (cortex_carry_read_state(path, extractor, sizeof extractor) != 0) snprintf(extractor, sizeof extractor, "jsonl");
    size_t nprev = 0;
    int same = 0;
    manifest_entry *prev = previous_manifest(rep->data_dir, extractor, &nprev, &same);
    /* the store alone (no shards), every file written anew */
    cortex_sink_context ctx = {rep->root, rep->data_dir, "root", extractor, {0, 0}, 0, 0,
                               run_threads(opts), 1};
    jsonl_rebuild j = {NULL, rep, NULL, 0, 0};
    const cortex_sink_type *const store_only[] = {&cortex_sink_sqlite};
    if ((rc = cortex_sink_set_open(&j.store, store_only, 1, &ctx)) == 0) {
        uint64_t nfiles = 0;
        rc = cortex_index_from_jsonl(rep->root, rep->data_dir, plugins, deliver_from_jsonl, &j, &nfiles);
        if (rc == 0) rc = remove_left(j.store, prev, nprev, (const char *const *)j.paths, j.npaths, rep);
        if (rc == 0 && opts->committing) opts->committing(j.npaths, opts->progress_payload);
        if (rc == 0) rc = cortex_sink_set_commit(j.store);
        cortex_sink_set_close(j.store, rc != 0);
    }
    for (size_t i = 0; i < j.npaths; i++) free(j.paths[i]);
    free(j.paths);
    for (size_t i = 0; i < nprev; i++) free(prev[i].path);
    free(prev);
    if (rep->nlangs) qsort(rep->langs, rep->nlangs, sizeof *rep->langs, compare_langs);
    /* The JSONL index holds what was indexed, not what the walk left out. */
    rep->walk.note = "rebuilt from the JSONL index, which does not record the files the walk skipped or ignored: "
                     "`cortex index` lists them";
    close(lock_fd);
    return rc;
}

void cortex_index_walk_options(cortex_walk_options *out, const cortex_pipeline_config *pl, uint64_t max_file_size)
{
    memset(out, 0, sizeof *out);
    out->max_file_size = max_file_size ? max_file_size : pl ? pl->max_file_size : CORTEX_DEFAULT_MAX_FILE_SIZE;
    if (!pl) return;
    out->include = (const char *const *)pl->include;
    out->exclude = (const char *const *)pl->exclude;
    out->plugins = (const char *const *)pl->plugins;
    const char **ext = cortex_xcalloc(pl->noverrides + 1, sizeof *ext);
    const char **plugin = cortex_xcalloc(pl->noverrides + 1, sizeof *plugin);
    for (size_t i = 0; i < pl->noverrides; i++) {
        ext[i] = pl->overrides[i].extension;
        plugin[i] = pl->overrides[i].plugin;
    }
    out->override_extensions = ext;
    out->override_plugins = plugin;
}

void cortex_index_walk_options_free(cortex_walk_options *w)
{
    free((void *)w->override_extensions);
    free((void *)w->override_plugins);
    w->override_extensions = w->override_plugins = NULL;
}

int cortex_index_run(cortex_index_report *rep, const cortex_plugin_set *plugins, const cortex_index_options *opts)
{
    memset(rep, 0, sizeof *rep);
    double t0 = now_seconds();
    if (!(rep->root = realpath(opts->root, NULL)))
        return cortex_error_set(CORTEX_ENOTFOUND, "%s: %s", opts->root, strerror(errno));
    if (opts->data_dir) {
        int rc = make_dir(opts->data_dir);
        if (rc) return rc;
        if (!(rep->data_dir = realpath(opts->data_dir, NULL)))
            return cortex_error_set(CORTEX_EIO, "%s: %s", opts->data_dir, strerror(errno));
    } else {
        cortex_buf dir = {0};
        cortex_buf_printf(&dir, "%s/.cortex", rep->root);
        rep->data_dir = dir.data;
    }
    if (plugins->count == 0)
        return cortex_error_set(CORTEX_ENOTFOUND, "no language plugins loaded; see `cortex plugins` and $CORTEX_PLUGIN_PATH");
    if (opts->from_jsonl) {
        int rc = rebuild_from_jsonl(plugins, opts, rep);
        rep->seconds = now_seconds() - t0;
        return rc;
    }

    const cortex_pipeline_config *pl = opts->pipeline;
    const char *const *sink_names = opts->sinks ? opts->sinks : pl ? (const char *const *)pl->sinks : default_sinks;
    size_t nsinks = 0;
    while (sink_names[nsinks]) nsinks++;
    for (size_t i = 0; i < nsinks; i++)
        if (!cortex_sink_find(sink_names[i]))
            return cortex_error_set(CORTEX_EINVALID, "unknown sink \"%s\" (known: %s)", sink_names[i], cortex_sink_names());
    /* Files are chunked when the configured pipeline writes the chunks sink,
     * even in a run that writes fewer sinks (`--sink sqlite`, a refresh of
     * some paths): the store's chunks stay those of a full run, and the
     * extractor fingerprint, which names the chunk budget, stays the same. */
    const char *const *configured = pl ? (const char *const *)pl->sinks : default_sinks;
    int chunking = 0;
    for (size_t i = 0; i < nsinks; i++) chunking |= sink_has(sink_names[i], CORTEX_SINK_WANTS_CHUNKS);
    for (size_t i = 0; configured[i]; i++) chunking |= sink_has(configured[i], CORTEX_SINK_WANTS_CHUNKS);
    cortex_chunk_options chunk_opts = {pl ? pl->chunk_tokens : CORTEX_CHUNK_DEFAULT_TOKENS,
                                       pl ? pl->chunk_overlap : CORTEX_CHUNK_DEFAULT_OVERLAP};
    if (!chunk_opts.tokens) chunk_opts = (cortex_chunk_options){CORTEX_CHUNK_DEFAULT_TOKENS, CORTEX_CHUNK_DEFAULT_OVERLAP};
    /* The JSONL sink writes a whole index per run; a refresh of some paths goes to the sinks that take one. */
    for (size_t i = 0; opts->only && i < nsinks; i++)
        if (!sink_has(sink_names[i], CORTEX_SINK_PARTIAL))
            return cortex_error_set(CORTEX_EINVALID, "a refresh of named paths writes only the sqlite sink, not \"%s\"", sink_names[i]);

    if (pl) {
        int bad = check_plugin_names(plugins, pl);
        if (bad) return bad;
    }
    cortex_walk_options wopts;
    cortex_index_walk_options(&wopts, pl, opts->max_file_size);
    int rc = opts->only ? list_only(rep, plugins, opts, &wopts) : cortex_walk_run(&rep->walk, rep->root, plugins, &wopts);
    cortex_index_walk_options_free(&wopts);
    if (rc) return rc;
    if ((rc = make_dir(rep->data_dir))) return rc;
    write_data_gitignore(rep->data_dir);
    int lock_fd = -1;
    if ((rc = cortex_index_lock_take(&lock_fd, rep->data_dir, opts->no_wait, opts->cancel, opts->waiting, opts->progress_payload))) return rc;

    /* The extractor: this build and its plugins. Records from another are re-extracted. */
    char extractor[160];
    snprintf(extractor, sizeof extractor, "cortex " CORTEX_VERSION " jsonl " CORTEX_JSONL_FORMAT_VERSION " plugins %016llx",
             (unsigned long long)cortex_plugin_set_fingerprint(plugins));
    /* Chunking, and its budget, are part of what a run produces: records made
     * with other settings are made again. */
    if (chunking)
        snprintf(extractor + strlen(extractor), sizeof extractor - strlen(extractor), " chunks %u/%u", chunk_opts.tokens,
                 chunk_opts.overlap);
    size_t nprev = 0;
    int same_extractor = 0;
    manifest_entry *prev = previous_manifest(rep->data_dir, extractor, &nprev, &same_extractor);
    if (opts->only) keep_only(prev, &nprev, opts->only, opts->nonly);
    int reuse = same_extractor && !opts->full && !(opts->only && opts->force);

    /* Plugins compile their queries when first needed: those of the files
     * this run may parse, now, once (a run that changes nothing compiles
     * nothing). A plugin whose queries do not compile has its files skipped
     * with the reason, and the run goes on. */
    unsigned threads = run_threads(opts);
    drop_files_of_broken_plugins(rep, reuse ? prev : NULL, nprev, threads);

    /* A whole run after another extractor's (a new cortex, a changed
     * plugin) extracts every file again: the sinks take it as a rebuild, the
     * store as a bulk load (on the Linux kernel, file by file in place took
     * twice as long as a first index). */
    int rebuild = opts->full || (!same_extractor && nprev > 0 && !opts->only);
    cortex_sink_context ctx = {rep->root, rep->data_dir, strrchr(rep->root, '/') ? strrchr(rep->root, '/') + 1 : rep->root,
                               extractor, chunk_opts, rep->walk.nfiles, pl ? pl->shard_files : CORTEX_DEFAULT_SHARD_FILES,
                               threads, rebuild};
    if (!*ctx.project_name) ctx.project_name = "root";
    const cortex_sink_type **types = cortex_xcalloc(nsinks + 1, sizeof *types);
    for (size_t i = 0; i < nsinks; i++) types[i] = cortex_sink_find(sink_names[i]);
    cortex_sink_set *sinks = NULL;
    rc = cortex_sink_set_open(&sinks, types, nsinks, &ctx);
    free(types);
    if (rc) goto done;

    double parse_seconds = opts->parse_seconds > 0 ? opts->parse_seconds : pl ? pl->parse_seconds : 10.0;
    uint64_t max_line = pl ? pl->max_line_length : CORTEX_DEFAULT_MAX_LINE_LENGTH;
    run_state run = {opts, rep, sinks, cortex_xcalloc(nsinks + 1, sizeof(int)), NULL, NULL, 0, parse_seconds,
                     chunking ? &chunk_opts : NULL};

    /* The plan: a file whose size and time match the last run's is unchanged
     * (git's stat check) and not even read; the others go to the workers,
     * which skip extraction when the content hash still matches (a touch). */
    size_t nfiles = rep->walk.nfiles, njobs = 0, at_prev = 0;
    cortex_index_progress progress = {0, nfiles, 0, 0};
    cortex_quarantine quarantine;
    cortex_quarantine_load(&quarantine, rep->data_dir);
    const manifest_entry **before = cortex_xcalloc(nfiles + 1, sizeof *before);
    size_t *job_of = cortex_xcalloc(nfiles + 1, sizeof *job_of);
    cortex_extract_job *jobs = cortex_xcalloc(nfiles + 1, sizeof *jobs);
    for (size_t i = 0; i < nfiles; i++) {
        const cortex_walk_file *f = &rep->walk.files[i];
        while (at_prev < nprev && strcmp(prev[at_prev].path, f->path) < 0) at_prev++;
        if (reuse && at_prev < nprev && strcmp(prev[at_prev].path, f->path) == 0 && strcmp(prev[at_prev].lang, f->plugin->name) == 0)
            before[i] = &prev[at_prev];
        const char *why = cortex_quarantine_reason(&quarantine, f->path, f->size, f->mtime_ns);
        if (why) {
            add_problem(rep, f->path, why);
            job_of[i] = QUARANTINED;
            continue;
        }
        if (before[i] && before[i]->bytes == f->size && before[i]->mtime_ns == f->mtime_ns) {
            job_of[i] = SIZE_MAX;
            continue;
        }
        job_of[i] = njobs;
        jobs[njobs++] = (cortex_extract_job){f->path, f->plugin, f->size, before[i] ? before[i]->hash : NULL, f->project};
        progress.bytes_total += f->size;
    }
    cortex_quarantine_dispose(&quarantine);
    cortex_workers *workers = cortex_workers_start(rep->root, jobs, njobs, threads, parse_seconds, max_line, run.chunk);

    /* The sinks get every file in path order, whatever the thread count. Files
     * indexed before and not now are removed from every sink after. */
    char **now = cortex_xcalloc(nfiles + 1, sizeof *now);
    size_t nnow = 0;
    for (size_t i = 0; i < nfiles && rc == 0; i++) {
        const cortex_walk_file *f = &rep->walk.files[i];
        if (opts->cancel && atomic_load(opts->cancel)) {
            rc = cortex_error_set(CORTEX_ECANCELLED, "indexing cancelled");
            break;
        }
        cortex_file_records counted = {0}; /* what the report counts of this file */
        int skipped = 0;
        cortex_extract_result *res = job_of[i] >= QUARANTINED ? NULL : cortex_workers_take(workers, job_of[i]);
        if (job_of[i] == QUARANTINED) {
            cortex_walk_add_skip(&rep->walk, f->path, CORTEX_QUARANTINED_SKIP);
            skipped = 1;
        } else if (!res) {
            rc = deliver_unchanged(&run, f, before[i], f->mtime_ns, &counted, &skipped);
        } else if (res->skip_reason) {
            cortex_walk_add_skip(&rep->walk, f->path, res->skip_reason);
            skipped = 1;
        } else if (res->same_hash) {
            rc = deliver_unchanged(&run, f, before[i], res->rec.mtime_ns, &counted, &skipped);
        } else {
            if (res->problem) add_problem(rep, f->path, res->problem);
            if (res->rec.has_errors) {
                rep->files_with_parse_errors++;
                *CORTEX_PUSH(rep->parse_errors, rep->nparse_errors, rep->parse_errors_cap) = cortex_xstrdup(f->path);
            }
            rc = cortex_sink_set_file(sinks, &res->rec, NULL);
            counted = res->rec;
        }
        count_file(rep, f->plugin->name, &counted, skipped);
        if (res) cortex_workers_release(workers, job_of[i]); /* after counting: it frees the records */
        if (!skipped) now[nnow++] = f->path;
        progress.done = i + 1;
        if (job_of[i] < njobs) progress.bytes_done += f->size;
        if (opts->progress) opts->progress(&progress, opts->progress_payload);
    }
    cortex_workers_stop(workers);
    free(jobs);
    free(job_of);
    free(before);
    free(run.fresh);
    free(run.data);
    if (run.x) cortex_extractor_free(run.x);

    if (rc == 0) rc = remove_left(sinks, prev, nprev, (const char *const *)now, nnow, rep);
    free(now);
    if (rc == 0 && opts->committing) opts->committing(nnow, opts->progress_payload);
    /* Side by side; each sink's commit is its own transaction either way: a
     * run that fails in one may have committed another, whose next run finds
     * it current. */
    if (rc == 0) rc = cortex_sink_set_commit(sinks);
    if (rep->walk.nskipped) qsort(rep->walk.skipped, rep->walk.nskipped, sizeof *rep->walk.skipped, compare_skips);
    if (rep->nlangs) qsort(rep->langs, rep->nlangs, sizeof *rep->langs, compare_langs);

    cortex_sink_set_close(sinks, rc != 0);
done:
    for (size_t i = 0; i < nprev; i++) free(prev[i].path);
    free(prev);
    rep->seconds = now_seconds() - t0;
    close(lock_fd); /* releases the lock */
    return rc;
}

void cortex_index_report_dispose(cortex_index_report *r)
{
    free(r->root);
    free(r->data_dir);
    cortex_walk_dispose(&r->walk);
    free(r->langs);
    for (size_t i = 0; i < r->nproblems; i++) {
        free(r->problems[i].path);
        free(r->problems[i].message);
    }
    free(r->problems);
    for (size_t i = 0; i < r->nparse_errors; i++) free(r->parse_errors[i]);
    free(r->parse_errors);
    memset(r, 0, sizeof *r);
}
