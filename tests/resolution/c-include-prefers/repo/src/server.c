#include "util.h"

int smaller(int a, int b) { return MIN(a, b); }
