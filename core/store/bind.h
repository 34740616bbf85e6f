/*
 * Reference binding: which definition a reference names. As a file is
 * written its references are bound within the file (scoped) or marked as
 * brought in by an import; at commit the imports are bound to the
 * definitions in their target files and every other reference by a unique
 * name within its language (definition_names, read through the ref_bindings
 * view). The kinds a reference can bind to are listed once, here, for the
 * binder and for the graph code that reads the bindings.
 */
#ifndef CORTEX_STORE_BIND_H
#define CORTEX_STORE_BIND_H

#include "../record/records.h"

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

/* Kinds a reference can be bound to. Prototypes are left out so a function
 * declared in a header and defined once still has a unique definition; impl
 * blocks too, so `Point` names the struct, not also each `impl Point`. */
#define CORTEX_STORE_BINDABLE_KINDS(X) \
    X(function) X(method) X(macro) X(class) X(struct) X(interface) X(enum) X(type) X(union) X(trait) X(module)
#define CORTEX_STORE__KIND_STRING(kind) #kind,
#define CORTEX_STORE__KIND_SQL(kind) ",'" #kind "'"
/** The bindable kinds as an SQL IN-list: ('' ,'function', ...). The empty
 *  kind, which no symbol has, carries the first comma. */
#define CORTEX_STORE_BINDABLE_KINDS_SQL "(''" CORTEX_STORE_BINDABLE_KINDS(CORTEX_STORE__KIND_SQL) ")"

/** The bindable kinds, NULL-terminated: the same list as the SQL one. */
extern const char *const cortex_store_bindable_kinds[];

/** Whether a definition of `kind` can be a reference's target. */
int cortex_store_bindable(const char *kind);

/** The last component of an imported name: after its last '.', "::" or '\\'
 *  (`os.path.join`, `crate::util::helper`, `App\\Storage\\FileStore`).
 *  Borrowed: points into `name`. */
const char *cortex_store_last_component(const char *name);

/** Adds the SQL function last_component() the import binding uses to a
 *  writing connection. 0 or a negative code with the message set. */
int cortex_store_bind_register(sqlite3 *db);

/** Recounts definition_names for the names in temp.touched_names (the ones
 *  whose definitions came or went) and empties that table. */
int cortex_store_bind_touched(sqlite3 *db);

/** Binds the references marked 'import' to the definition their import
 *  names in its target file (run after the import targets are resolved);
 *  references whose definition left are freed first. */
int cortex_store_bind_imports(sqlite3 *db);

/** One file's binding in C, as its references are written: its bindable
 *  symbols sorted by name (then line) and the names its imports bring in.
 *  Scratch reused from file to file; zero-initialise, dispose with
 *  cortex_store_file_binder_dispose(). */
typedef struct cortex_store_file_binder {
    const cortex_file_records *records;
    uint32_t *bindable; /* symbol indexes, sorted by name then line */
    size_t nbindable, bindable_cap;
    const char **import_keys; /* sorted; borrowed from the records */
    size_t nimport_keys, import_keys_cap;
} cortex_store_file_binder;

/** Readies the binder for `r` (borrowed until the next plan). */
void cortex_store_file_binder_plan(cortex_store_file_binder *b, const cortex_file_records *r);
/** The file's first definition (by line) named `name`, as a symbol index, or -1. */
int32_t cortex_store_file_binder_scoped(const cortex_store_file_binder *b, const char *name);
/** Whether one of the file's imports brings `name` in. */
int cortex_store_file_binder_imported(const cortex_store_file_binder *b, const char *name);
void cortex_store_file_binder_dispose(cortex_store_file_binder *b);

#endif
