#include "buf.h"

int buf_copy(struct buf *p, const char *src)
{
    int n = p->ops->copy(p, src);
    p->len += n;
    log_event(p->name);
    return obj.method(n);
}

static void reset(struct buf *p)
{
    p->ops->reset(p)->done(p);
    memset(p, 0, sizeof(*p));
    if (check(p))
        report(format(p->name));
}

void tick(void)
{
    reset(0);
    for (int i = 0; i < count(); i++)
        step(i);
}
