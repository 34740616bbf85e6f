// Parses the ledger file.
//
// Returns -1 on bad input.
int parse(const char *path);
