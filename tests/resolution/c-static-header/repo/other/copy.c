static int fast_abs(int x) { return x >= 0 ? x : -x; }

int copy_abs(int x) { return fast_abs(x); }
