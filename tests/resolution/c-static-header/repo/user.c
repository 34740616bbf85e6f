#include "inc/fast.h"

int user(int x) { return fast_abs(x); }
