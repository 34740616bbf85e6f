struct fwd;

struct point {
    int x, y;
    char *label;
    char **tags;
    struct point *next;
    int coords[3];
    unsigned visible : 1;
    void (*draw)(struct point *p);
    union {
        int i;
        float f;
    } value;
};

union number {
    long l;
    double d;
};

enum color {
    RED,
    GREEN = 2,
    BLUE
};

enum { ANON_A, ANON_B };

struct point make_point(int x, int y);
