/* Compact JSON text of a jansson value (json_dump.h). */
#include "json_dump.h"

#include "../record/record_json.h"

#include <stdio.h>
#include <string.h>

static void put_integer(cortex_buf *b, json_int_t v)
{
    if (v < 0) {
        cortex_buf_putc(b, '-');
        cortex_buf_put_uint(b, (uint64_t)0 - (uint64_t)v);
    } else {
        cortex_buf_put_uint(b, (uint64_t)v);
    }
}

/* As jansson writes a real: %.17g, a point or an exponent always (else it
 * reads back as an integer), no '+' or leading zeros in the exponent. */
static void put_real(cortex_buf *b, double v)
{
    char s[64];
    int n = snprintf(s, sizeof s - 2, "%.17g", v);
    if (n < 0 || n >= (int)sizeof s - 2) n = snprintf(s, sizeof s, "0.0");
    if (!strchr(s, '.') && !strchr(s, 'e')) {
        s[n++] = '.';
        s[n++] = '0';
        s[n] = '\0';
    }
    char *e = strchr(s, 'e');
    if (e) {
        char *start = e + 1, *end = e + 2;
        if (*start == '-') start++;
        while (*end == '0') end++;
        if (end != start) {
            memmove(start, end, strlen(end) + 1);
            n = (int)strlen(s);
        }
    }
    cortex_buf_add(b, s, (size_t)n);
}

void cortex_json_dump(cortex_buf *b, const json_t *v)
{
    if (!v) {
        cortex_buf_add(b, "null", 4);
        return;
    }
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        cortex_buf_putc(b, '{');
        int first = 1;
        for (void *it = json_object_iter((json_t *)v); it; it = json_object_iter_next((json_t *)v, it)) {
            if (!first) cortex_buf_putc(b, ',');
            first = 0;
            const char *key = json_object_iter_key(it);
            cortex_json_string(b, key, json_object_iter_key_len(it));
            cortex_buf_putc(b, ':');
            cortex_json_dump(b, json_object_iter_value(it));
        }
        cortex_buf_putc(b, '}');
        break;
    }
    case JSON_ARRAY: {
        cortex_buf_putc(b, '[');
        size_t n = json_array_size(v);
        for (size_t i = 0; i < n; i++) {
            if (i) cortex_buf_putc(b, ',');
            cortex_json_dump(b, json_array_get(v, i));
        }
        cortex_buf_putc(b, ']');
        break;
    }
    case JSON_STRING: cortex_json_string(b, json_string_value(v), json_string_length(v)); break;
    case JSON_INTEGER: put_integer(b, json_integer_value(v)); break;
    case JSON_REAL: put_real(b, json_real_value(v)); break;
    case JSON_TRUE: cortex_buf_add(b, "true", 4); break;
    case JSON_FALSE: cortex_buf_add(b, "false", 5); break;
    default: cortex_buf_add(b, "null", 4); break;
    }
}

char *cortex_json_dumps(const json_t *v)
{
    cortex_buf b = {0};
    cortex_json_dump(&b, v);
    return b.data ? b.data : cortex_xstrdup("");
}
