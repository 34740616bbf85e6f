static int scale(int x) { return x * 3; }

static int clamp(int x) { return x > 9 ? 9 : x; }

int vendor_api(int x) { return scale(clamp(x)); }
