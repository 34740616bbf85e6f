/*
 * Plugin discovery, dlopen and validation. Every refusal says which file and
 * why, in one line, and never stops the other plugins from loading (the model
 * is SQLite's sqlite3_load_extension and Redis' moduleLoad).
 */
#define _GNU_SOURCE
#include "loader.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <dirent.h>
#include <stdatomic.h>
#include <dlfcn.h>
#include <xxhash.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef CORTEX_PLUGIN_INSTALL_PATH
#define CORTEX_PLUGIN_INSTALL_PATH "/usr/local/lib/cortex/plugins"
#endif

/* The smallest descriptor of each ABI: the fields every plugin of it has.
 * ABI 1's optional trailing fields were appended within it, so its plugins
 * may end before them. */
#define ABI1_MIN_SIZE (offsetof(cortex_plugin, refine_symbol))
#define ABI2_MIN_SIZE (offsetof(cortex_plugin, builtin_members) + sizeof(const char *const *))

/* The line-comment token of a plugin that declares none. */
#define DEFAULT_LINE_COMMENT "//"

static void refuse(cortex_plugin_set *set, const char *path, const char *reason)
{
    cortex_plugin_refusal *r = CORTEX_PUSH(set->refused, set->nrefused, set->refused_cap);
    r->path = cortex_xstrdup(path);
    r->reason = cortex_xstrdup(reason);
}

