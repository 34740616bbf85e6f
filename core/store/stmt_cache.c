/* Statements kept prepared by their text (stmt_cache.h). */
#include "stmt_cache.h"

#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

static uint64_t sql_hash(const char *sql)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)sql; *p; p++) h = (h ^ *p) * 1099511628211ULL;
    return h;
}

sqlite3_stmt *cortex_stmt_cache_prepare(cortex_stmt_cache *c, sqlite3 *db, const char *sql)
{
    uint64_t hash = sql_hash(sql);
    int slot = -1; /* a free slot, else the least recently used one not in use */
    for (int i = 0; i < CORTEX_STMT_CACHE_SLOTS; i++) {
        if (c->kept[i].sql && !c->kept[i].in_use && c->kept[i].hash == hash && strcmp(c->kept[i].sql, sql) == 0) {
            c->kept[i].in_use = 1;
            c->kept[i].used = ++c->clock;
            return c->kept[i].st;
        }
        if (c->kept[i].in_use) continue;
        if (slot < 0 || (c->kept[slot].sql && (!c->kept[i].sql || c->kept[i].used < c->kept[slot].used))) slot = i;
    }
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return NULL;
    }
    if (slot >= 0) {
        sqlite3_finalize(c->kept[slot].st);
        free(c->kept[slot].sql);
        c->kept[slot].sql = cortex_xstrdup(sql);
        c->kept[slot].hash = hash;
        c->kept[slot].st = st;
        c->kept[slot].in_use = 1;
        c->kept[slot].used = ++c->clock;
    }
    return st;
}

void cortex_stmt_cache_release(cortex_stmt_cache *c, sqlite3_stmt *st)
{
    if (!st) return;
    for (int i = 0; i < CORTEX_STMT_CACHE_SLOTS; i++)
        if (c->kept[i].st == st) {
            /* Plans that do not depend on bound values (QPSG, where the
             * connection opens) are not prepared again for clearing them. */
            sqlite3_reset(st);
            sqlite3_clear_bindings(st);
            c->kept[i].in_use = 0;
            return;
        }
    sqlite3_finalize(st); /* every slot was in use: it was never kept */
}

void cortex_stmt_cache_clear(cortex_stmt_cache *c)
{
    for (int i = 0; i < CORTEX_STMT_CACHE_SLOTS; i++) {
        sqlite3_finalize(c->kept[i].st);
        free(c->kept[i].sql);
    }
    memset(c, 0, sizeof *c);
}
