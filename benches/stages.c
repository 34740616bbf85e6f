/*
 * Splits the cost of `cortex index` by stage: the real pipeline
 * (cortex_index_run) with a chosen list of sinks, none included, so that
 * "extract only", "+ jsonl" and "+ sqlite" can be timed apart.
 */
#define _XOPEN_SOURCE 700
#include "index/pipeline.h"
#include "plugin/loader.h"
#include "util/error.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_SINKS 8

int main(int argc, char **argv)
{
    if (argc < 3 || argc - 3 > MAX_SINKS || argv[1][0] == '-') {
        fprintf(stderr, "usage: cortex-stages DIR OUTDIR [SINK...]\n\n"
                        "Runs the indexing pipeline on DIR into OUTDIR with only the named sinks\n"
                        "(none: walk, read and extract only) and prints: files=N bytes=N seconds=S\n");
        return 2;
    }
    const char *sinks[MAX_SINKS + 1] = {0};
    for (int i = 3; i < argc; i++) sinks[i - 3] = argv[i];

    char *search = cortex_plugin_default_search_path();
    cortex_plugin_set *plugins;
    cortex_plugin_set_load(&plugins, search);
    free(search);

    cortex_index_options opts = {0};
    opts.root = argv[1];
    opts.data_dir = argv[2];
    opts.threads = 1; /* as the floor it is compared with (benches/engine.sh measures 2) */
    opts.sinks = sinks;
    cortex_index_report rep;
    int rc = cortex_index_run(&rep, plugins, &opts);
    if (rc != 0) fprintf(stderr, "cortex-stages: %s\n", cortex_error_last());
    else
        printf("files=%llu bytes=%llu seconds=%.3f symbols=%llu refs=%llu texts=%llu\n", (unsigned long long)rep.files,
               (unsigned long long)rep.bytes, rep.seconds, (unsigned long long)rep.symbols,
               (unsigned long long)rep.refs, (unsigned long long)rep.texts);
    cortex_index_report_dispose(&rep);
    cortex_plugin_set_free(plugins);
    return rc == 0 ? 0 : 1;
}
