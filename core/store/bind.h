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

/* The kinds whose definitions have members (the record model's list), as an
 * SQL IN-list: a definition directly inside one is a member, reached through
 * a receiver or, where the language allows it, a bare call inside the type. */
#define CORTEX_STORE_TYPE_KINDS_SQL "(''" CORTEX_RECORD_TYPE_KINDS(CORTEX_STORE__KIND_SQL) ")"

/* Kinds that are namespaces: a definition directly inside one is named
 * through it (`Notes.normalize`, `search::run`) or, within it, bare. */
#define CORTEX_STORE_NAMESPACE_KINDS(X) X(module)
#define CORTEX_STORE_NAMESPACE_KINDS_SQL "(''" CORTEX_STORE_NAMESPACE_KINDS(CORTEX_STORE__KIND_SQL) ")"

/** Where a definition sits, by its parent's kind (definition_names.member):
 *  which references may name it by name alone. */
typedef enum cortex_store_place {
    CORTEX_STORE_PLACE_PLAIN = 0,     /* top level, or inside a function: a bare call names it */
    CORTEX_STORE_PLACE_MEMBER = 1,    /* directly inside a type: a call on a receiver */
    CORTEX_STORE_PLACE_NAMESPACED = 2 /* directly inside a namespace: either */
} cortex_store_place;

/** definition_names.member of the definitions with internal linkage
 *  (visibility "static": a C `static` function): counted apart, so they never
 *  make a name ambiguous or bind by name elsewhere; their own file binds them
 *  (scoped), a file that includes theirs through an include (import). */
#define CORTEX_STORE_FILE_LOCAL 3
#define CORTEX_STORE_FILE_LOCAL_SQL "3"
#define CORTEX_STORE_FILE_LOCAL_VISIBILITY "static"

/** definition_names.member of a definition: CORTEX_STORE_FILE_LOCAL for a
 *  definition of `visibility` "static", else its place (cortex_store_place_of). */
int cortex_store_name_member(const char *kind, const char *parent_kind, const char *visibility);

/** The place of a definition of `kind` whose parent has kind `parent_kind`
 *  (NULL: none). A method is a member wherever it is declared (Go's and
 *  C++'s methods may sit apart from their type). */
cortex_store_place cortex_store_place_of(const char *kind, const char *parent_kind);


/** Which definitions elsewhere in the repository a reference may name by
 *  name alone (refs.reach): a bare call one that is not a member of a type, a
 *  call on a receiver a member. (A bare call that reaches its own class's
 *  members finds them in its file; an inherited one needs the class
 *  hierarchy, not a name.) */
typedef enum cortex_store_reach {
    CORTEX_STORE_REACH_PLAIN = 0,
    CORTEX_STORE_REACH_MEMBER = 1
} cortex_store_reach;

/** The bindable kinds, NULL-terminated: the same list as the SQL one. */
extern const char *const cortex_store_bindable_kinds[];

/** Whether a definition of `kind` can be a reference's target. */
int cortex_store_bindable(const char *kind);

/** The last component of an imported name: after its last '.', "::", '/'
 *  or '\\' (`os.path.join`, `crate::util::helper`, `App\\Storage\\FileStore`,
 *  the Go package `github.com/spf13/pflag`).
 *  Borrowed: points into `name`. */
const char *cortex_store_last_component(const char *name);

/** The first component of a receiver: before its first '.', "::", "->" or
 *  '\\' (`os.path` -> `os`, `std::fs` -> `std`). Written into `out`
 *  (`size` bytes, truncated). */
void cortex_store_first_component(char *out, size_t size, const char *qualifier);

/** Adds the SQL functions last_component() and first_component() the import
 *  binding uses to a writing connection. 0 or a negative code with the message set. */
int cortex_store_bind_register(sqlite3 *db);

/** Recounts definition_names for the names in temp.touched_names (the ones
 *  whose definitions came or went). */
int cortex_store_bind_touched(sqlite3 *db);

/** Fills temp.rebind_files for an incremental commit (run after the import
 *  targets are resolved): from the files noted there (a changed surface, an
 *  import leading elsewhere), transitively the files that import one of them
 *  and the files of the same package where packages are directories; and the
 *  files written in `generation`. */
int cortex_store_bind_choose(sqlite3 *db, int64_t generation);

/** Binds the references marked 'import' to the definition their import
 *  names in its target file (run after the import targets are resolved),
 *  or one re-export further; references whose definition left are freed
 *  first. `all`: every such reference; otherwise those of the files in
 *  temp.rebind_files and those named in temp.touched_names. */
int cortex_store_bind_imports(sqlite3 *db, int all);

/** Binds, at commit, what needs the files beside a reference's own
 *  (bind_scope.c): a call on a receiver of known type to that type's member
 *  wherever the type is ('type'), and, in a language whose packages are
 *  directories, a bare name to the one definition of its directory
 *  ('scoped', or 'unresolved' when the package has none). `all`: every
 *  such reference; otherwise those of the files in temp.rebind_files and
 *  those whose name is in temp.touched_names (run before it is emptied). */
int cortex_store_bind_scopes(sqlite3 *db, int all);

/** Empties temp.touched_names, temp.left_symbols and temp.rebind_files, once
 *  every pass that reads them has run. */
int cortex_store_bind_done(sqlite3 *db);
/** Binds the bare references of the files that include others (imports whose
 *  alias is "*": every name of the target file comes in) to the one
 *  definition of their name in the files they include: a `static inline`
 *  function of a header, one of several definitions of a name repository-wide,
 *  a library name the file redefines through a header. Redone for the files of
 *  `generation`, the files including them and those bound through an include
 *  to a name whose definitions came or went; where files came or went
 *  (`paths_changed`), also those whose library names an include's prototype
 *  left to the name binding. */
int cortex_store_bind_includes(sqlite3 *db, int paths_changed, int64_t generation);

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
    unsigned char *holds_apart; /* per symbol: a member of it is declared outside its span */
    size_t holds_apart_cap;
} cortex_store_file_binder;

/** Readies the binder for `r` (borrowed until the next plan). */
void cortex_store_file_binder_plan(cortex_store_file_binder *b, const cortex_file_records *r);
/** How one reference of the file is bound as the file is written. */
typedef struct cortex_store_local_binding {
    int32_t target;         /* a symbol index of the file, or -1 */
    const char *resolution; /* "scoped", "import" (bound through the file's imports at commit),
                               "type" (a member of the receiver's declared type, here or at commit),
                               "unresolved" (a builtin: the language's, not the repository's),
                               or NULL: by name at commit, within `reach` */
    cortex_store_reach reach;
    const char *rtype; /* the receiver's type to bind by at commit: the reference's, or the enclosing
                          type's for a self call the file cannot bind (refs.rtype) */
    const char *fallback; /* what the reference is when the commit binds nothing (refs.fallback):
                             NULL (by name), "ambiguous", "unresolved" */
} cortex_store_local_binding;

/** Binds `ref` by its language's rules (the records' cortex_binding_rules):
 *  a bare call to a definition that is not a member (or, where bare calls
 *  reach members, one of a type that encloses the caller); a call on a self
 *  name to a member of a type that encloses the caller; a call on a type the
 *  file defines (`Point.new`, `Point::new`) to that type's member; a call
 *  on an import's name through the import; a builtin's name, undefined in
 *  the file, to nothing. */
void cortex_store_file_binder_bind(cortex_store_local_binding *out, const cortex_store_file_binder *b,
                                   const cortex_reference *ref);
void cortex_store_file_binder_dispose(cortex_store_file_binder *b);

#endif
