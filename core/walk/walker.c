/*
 * Directory walk with git's ignore rules (ignore.c), each .gitignore read once
 * as the walk enters its directory. Each git repository met on the way (the
 * root's, or a nested one such as a submodule) applies its own rules to its
 * own subtree. Paths are collected then sorted, so the order never depends on
 * the file system.
 */
#define _GNU_SOURCE
#include "walker.h"

#include "gitrepo.h"
#include "ignore.h"

#include "../util/glob.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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
    char *global_excludes; /* core.excludesFile as the system and global config set it (read at the first repository) */
    int global_read;
} walk_ctx;

typedef struct repo_scope {
    cortex_ignore *rules; /* the repository's ignore rules; NULL outside any repository */
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

/* Whether directory `dir`, an entry of the directory open at `at`, holds `name`. */
static int exists_in(int at, const char *dir, const char *name)
{
    char p[PATH_MAX];
    if (snprintf(p, sizeof p, "%s/%s", dir, name) >= (int)sizeof p) return 0; /* no such path can exist */
    return faccessat(at, p, F_OK, 0) == 0;
}

/* Why directory `name`, an entry of the directory open at `at`, is skipped
 * regardless of ignore rules, or NULL. Virtualenvs and Rust/Maven build trees
 * are recognised by their markers, not by name, so a source package called
 * `venv` or `target` is still indexed. */
static const char *skip_dir_reason(int at, const char *name)
{
    for (int i = 0; always_skip_dirs[i]; i++)
        if (strcmp(name, always_skip_dirs[i]) == 0) return "tool or dependency directory";
    if (exists_in(at, name, "pyvenv.cfg")) return "virtual environment (pyvenv.cfg)";
    if (exists_in(at, name, "CACHEDIR.TAG")) return "cache directory (CACHEDIR.TAG)";
    if (strcmp(name, "target") == 0 && (exists_in(at, name, ".rustc_info.json") || exists_in(at, name, "maven-status")))
        return "build output directory";
    return NULL;
}

static int is_ignored(const repo_scope *scope, const char *name, int is_dir)
{
    if (!scope->rules) return 0;
    char rel[PATH_MAX];
    if (snprintf(rel, sizeof rel, "%s%s", scope->prefix, name) >= (int)sizeof rel) return 0;
    return cortex_ignore_match(scope->rules, rel, is_dir);
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* A repository's rules for its whole work tree: the excludes file its
 * configuration names and its info/exclude. Its .gitignore files are read as
 * the walk enters their directories. Caller owns the result. */
static cortex_ignore *repo_rules(walk_ctx *ctx, const cortex_gitrepo *repo)
{
    if (!ctx->global_read) {
        ctx->global_excludes = cortex_gitrepo_global_excludes();
        ctx->global_read = 1;
    }
    cortex_ignore *rules = cortex_ignore_new();
    char *excludes = cortex_gitrepo_excludes_file(repo, ctx->global_excludes);
    if (excludes) cortex_ignore_load_source(rules, CORTEX_IGNORE_EXCLUDES_FILE, excludes);
    free(excludes);
    char info[PATH_MAX];
    if (snprintf(info, sizeof info, "%s/info/exclude", repo->commondir) < (int)sizeof info)
        cortex_ignore_load_source(rules, CORTEX_IGNORE_INFO_EXCLUDE, info);
    return rules;
}

/* Enters `abs`'s .gitignore into the scope's rules. The sorted listing says
 * whether the directory has one, so a directory without costs no system call. */
static void enter_dir(const repo_scope *scope, const char *abs, char **names, size_t n)
{
    const char *key = ".gitignore";
    char *path = NULL;
    if (n && bsearch(&key, names, n, sizeof *names, compare_names) && asprintf(&path, "%s/.gitignore", abs) < 0)
        path = NULL;
    cortex_ignore_enter(scope->rules, scope->prefix, path);
    free(path);
}

static void walk_dir(walk_ctx *ctx, const char *abs, const char *rel, repo_scope scope, int depth)
{
    if (depth > 256) {
        cortex_walk_add_skip(ctx->out, rel, "directory nesting deeper than 256");
        return;
    }
    /* its entries are examined through it, not by their whole paths: the
     * kernel looks up one name instead of every directory above it */
    int at = open(abs, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    int listing = at >= 0 ? dup(at) : -1;
    DIR *d = listing >= 0 ? fdopendir(listing) : NULL;
    if (!d) {
        if (listing >= 0) close(listing);
        if (at >= 0) close(at);
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
    if (scope.rules) enter_dir(&scope, abs, names, n);

    for (size_t i = 0; i < n; i++) {
        const char *name = names[i];
        char child_abs[PATH_MAX], child_rel[PATH_MAX];
        snprintf(child_abs, sizeof child_abs, "%s/%s", abs, name);
        snprintf(child_rel, sizeof child_rel, "%s%s%s", rel, *rel ? "/" : "", name);
        struct stat st;
        if (fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
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
            const char *why = skip_dir_reason(at, name);
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
            cortex_gitrepo sub;
            if (cortex_gitrepo_open(&sub, child_abs) == 0) {
                char *project = cortex_xstrdup(child_rel);
                *CORTEX_PUSH(ctx->out->projects, ctx->out->nprojects, ctx->out->projects_cap) = project;
                repo_scope inner = {repo_rules(ctx, &sub), "", project};
                cortex_gitrepo_dispose(&sub);
                walk_dir(ctx, child_abs, child_rel, inner, depth + 1);
                cortex_ignore_free(inner.rules);
                continue;
            }
            char prefix[PATH_MAX];
            snprintf(prefix, sizeof prefix, "%s%s/", scope.prefix, name);
            repo_scope inner = {scope.rules, prefix, scope.project};
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
    if (scope.rules) cortex_ignore_leave(scope.rules);
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    close(at);
}

static int compare_files(const void *a, const void *b)
{
    return strcmp(((const cortex_walk_file *)a)->path, ((const cortex_walk_file *)b)->path);
}

static int compare_skips(const void *a, const void *b)
{
    return strcmp(((const cortex_walk_skip *)a)->path, ((const cortex_walk_skip *)b)->path);
}

/* Enters the .gitignore of each directory from the work tree's top down to
 * the root's parent (`prefix`, the root relative to the work tree, ends in
 * '/'), checking each directory on the way: 1 when one of them, or the root,
 * is ignored, as git ignores everything inside an ignored directory. */
static int enter_ancestors(cortex_ignore *rules, const char *workdir, const char *prefix)
{
    char dir[PATH_MAX] = "", path[PATH_MAX];
    for (const char *slash = strchr(prefix, '/'); slash; slash = strchr(slash + 1, '/')) {
        /* the .gitignore of `dir`, then `dir`'s child on the way to the root */
        if (snprintf(path, sizeof path, "%s/%s.gitignore", workdir, dir) >= (int)sizeof path) return 0;
        cortex_ignore_enter(rules, dir, path);
        size_t n = (size_t)(slash - prefix);
        memcpy(dir, prefix, n);
        dir[n] = '\0';
        if (cortex_ignore_match(rules, dir, 1)) return 1;
        dir[n] = '/';
        dir[n + 1] = '\0';
    }
    return 0;
}

int cortex_walk_run(cortex_walk *out, const char *root, const cortex_plugin_set *plugins, const cortex_walk_options *opts)
{
    memset(out, 0, sizeof *out);
    char canon[PATH_MAX];
    if (!realpath(root, canon)) return cortex_error_set(CORTEX_ENOTFOUND, "%s: %s", root, strerror(errno));
    struct stat st;
    if (stat(canon, &st) != 0 || !S_ISDIR(st.st_mode))
        return cortex_error_set(CORTEX_EINVALID, "%s: not a directory", root);

    walk_ctx ctx = {out, canon, strlen(canon), plugins, opts, NULL, 0};
    /* The root may sit inside a repository (indexing a subdirectory): its
     * rules still apply, with paths relative to that repository's work tree. */
    cortex_gitrepo repo;
    cortex_ignore *rules = NULL;
    char prefix[PATH_MAX] = "";
    if (cortex_gitrepo_discover(&repo, canon, st.st_dev) == 0) {
        rules = repo_rules(&ctx, &repo);
        const char *below = canon + strlen(repo.workdir);
        if (*below == '/') below++;
        if (*below) {
            snprintf(prefix, sizeof prefix, "%s/", below);
            /* A directory the user names explicitly is indexed even when the
             * enclosing repository ignores it (a vendored tree, a build
             * output): its rules would otherwise hide every file, silently. */
            if (enter_ancestors(rules, repo.workdir, prefix)) {
                out->note = "the root is ignored by its enclosing repository, so that repository's ignore rules were not applied";
                cortex_ignore_free(rules);
                rules = NULL;
                prefix[0] = '\0';
            }
        }
        cortex_gitrepo_dispose(&repo);
    }
    repo_scope scope = {rules, prefix, "."};
    walk_dir(&ctx, canon, "", scope, 0);
    cortex_ignore_free(rules);
    free(ctx.global_excludes);

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
        /* the walk's own test of a nested repository: a `.git` that is no
         * repository makes no project there either */
        cortex_gitrepo repo;
        if (cortex_gitrepo_open(&repo, abs) == 0) {
            cortex_gitrepo_dispose(&repo);
            return path;
        }
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
