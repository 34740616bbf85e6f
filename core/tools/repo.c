/*
 * The repository the tools serve: its root, data directory and configuration,
 * fixed at open, and its plugins, loaded once on first need. Every thread
 * shares one; each reads the store through its own reader (session.c).
 */
#define _DEFAULT_SOURCE
#include "handlers.h"

#include "../util/error.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int cortex_repo_open(cortex_repo **out, const char *root)
{
    return cortex_repo_open_at(out, root, NULL);
}

int cortex_repo_open_at(cortex_repo **out, const char *root, const char *data_dir)
{
    *out = NULL;
    char real[PATH_MAX];
    struct stat st;
    if (!realpath(root, real) || stat(real, &st) != 0 || !S_ISDIR(st.st_mode))
        return cortex_error_set(CORTEX_ENOTFOUND, "%s: not a directory", root);
    cortex_repo *repo = cortex_xcalloc(1, sizeof *repo);
    repo->root = cortex_xstrdup(real);
    cortex_buf b = {0};
    if (data_dir) cortex_buf_puts(&b, data_dir);
    else cortex_buf_printf(&b, "%s/.cortex", real);
    repo->data_dir = b.data;
    b = (cortex_buf){0};
    cortex_buf_printf(&b, "%s/cortex.db", repo->data_dir);
    repo->store_path = b.data;
    pthread_mutex_init(&repo->plugins_lock, NULL);
    pthread_mutex_init(&repo->clock_lock, NULL);
    repo->auto_refresh = 1;
    /* A broken configuration does not stop the read tools; indexing refuses to run. */
    repo->config_ok = cortex_config_load(&repo->config, repo->root) == 0;
    if (!repo->config_ok) repo->config_error = cortex_xstrdup(cortex_error_last());
    *out = repo;
    return 0;
}

void cortex_repo_close(cortex_repo *repo)
{
    if (!repo) return;
    if (repo->plugins) cortex_plugin_set_free(repo->plugins);
    pthread_mutex_destroy(&repo->plugins_lock);
    pthread_mutex_destroy(&repo->clock_lock);
    if (repo->config_ok) cortex_config_dispose(&repo->config);
    free(repo->config_error);
    free(repo->store_path);
    free(repo->data_dir);
    free(repo->root);
    free(repo);
}

void cortex_repo_set_change_clock(cortex_repo *repo, uint64_t (*clock)(void *arg), void *arg)
{
    pthread_mutex_lock(&repo->clock_lock);
    repo->clock = clock;
    repo->clock_arg = arg;
    pthread_mutex_unlock(&repo->clock_lock);
}

uint64_t cortex_repo_change_clock(cortex_repo *repo)
{
    pthread_mutex_lock(&repo->clock_lock);
    uint64_t now = repo->clock ? repo->clock(repo->clock_arg) : 0;
    pthread_mutex_unlock(&repo->clock_lock);
    return now;
}

const char *cortex_repo_root(const cortex_repo *repo)
{
    return repo->root;
}

const char *cortex_repo_data_dir(const cortex_repo *repo)
{
    return repo->data_dir;
}

const char *cortex_repo_store_path(const cortex_repo *repo)
{
    return repo->store_path;
}

const cortex_config *cortex_repo_config(const cortex_repo *repo)
{
    return repo->config_ok ? &repo->config : NULL;
}

const char *cortex_repo_config_error(const cortex_repo *repo)
{
    return repo->config_ok ? NULL : repo->config_error;
}

cortex_plugin_set *cortex_repo_plugins(cortex_repo *repo)
{
    pthread_mutex_lock(&repo->plugins_lock);
    if (!repo->plugins) {
        char *path = cortex_plugin_default_search_path();
        cortex_plugin_set_load_lazy(&repo->plugins, path);
        free(path);
    }
    cortex_plugin_set *plugins = repo->plugins;
    pthread_mutex_unlock(&repo->plugins_lock);
    return plugins;
}

void cortex_repo_set_disabled_groups(cortex_repo *repo, unsigned bits)
{
    repo->disabled_groups = bits;
}

unsigned cortex_repo_disabled_groups(const cortex_repo *repo)
{
    return repo->disabled_groups;
}

void cortex_repo_set_tool_profile(cortex_repo *repo, cortex_tool_profile profile)
{
    repo->profile = profile;
}

cortex_tool_profile cortex_repo_tool_profile(const cortex_repo *repo)
{
    return repo->profile;
}

void cortex_repo_set_auto_refresh(cortex_repo *repo, int on)
{
    repo->auto_refresh = on;
}
