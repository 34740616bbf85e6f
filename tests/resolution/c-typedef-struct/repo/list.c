#include "types.h"

int length(node *n)
{
    int k = 0;
    for (; n; n = n->next) k++;
    return k;
}

int sum(pair *p) { return p->a + p->b; }
