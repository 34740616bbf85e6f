#include <string.h>
#include <strings.h>

int equal(const char *a, const char *b) { return strcasecmp(a, b) == 0; }

void copy(char *d, const char *s) { memcpy(d, s, 4); }
