/* What the JavaScript, TypeScript and TSX plugins share: the repository
 * files an import specifier may name, and `#private` names.
 *
 *   ./x, ../y/z   the importer's directory joined with it: as written, with
 *                 each source extension (.ts .tsx .js .jsx .mjs .cjs .mts
 *                 .cts .d.ts), then as a directory's index.<ext>; a
 *                 compiled name maps to its source (./x.js -> ./x.ts)
 *   . and ..      the directory's index
 *   @/x, ~/x      a bundler alias of the source root: the one indexed file
 *                 ending in /x.<ext> (or /x/index.<ext>), when only one does
 *   anything else a package (node_modules): no repository file
 *
 * An imported item is recorded after its module (`./m.a`): when the whole
 * name is no file, the name without its last dotted part is tried. */
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
    return 0; /* empty: the root directory */
}

static void candidates(const char *importer, const char *name, cortex_path_fn emit, void *payload);
static void alias_candidates(const char *rest, cortex_path_fn emit, void *payload);

void cortex_js_import_paths(const char *importer, const char *name, const char *origin, cortex_path_fn emit, void *payload)
{
    (void)origin;
    if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
        candidates(importer, name, emit, payload); /* the directory's index */
        return;
    }
    if ((name[0] == '@' || name[0] == '~') && name[1] == '/' && name[2]) {
        /* `@/components/Button`, `~/lib/util`: the bundler's alias for the
         * source root (tsconfig paths, Vite, Next.js); the one indexed file
         * ending in components/Button.tsx (or .ts, ...), when there is one. */
        alias_candidates(name + 2, emit, payload);
        return;
    }
    if (name[0] != '.') return; /* a package: not a repository file */
    if (name[1] != '/' && !(name[1] == '.' && name[2] == '/')) {
        /* `import {a} from '.'` is recorded as .a, from '..' as ..a */
        candidates(importer, name[1] == '.' ? ".." : ".", emit, payload);
        return;
    }
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

static const char *const exts[] = {".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".d.ts", NULL};

static void alias_candidates(const char *rest, cortex_path_fn emit, void *payload)
{
    char path[1100];
    for (int pass = 0; pass < 2; pass++) {
        char base[1024];
        snprintf(base, sizeof base, "%s", rest);
        if (pass == 1) { /* `@/lib/util.a`: the module without its item */
            char *dot = strrchr(base, '.'), *slash = strrchr(base, '/');
            if (!dot || (slash && dot < slash)) return;
            *dot = '\0';
        }
        snprintf(path, sizeof path, "*/%s", base);
        emit(path, payload);
        for (int i = 0; exts[i]; i++) {
            snprintf(path, sizeof path, "*/%s%s", base, exts[i]);
            emit(path, payload);
        }
        for (int i = 0; exts[i]; i++) {
            snprintf(path, sizeof path, "*/%s/index%s", base, exts[i]);
            emit(path, payload);
        }
    }
}

static void candidates(const char *importer, const char *name, cortex_path_fn emit, void *payload)
{
    char base[1024], path[1100];
    if (join(importer, name, base, sizeof base) != 0) return;
    if (!base[0]) { /* the repository's root directory: its index */
        for (int i = 0; exts[i]; i++) {
            snprintf(path, sizeof path, "index%s", exts[i]);
            emit(path, payload);
        }
        return;
    }
    emit(base, payload); /* `./x.js` as written (TypeScript also maps it to x.ts, below) */
    const char *dot = strrchr(base, '.');
    const char *slash = strrchr(base, '/');
    if (dot && (!slash || dot > slash)) {
        /* TypeScript sources import their own compiled name: ./x.js means
         * ./x.ts (or .tsx), ./x.mjs ./x.mts, ./x.cjs ./x.cts */
        static const char *const compiled[][3] = {
            {".js", ".ts", ".tsx"}, {".jsx", ".tsx", ".ts"}, {".mjs", ".mts", NULL}, {".cjs", ".cts", NULL}};
        for (size_t c = 0; c < sizeof compiled / sizeof *compiled; c++) {
            if (strcmp(dot, compiled[c][0]) != 0) continue;
            for (int k = 1; k < 3 && compiled[c][k]; k++) {
                snprintf(path, sizeof path, "%.*s%s", (int)(dot - base), base, compiled[c][k]);
                emit(path, payload);
            }
        }
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
