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

#endif
