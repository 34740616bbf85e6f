/*
 * The sink interface: where extraction results go. A run is begin, then one
 * file() or keep() per indexed file in ascending path order and one remove()
 * per file that left the repository, then commit() — or abort(), which leaves
 * the previous output intact. keep() says a file is unchanged since the last
 * run: the sink carries its previous records over, or answers CORTEX_ENOTFOUND
 * when it has none to carry (it then gets file() with fresh records). The table is versioned so a sink can later come
 * from a shared object as plugins do.
 */
#ifndef CORTEX_SINK_SINK_H
#define CORTEX_SINK_SINK_H

#include "../chunk/chunk.h"
#include "../record/records.h"

#include <stdint.h>

#define CORTEX_SINK_ABI_VERSION 1

/* What a sink can do, in cortex_sink_type.flags: the run asks these, never a sink's name. */
#define CORTEX_SINK_PARTIAL (1u << 0)      /* takes a refresh of named paths (the rest of its output stays) */
#define CORTEX_SINK_WANTS_CHUNKS (1u << 1) /* writes chunks: a pipeline with it chunks every file */

typedef struct cortex_sink_context {
    const char *root;         /* absolute repository root */
    const char *data_dir;     /* absolute .cortex directory, created by the caller */
    const char *project_name; /* the root directory's name */
    const char *extractor;    /* fingerprint of the cortex build and plugins that extract:
                                 records from another extractor are never carried over */
    cortex_chunk_options chunks; /* the chunks sink's budget */
    uint64_t files;              /* files the run indexes (the walk's count): sizes the shards */
    uint32_t shard_files;        /* files per shard of the JSONL and chunks outputs; 0 = one file each */
    unsigned threads;            /* the run's extraction threads: a sink may use as many at commit */
    int full;                    /* a rebuild (`--full`): every file is written anew, none kept */
} cortex_sink_context;

typedef struct cortex_sink_type {
    uint32_t abi_version; /* CORTEX_SINK_ABI_VERSION */
    const char *name;
    const char *description;
    /** Opens the sink's output; caller owns `*out` and ends it with close(). */
    int (*open)(void **out, const cortex_sink_context *ctx);
    int (*begin)(void *self);
    int (*file)(void *self, const cortex_file_records *records);
    int (*remove)(void *self, const char *path);
    int (*commit)(void *self);
    void (*abort)(void *self);
    void (*close)(void *self);
    /** `header` has path, lang, hash, lines, bytes and mtime_ns, no records. */
    int (*keep)(void *self, const cortex_file_records *header);
    uint32_t flags; /* CORTEX_SINK_* capabilities */
} cortex_sink_type;

extern const cortex_sink_type cortex_sink_jsonl;
extern const cortex_sink_type cortex_sink_sqlite;
extern const cortex_sink_type cortex_sink_chunks;

/** The built-in sinks, ended by NULL. */
extern const cortex_sink_type *const cortex_sink_types[];

/** The sink type named `name`, or NULL. */
const cortex_sink_type *cortex_sink_find(const char *name);

/** The built-in sinks' names, comma-separated, for messages ("sqlite, jsonl, chunks"). Static. */
const char *cortex_sink_names(void);

#endif
