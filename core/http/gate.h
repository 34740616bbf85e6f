/*
 * The service's calls take turns (gate.c): at most `width` run at once, the
 * others wait in arrival order. Thirty-two calls sharing two cores each take
 * sixteen times their own time, a heavy one sixteen times more than a light
 * one; in turns a light call waits only for the calls ahead of it. A call
 * that has run longer than a turn stops counting against the width, so a
 * long analysis slows the queue no more than an extra running call would.
 * The service's turn is HTTP_GATE_TURN_SECONDS.
 */
#ifndef CORTEX_HTTP_GATE_H
#define CORTEX_HTTP_GATE_H

#include <stdatomic.h>

typedef struct http_gate http_gate;

#define HTTP_GATE_TURN_SECONDS 0.1

/** A gate letting `width` calls (at least one) run at once; a call running
 *  longer than `turn_seconds` no longer counts against the width. */
http_gate *http_gate_new(unsigned width, double turn_seconds);
void http_gate_free(http_gate *g);

/** Waits for the caller's turn: 0 once it may run (then http_gate_leave()
 *  with `*slot`), or -1 when `cancelled` (may be NULL) became non-zero while
 *  it waited. A NULL gate lets every call run at once. */
int http_gate_enter(http_gate *g, const atomic_int *cancelled, unsigned *slot);
void http_gate_leave(http_gate *g, unsigned slot);
/** How many calls wait for their turn now. */
unsigned http_gate_waiting(http_gate *g);

#endif
