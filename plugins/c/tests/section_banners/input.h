#ifndef SERVER_H
#define SERVER_H

/* db.c -- Keyspace access API */
int removeExpire(struct db *db, const char *key);
void deleteExpiredKey(struct db *db, const char *key);
long long getExpire(struct db *db, const char *key);

/* evict.c -- maxmemory handling and LRU eviction. */
void evictionPoolAlloc(void);
#define LFU_INIT_VAL 5
unsigned long LFUGetTimeInMinutes(void);

/* Returns the number of keys in the database. */
long long dbSize(struct db *db);
void dbClear(struct db *db);

/** Flushes every database: a doc comment, whatever follows it. */
void flushAll(void);
void flushAllAsync(void);
void flushAllSync(void);

/* startServer starts the event loop and never returns. */
void startServer(void);
void stopServer(void);
void restartServer(void);

#endif
