int grid[4][4];
int **matrix;
int (*handler)(int);
void (*handlers[4])(void);
char *(*getter)(void);

struct shapes {
    int m[2][2];
    int *ptrs[3];
    char *(*get)(void);
    int (*table[4])(int);
};

void (*signal(int sig, void (*func)(int)))(int);

int (*pick(int k))(int)
{
    return 0;
}
