typedef struct list {
    struct list *next;
    int value;
} list_t;

typedef enum mode { MODE_READ, MODE_WRITE } mode_t;
