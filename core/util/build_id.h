/* Which build of cortex is running, for what it keeps on disk that another
 * build could compute differently (kept answers, the kept map). */
#ifndef CORTEX_UTIL_BUILD_ID_H
#define CORTEX_UTIL_BUILD_ID_H

/** 16 hex digits naming the running executable's bytes (its XXH3), found
 *  once per process; the version when the executable cannot be read. */
const char *cortex_build_id(void);

#endif
