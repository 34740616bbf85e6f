typedef struct point *point_ref;
typedef struct node node;
typedef size_type count_type;
typedef void (*visit_fn)(struct node *n, count_type depth);
