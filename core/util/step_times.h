/*
 * The time each step of a long serial stage takes, on stderr, when
 * CORTEX_STEP_TIMES is set in the environment: how benches/ split a cold
 * index's commit (docs/benchmarks.md) without a patched build. Each line is
 * "cortex: step <stage>: <step> <seconds> s"; nothing is printed otherwise.
 */
#ifndef CORTEX_UTIL_STEP_TIMES_H
#define CORTEX_UTIL_STEP_TIMES_H

/** Seconds on the monotonic clock, as the stage's start or a step's end. */
double cortex_step_clock(void);

/** Prints the step that ended now, timed from `*since`, and restarts `*since`. */
void cortex_step_done(const char *stage, const char *step, double *since);

#endif
