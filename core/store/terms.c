/* Splits identifiers into words so FTS finds parse_config and parseConfig by "parse config". */
#include "store.h"

#include "../util/error.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void cortex_store_name_terms(char *out, const char *name)
{
    size_t n = strlen(name), o = 0;
    memcpy(out, name, n);
    o = n;
    out[o++] = ' ';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i], prev = i ? (unsigned char)name[i - 1] : 0,
                      next = i + 1 < n ? (unsigned char)name[i + 1] : 0;
        if (!isalnum(c) && c < 0x80) {
            if (o > 0 && out[o - 1] != ' ') out[o++] = ' ';
            continue;
        }
        /* a new word starts at lower->Upper (parseConfig) and at the last
         * capital of an acronym before a lower-case letter (HTTPServer) */
        int boundary = i > 0 && isupper(c) && (islower(prev) || isdigit(prev) || (isupper(prev) && islower(next)));
        if (boundary && out[o - 1] != ' ') out[o++] = ' ';
        out[o++] = (char)c;
    }
    while (o > 0 && out[o - 1] == ' ') o--;
    out[o] = '\0';
}

/* cortex_terms(name): the words FTS indexes for a symbol's name. The store
 * keeps no copy of them: symbols_fts reads them through the symbols_terms
 * view, which calls this. */
static void sql_terms(sqlite3_context *ctx, int n, sqlite3_value **values)
{
    (void)n;
    const char *name = (const char *)sqlite3_value_text(values[0]);
    if (!name) {
        sqlite3_result_null(ctx);
        return;
    }
    size_t need = 3 * strlen(name) + 2;
    char small[512], *out = need <= sizeof small ? small : malloc(need);
    if (!out) {
        sqlite3_result_error_nomem(ctx);
        return;
    }
    cortex_store_name_terms(out, name);
    sqlite3_result_text(ctx, out, -1, SQLITE_TRANSIENT);
    if (out != small) free(out);
}

int cortex_store__register_terms(sqlite3 *db)
{
    return sqlite3_create_function(db, "cortex_terms", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
                                   sql_terms, NULL, NULL) == SQLITE_OK
               ? 0
               : CORTEX_EIO;
}
