/*
 * The walker: lists the files of a repository that a plugin can index, in
 * path order, with git's ignore rules (nested .gitignore, negation,
 * .git/info/exclude, core.excludesFile) applied as gitignore(5) says (ignore.c). Tool and
 * dependency directories are always skipped; symlinks are never followed; files
 * over the size limit are skipped. Every skip is reported with its reason.
 */
#ifndef CORTEX_WALK_WALKER_H
#define CORTEX_WALK_WALKER_H

#include "../plugin/loader.h"

#include <stdint.h>

typedef struct cortex_walk_file {
    char *path; /* repository-relative, '/' separators */
    uint64_t size;
    int64_t mtime_ns;
    const cortex_language_plugin *plugin;
    const char *project; /* the project it belongs to: "." (the root's), or the path of the nested
                            repository that holds it (owned by the walk's projects list) */
} cortex_walk_file;

typedef struct cortex_walk_skip {
    char *path;
    const char *reason; /* static text */
} cortex_walk_skip;

typedef struct cortex_walk_options {
    uint64_t max_file_size; /* bytes; 0 = no limit */
    /* From the pipeline's configuration; all optional. */
    const char *const *include;   /* globs; NULL or empty = every file */
    const char *const *exclude;   /* globs */
    const char *const *plugins;   /* plugins that may claim files; NULL or empty = all */
    const char *const *override_extensions; /* with override_plugins: ".h" -> "cpp" */
    const char *const *override_plugins;
} cortex_walk_options;

/** The plugin that takes `path` under `opts`: an extension override first,
 *  then the set's own match, limited to the enabled plugins; NULL when none. */
const cortex_language_plugin *cortex_walk_choose_plugin(const cortex_plugin_set *plugins, const cortex_walk_options *opts,
                                                        const char *path);

typedef struct cortex_walk {
    cortex_walk_file *files;
    size_t nfiles, files_cap;
    cortex_walk_skip *skipped;
    size_t nskipped, skipped_cap;
    const char *note;     /* static text about how the walk went, or NULL */
    uint64_t ignored;     /* paths excluded by ignore rules */
    uint64_t unsupported; /* regular files no plugin claims */
    uint64_t excluded;    /* files the configuration's include/exclude globs leave out */
    char **projects;      /* nested repositories (a directory with a .git directory or file), by path */
    size_t nprojects, projects_cap;
} cortex_walk;

/** The project of a repository path found outside a walk (a refresh of a few
 *  files): the nearest directory above it, below `root`, that is a nested
 *  repository's work tree as the walk tells one (cortex_gitrepo_open());
 *  "." when none. Returns a pointer into `path` or "." after cutting `path`
 *  at the project's end: the caller passes a copy it owns. */
const char *cortex_walk_project_of(const char *root, char *path);

#define CORTEX_DEFAULT_MAX_FILE_SIZE (1024 * 1024)

/** Walks `root` (an existing directory). Fills `out`; files and skips sorted by
 *  path. Release with cortex_walk_dispose(). */
int cortex_walk_run(cortex_walk *out, const char *root, const cortex_plugin_set *plugins,
                    const cortex_walk_options *opts);

void cortex_walk_dispose(cortex_walk *w);

/** Records a skipped path (used by the indexer for files found unreadable or binary). */
void cortex_walk_add_skip(cortex_walk *w, const char *path, const char *reason);

#endif
