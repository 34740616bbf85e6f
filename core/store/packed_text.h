/*
 * Long text the store keeps deflated: a chunk's content (the code tiers and
 * documentation sections, rendered Markdown) compresses to about a third,
 * and is read a page of search results at a time. A packed value is a BLOB:
 * its length before packing (4 bytes, little-endian), then raw deflate. A
 * value that packing would not shrink stays TEXT, so a reader tells the two
 * apart by type: cortex_unpack(value) in SQL gives the text of either.
 */
#ifndef CORTEX_STORE_PACKED_TEXT_H
#define CORTEX_STORE_PACKED_TEXT_H

#include <sqlite3.h>
#include <stddef.h>

typedef struct cortex_packer cortex_packer;

/** A packer keeps its deflate state between values: setting one up costs
 *  more than packing a chunk. NULL when out of memory. */
cortex_packer *cortex_packer_new(void);
void cortex_packer_free(cortex_packer *p);

/** Binds `text` (`n` bytes) to parameter `col` of `st`: packed as a BLOB
 *  when that is smaller, else as TEXT. The bytes bound stay valid until the
 *  next call on `p`. An SQLite result code. */
int cortex_packer_bind(cortex_packer *p, sqlite3_stmt *st, int col, const char *text, size_t n);

/** Registers cortex_unpack(value) on `db`: a packed BLOB's text, or the
 *  value itself when it is not a BLOB. 0 or CORTEX_EIO. */
int cortex_store__register_unpack(sqlite3 *db);

#endif
