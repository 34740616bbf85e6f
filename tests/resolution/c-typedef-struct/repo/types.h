typedef struct node {
    struct node *next;
    int value;
} node;

typedef struct pair pair;
struct pair {
    int a, b;
};
