/*
 * Directory walk with libgit2's ignore rules. Each git repository met on the
 * way (the root's, or a nested one such as a submodule) applies its own rules
 * to its own subtree. Paths are collected then sorted, so the order never
 * depends on the file system.
 */
#define _GNU_SOURCE
#include "walker.h"

#include "../util/glob.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <dirent.h>
#include <errno.h>
#include <git2.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Version-control metadata and cortex's own output: skipped without a word. */
static const char *const silent_skip_dirs[] = {".git", ".hg", ".svn", ".cortex", NULL};

/* Never project source, whether or not .gitignore says so; reported as skipped. */
static const char *const always_skip_dirs[] = {
    "node_modules", "__pycache__", ".venv", ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache",
    ".gradle", ".idea", ".vs", NULL};

typedef struct walk_ctx {
    cortex_walk *out;
    const char *root;     /* absolute, canonical */
    size_t root_len;
    const cortex_plugin_set *plugins;
    const cortex_walk_options *opts;
} walk_ctx;

typedef struct repo_scope {
    git_repository *repo; /* NULL outside any repository */
    const char *prefix;   /* path of the walked directory relative to the repo workdir, "" or "dir/" */
    const char *project;  /* the project files here belong to: "." or a nested repository's path */
} repo_scope;

static int any_glob(const char *const *globs, const char *path)
{
    for (; globs && *globs; globs++)
        if (cortex_glob_match(*globs, path)) return 1;
    return 0;
}

/* The configuration's include and exclude globs. */
static int selected(const cortex_walk_options *o, const char *path)
{
    if (o->include && o->include[0] && !any_glob(o->include, path)) return 0;
    return !any_glob(o->exclude, path);
}

const cortex_language_plugin *cortex_walk_choose_plugin(const cortex_plugin_set *plugins, const cortex_walk_options *o,
                                                        const char *path)
{
    const cortex_language_plugin *p = NULL;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    for (size_t i = 0; dot && dot != base && o->override_extensions && o->override_extensions[i]; i++)
        if (strcmp(o->override_extensions[i], dot) == 0) p = cortex_plugin_set_find(plugins, o->override_plugins[i]);
    if (!p) p = cortex_plugin_set_match(plugins, path);
    if (p && o->plugins && o->plugins[0]) {
        int enabled = 0;
        for (const char *const *e = o->plugins; *e && !enabled; e++) enabled = strcmp(*e, p->name) == 0;
        if (!enabled) return NULL;
    }
    return p;
}

void cortex_walk_add_skip(cortex_walk *w, const char *path, const char *reason)
{
    cortex_walk_skip *s = CORTEX_PUSH(w->skipped, w->nskipped, w->skipped_cap);
    s->path = cortex_xstrdup(path);
    s->reason = reason;
}

static int exists_in(const char *dir, const char *name)
{
    char p[PATH_MAX];
    if (snprintf(p, sizeof p, "%s/%s", dir, name) >= (int)sizeof p) return 0; /* no such path can exist */
    return access(p, F_OK) == 0;
}

/* Why a directory is skipped regardless of ignore rules, or NULL. Virtualenvs
 * and Rust/Maven build trees are recognised by their markers, not by name, so
 * a source package called `venv` or `target` is still indexed. */
static const char *skip_dir_reason(const char *abs, const char *name)
{
    for (int i = 0; always_skip_dirs[i]; i++)
        if (strcmp(name, always_skip_dirs[i]) == 0) return "tool or dependency directory";
    if (exists_in(abs, "pyvenv.cfg")) return "virtual environment (pyvenv.cfg)";
    if (exists_in(abs, "CACHEDIR.TAG")) return "cache directory (CACHEDIR.TAG)";
    if (strcmp(name, "target") == 0 && (exists_in(abs, ".rustc_info.json") || exists_in(abs, "maven-status")))
        return "build output directory";
    return NULL;
}

