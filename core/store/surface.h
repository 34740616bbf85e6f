/*
 * A file's surface: what other files' bindings can read of it, hashed. An
 * edit that keeps it (a function's body, a comment) cannot change how any
 * other file's references bind, so an incremental commit binds again only
 * the edited file's own references; one that changes it binds again the
 * files that import it too (cortex_store_bind_choose).
 */
#ifndef CORTEX_STORE_SURFACE_H
#define CORTEX_STORE_SURFACE_H

#include "../record/records.h"

#include <stdint.h>

/** XXH3-64 over the file's language, build variant, definitions in order
 *  (names, kinds, parents, declared types, visibility, import fields) and
 *  what its types extend (its `inherit` references). Never 0. */
uint64_t cortex_store_surface(const cortex_file_records *r);

#endif
