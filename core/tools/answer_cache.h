/*
 * Answers of whole-repository analyses kept on disk beside the store
 * (`<store>-answers/`), for the next call with the same arguments on the same
 * store and generation, in this process or another: on a large repository such
 * an answer reads every reference, and it is a function of the store alone.
 * Internal to core/tools/.
 */
#ifndef CORTEX_TOOLS_ANSWER_CACHE_H
#define CORTEX_TOOLS_ANSWER_CACHE_H

#include "handlers.h"

/** The kept answer of `name` for `args` on the reader's store as it is now,
 *  or NULL (none, another store's or generation's, other arguments, unreadable). */
json_t *cortex_answer_cache_get(cortex_reader *s, const char *name, const json_t *args);

/** Keeps `answer` of `name` for `args`; a failure only loses the keeping. */
void cortex_answer_cache_put(cortex_reader *s, const char *name, const json_t *args, const json_t *answer);

/** As cortex_answer_cache_put, for an answer that also read the repository's
 *  files and directories `read` records (cortex_answer_cache_note_read): it
 *  is taken again only while each is as it was before it was read. */
void cortex_answer_cache_put_read(cortex_reader *s, const char *name, const json_t *args, const json_t *answer,
                                  const json_t *read);

/** Notes in `read` (an object) how the repository's `path` (relative to
 *  `root`, "" for the root) is now: size, modification and change times,
 *  inode and type, or that it is not there. Call it before reading the path;
 *  a path already noted keeps its first note. */
void cortex_answer_cache_note_read(json_t *read, const char *root, const char *path);

#endif
