#include "compat.h"

int port_equal(const char *a, const char *b) { return strcasecmp(a, b) == 0; }
