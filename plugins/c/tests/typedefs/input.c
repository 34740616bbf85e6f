typedef unsigned long size_type;
typedef char *string;
typedef int (*compare_fn)(const void *a, const void *b);
typedef struct {
    int w, h;
} rect;
typedef enum { LOW, HIGH } level;
typedef char name_buf[32];

/* A function type with a parenthesized name. */
typedef void (irq_handler_fn)(int irq, void *data);
/* Returns a name for a subtype. */
typedef const char *(name_fn)(int subtype);