static char **copy_string_list(const char *const *list)
{
    size_t n = 0;
    while (list && list[n]) n++;
    char **copy = cortex_xcalloc(n + 1, sizeof *copy);
    for (size_t i = 0; i < n; i++) copy[i] = cortex_xstrdup(list[i]);
    return copy;
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* A copy sorted by strcmp, for the binder's bsearch. */
static char **copy_sorted_list(const char *const *list)
{
    char **copy = copy_string_list(list);
    size_t n = 0;
    while (copy[n]) n++;
    qsort(copy, n, sizeof *copy, compare_names);
    return copy;
}

static void free_string_list(char **list)
{
    for (size_t i = 0; list && list[i]; i++) free(list[i]);
    free(list);
}

static void plugin_free(cortex_language_plugin *p)
{
    if (!p) return;
    for (uint32_t i = 0; i < p->nqueries; i++) cortex_compiled_query_dispose(&p->queries[i]);
    free(p->queries);
    free(p->compile_error);
    pthread_mutex_destroy(&p->compile_lock);
    free_string_list(p->extensions);
    free_string_list(p->filenames);
    free_string_list(p->leading_node_types);
    free_string_list(p->wrapper_node_types);
    free_string_list(p->kind_words);
    free_string_list(p->rules.self_names);
    free_string_list(p->rules.super_names);
    free_string_list(p->rules.builtins);
    free_string_list(p->rules.builtin_members);
    free(p->line_comment);
    free(p->name);
    free(p->version);
    /* dlclose after the queries: they reference the grammar inside the object. */
    if (p->handle) dlclose(p->handle);
    free(p->path);
    free(p->real_path);
    free(p);
}

static const cortex_language_plugin *owner_of_extension(const cortex_plugin_set *set, const char *ext)
{
    for (size_t i = 0; i < set->count; i++)
        for (char **e = set->plugins[i]->extensions; *e; e++)
            if (strcmp(*e, ext) == 0) return set->plugins[i];
    return NULL;
}

/* Set while a lazy set loads: its plugins compile their queries on first use. */
static _Thread_local int lazy_compile;

/* ---- compiling queries -----------------------------------------------------
 * tree-sitter's query analysis is most of a short run's start (Python's two
 * large queries 0.025 and 0.033 s, TypeScript's five 0.17 s, before the
 * first file of an edit is parsed): with more threads, the plugins a run
 * needs compile side by side. A plugin's queries compile as one
 * (cortex_compiled_query_init_many): each file's tree is then walked once. */

typedef struct compile_item {
    cortex_language_plugin *p;
    int rc;
    char message[1024];
} compile_item;

typedef struct compile_batch {
    compile_item *items;
    size_t n;
    atomic_size_t next;
} compile_batch;

static void *compile_items(void *arg)
{
    compile_batch *b = arg;
    for (size_t k; (k = atomic_fetch_add(&b->next, 1)) < b->n;) {
        compile_item *it = &b->items[k];
        it->rc = it->p->nquery_sources
                     ? cortex_compiled_query_init_many(&it->p->queries[0], it->p->language, it->p->query_sources,
                                                       it->p->nquery_sources)
                     : 0;
        if (it->rc) snprintf(it->message, sizeof it->message, "%s", cortex_error_last());
    }
    return NULL;
}

/* Compiles the queries of `todo`, plugins not compiled yet that no other
 * thread touches meanwhile (locked, or still being loaded), on up to
 * `threads` threads. Each ends with its queries compiled as one, or none and
 * its first failing query's error. Returns the first failure's code with its
 * message set, or 0. */
static int compile_plugins(cortex_language_plugin *const *todo, size_t n, unsigned threads)
{
    /* one item a plugin: items[k] is todo[k]'s */
    compile_batch b = {cortex_xcalloc(n ? n : 1, sizeof *b.items), n, 0};
    for (size_t k = 0; k < n; k++) {
        todo[k]->queries = cortex_xcalloc(1, sizeof *todo[k]->queries);
        b.items[k] = (compile_item){todo[k], 0, ""};
    }
    pthread_t helpers[16];
    unsigned nhelpers = 0;
    while (nhelpers + 1 < threads && nhelpers < 16 && nhelpers + 1 < b.n &&
           pthread_create(&helpers[nhelpers], NULL, compile_items, &b) == 0)
        nhelpers++;
    compile_items(&b);
    for (unsigned i = 0; i < nhelpers; i++) pthread_join(helpers[i], NULL);
    int rc = 0;
    for (size_t k = 0; k < n; k++) {
        cortex_language_plugin *p = todo[k];
        const compile_item *failed = b.items[k].rc ? &b.items[k] : NULL;
        if (!failed) {
            p->nqueries = p->nquery_sources ? 1 : 0;
            p->compile_state = 1;
            continue;
        }
        cortex_compiled_query_dispose(&p->queries[0]);
        char msg[1200];
        snprintf(msg, sizeof msg, "plugin '%s': %s", p->name, failed->message);
        p->compile_error = cortex_xstrdup(msg);
        p->compile_state = -1;
        if (!rc) rc = cortex_error_set(failed->rc, "%s", msg);
    }
    free(b.items);
    return rc;
}

void cortex_plugins_compile(const cortex_language_plugin *const *plugins, size_t n, unsigned threads)
{
    /* the plugins not compiled yet, each locked until it is */
    cortex_language_plugin **todo = cortex_xcalloc(n + 1, sizeof *todo);
    size_t ntodo = 0;
    for (size_t i = 0; i < n; i++) {
        cortex_language_plugin *p = (cortex_language_plugin *)plugins[i];
        int listed = 0;
        for (size_t k = 0; k < ntodo && !listed; k++) listed = todo[k] == p;
        if (listed) continue;
        pthread_mutex_lock(&p->compile_lock);
        if (p->compile_state != 0) pthread_mutex_unlock(&p->compile_lock);
        else todo[ntodo++] = p;
    }
    compile_plugins(todo, ntodo, threads); /* each plugin's outcome is read through cortex_plugin_queries() */
    for (size_t k = 0; k < ntodo; k++) pthread_mutex_unlock(&todo[k]->compile_lock);
    free(todo);
}

int cortex_plugin_queries(const cortex_language_plugin *cp)
{
    cortex_language_plugin *p = (cortex_language_plugin *)cp; /* compiled once, then read-only */
    pthread_mutex_lock(&p->compile_lock);
    int rc = 0;
    if (p->compile_state == 0)
        rc = compile_plugins(&p, 1, 1);
    else if (p->compile_state < 0)
        rc = cortex_error_set(CORTEX_EINVALID, "%s", p->compile_error ? p->compile_error : "queries do not compile");
    pthread_mutex_unlock(&p->compile_lock);
    return rc;
}

/* ---- what an ABI-1 plugin could not declare ------------------------------
 * Before ABI 2 the extractor found what leads a definition by the shape of
 * node type names; an older plugin gets the same answer, computed once here. */

/* A named node type that led a definition as a sibling before ABI 2: one
 * that names an attribute list or item (not an inner one, which belongs to
 * the enclosing item, and not a bare `attribute`, which is what such lists
 * hold), or a decorator. */
static int abi1_leads(const char *type)
{
    return (strstr(type, "attribute") && !strstr(type, "inner") && strcmp(type, "attribute") != 0) ||
           strcmp(type, "decorator") == 0;
}

static int grammar_has(const TSLanguage *lang, const char *type)
{
    return lang && ts_language_symbol_for_name(lang, type, (uint32_t)strlen(type), true) != 0;
}

/* The leading sibling types an ABI-1 plugin's grammar had: decorators held
 * inside a `decorated_definition` wrapper are never siblings of what they
 * decorate. Each name once. */
static char **abi1_leading_node_types(const TSLanguage *lang)
{
    char **list = NULL;
    size_t n = 0, cap = 0;
    int wraps_decorators = grammar_has(lang, "decorated_definition");
    uint32_t count = lang ? ts_language_symbol_count(lang) : 0;
    for (TSSymbol sym = 0; sym < count; sym++) {
        const char *type = ts_language_symbol_name(lang, sym);
        if (ts_language_symbol_type(lang, sym) != TSSymbolTypeRegular || !abi1_leads(type) ||
            (wraps_decorators && strcmp(type, "decorator") == 0))
            continue;
        int seen = 0;
        for (size_t i = 0; i < n && !seen; i++) seen = strcmp(list[i], type) == 0;
        if (seen) continue;
        *CORTEX_PUSH(list, n, cap) = cortex_xstrdup(type);
    }
    *CORTEX_PUSH(list, n, cap) = NULL;
    return list;
}

static char **abi1_wrapper_node_types(const TSLanguage *lang)
{
    static const char *const template_wrapper[] = {"template_declaration", NULL};
    return copy_string_list(grammar_has(lang, template_wrapper[0]) ? template_wrapper : NULL);
}

/* Checks the descriptor and builds the loaded plugin; 0 or a code with the message set. */
static int validate(cortex_plugin_set *set, cortex_language_plugin *p, const cortex_plugin *raw)
{
    if (raw->abi_version < CORTEX_PLUGIN_ABI_MIN_COMPATIBLE)
        return cortex_error_set(CORTEX_EVERSION, "plugin ABI %u is too old (this cortex loads ABI %u..%u); rebuild it against the current SDK",
                                raw->abi_version, CORTEX_PLUGIN_ABI_MIN_COMPATIBLE, CORTEX_PLUGIN_ABI_VERSION);
    if (raw->abi_version > CORTEX_PLUGIN_ABI_VERSION)
        return cortex_error_set(CORTEX_EVERSION, "plugin ABI %u is too new (this cortex loads ABI %u..%u); upgrade cortex",
                                raw->abi_version, CORTEX_PLUGIN_ABI_MIN_COMPATIBLE, CORTEX_PLUGIN_ABI_VERSION);
    size_t min_size = raw->abi_version >= 2 ? ABI2_MIN_SIZE : ABI1_MIN_SIZE;
    if (raw->struct_size < min_size)
        return cortex_error_set(CORTEX_EVERSION, "descriptor is %u bytes, smaller than ABI %u's %zu",
                                raw->struct_size, raw->abi_version, min_size);

    /* Read only what the plugin's struct_size covers, and of that only the
     * fields its ABI has; the others stay zero. */
    cortex_plugin d;
    memset(&d, 0, sizeof d);
    memcpy(&d, raw, raw->struct_size < sizeof d ? raw->struct_size : sizeof d);
    if (d.abi_version < CORTEX_PLUGIN_ABI_WITH_EMBEDDED_REGIONS) d.embedded_regions = NULL;
    if (d.abi_version < CORTEX_PLUGIN_ABI_WITH_LINE_COMMENT) d.line_comment = NULL;
    if (d.abi_version < CORTEX_PLUGIN_ABI_WITH_FLAGS) d.flags = 0;
    if (d.abi_version < CORTEX_PLUGIN_ABI_WITH_LEADING_NODE_TYPES) d.leading_node_types = NULL;
    if (d.abi_version < CORTEX_PLUGIN_ABI_WITH_WRAPPER_NODE_TYPES) d.wrapper_node_types = NULL;
    if (d.abi_version < CORTEX_PLUGIN_ABI_WITH_KIND_WORDS) d.kind_words = NULL;
    if (d.abi_version < CORTEX_PLUGIN_ABI_WITH_SELF_NAMES) d.self_names = NULL;
    if (d.abi_version < CORTEX_PLUGIN_ABI_WITH_BUILTINS) d.builtins = NULL;
    if (d.abi_version < CORTEX_PLUGIN_ABI_WITH_BUILTIN_MEMBERS) d.builtin_members = NULL;
    if (d.abi_version < CORTEX_PLUGIN_ABI_WITH_FILE_VARIANT) d.file_variant = NULL;

    if (!d.name || !*d.name) return cortex_error_set(CORTEX_EINVALID, "descriptor has no name");
    if (!d.language && !d.embedded_regions)
        return cortex_error_set(CORTEX_EINVALID, "plugin '%s' has no grammar function", d.name);
    if (!d.language && d.query_count > 0)
        return cortex_error_set(CORTEX_EINVALID, "plugin '%s' has queries but no grammar to run them on", d.name);
    if ((!d.extensions || !d.extensions[0]) && (!d.filenames || !d.filenames[0]))
        return cortex_error_set(CORTEX_EINVALID, "plugin '%s' claims no extensions or file names", d.name);
    if (d.query_count > 0 && !d.queries)
        return cortex_error_set(CORTEX_EINVALID, "plugin '%s' declares %u queries but no query array", d.name, d.query_count);
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->plugins[i]->name, d.name) == 0)
            return cortex_error_set(CORTEX_EINVALID, "duplicate plugin name '%s' (already loaded from %s)", d.name,
                                    set->plugins[i]->path);
    size_t nwords = 0;
    for (const char *const *w = d.kind_words; w && *w; w++) nwords++;
    if (nwords % 2)
        return cortex_error_set(CORTEX_EINVALID, "plugin '%s': kind_words has an odd count (%zu): they are pairs of word and kind",
                                d.name, nwords);
    for (const char *const *e = d.extensions; e && *e; e++)
        if ((*e)[0] != '.' || !(*e)[1])
            return cortex_error_set(CORTEX_EINVALID, "plugin '%s': an extension starts with a dot, like \".h\", not \"%s\"",
                                    d.name, *e);
    for (const char *const *e = d.extensions; e && *e; e++) {
        const cortex_language_plugin *owner = owner_of_extension(set, *e);
        if (owner)
            return cortex_error_set(CORTEX_EINVALID, "plugin '%s': extension '%s' is already claimed by plugin '%s' (%s)",
                                    d.name, *e, owner->name, owner->path);
    }

    const TSLanguage *lang = d.language ? (const TSLanguage *)d.language() : NULL;
    if (d.language && !lang) return cortex_error_set(CORTEX_EINVALID, "plugin '%s': grammar function returned NULL", d.name);
    uint32_t gabi = lang ? ts_language_abi_version(lang) : 0;
    if (lang && (gabi < TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION || gabi > TREE_SITTER_LANGUAGE_VERSION))
        return cortex_error_set(CORTEX_EVERSION, "plugin '%s': grammar ABI %u is outside the tree-sitter runtime's %u..%u",
                                d.name, gabi, TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION, TREE_SITTER_LANGUAGE_VERSION);

    p->name = cortex_xstrdup(d.name);
    p->version = cortex_xstrdup(d.version ? d.version : "0");
    p->extensions = copy_string_list(d.extensions);
    p->filenames = copy_string_list(d.filenames);
    p->abi_version = d.abi_version;
    p->grammar_abi = gabi;
    p->language = lang;
    p->refine_symbol = d.refine_symbol;
    p->import_paths = d.import_paths;
    p->embedded_regions = d.embedded_regions;
    p->file_variant = d.file_variant;
    p->line_comment = cortex_xstrdup(d.line_comment && *d.line_comment ? d.line_comment : DEFAULT_LINE_COMMENT);
    p->flags = d.flags;
    p->leading_node_types = d.abi_version >= CORTEX_PLUGIN_ABI_WITH_LEADING_NODE_TYPES
                                ? copy_string_list(d.leading_node_types)
                                : abi1_leading_node_types(lang);
    p->wrapper_node_types = d.abi_version >= CORTEX_PLUGIN_ABI_WITH_WRAPPER_NODE_TYPES
                                ? copy_string_list(d.wrapper_node_types)
                                : abi1_wrapper_node_types(lang);
    p->kind_words = copy_string_list(d.kind_words);
    p->rules.self_names = copy_string_list(d.self_names);
    p->rules.super_names = copy_string_list(d.super_names);
    p->rules.builtins = copy_sorted_list(d.builtins);
    while (p->rules.builtins[p->rules.nbuiltins]) p->rules.nbuiltins++;
    p->rules.builtin_members = copy_sorted_list(d.builtin_members);
    while (p->rules.builtin_members[p->rules.nbuiltin_members]) p->rules.nbuiltin_members++;
    p->rules.flags = d.flags;
    p->set = set;
    XXH3_state_t *h = XXH3_createState();
    XXH3_64bits_reset(h);
    XXH3_64bits_update(h, p->name, strlen(p->name) + 1);
    XXH3_64bits_update(h, p->version, strlen(p->version) + 1);
    for (uint32_t i = 0; i < d.query_count; i++)
        if (d.queries[i].source) XXH3_64bits_update(h, d.queries[i].source, strlen(d.queries[i].source) + 1);
    /* what else decides its records: its flags and word lists */
    XXH3_64bits_update(h, &p->rules.flags, sizeof p->rules.flags);
    const char *const *lists[] = {(const char *const *)p->rules.self_names, (const char *const *)p->rules.super_names,
                                  (const char *const *)p->rules.builtins, (const char *const *)p->rules.builtin_members,
                                  (const char *const *)p->leading_node_types, (const char *const *)p->wrapper_node_types};
    for (size_t l = 0; l < sizeof lists / sizeof lists[0]; l++) {
        for (const char *const *w = lists[l]; w && *w; w++) XXH3_64bits_update(h, *w, strlen(*w) + 1);
        XXH3_64bits_update(h, "", 1);
    }
    p->fingerprint = XXH3_64bits_digest(h);
    XXH3_freeState(h);
    p->query_sources = d.queries;
    p->nquery_sources = d.query_count;
    for (uint32_t i = 0; i < d.query_count; i++)
        if (!d.queries[i].source) return cortex_error_set(CORTEX_EINVALID, "plugin '%s': query %u has no text", d.name, i);
    if (!lazy_compile) return compile_plugins(&p, 1, 1);
    return 0;
}

