int table[16];
char *names[] = {"alpha", "beta"};
const char *greeting = "hello, world";
static int hidden = 1;
struct point origin = {0, 0};
unsigned long total, *cursor;
int a = 1, b = 2;
static const char *const modes[] = {"r", "w"};
struct entry *slots[8];
char **argv_copy = 0;
volatile int ticks;

void run(void)
{
    int local = 0;
    char *buf = 0;
    static int count;
    struct point p;
    int grid[2][2];
    local = count + ticks;
}
