/* The running build's identity (build_id.h): a hash of the executable, since
 * a version number stays the same across the builds of a working tree. */
#define _GNU_SOURCE /* O_CLOEXEC */
#include "build_id.h"

#include "version.h" /* generated from core/util/version.h.in */

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
#include <xxhash.h>

static char build_id[24] = CORTEX_VERSION;
static pthread_once_t found = PTHREAD_ONCE_INIT;

static void find_build_id(void)
{
    int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    XXH3_state_t *h = XXH3_createState();
    XXH3_64bits_reset(h);
    char buf[1 << 16];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0) XXH3_64bits_update(h, buf, (size_t)n);
    if (n == 0) snprintf(build_id, sizeof build_id, "%016llx", (unsigned long long)XXH3_64bits_digest(h));
    XXH3_freeState(h);
    close(fd);
}

const char *cortex_build_id(void)
{
    pthread_once(&found, find_build_id);
    return build_id;
}
