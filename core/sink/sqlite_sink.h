/*
 * What the SQLite sink tells beyond the sink interface: how its last commit
 * built the full-text tables, so tests can prove the side build ran.
 */
#ifndef CORTEX_SINK_SQLITE_SINK_H
#define CORTEX_SINK_SQLITE_SINK_H

/** Whether the last commit of the sqlite sink `self` built its full-text
 *  tables beside the store (fts_side.h: spooled, built on a thread of their
 *  own, copied in) rather than in the store alone. */
int cortex_sink_sqlite__fts_beside(const void *self);
/** How many of those tables the side thread built (the others the sink took
 *  back, done with its own work first); 0 when not built beside. */
unsigned cortex_sink_sqlite__side_tables(const void *self);

#endif
