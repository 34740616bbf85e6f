/*
 * Globs over repository paths ('/'-separated), as search filters and the
 * configuration's include/exclude lists use them.
 */
#ifndef CORTEX_UTIL_GLOB_H
#define CORTEX_UTIL_GLOB_H

/** Whether `path` matches `pattern`: `*` and `?` within one segment, `**` across
 *  segments (`**` followed by '/' also matches no directory at all), `[...]`
 *  classes (`[!...]` negated). A pattern ending in '/' names a directory and
 *  matches everything under it; one without wildcards matches the path itself
 *  and everything under it. */
int cortex_glob_match(const char *pattern, const char *path);

#endif
