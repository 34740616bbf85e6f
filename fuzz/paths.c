/*
 * Fuzz target: path confinement. The input is a path an agent might pass;
 * it is resolved against a repository whose links lead inside and out
 * (relative, absolute, through directories, into a sibling sharing the
 * root's name as a prefix), and opened beneath the root both as given and as
 * resolved. The invariant, not only the absence of a crash: nothing that
 * resolves or opens outside the root is ever returned.
 */
#define _GNU_SOURCE
#include "scratch.h"
#include "tools/paths.h"
#include "util/beneath.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char base[256];
static char root[PATH_MAX];

static void put(const char *rel, const char *text)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/%s", base, rel);
    FILE *f = fopen(p, "w");
    if (!f) abort();
    fputs(text, f);
    fclose(f);
}

static void dir(const char *rel)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/%s", base, rel);
    if (mkdir(p, 0700) != 0) abort();
}

static void link_to(const char *target, const char *rel)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/%s", base, rel);
    if (symlink(target, p) != 0) abort();
}

static int inside(const char *real)
{
    size_t n = strlen(root);
    return strncmp(real, root, n) == 0 && (real[n] == '\0' || real[n] == '/');
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_scratch_dir(base, sizeof base, "cortex-fuzz-paths");
    dir("repo");
    dir("repo/sub");
    dir("repo/sub/deeper");
    dir("outside");
    dir("repox"); /* shares the root's name as a prefix */
    put("repo/a.txt", "inside\n");
    put("repo/sub/b.txt", "inside\n");
    put("repo/sub/deeper/c.txt", "inside\n");
    put("outside/secret.txt", "outside\n");
    put("repox/secret.txt", "outside\n");
    link_to("a.txt", "repo/in_link");
    link_to("sub", "repo/dir_link");
    link_to("../outside/secret.txt", "repo/out_link");
    link_to("../outside", "repo/out_dir");
    link_to("../../repox", "repo/sub/prefix_dir");
    link_to("../../../outside/secret.txt", "repo/sub/deeper/up_link");
    link_to("loop", "repo/loop");
    char abs[PATH_MAX];
    snprintf(abs, sizeof abs, "%s/outside/secret.txt", base);
    link_to(abs, "repo/abs_out");
    snprintf(abs, sizeof abs, "%s/repo/fifo", base);
    if (mkfifo(abs, 0600) != 0) abort();
    snprintf(abs, sizeof abs, "%s/repo", base);
    if (!realpath(abs, root)) abort();
    return 0;
}

/* The longest existing prefix of root/rel, resolved, must be inside the root. */
static void check_resolved(const char *rel)
{
    if (rel[0] == '/') abort();
    for (const char *c = rel; *c; c += strcspn(c, "/"), c += *c == '/') {
        size_t n = strcspn(c, "/");
        if (n == 2 && c[0] == '.' && c[1] == '.') abort();
    }
    char full[PATH_MAX * 2], real[PATH_MAX];
    int n = snprintf(full, sizeof full, "%s/%s", root, rel);
    if (n < 0 || (size_t)n >= sizeof full) return;
    for (;;) {
        if (realpath(full, real)) {
            if (!inside(real)) {
                fprintf(stderr, "fuzz_paths: \"%s\" resolved to %s, outside %s\n", rel, real, root);
                abort();
            }
            return;
        }
        char *slash = strrchr(full, '/');
        if (!slash || (size_t)(slash - full) <= strlen(root)) return;
        *slash = '\0';
    }
}

static void check_open(const char *rel)
{
    int fd = cortex_open_beneath(root, rel);
    if (fd < 0) return;
    char proc[64], real[PATH_MAX];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(proc, real, sizeof real - 1);
    struct stat st;
    if (n <= 0 || fstat(fd, &st) != 0) abort();
    real[n] = '\0';
    if (!inside(real) || !S_ISREG(st.st_mode)) {
        fprintf(stderr, "fuzz_paths: \"%s\" opened %s, outside %s or not a regular file\n", rel, real, root);
        abort();
    }
    close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *arg = strndup((const char *)data, size); /* an argument ends at its first NUL */
    char out[PATH_MAX];
    if (cortex_path_resolve(root, arg, out, sizeof out) == 0) {
        check_resolved(out);
        check_open(out);
    }
    check_open(arg);
    free(arg);
    return 0;
}
