/* Where memory stores live (stores.h). */
#define _GNU_SOURCE
#include "stores.h"

#include "names.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* $XDG_DATA_HOME/cortex, else ~/.local/share/cortex. Caller frees. */
static int user_data(char **out)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/') n = asprintf(out, "%s/cortex", xdg);
    else if (home && home[0] == '/') n = asprintf(out, "%s/.local/share/cortex", home);
    else return cortex_error_set(CORTEX_EINVALID, "no user data directory: set XDG_DATA_HOME or HOME");
    if (n < 0) cortex_die_oom();
    return 0;
}

int cortex_memory_store_builtin(const char *name) { return strcmp(name, "project") == 0 || strcmp(name, "user") == 0; }

int cortex_memory_store_dir_of(char **out, const char *data_dir, const char *name)
{
    *out = NULL;
    int rc = cortex_memory_check_name("store", name);
    if (rc) return rc;
    int n = 0;
    if (strcmp(name, "project") == 0) {
        n = asprintf(out, "%s/memory", data_dir);
    } else {
        char *base;
        if ((rc = user_data(&base)) != 0) return rc;
        n = strcmp(name, "user") == 0 ? asprintf(out, "%s/memory", base) : asprintf(out, "%s/stores/%s", base, name);
        free(base);
    }
    if (n < 0) cortex_die_oom();
    return 0;
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int cortex_memory_stores_each(const char *data_dir, cortex_memory_store_cb cb, void *payload)
{
    static const char *const builtin[] = {"project", "user"};
    int rc = 0;
    for (int i = 0; i < 2 && rc == 0; i++) {
        char *dir;
        if (cortex_memory_store_dir_of(&dir, data_dir, builtin[i]) == 0) rc = cb(builtin[i], dir, payload);
        free(dir);
    }
    char *base, *stores;
    if (rc || user_data(&base) != 0) return rc;
    if (asprintf(&stores, "%s/stores", base) < 0) cortex_die_oom();
    free(base);
    DIR *d = opendir(stores);
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        if (e->d_type == DT_DIR && cortex_memory_check_name("store", e->d_name) == 0 && !cortex_memory_store_builtin(e->d_name))
            *CORTEX_PUSH(names, n, cap) = cortex_xstrdup(e->d_name);
    if (d) closedir(d);
    if (n) qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n; i++) {
        char *dir;
        if (asprintf(&dir, "%s/%s", stores, names[i]) < 0) cortex_die_oom();
        if (rc == 0) rc = cb(names[i], dir, payload);
        free(dir);
        free(names[i]);
    }
    free(names);
    free(stores);
    return rc;
}

int cortex_memory_store_create(char **dir, const char *data_dir, const char *name)
{
    *dir = NULL;
    int rc = cortex_memory_check_name("store", name);
    if (rc) return rc;
    if (cortex_memory_store_builtin(name)) return cortex_error_set(CORTEX_EINVALID, "store \"%s\" is built in: it always exists", name);
    if ((rc = cortex_memory_store_dir_of(dir, data_dir, name)) != 0) return rc;
    /* its parents first: <data>/cortex/stores */
    char *slash = strrchr(*dir, '/');
    *slash = '\0';
    for (char *p = *dir + 1;; p++) {
        if (*p == '/' || !*p) {
            char c = *p;
            *p = '\0';
            if (mkdir(*dir, 0777) != 0 && errno != EEXIST)
                rc = cortex_error_set(CORTEX_EIO, "%s: cannot create: %s", *dir, strerror(errno));
            *p = c;
            if (!c || rc) break;
        }
    }
    *slash = '/';
    if (rc == 0 && mkdir(*dir, 0777) != 0)
        rc = errno == EEXIST ? cortex_error_set(CORTEX_EINVALID, "store \"%s\" already exists (%s)", name, *dir)
                             : cortex_error_set(CORTEX_EIO, "%s: cannot create the store: %s", *dir, strerror(errno));
    if (rc) {
        free(*dir);
        *dir = NULL;
    }
    return rc;
}
