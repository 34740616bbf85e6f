static int clamp(int x) { return x < 0 ? 0 : x; }

int scale(int x) { return clamp(x) * 2; }
