#define _GNU_SOURCE
/* What the in-tree plugins declare about their languages (cortex/plugin.h,
 * ABI 2): every built plugin loads; each names its language's builtins (the
 * lists scripts/gen-builtins.sh generates) and its built-in types' members
 * (builtin_members, generated alike), its self names, and whether a bare
 * call reaches a member. A self name must be exactly the qualifier text the
 * extractor gives a call on the receiver, so each is checked on a sample. The
 * declarations are read from each plugin's own descriptor (what the loader
 * keeps of them is the loader suite's). */
#include "extract/extractor.h"
#include "plugin/loader.h"

#include "check_run.h"

#include <check.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cortex_plugin_set *plugins;

static void load_plugins(void) { cortex_plugin_set_load(&plugins, BUILD_PLUGIN_DIR); }
static void free_plugins(void) { cortex_plugin_set_free(plugins); }

static const cortex_language_plugin *loaded(const char *name)
{
    const cortex_language_plugin *p = cortex_plugin_set_find(plugins, name);
    ck_assert_msg(p != NULL, "plugin %s did not load", name);
    return p;
}

/* The descriptor the built plugin `name` exports. */
static const cortex_plugin *descriptor(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.so", BUILD_PLUGIN_DIR, name);
    void *so = dlopen(path, RTLD_NOW | RTLD_LOCAL); /* left open: the descriptor lives in it */
    ck_assert_msg(so != NULL, "%s: %s", path, dlerror());
    cortex_plugin_entry_fn entry = (cortex_plugin_entry_fn)dlsym(so, "cortex_plugin_v1");
    ck_assert_msg(entry != NULL, "%s exports no cortex_plugin_v1", path);
    const cortex_plugin *d = entry();
    ck_assert_uint_ge(d->abi_version, CORTEX_PLUGIN_ABI_WITH_BUILTINS);
    return d;
}

static int in_list(const char *const *list, const char *name)
{
    for (; list && *list; list++)
        if (strcmp(*list, name) == 0) return 1;
    return 0;
}

