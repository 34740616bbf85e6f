#include "ae.h"

struct file_ops {
    int (*open)(int fd);
    int (*close)(int fd);
};

static int foo_open(int fd) { return fd; }
static int foo_close(int fd) { return fd; }

static const struct file_ops foo_ops = {
    .open = foo_open,
    .close = foo_close,
};

int serverCron(long long id, void *data) { return 100; }

void init(void) {
    int period = 1;
    aeCreateTimeEvent(period, serverCron, 0);
    serverCron(0, 0);
}
