/* struct point - a place on the plane. */
struct point {
	int x;
	int y;
} origin;

/**
 * struct inode - a file's metadata; the attribute after its body parses as a
 * variable, which must not take the struct in
 */
struct inode {
	long i_ino;
} __randomize_layout;

/* an anonymous aggregate's fields are its variable's */
static struct {
	int depth;
} config;
