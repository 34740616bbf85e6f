int guess(int a, int b) { return MIN(a, b); }
