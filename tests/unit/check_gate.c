/* The service's turns (core/http/gate.c): no more calls than the width run
 * at once, the others go in arrival order, a waiter whose request is
 * cancelled leaves the line, and a call older than a turn stops holding a
 * place. Each caller is a thread; the test reads who got a turn from a log,
 * and who waits from the gate, polling both (no sleep decides anything). */
#define _GNU_SOURCE
#include "http/gate.h"

#include "check_run.h"

#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct caller {
    http_gate *gate;
    char name;
    atomic_int cancelled;
    atomic_int leave; /* set by the test: the caller gives its turn back */
    int rc;
    pthread_t thread;
} caller;

/* The order in which callers got their turn. */
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static char entered[16];
static size_t nentered;

static void *call(void *arg)
{
    caller *c = arg;
    unsigned slot;
    c->rc = http_gate_enter(c->gate, &c->cancelled, &slot);
    if (c->rc != 0) return NULL;
    pthread_mutex_lock(&log_lock);
    entered[nentered++] = c->name;
    pthread_mutex_unlock(&log_lock);
    while (!atomic_load(&c->leave)) usleep(1000);
    http_gate_leave(c->gate, slot);
    return NULL;
}

/* Waits (up to 10 s) until `want` calls wait. */
static int waiting_is(http_gate *g, unsigned want)
{
    for (int i = 0; i < 10000; i++) {
        if (http_gate_waiting(g) == want) return 1;
        usleep(1000);
    }
    return 0;
}

static const char *log_now(void)
{
    static char copy[17];
    pthread_mutex_lock(&log_lock);
    memcpy(copy, entered, nentered);
    copy[nentered] = '\0';
    pthread_mutex_unlock(&log_lock);
    return copy;
}

static int log_is(const char *want)
{
    for (int i = 0; i < 10000; i++) {
        if (strcmp(log_now(), want) == 0) return 1;
        usleep(1000);
    }
    return 0;
}

static void launch(caller *c, http_gate *g, char name)
{
    memset(c, 0, sizeof *c);
    c->gate = g;
    c->name = name;
    ck_assert_int_eq(pthread_create(&c->thread, NULL, call, c), 0);
}

/* Starts a caller and waits until it has its turn or is in line: `in_line`
 * callers wait after it. */
static void start(caller *c, http_gate *g, char name, unsigned in_line)
{
    launch(c, g, name);
    ck_assert(waiting_is(g, in_line));
}

/* The caller gives its turn back and ends. */
static void finish(caller *c)
{
    atomic_store(&c->leave, 1);
    pthread_join(c->thread, NULL);
}

static void reset_log(void)
{
    nentered = 0;
}

/* A turn no test call outlives, but in the test of turns. */
#define LONG_TURN 60.0

START_TEST(test_gate_lets_width_calls_run_and_the_rest_go_in_arrival_order)
{
    reset_log();
    http_gate *g = http_gate_new(2, LONG_TURN);
    caller a, b, c, d;
    start(&a, g, 'a', 0);
    ck_assert(log_is("a"));
    start(&b, g, 'b', 0);
    ck_assert(log_is("ab"));
    start(&c, g, 'c', 1);
    start(&d, g, 'd', 2);
    ck_assert_str_eq(log_now(), "ab");
    finish(&b);
    ck_assert(log_is("abc")); /* c came before d */
    ck_assert_uint_eq(http_gate_waiting(g), 1);
    finish(&a);
    ck_assert(log_is("abcd"));
    finish(&c);
    finish(&d);
    http_gate_free(g);
}
END_TEST

START_TEST(test_gate_a_cancelled_waiter_leaves_the_line)
{
    reset_log();
    http_gate *g = http_gate_new(1, LONG_TURN);
    caller a, b, c;
    start(&a, g, 'a', 0);
    ck_assert(log_is("a"));
    start(&b, g, 'b', 1);
    start(&c, g, 'c', 2);
    atomic_store(&b.cancelled, 1);
    pthread_join(b.thread, NULL); /* within its recheck, without a turn */
    ck_assert_int_eq(b.rc, -1);
    ck_assert_uint_eq(http_gate_waiting(g), 1);
    ck_assert_str_eq(log_now(), "a");
    finish(&a);
    ck_assert(log_is("ac"));
    finish(&c);
    ck_assert_int_eq(c.rc, 0);
    http_gate_free(g);
}
END_TEST

START_TEST(test_gate_a_long_call_stops_holding_a_place)
{
    reset_log();
    http_gate *g = http_gate_new(1, 0.05);
    caller a, b;
    start(&a, g, 'a', 0);
    ck_assert(log_is("a"));
    launch(&b, g, 'b');
    /* a never leaves: b goes once a has run longer than a turn */
    ck_assert(log_is("ab"));
    ck_assert(!atomic_load(&a.leave));
    finish(&a);
    finish(&b);
    http_gate_free(g);
}
END_TEST

START_TEST(test_gate_none_lets_every_call_run)
{
    unsigned slot = 7;
    ck_assert_int_eq(http_gate_enter(NULL, NULL, &slot), 0);
    ck_assert_uint_eq(slot, 0);
    http_gate_leave(NULL, slot);
    ck_assert_uint_eq(http_gate_waiting(NULL), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gate");
    TCase *tc = tcase_create("gate");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_gate_lets_width_calls_run_and_the_rest_go_in_arrival_order);
    tcase_add_test(tc, test_gate_a_cancelled_waiter_leaves_the_line);
    tcase_add_test(tc, test_gate_a_long_call_stops_holding_a_place);
    tcase_add_test(tc, test_gate_none_lets_every_call_run);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}
