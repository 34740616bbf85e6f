#include "util.h"

int lib_smaller(int a, int b) { return MIN(a, b); }
