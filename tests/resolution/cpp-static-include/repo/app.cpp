#include "util.hpp"

int helper(int x) { return x; }

int run(int x) { return twice(helper(x)); }
