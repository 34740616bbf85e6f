static int twice(int x) { return x + x; }

static int helper(int x) { return twice(x); }

int vendor_api(int x) { return helper(x); }
