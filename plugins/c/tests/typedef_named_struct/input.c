typedef struct list {
    struct list *next;
    int value;
} list_t;

typedef enum mode { MODE_READ, MODE_WRITE } mode_t;

typedef struct db {
    int id;
} db;

typedef union value { int i; double d; } value;

typedef enum level { LOW, HIGH } level;

typedef struct db *db_ref;