static int compare_names(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* The length of a NULL-terminated list (NULL: 0), which a generated list has
 * deduplicated: sorted, no neighbours are alike. */
static size_t distinct_names(const char *plugin, const char *const *list)
{
    size_t n = 0;
    while (list && list[n]) n++;
    const char **sorted = malloc((n + 1) * sizeof *sorted);
    ck_assert_ptr_nonnull(sorted);
    if (n) memcpy(sorted, list, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, compare_names);
    for (size_t i = 1; i < n; i++) ck_assert_msg(strcmp(sorted[i - 1], sorted[i]) != 0, "%s: %s twice", plugin, sorted[i]);
    free(sorted);
    return n;
}

/* A NULL-terminated list as one space-separated string. */
static const char *joined(const char *const *list)
{
    static char out[1024];
    out[0] = '\0';
    for (; list && *list; list++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", out[0] ? " " : "", *list);
    return out;
}

/* One language: its plugin, names that must be builtins and names that must
 * not, its self names and flag, a sample calling a method on each self name,
 * and names that must be builtin members (none: it declares none). */
typedef struct {
    const char *plugin;
    const char *builtins[16];
    const char *not_builtins[6];
    const char *self_names; /* space-separated, in declaration order; "" for none */
    int bare_calls_reach_members;
    const char *sample;
    const char *members[12];
} language;

static const language languages[] = {
    {"go", {"append", "len", "string", "make", "cap", "new", "nil", "iota", "error", "any", "panic"},
     {"Println", "self", "this"}, "", 0, NULL,
     {"Write", "String", "Run", "Fatal", "Error", "Lock"}},
    {"python", {"print", "len", "isinstance", "ValueError", "range", "super", "object", "open", "None"},
     {"self", "cls", "__import__"}, "self cls", 0,
     "class A:\n    def f(self):\n        self.g()\n\n    @classmethod\n    def h(cls):\n        cls.g()\n",
     {"items", "append", "get", "read", "flush", "split", "with_traceback"}},
    {"javascript", {"Object", "Math", "JSON", "console", "require", "module", "exports", "Promise", "setTimeout",
                    "process", "Buffer", "window"},
     {"this", "fs", "path"}, "this", 0, "class A { f() { this.g(); } }\n",
     {"call", "push", "then", "get", "delete", "addEventListener", "on", "pipe"}},
    {"typescript", {"Object", "Math", "console", "require", "Partial", "Record", "Pick", "Omit", "ReturnType",
                    "Readonly", "PromiseLike"},
     {"this"}, "this", 0, "class A { f() { this.g(); } }\n",
     {"call", "push", "then", "addEventListener"}},
    {"tsx", {"Object", "console", "Partial", "ReturnType"}, {"this"}, "this", 0,
     "class A { f() { this.g(); } }\n",
     {"then", "map"}},
    {"c", {"printf", "malloc", "free", "strlen", "memcpy", "strcasecmp", "isdigit", "assert", "va_start", "exit",
           "sqrt", "time"},
     {"main", "__errno_location"}, "", 0, NULL, {NULL}},
    {"cpp", {"printf", "malloc", "strlen", "typeid"}, {"main"}, "this", 1, "struct A { void f() { this->g(); } };\n",
     {"push_back", "size", "c_str", "find", "value_or", "reset"}},
    {"rust", {"Some", "None", "Ok", "Err", "Option", "Vec", "String", "Box", "drop", "println", "vec", "format"},
     {"self", "Self", "new"}, "self Self", 0, "impl A {\n    fn f(&self) { self.g(); Self::h(); }\n}\n",
     {"unwrap", "push", "iter", "collect", "map", "clone", "borrow_mut"}},
    {"java", {"String", "Object", "Integer", "Math", "System", "Thread", "Exception", "StringBuilder"},
     {"this", "List", "Map"}, "this", 1, "class A { void f() { this.g(); } }\n",
     {"equals", "stream", "add", "put", "orElse", "append"}},
    {"csharp", {"Console", "String", "Math", "Exception", "Object", "int", "string", "object", "Action", "Func"},
     {"this", "List"}, "this", 1, "class A { void F() { this.G(); } }\n",
     {"Add", "Where", "ToString", "ContainsKey", "Select"}},
    {"ruby", {"puts", "require", "raise", "attr_accessor", "block_given?", "Integer", "Hash", "Kernel", "lambda"},
     {"self"}, "self", 1, "class A\n  def f\n    self.g\n  end\nend\n",
     {"each", "map", "split", "nil?", "then"}},
    {"php", {"strlen", "count", "array_map", "in_array", "sprintf", "json_encode", "Exception", "ArrayAccess"},
     {"$this", "this"}, "$this self static", 0,
     "<?php\nclass A {\n    function f() { $this->g(); self::h(); static::h(); }\n}\n",
     {"getMessage", "format", "offsetGet"}},
    {"bash", {"echo", "cd", "source", "read", "printf", "test"}, {"ls", "grep"}, "", 0, NULL, {NULL}},
    {"markdown", {NULL}, {"print"}, "", 0, NULL, {NULL}},
    {"text", {NULL}, {"print"}, "", 0, NULL, {NULL}},
    {"web", {NULL}, {"Object"}, "", 0, NULL, {NULL}},
};
#define NLANGUAGES (sizeof languages / sizeof *languages)

START_TEST(test_every_plugin_loads)
{
    for (size_t i = 0; i < plugins->nrefused; i++)
        ck_abort_msg("refused %s: %s", plugins->refused[i].path, plugins->refused[i].reason);
    ck_assert_uint_eq(plugins->count, NLANGUAGES);
    for (size_t i = 0; i < NLANGUAGES; i++) loaded(languages[i].plugin);
}
END_TEST

START_TEST(test_plugin_declares_its_language)
{
    const language *l = &languages[_i];
    const cortex_plugin *d = descriptor(l->plugin);
    for (const char *const *b = l->builtins; *b; b++)
        ck_assert_msg(in_list(d->builtins, *b), "%s: %s is not a builtin", l->plugin, *b);
    for (const char *const *b = l->not_builtins; *b; b++)
        ck_assert_msg(!in_list(d->builtins, *b), "%s: %s is a builtin", l->plugin, *b);
    if (!l->builtins[0]) ck_assert_uint_eq(distinct_names(l->plugin, d->builtins), 0);
    else distinct_names(l->plugin, d->builtins);
    for (const char *const *m = l->members; *m; m++)
        ck_assert_msg(in_list(d->builtin_members, *m), "%s: %s is not a builtin member", l->plugin, *m);
    size_t members = distinct_names(l->plugin, d->builtin_members);
    if (!l->members[0]) ck_assert_msg(members == 0, "%s declares %zu builtin members", l->plugin, members);
    /* a member is an identifier (Ruby's may end in ? or !) of two characters or more */
    for (const char *const *m = d->builtin_members; m && *m; m++)
        ck_assert_msg(strlen(*m) >= 2 && strspn(*m, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$?!") == strlen(*m),
                      "%s: builtin member %s", l->plugin, *m);
    ck_assert_str_eq(joined(d->self_names), l->self_names);
    ck_assert_msg(!!(d->flags & CORTEX_PLUGIN_BARE_CALLS_REACH_MEMBERS) == l->bare_calls_reach_members,
                  "%s: CORTEX_PLUGIN_BARE_CALLS_REACH_MEMBERS is %s", l->plugin,
                  l->bare_calls_reach_members ? "missing" : "set");
}
END_TEST

/* Each self name is the qualifier the extractor gives a call on it, and every
 * call in the sample (each on a self name) has a declared one. */
START_TEST(test_self_names_are_the_extracted_qualifiers)
{
    const language *l = &languages[_i];
    if (!l->sample) return;
    const cortex_language_plugin *p = loaded(l->plugin);
    const char *const *self_names = descriptor(l->plugin)->self_names;
    cortex_extractor *x;
    ck_assert_int_eq(cortex_extractor_new(&x, NULL), 0);
    char path[64];
    snprintf(path, sizeof path, "sample.%s", p->extensions[0] + 1);
    cortex_file_records r = {.path = path, .lang = p->name};
    ck_assert_int_eq(cortex_extractor_run(x, p, l->sample, strlen(l->sample), &r), 0);
    size_t calls = 0;
    for (size_t i = 0; i < r.nrefs; i++) {
        const cortex_reference *ref = &r.refs[i];
        if (strcmp(ref->kind, "call") != 0) continue;
        calls++;
        int declared = ref->qualifier && in_list(self_names, ref->qualifier);
        ck_assert_msg(declared, "%s: the call %s has qualifier %s, not a self name", l->plugin, ref->name,
                      ref->qualifier ? ref->qualifier : "(none)");
    }
    for (const char *const *s = self_names; *s; s++) {
        int seen = 0;
        for (size_t i = 0; i < r.nrefs; i++) seen |= r.refs[i].qualifier && strcmp(r.refs[i].qualifier, *s) == 0;
        ck_assert_msg(seen, "%s: no call in the sample has the qualifier %s", l->plugin, *s);
    }
    ck_assert_uint_gt(calls, 0);
    cortex_file_records_reset(&r);
    cortex_extractor_free(x);
}
END_TEST

/* Go's build constraints against the default build (linux/amd64, cgo, gc,
 * the release tags, no custom tags): the file's name and its header decide
 * which files are build variants, as go/build reads them. */
static const struct {
    const char *path, *source;
    int variant;
} go_files[] = {
    {"a.go", "package a\n", 0},
    {"a_windows.go", "package a\n", 1},
    {"a_linux.go", "package a\n", 0},
    {"a_windows_test.go", "package a\n", 1},
    {"a_linux_test.go", "package a\n", 0},
    {"a_darwin_arm64.go", "package a\n", 1},
    {"a_linux_amd64.go", "package a\n", 0},
    {"a_linux_arm64.go", "package a\n", 1},
    {"a_arm64.go", "package a\n", 1},
    {"a_unix.go", "package a\n", 0},  /* not a GOOS: no suffix */
    {"windows.go", "package a\n", 0}, /* the name alone is no suffix */
    {"x/_a.go", "package a\n", 1},
    {"a.go", "//go:build purego\n\npackage a\n", 1},
    {"a.go", "// Copyright\n\n//go:build !purego && !appengine\n// +build !purego,!appengine\n\npackage a\n", 0},
    {"a.go", "//go:build purego || appengine\n// +build purego appengine\n\npackage a\n", 1},
    {"a.go", "//go:build (linux || darwin) && cgo && unix && gc\n\npackage a\n", 0},
    {"a.go", "//go:build go1.13\n\npackage a\n", 0},
    {"a.go", "//go:build !go1.13\n\npackage a\n", 1},
    {"a.go", "//go:build ignore\n\npackage a\n", 1},
    {"a.go", "//go:build ((\n\npackage a\n", 0}, /* no proof: in the build */
    {"a.go", "/* license */\n//go:build purego\n\npackage a\n", 1},
    {"a.go", "package a\n\n//go:build purego\n", 0}, /* after the package clause: a comment */
    {"a.go", "// +build linux,amd64 windows\n\npackage a\n", 0},
    {"a.go", "// +build linux,386\n\npackage a\n", 1},
    {"a.go", "// +build go1.13\n// +build !linux\n\npackage a\n", 1},
    {"a.go", "// +build purego\npackage a\n", 0}, /* no blank line after: the package's doc */
};

START_TEST(test_go_build_constraints)
{
    cortex_file_variant_fn variant = loaded("go")->file_variant;
    ck_assert_ptr_nonnull(variant);
    for (size_t i = 0; i < sizeof go_files / sizeof *go_files; i++)
        ck_assert_msg(variant(go_files[i].path, go_files[i].source, strlen(go_files[i].source)) == go_files[i].variant,
                      "%s [%s]: want variant %d", go_files[i].path, go_files[i].source, go_files[i].variant);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("plugin_data");
    TCase *tc = tcase_create("plugins");
    tcase_add_unchecked_fixture(tc, load_plugins, free_plugins);
    tcase_set_timeout(tc, 60); /* compiles every built plugin's queries: seconds under ASan */
    tcase_add_test(tc, test_every_plugin_loads);
    tcase_add_loop_test(tc, test_plugin_declares_its_language, 0, (int)NLANGUAGES);
    tcase_add_loop_test(tc, test_self_names_are_the_extracted_qualifiers, 0, (int)NLANGUAGES);
    tcase_add_test(tc, test_go_build_constraints);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
