#define _POSIX_C_SOURCE 200809L
#include "step_times.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double cortex_step_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void cortex_step_done(const char *stage, const char *step, double *since)
{
    double now = cortex_step_clock();
    if (getenv("CORTEX_STEP_TIMES")) fprintf(stderr, "cortex: step %s: %s %.3f s\n", stage, step, now - *since);
    *since = now;
}
