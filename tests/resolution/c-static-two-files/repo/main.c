int scale(int x);

int main(void) { return scale(3) + clamp(4); }