static int is_ignored(const repo_scope *scope, const char *name, int is_dir)
{
    if (!scope->repo) return 0;
    char rel[PATH_MAX];
    snprintf(rel, sizeof rel, "%s%s%s", scope->prefix, name, is_dir ? "/" : "");
    int ignored = 0;
    if (git_ignore_path_is_ignored(&ignored, scope->repo, rel) != 0) return 0;
    return ignored;
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void walk_dir(walk_ctx *ctx, const char *abs, const char *rel, repo_scope scope, int depth)
{
    if (depth > 256) {
        cortex_walk_add_skip(ctx->out, rel, "directory nesting deeper than 256");
        return;
    }
    DIR *d = opendir(abs);
    if (!d) {
        cortex_walk_add_skip(ctx->out, *rel ? rel : ".", "unreadable directory");
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        *CORTEX_PUSH(names, n, cap) = cortex_xstrdup(e->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, compare_names);

    for (size_t i = 0; i < n; i++) {
        const char *name = names[i];
        char child_abs[PATH_MAX], child_rel[PATH_MAX];
        snprintf(child_abs, sizeof child_abs, "%s/%s", abs, name);
        snprintf(child_rel, sizeof child_rel, "%s%s%s", rel, *rel ? "/" : "", name);
        struct stat st;
        if (lstat(child_abs, &st) != 0) {
            cortex_walk_add_skip(ctx->out, child_rel, "cannot stat");
            continue;
        }
        if (S_ISLNK(st.st_mode)) {
            if (is_ignored(&scope, name, 0)) {
                ctx->out->ignored++;
                continue;
            }
            char target[PATH_MAX];
            int inside = realpath(child_abs, target) && strncmp(target, ctx->root, ctx->root_len) == 0 &&
                         (target[ctx->root_len] == '/' || target[ctx->root_len] == '\0');
            /* Never followed: a target inside the root is indexed at its own path. */
            cortex_walk_add_skip(ctx->out, child_rel, inside ? "symlink (target indexed at its own path)"
                                                             : "symlink pointing outside the repository");
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            int silent = 0;
            for (int k = 0; silent_skip_dirs[k]; k++) silent |= strcmp(name, silent_skip_dirs[k]) == 0;
            if (silent) continue;
            const char *why = skip_dir_reason(child_abs, name);
            if (why) {
                cortex_walk_add_skip(ctx->out, child_rel, why);
                continue;
            }
            if (is_ignored(&scope, name, 1)) {
                ctx->out->ignored++;
                continue;
            }
            /* A nested repository (a submodule or a checkout inside the tree)
             * brings its own ignore rules for its own subtree. */
            if (exists_in(child_abs, ".git")) {
                git_repository *sub = NULL;
                if (git_repository_open_ext(&sub, child_abs, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) == 0) {
                    char *project = cortex_xstrdup(child_rel);
                    *CORTEX_PUSH(ctx->out->projects, ctx->out->nprojects, ctx->out->projects_cap) = project;
                    repo_scope inner = {sub, "", project};
                    walk_dir(ctx, child_abs, child_rel, inner, depth + 1);
                    git_repository_free(sub);
                    continue;
                }
            }
            char prefix[PATH_MAX];
            snprintf(prefix, sizeof prefix, "%s%s/", scope.prefix, name);
            repo_scope inner = {scope.repo, prefix, scope.project};
            walk_dir(ctx, child_abs, child_rel, inner, depth + 1);
            continue;
        }
        if (!S_ISREG(st.st_mode)) {
            cortex_walk_add_skip(ctx->out, child_rel, "not a regular file");
            continue;
        }
        if (is_ignored(&scope, name, 0)) {
            ctx->out->ignored++;
            continue;
        }
        const cortex_language_plugin *p = cortex_walk_choose_plugin(ctx->plugins, ctx->opts, child_rel);
        if (!p) {
            ctx->out->unsupported++;
            continue;
        }
        if (!selected(ctx->opts, child_rel)) {
            ctx->out->excluded++;
            continue;
        }
        if (ctx->opts->max_file_size && (uint64_t)st.st_size > ctx->opts->max_file_size) {
            cortex_walk_add_skip(ctx->out, child_rel, "larger than the file size limit");
            continue;
        }
        cortex_walk_file *f = CORTEX_PUSH(ctx->out->files, ctx->out->nfiles, ctx->out->files_cap);
        f->path = cortex_xstrdup(child_rel);
        f->size = (uint64_t)st.st_size;
        f->mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
        f->plugin = p;
        f->project = scope.project;
    }
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
}

static int compare_files(const void *a, const void *b)
{
    return strcmp(((const cortex_walk_file *)a)->path, ((const cortex_walk_file *)b)->path);
}

static int compare_skips(const void *a, const void *b)
{
    return strcmp(((const cortex_walk_skip *)a)->path, ((const cortex_walk_skip *)b)->path);
}

int cortex_walk_run(cortex_walk *out, const char *root, const cortex_plugin_set *plugins, const cortex_walk_options *opts)
{
    memset(out, 0, sizeof *out);
    char canon[PATH_MAX];
    if (!realpath(root, canon)) return cortex_error_set(CORTEX_ENOTFOUND, "%s: %s", root, strerror(errno));
    struct stat st;
    if (stat(canon, &st) != 0 || !S_ISDIR(st.st_mode))
        return cortex_error_set(CORTEX_EINVALID, "%s: not a directory", root);

    git_libgit2_init();
    /* The root may sit inside a repository (indexing a subdirectory): its
     * rules still apply, with paths relative to that repository's work tree. */
    git_repository *repo = NULL;
    char prefix[PATH_MAX] = "";
    if (git_repository_open_ext(&repo, canon, 0, NULL) == 0) {
        const char *wd = git_repository_workdir(repo);
        char wdc[PATH_MAX];
        if (!wd || !realpath(wd, wdc) || strncmp(canon, wdc, strlen(wdc)) != 0) {
            git_repository_free(repo);
            repo = NULL;
        } else if (strlen(canon) > strlen(wdc)) {
            snprintf(prefix, sizeof prefix, "%s/", canon + strlen(wdc) + 1);
            /* A directory the user names explicitly is indexed even when the
             * enclosing repository ignores it (a vendored tree, a build
             * output): its rules would otherwise hide every file, silently. */
            int ignored = 0;
            if (git_ignore_path_is_ignored(&ignored, repo, prefix) == 0 && ignored) {
                out->note = "the root is ignored by its enclosing repository, so that repository's ignore rules were not applied";
                git_repository_free(repo);
                repo = NULL;
                prefix[0] = '\0';
            }
        }
    }
    walk_ctx ctx = {out, canon, strlen(canon), plugins, opts};
    repo_scope scope = {repo, prefix, "."};
    walk_dir(&ctx, canon, "", scope, 0);
    git_repository_free(repo);
    git_libgit2_shutdown();

    if (out->nfiles) qsort(out->files, out->nfiles, sizeof *out->files, compare_files);
    if (out->nskipped) qsort(out->skipped, out->nskipped, sizeof *out->skipped, compare_skips);
    if (out->nprojects) qsort(out->projects, out->nprojects, sizeof *out->projects, compare_names);
    return 0;
}

const char *cortex_walk_project_of(const char *root, char *path)
{
    char abs[PATH_MAX];
    for (char *slash = strrchr(path, '/'); slash; slash = strrchr(path, '/')) {
        *slash = '\0'; /* path is now the directory above */
        snprintf(abs, sizeof abs, "%s/%s", root, path);
        if (exists_in(abs, ".git")) return path;
    }
    return ".";
}

void cortex_walk_dispose(cortex_walk *w)
{
    for (size_t i = 0; i < w->nfiles; i++) free(w->files[i].path);
    free(w->files);
    for (size_t i = 0; i < w->nskipped; i++) free(w->skipped[i].path);
    free(w->skipped);
    for (size_t i = 0; i < w->nprojects; i++) free(w->projects[i]);
    free(w->projects);
    memset(w, 0, sizeof *w);
}