int cortex_plugin_set_load_file(cortex_plugin_set *set, const char *path)
{
    /* The same file reached twice (a search path listed twice) is loaded once. */
    /* each loaded plugin's realpath is kept: resolving them all again for
     * every file made a run's start resolve every plugin path thirteen times */
    char real[PATH_MAX];
    int resolved = realpath(path, real) != NULL;
    if (resolved)
        for (size_t i = 0; i < set->count; i++)
            if (set->plugins[i]->real_path && strcmp(real, set->plugins[i]->real_path) == 0) return 0;
    cortex_language_plugin *p = cortex_xcalloc(1, sizeof *p);
    pthread_mutex_init(&p->compile_lock, NULL);
    p->path = cortex_xstrdup(path);
    p->real_path = resolved ? cortex_xstrdup(real) : NULL;
    int rc;

    /* RTLD_LOCAL so two grammars' helper symbols cannot collide; RTLD_NOW so a
     * missing symbol fails here, not in the middle of a parse. */
    p->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!p->handle) {
        const char *why = dlerror();
        rc = cortex_error_set(CORTEX_EINVALID, "not a loadable shared object: %s", why ? why : "dlopen failed");
        goto fail;
    }
    dlerror();
    void *sym = dlsym(p->handle, CORTEX_PLUGIN_ENTRY);
    if (!sym) {
        rc = cortex_error_set(CORTEX_EINVALID, "no entry symbol %s(): not a cortex plugin", CORTEX_PLUGIN_ENTRY);
        goto fail;
    }
    cortex_plugin_entry_fn entry;
    memcpy(&entry, &sym, sizeof entry); /* object-to-function pointer, as dlsym requires */
    const cortex_plugin *desc = entry();
    if (!desc) {
        rc = cortex_error_set(CORTEX_EINVALID, "%s() returned NULL", CORTEX_PLUGIN_ENTRY);
        goto fail;
    }
    rc = validate(set, p, desc);
    if (rc != 0) goto fail;
    *CORTEX_PUSH(set->plugins, set->count, set->cap) = p;
    return 0;

