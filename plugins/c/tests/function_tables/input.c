#include "ops.h"

static int local_open(void) { return 0; }

static const struct file_ops ops = {
    .open = local_open,
    .llseek = generic_llseek,
    .release = NULL,
};

static int (*hooks[])(void) = { generic_hook, local_open };

void install(struct file_ops *o, int fd)
{
    o->open = local_open;
    register_hook(fd, generic_hook);
}
