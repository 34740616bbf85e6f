int add(int a, int b);
char *dup_name(const char *name);
static void helper(void);
struct buf *buf_new(size_t size);

int add(int a, int b)
{
    return a + b;
}

char *dup_name(const char *name)
{
    return copy_string(name);
}

char **split(char *s, char sep)
{
    return 0;
}

static void helper(void)
{
    int local = add(1, 2);
    static int calls;
    calls += local;
}

static inline int square(int x) { return x * x; }

const char *version(void) { return "1.0"; }

unsigned long long
multiline_signature(int first,
                    int second)
{
    return first + second;
}
