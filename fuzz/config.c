/*
 * Fuzz target: the YAML configuration loader. The input is written as a
 * repository's `.cortex/config.yml` and loaded the way every command loads
 * it; a refusal must carry a message.
 */
#define _GNU_SOURCE
#include "scratch.h"
#include "config/config.h"
#include "util/error.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[256];
static char file[128];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_scratch_dir(root, sizeof root, "cortex-fuzz-config");
    char dir[96];
    snprintf(dir, sizeof dir, "%s/.cortex", root);
    if (mkdir(dir, 0700) != 0) abort();
    snprintf(file, sizeof file, "%s/config.yml", dir);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(file, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) abort();
    cortex_config c;
    if (cortex_config_load(&c, root) == 0) {
        cortex_config_pipeline(&c, NULL);
        json_decref(cortex_config_json(&c));
        cortex_config_dispose(&c);
    } else if (!cortex_error_last() || !*cortex_error_last()) {
        abort();
    }
    return 0;
}
