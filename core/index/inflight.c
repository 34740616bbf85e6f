/* The shared record of files being extracted, and the fatal-signal handlers
 * that name the thread they hit. */
#define _GNU_SOURCE
#include "inflight.h"

#include "../util/error.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static cortex_inflight *shared; /* the indexing process's mapping, or NULL */
static atomic_int next_slot;
static __thread int my_slot = -1;
static pthread_key_t altstack_key;
static pthread_once_t altstack_once = PTHREAD_ONCE_INIT;

int64_t cortex_inflight_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int cortex_inflight_create(cortex_inflight **out, int *fd)
{
    *out = NULL;
    *fd = memfd_create("cortex-inflight", 0);
    if (*fd < 0) return cortex_error_set(CORTEX_EIO, "memfd_create: %s", strerror(errno));
    if (ftruncate(*fd, sizeof(cortex_inflight)) != 0) {
        close(*fd);
        return cortex_error_set(CORTEX_EIO, "ftruncate: %s", strerror(errno));
    }
    void *m = mmap(NULL, sizeof(cortex_inflight), PROT_READ | PROT_WRITE, MAP_SHARED, *fd, 0);
    if (m == MAP_FAILED) {
        close(*fd);
        return cortex_error_set(CORTEX_EIO, "mmap: %s", strerror(errno));
    }
    *out = m;
    atomic_store(&(*out)->crashed_slot, -1);
    return 0;
}

void cortex_inflight_destroy(cortex_inflight *f, int fd)
{
    if (f) munmap(f, sizeof *f);
    if (fd >= 0) close(fd);
}

/* Async-signal-safe: two stores, then the default action runs again. */
static void on_fatal(int sig)
{
    if (shared && my_slot >= 0 && atomic_load(&shared->slots[my_slot].started_ns) != 0) {
        int none = -1;
        if (atomic_compare_exchange_strong(&shared->crashed_slot, &none, my_slot))
            atomic_store(&shared->crash_signal, sig);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void free_altstack(void *stack)
{
    stack_t off = {.ss_flags = SS_DISABLE};
    sigaltstack(&off, NULL);
    free(stack);
}

static void make_key(void)
{
    pthread_key_create(&altstack_key, free_altstack);
}

/* A stack of the thread's own for the handler: a grammar that recursed too
 * deep has used up the normal one. */
static void give_altstack(void)
{
    pthread_once(&altstack_once, make_key);
    size_t size = 64 * 1024;
    stack_t st = {.ss_sp = malloc(size), .ss_size = size};
    if (!st.ss_sp) return;
    if (sigaltstack(&st, NULL) != 0) {
        free(st.ss_sp);
        return;
    }
    pthread_setspecific(altstack_key, st.ss_sp);
}

int cortex_inflight_attach(int fd)
{
    void *m = mmap(NULL, sizeof(cortex_inflight), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (m == MAP_FAILED) return cortex_error_set(CORTEX_EIO, "mmap: %s", strerror(errno));
    shared = m;
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal;
    sa.sa_flags = SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) sigaction(fatal[i], &sa, NULL);
    return 0;
}

void cortex_inflight_begin(const char *path)
{
    if (!shared) return;
    if (my_slot < 0) {
        my_slot = atomic_fetch_add(&next_slot, 1) % CORTEX_INFLIGHT_SLOTS;
        give_altstack();
    }
    cortex_inflight_slot *s = &shared->slots[my_slot];
    size_t n = strnlen(path, sizeof s->path - 1);
    memcpy(s->path, path, n);
    s->path[n] = '\0';
    atomic_store(&s->started_ns, cortex_inflight_now_ns());
}

void cortex_inflight_end(void)
{
    if (shared && my_slot >= 0) atomic_store(&shared->slots[my_slot].started_ns, 0);
}
