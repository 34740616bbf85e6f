void *memcpy(void *d, const void *s, unsigned long n);
