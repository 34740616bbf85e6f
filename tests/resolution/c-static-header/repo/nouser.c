int nouser(int x) { return fast_abs(x); }
