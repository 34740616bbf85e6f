/*
 * The configuration: `.cortex/config.yml` in the repository, or the built-in
 * defaults (config/default.yml, compiled in) when it is absent. Named
 * pipelines, each with include/exclude globs, enabled plugins, extension
 * overrides, limits, threads and sinks; and the MCP server's tool groups.
 * docs/configuration.md documents every key. Parsing is strict: an unknown
 * key, a wrong type or a bad value is an error naming file:line:column and
 * the key's path, and nothing is run with an invalid configuration.
 */
#ifndef CORTEX_CONFIG_CONFIG_H
#define CORTEX_CONFIG_CONFIG_H

#include <jansson.h>
#include <stddef.h>
#include "../plugin/loader.h"

#include <stdint.h>

typedef struct cortex_extension_override {
    char *extension; /* ".h" */
    char *plugin;    /* "cpp" */
    char *mark;      /* where the plugin was named: "FILE:LINE:COL: pipelines.P.extensions..h" */
} cortex_extension_override;

typedef struct cortex_pipeline_config {
    char *name;
    char **include, **exclude;  /* globs; include empty = everything */
    size_t ninclude, nexclude;
    char **plugins;             /* enabled plugins; empty = every loaded one */
    char **plugin_marks;        /* where each was named: "FILE:LINE:COL: pipelines.P.plugins[i]" */
    size_t nplugins;
    cortex_extension_override *overrides;
    size_t noverrides;
    uint64_t max_file_size;     /* bytes */
    uint64_t max_line_length;   /* bytes; 0 = no limit */
    double parse_seconds;
    uint32_t threads;           /* 0 = the machine's cores */
    char **sinks;               /* NULL-terminated */
    size_t nsinks;
    uint32_t chunk_tokens;      /* the chunks sink's budget per chunk */
    uint32_t chunk_overlap;     /* tokens a split section's next chunk repeats */
    uint32_t shard_files;       /* files per shard of the JSONL index and chunks; 0 = one file each */
} cortex_pipeline_config;

/** A path role the repository gives its own files for ranking: files
 *  matching `glob` are `role` ("source", "test", "example", "vendored",
 *  "generated", "changelog"), whatever the conventions say. */
typedef struct cortex_path_role_rule {
    char *glob;
    char *role;
} cortex_path_role_rule;

typedef struct cortex_config {
    char *source;               /* the file read, or "(built-in defaults)" */
    cortex_pipeline_config *pipelines;
    size_t npipelines;
    char **mcp_disable;         /* tool groups hidden from MCP clients */
    size_t nmcp_disable;
    char *mcp_tools;            /* the tool profile MCP clients are served: "full" (the default) or "core" */
    cortex_path_role_rule *path_roles; /* ranking.paths, in the file's order: the first match decides */
    size_t npath_roles;
} cortex_config;

/** Loads `<root>/.cortex/config.yml`, or the built-in defaults when it does
 *  not exist. 0, or a negative code with the message set:
 *  "FILE:LINE:COL: pipelines.default.threads: expected an integer, got \"many\"". */
int cortex_config_load(cortex_config *out, const char *root);

/** Parses configuration text (`name` for messages). Same contract as above. */
int cortex_config_parse(cortex_config *out, const char *text, size_t len, const char *name);

void cortex_config_dispose(cortex_config *c);

/** Checks that every plugin the pipelines name, in `plugins` lists and
 *  extension overrides, is one of the loaded `set` (the YAML cannot know).
 *  0, or CORTEX_EINVALID with the message "FILE:LINE:COL: KEY: plugin
 *  \"cobol\" is not loaded (loaded: ...)". */
int cortex_config_check_plugins(const cortex_config *c, const cortex_plugin_set *set);

/** The pipeline named `name` (NULL = "default"); NULL with the message set when absent. */
const cortex_pipeline_config *cortex_config_pipeline(const cortex_config *c, const char *name);

/** The effective configuration as JSON, for `cortex config check`. */
json_t *cortex_config_json(const cortex_config *c);

#endif
