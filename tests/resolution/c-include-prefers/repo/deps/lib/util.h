#define MIN(a, b) ((b) < (a) ? (b) : (a))