fail:;
    char reason[1100];
    snprintf(reason, sizeof reason, "%s", cortex_error_last());
    refuse(set, path, reason);
    plugin_free(p);
    return cortex_error_set(rc, "%s: %s", path, reason);
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void load_directory(cortex_plugin_set *set, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return; /* a search path entry that does not exist is not an error */
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (has_suffix(e->d_name, ".so")) *CORTEX_PUSH(names, n, cap) = cortex_xstrdup(e->d_name);
    closedir(d);
    if (n) qsort(names, n, sizeof *names, compare_names); /* load order must not depend on the file system */
    for (size_t i = 0; i < n; i++) {
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        cortex_plugin_set_load_file(set, path);
        free(names[i]);
    }
    free(names);
}

void cortex_plugin_set_load(cortex_plugin_set **out, const char *search_path)
{
    cortex_plugin_set *set = cortex_xcalloc(1, sizeof *set);
    char *copy = cortex_xstrdup(search_path ? search_path : "");
    char *save = NULL;
    for (char *entry = strtok_r(copy, ":", &save); entry; entry = strtok_r(NULL, ":", &save)) {
        struct stat st;
        if (stat(entry, &st) == 0 && S_ISREG(st.st_mode)) cortex_plugin_set_load_file(set, entry);
        else load_directory(set, entry);
    }
    free(copy);
    *out = set;
}

