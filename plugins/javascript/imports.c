/* What JavaScript and TypeScript plugins share: resolving a relative import
 * specifier to repository files, and `#private` names. */
#include "js_common.h"

#include <stdio.h>
#include <string.h>

/* Joins the importer's directory and a relative specifier, applying . and .. */
static int join(const char *importer, const char *spec, char *out, size_t size)
{
    char buf[1024];
    const char *slash = strrchr(importer, '/');
    snprintf(buf, sizeof buf, "%.*s%s%s", slash ? (int)(slash - importer) : 0, importer, slash ? "/" : "", spec);
    size_t n = 0;
    for (char *p = buf; *p;) {
        char *seg = p;
        while (*p && *p != '/') p++;
        size_t len = (size_t)(p - seg);
        if (*p) p++;
        if (len == 0 || (len == 1 && seg[0] == '.')) continue;
        if (len == 2 && seg[0] == '.' && seg[1] == '.') {
            if (n == 0) return -1; /* above the root */
            while (n > 0 && out[n - 1] != '/') n--;
            if (n > 0) n--;
            continue;
        }
        if (n + len + 2 > size) return -1;
        if (n) out[n++] = '/';
        memcpy(out + n, seg, len);
        n += len;
    }
    out[n] = '\0';
    return n ? 0 : -1;
}

static void candidates(const char *importer, const char *name, cortex_path_fn emit, void *payload);

void cortex_js_import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    (void)origin;
    if (strncmp(name, "./", 2) != 0 && strncmp(name, "../", 3) != 0) return; /* a package: not a repository file */
    candidates(importer, name, emit, payload);
    /* `import {a} from './m'` is recorded as ./m.a: the module is the name without its last part. */
    const char *slash = strrchr(name, '/');
    const char *dot = strrchr(name, '.');
    if (dot && slash && dot > slash) {
        char module[1024];
        snprintf(module, sizeof module, "%.*s", (int)(dot - name), name);
        candidates(importer, module, emit, payload);
    }
}

static void candidates(const char *importer, const char *name, cortex_path_fn emit, void *payload)
{
    char base[1024], path[1100];
    if (join(importer, name, base, sizeof base) != 0) return;
    static const char *const exts[] = {".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".d.ts", NULL};
    emit(base, payload); /* `./x.js` as written (TypeScript also maps it to x.ts, below) */
    const char *dot = strrchr(base, '.');
    const char *slash = strrchr(base, '/');
    if (dot && (!slash || dot > slash) && (strcmp(dot, ".js") == 0 || strcmp(dot, ".jsx") == 0 || strcmp(dot, ".mjs") == 0)) {
        /* TypeScript sources import their own compiled name: ./x.js means ./x.ts */
        snprintf(path, sizeof path, "%.*s.ts", (int)(dot - base), base);
        emit(path, payload);
        snprintf(path, sizeof path, "%.*s.tsx", (int)(dot - base), base);
        emit(path, payload);
    }
    for (int i = 0; exts[i]; i++) {
        snprintf(path, sizeof path, "%s%s", base, exts[i]);
        emit(path, payload);
    }
    for (int i = 0; exts[i]; i++) {
        snprintf(path, sizeof path, "%s/index%s", base, exts[i]);
        emit(path, payload);
    }
}

void cortex_js_refine(const cortex_symbol_view *v, const char **kind, const char **visibility)
{
    (void)kind;
    if (v->name_len > 0 && v->name[0] == '#') *visibility = "private";
}
