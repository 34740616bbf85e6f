#define MAX_LEN 256
#define EMPTY
#define SQUARE(x) ((x) * (x))
#define LOG(fmt, ...) fprintf(stderr, fmt, __VA_ARGS__)
#define NOARGS() do_nothing()
#define CHECK(cond, msg) \
    do { \
        if (!(cond)) fail(msg); \
    } while (0)

#ifndef GUARD_H
#define GUARD_H
#endif

#undef EMPTY

int area(int side)
{
    return SQUARE(side);
}