void cortex_plugin_set_load_lazy(cortex_plugin_set **out, const char *search_path)
{
    lazy_compile = 1;
    cortex_plugin_set_load(out, search_path);
    lazy_compile = 0;
}

char *cortex_plugin_default_search_path(void)
{
    cortex_buf b = {0};
    const char *env = getenv("CORTEX_PLUGIN_PATH");
    if (env && *env) cortex_buf_puts(&b, env);

    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    bool have_build_tree = false;
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) *slash = '\0';
        char dir[PATH_MAX + 32];
        /* The build tree puts plugins next to the binary; an installed binary finds
         * them relative to its prefix, so an installed tree can be moved. */
        snprintf(dir, sizeof dir, "%s/plugins", exe);
        struct stat st;
        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (b.len) cortex_buf_putc(&b, ':');
            cortex_buf_puts(&b, dir);
            have_build_tree = true;
        } else {
            snprintf(dir, sizeof dir, "%s/../lib/cortex/plugins", exe);
            if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
                if (b.len) cortex_buf_putc(&b, ':');
                cortex_buf_puts(&b, dir);
                have_build_tree = true;
            }
        }
    }
    if (!have_build_tree) {
        if (b.len) cortex_buf_putc(&b, ':');
        cortex_buf_puts(&b, CORTEX_PLUGIN_INSTALL_PATH);
    }
    return b.data ? b.data : cortex_xstrdup("");
}

