/* A harness's scratch directory: under $TMPDIR, which fuzz/run.sh points at
 * a directory it removes when the run ends. */
#ifndef CORTEX_FUZZ_SCRATCH_H
#define CORTEX_FUZZ_SCRATCH_H

#include <stdio.h>
#include <stdlib.h>

static inline void fuzz_scratch_dir(char *buf, size_t size, const char *name)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(buf, size, "%s/%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", name);
    if (!mkdtemp(buf)) abort();
}

#endif
