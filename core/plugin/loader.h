/*
 * The plugin loader: finds *.so plugins on a search path, opens each with
 * dlopen, validates its descriptor (plugin ABI range, struct size, grammar ABI,
 * unique name and extensions), compiles its queries, and keeps the ones that
 * pass. A refused plugin is recorded with one line naming the file and the
 * reason; loading goes on with the rest.
 */
#ifndef CORTEX_PLUGIN_LOADER_H
#define CORTEX_PLUGIN_LOADER_H

#include "query.h"

#include "../record/records.h"

#include <cortex/plugin.h>
#include <pthread.h>
#include <stddef.h>
#include <tree_sitter/api.h>

typedef struct cortex_language_plugin {
    char *path;          /* the .so it came from */
    char *real_path;     /* its realpath, or NULL when it has none */
    void *handle;        /* dlopen handle */
    char *name, *version;
    char **extensions;   /* copied, NULL-terminated */
    char **filenames;    /* copied, NULL-terminated */
    uint32_t abi_version;
    uint32_t grammar_abi;
    const TSLanguage *language;
    /* Compiled on first use when the set was loaded lazily (compiling every
     * plugin's queries costs tens of milliseconds each): call
     * cortex_plugin_queries() rather than reading these directly. */
    cortex_compiled_query *queries; /* the plugin's queries compiled as one: one, or none when it has none */
    uint32_t nqueries;
    const cortex_query *query_sources; /* the plugin's own, static */
    uint32_t nquery_sources;
    int compile_state;                 /* 0 not yet, 1 compiled, -1 failed */
    char *compile_error;
    pthread_mutex_t compile_lock;
    cortex_refine_symbol_fn refine_symbol; /* NULL when the plugin has none */
    cortex_import_paths_fn import_paths;   /* NULL when the plugin has none */
    cortex_embedded_regions_fn embedded_regions; /* NULL when the plugin has none */
    cortex_file_variant_fn file_variant;         /* NULL when the plugin has none */
    /* What the plugin declares about its language (ABI 2), or for an older
     * plugin what the core did before it could: see cortex/plugin.h. */
    char *line_comment;          /* never NULL */
    uint32_t flags;              /* CORTEX_PLUGIN_* */
    char **leading_node_types;   /* copied, NULL-terminated */
    char **wrapper_node_types;   /* copied, NULL-terminated */
    char **kind_words;           /* pairs of word and stored kind, NULL-terminated */
    cortex_binding_rules rules;  /* self names, builtins (sorted) and flags, for the binder */
    const struct cortex_plugin_set *set;   /* the set it belongs to: finds the plugins of its regions */
    uint64_t fingerprint;  /* hash of name, version and query texts: what it extracts */
} cortex_language_plugin;

typedef struct cortex_plugin_refusal {
    char *path;
    char *reason;
} cortex_plugin_refusal;

typedef struct cortex_plugin_set {
    cortex_language_plugin **plugins;
    size_t count, cap;
    cortex_plugin_refusal *refused;
    size_t nrefused, refused_cap;
} cortex_plugin_set;

/** Loads every plugin found on `search_path` (':'-separated directories, each
 *  scanned for *.so in name order; a path to a single .so is loaded as is).
 *  Never fails: refusals are listed in the set. Caller owns `*out`; free with
 *  cortex_plugin_set_free(). */
void cortex_plugin_set_load(cortex_plugin_set **out, const char *search_path);

/** As cortex_plugin_set_load(), but each plugin's queries compile on first use
 *  (cortex_plugin_queries()), so a run that meets two languages pays for two.
 *  A query that does not compile is then reported at that use, not at load. */
void cortex_plugin_set_load_lazy(cortex_plugin_set **out, const char *search_path);

/** The plugin's compiled queries, compiling them on first call (thread-safe).
 *  0, or a negative code with the message set when they do not compile. */
int cortex_plugin_queries(const cortex_language_plugin *p);

/** Compiles the queries of those of `plugins` not compiled yet, on up to
 *  `threads` threads; each is then as cortex_plugin_queries() would leave it
 *  (which reports the outcome). */
void cortex_plugins_compile(const cortex_language_plugin *const *plugins, size_t n, unsigned threads);

/** The default search path: $CORTEX_PLUGIN_PATH, then the build tree's plugin
 *  directory next to the executable when it exists, else the install prefix's.
 *  Caller owns the returned string. */
char *cortex_plugin_default_search_path(void);

/** Loads one plugin file into the set; returns 0 or a negative code with the
 *  reason also recorded as a refusal. */
int cortex_plugin_set_load_file(cortex_plugin_set *set, const char *path);

/** The plugin for a repository-relative path by exact file name, then by
 *  extension; NULL when none. Borrowed from the set. */
const cortex_language_plugin *cortex_plugin_set_match(const cortex_plugin_set *set, const char *path);

const cortex_language_plugin *cortex_plugin_set_find(const cortex_plugin_set *set, const char *name);

void cortex_plugin_set_free(cortex_plugin_set *set);

/** A hash of every loaded plugin's fingerprint, in load order: when it changes,
 *  records extracted before may differ from what extraction gives now. */
uint64_t cortex_plugin_set_fingerprint(const cortex_plugin_set *set);

#endif