const cortex_language_plugin *cortex_plugin_set_match(const cortex_plugin_set *set, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    for (size_t i = 0; i < set->count; i++)
        for (char **f = set->plugins[i]->filenames; *f; f++)
            if (strcmp(*f, base) == 0) return set->plugins[i];
    const char *dot = strrchr(base, '.');
    if (!dot || dot == base) return NULL;
    return owner_of_extension(set, dot);
}

const cortex_language_plugin *cortex_plugin_set_find(const cortex_plugin_set *set, const char *name)
{
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->plugins[i]->name, name) == 0) return set->plugins[i];
    return NULL;
}

void cortex_plugin_set_free(cortex_plugin_set *set)
{
    if (!set) return;
    for (size_t i = 0; i < set->count; i++) plugin_free(set->plugins[i]);
    free(set->plugins);
    for (size_t i = 0; i < set->nrefused; i++) {
        free(set->refused[i].path);
        free(set->refused[i].reason);
    }
    free(set->refused);
    free(set);
}

uint64_t cortex_plugin_set_fingerprint(const cortex_plugin_set *set)
{
    uint64_t *all = cortex_xcalloc(set->count + 1, sizeof *all);
    for (size_t i = 0; i < set->count; i++) all[i] = set->plugins[i]->fingerprint;
    uint64_t h = XXH3_64bits(all, set->count * sizeof *all);
    free(all);
    return h;
}
