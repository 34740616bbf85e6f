/* Handle ids (handle_id.h). */
#include "handle_id.h"

#include "mem.h"

#include <stdio.h>
#include <xxhash.h>

void cortex_handle_id(char out[CORTEX_HANDLE_ID_SIZE], const char *unit, const char *file, const char *kind,
                      const char *name, int64_t line, int64_t line_end)
{
    cortex_buf key = {0};
    /* NUL-separated fields: no field's text can run into the next */
    cortex_buf_puts(&key, unit);
    cortex_buf_putc(&key, '\0');
    cortex_buf_puts(&key, file);
    cortex_buf_putc(&key, '\0');
    cortex_buf_puts(&key, kind ? kind : "");
    cortex_buf_putc(&key, '\0');
    cortex_buf_puts(&key, name ? name : "");
    cortex_buf_putc(&key, '\0');
    cortex_buf_printf(&key, "%lld-%lld", (long long)line, (long long)line_end);
    XXH128_hash_t h = XXH3_128bits(key.data, key.len);
    cortex_buf_free(&key);
    snprintf(out, CORTEX_HANDLE_ID_SIZE, "h%016llx%08llx", (unsigned long long)h.high64,
             (unsigned long long)(h.low64 >> 32));
}
