#include "packed_text.h"

#include "../util/error.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Shorter text is bound as it is: deflate's own framing eats what it saves. */
#define PACK_MIN_BYTES 64
#define LENGTH_BYTES 4

struct cortex_packer {
    z_stream z;
    unsigned char *out;
    size_t cap;
};

cortex_packer *cortex_packer_new(void)
{
    cortex_packer *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    /* raw deflate (negative window bits): the length prefix is the only header */
    if (deflateInit2(&p->z, Z_BEST_SPEED, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        free(p);
        return NULL;
    }
    return p;
}

void cortex_packer_free(cortex_packer *p)
{
    if (!p) return;
    deflateEnd(&p->z);
    free(p->out);
    free(p);
}

/* Deflates `text` into p->out after the length prefix: the packed size, or 0
 * when packing fails or would not shrink it. */
static size_t pack(cortex_packer *p, const char *text, size_t n)
{
    if (n < PACK_MIN_BYTES || n > UINT32_MAX) return 0;
    size_t need = LENGTH_BYTES + deflateBound(&p->z, (uLong)n);
    if (need > p->cap) {
        unsigned char *grown = realloc(p->out, need);
        if (!grown) return 0;
        p->out = grown;
        p->cap = need;
    }
    if (deflateReset(&p->z) != Z_OK) return 0;
    for (int i = 0; i < LENGTH_BYTES; i++) p->out[i] = (unsigned char)(n >> (8 * i));
    p->z.next_in = (Bytef *)(uintptr_t)text;
    p->z.avail_in = (uInt)n;
    p->z.next_out = p->out + LENGTH_BYTES;
    p->z.avail_out = (uInt)(p->cap - LENGTH_BYTES);
    if (deflate(&p->z, Z_FINISH) != Z_STREAM_END) return 0;
    size_t packed = LENGTH_BYTES + p->z.total_out;
    return packed < n ? packed : 0;
}

int cortex_packer_bind(cortex_packer *p, sqlite3_stmt *st, int col, const char *text, size_t n)
{
    size_t packed = pack(p, text, n);
    if (packed) return sqlite3_bind_blob(st, col, p->out, (int)packed, SQLITE_STATIC);
    return sqlite3_bind_text(st, col, text, (int)n, SQLITE_STATIC);
}

static void sql_unpack(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    if (sqlite3_value_type(argv[0]) != SQLITE_BLOB) {
        sqlite3_result_value(ctx, argv[0]);
        return;
    }
    const unsigned char *in = sqlite3_value_blob(argv[0]);
    int in_n = sqlite3_value_bytes(argv[0]);
    if (!in || in_n < LENGTH_BYTES) {
        sqlite3_result_error(ctx, "cortex_unpack: a packed text too short to hold its length", -1);
        return;
    }
    uint32_t n = 0;
    for (int i = 0; i < LENGTH_BYTES; i++) n |= (uint32_t)in[i] << (8 * i);
    if ((int64_t)n > sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1)) {
        sqlite3_result_error_toobig(ctx);
        return;
    }
    char *out = sqlite3_malloc64((sqlite3_uint64)n + 1);
    if (!out) {
        sqlite3_result_error_nomem(ctx);
        return;
    }
    z_stream z;
    memset(&z, 0, sizeof z);
    int rc = inflateInit2(&z, -15);
    if (rc == Z_OK) {
        z.next_in = (Bytef *)(uintptr_t)(in + LENGTH_BYTES);
        z.avail_in = (uInt)(in_n - LENGTH_BYTES);
        z.next_out = (Bytef *)out;
        z.avail_out = n;
        rc = inflate(&z, Z_FINISH);
        /* whole: the stream ends exactly at the length it was packed from */
        if (rc == Z_STREAM_END && (z.total_out != n || z.avail_in != 0)) rc = Z_DATA_ERROR;
        inflateEnd(&z);
    }
    if (rc != Z_STREAM_END) {
        sqlite3_free(out);
        if (rc == Z_MEM_ERROR) sqlite3_result_error_nomem(ctx);
        else sqlite3_result_error(ctx, "cortex_unpack: a packed text that does not inflate to its length", -1);
        return;
    }
    out[n] = '\0';
    sqlite3_result_text(ctx, out, (int)n, sqlite3_free);
}

int cortex_store__register_unpack(sqlite3 *db)
{
    return sqlite3_create_function(db, "cortex_unpack", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
                                   sql_unpack, NULL, NULL) == SQLITE_OK
               ? 0
               : CORTEX_EIO;
}
