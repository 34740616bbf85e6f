/*
 * cortex plugin SDK: the one public header a language plugin includes.
 *
 * A plugin is a shared object that exports exactly one function,
 * cortex_plugin_v1(), returning a pointer to a static cortex_plugin
 * descriptor. The descriptor is data: the grammar, the query texts that find
 * definitions, references, imports and texts, and optional hooks. Everything
 * it points to must stay valid until the plugin is unloaded; the core copies
 * whatever must outlive it and never frees plugin memory.
 *
 * Compatibility rules (SQLite's sqlite3_api_routines, tree-sitter's language
 * versions): fields are only ever appended, each with the ABI version that
 * added it. A plugin sets abi_version to CORTEX_PLUGIN_ABI_VERSION and
 * struct_size to sizeof(cortex_plugin) as it saw them when built; the core
 * accepts any abi_version in [CORTEX_PLUGIN_ABI_MIN_COMPATIBLE,
 * CORTEX_PLUGIN_ABI_VERSION] and reads a field only when the plugin's
 * abi_version is at least the field's CORTEX_PLUGIN_ABI_WITH_* constant (as
 * tree-sitter gates by LANGUAGE_VERSION_WITH_*) and struct_size covers it. A
 * field an older plugin cannot have gets the default its comment names: what
 * the core did before the field existed.
 *
 * This header compiles as C99 (-pedantic) and as C++.
 */
#ifndef CORTEX_PLUGIN_H
#define CORTEX_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Versions ---------------------------------------------------------- */

/** The plugin ABI this header describes. */
#define CORTEX_PLUGIN_ABI_VERSION 2
/** The oldest plugin ABI a core built from this header still loads. */
#define CORTEX_PLUGIN_ABI_MIN_COMPATIBLE 1

/* The ABI that added each field after the first ones. */
#define CORTEX_PLUGIN_ABI_WITH_EMBEDDED_REGIONS 1 /* appended in ABI 1: also gated by struct_size */
#define CORTEX_PLUGIN_ABI_WITH_LINE_COMMENT 2
#define CORTEX_PLUGIN_ABI_WITH_FLAGS 2
#define CORTEX_PLUGIN_ABI_WITH_LEADING_NODE_TYPES 2
#define CORTEX_PLUGIN_ABI_WITH_WRAPPER_NODE_TYPES 2
#define CORTEX_PLUGIN_ABI_WITH_KIND_WORDS 2
#define CORTEX_PLUGIN_ABI_WITH_SELF_NAMES 2
#define CORTEX_PLUGIN_ABI_WITH_BUILTINS 2
#define CORTEX_PLUGIN_ABI_WITH_BUILTIN_MEMBERS 2
#define CORTEX_PLUGIN_ABI_WITH_FILE_VARIANT 2 /* appended in ABI 2: also gated by struct_size */

/** The name of the one symbol a plugin exports. */
#define CORTEX_PLUGIN_ENTRY "cortex_plugin_v1"

#if defined(_WIN32)
#define CORTEX_PLUGIN_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define CORTEX_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define CORTEX_PLUGIN_EXPORT
#endif

/* A tree-sitter grammar. Declared without a typedef so this header can sit
 * beside tree_sitter/api.h or parser.h in one C99 translation unit. */
struct TSLanguage;

/* ---- Queries ----------------------------------------------------------- */

/**
 * One tree-sitter query. Capture names say what a match means:
 *
 *   @definition.<kind>   a definition; the node's span is the symbol's range
 *   @name                the name of the definition, reference or import
 *   @body                the body: the signature is the text before it
 *   @doc                 a docstring; attached to the definition in the same
 *                        match, else to the innermost enclosing definition
 *   @reference.<kind>    a use: call, type, instantiation, ...
 *   @qualifier           the receiver of a call (`self.ledger` in
 *                        `self.ledger.add()`)
 *   @import              an import statement; @name is what it imports
 *   @import.module       the module an item is imported from (`x` in
 *                        `from x import y`); joined to @name with a dot
 *   @import.alias        the local alias (`z` in `import y as z`)
 *   @text.<kind>         prose: comment, string, sample, docstring
 *   @text.language       the language of a sample (a fenced code block)
 *   @visibility          text taken as the symbol's visibility
 *   @visibility.section  a marker (C++ `private:`, Ruby's bare `private`)
 *                        whose text is the visibility of the definitions
 *                        after it in the same body, until the next marker
 *   @receiver            the type a method declared outside it belongs to
 *                        (Go's `func (s *Server) Start()`): the method is
 *                        named `Server.Start`, and is the child of `Server`
 *                        when that type is defined in the same file
 *   @_anything           a helper capture for predicates; ignored
 *
 * Predicates evaluated by the core: #eq?, #not-eq?, #match?, #not-match?
 * (POSIX extended regular expressions), #any-of?, #not-any-of?.
 * Directives (write them inside the pattern's parentheses):
 *   (#set! origin "system")     labels an import's origin
 *   (#set! visibility "private") labels a definition's visibility
 *   (#set! level "2")           makes the definition an outline entry
 *                               (a heading): it extends to the next entry of
 *                               the same or a lower level, or the file's end
 *   (#set! separator "::")      joins @import.module and @name with this
 *                               instead of "." (Rust's `use a::b::{c}`)
 *   (#set! container "no")      the definition encloses no other one (a C
 *                               typedef: the struct it names is file-level)
 *   (#strip! @name "regex")     removes the regex's first match from the
 *                               capture's text (closing `##` of a heading)
 *
 * A definition whose @body lies beyond its node (a macro call followed by a
 * block) extends to the end of the body.
 *
 * When several patterns capture the same node as a definition, the first
 * pattern (in query order) wins.
 */
typedef struct cortex_query {
    const char *name;   /**< for messages: "tags", "calls", "texts" */
    const char *source; /**< the query text, NUL-terminated */
} cortex_query;

/* ---- Hooks ------------------------------------------------------------- */

/** What the core knows about a definition when it asks a plugin to refine it. */
typedef struct cortex_symbol_view {
    const char *name;        /**< short name, not NUL-terminated */
    size_t name_len;
    const char *kind;        /**< kind after the core's own rules */
    const char *parent_kind; /**< kind of the enclosing definition, or NULL */
    const char *source;      /**< the definition's source text, not NUL-terminated */
    size_t source_len;
} cortex_symbol_view;

/**
 * Optional: refine a definition. May point *kind at another kind and
 * *visibility at a visibility ("public", "private", "protected", ...).
 * Both must point to static strings; leave them untouched to keep them.
 */
typedef void (*cortex_refine_symbol_fn)(const cortex_symbol_view *view,
                                        const char **kind,
                                        const char **visibility);

/** Receives one candidate file for an import: a repository-relative path, in
 *  order of preference. A path starting with "*" + "/" matches any indexed
 *  file whose path ends with the rest, when exactly one does. */
typedef void (*cortex_path_fn)(const char *path, void *payload);

/**
 * Optional: the files an import may refer to. `importer` is the importing
 * file's repository-relative path, `name` and `origin` the import as its
 * query recorded them (origin may be NULL). Call `emit` for each candidate;
 * the first one that is an indexed file becomes the import's target, so a
 * file-dependency graph needs no language knowledge in the core.
 */
typedef void (*cortex_import_paths_fn)(const char *importer, const char *name, const char *origin,
                                       cortex_path_fn emit, void *payload);

/** Receives one region of a file written in another language: the name of
 *  the plugin that parses it ("javascript", "typescript") and its bytes
 *  [start, end) in the file. */
typedef void (*cortex_region_fn)(const char *language, uint32_t start, uint32_t end, void *payload);

/**
 * Optional: the regions of a file that other plugins parse (a .vue file's
 * <script> blocks, an Astro component's `---` front matter). The core parses
 * each region with the named plugin's grammar and runs that plugin's queries
 * (and hooks) on it; lines and columns stay those of the whole file. A plugin
 * with this hook needs no grammar of its own (`language` may be NULL); when it
 * has one, the regions replace it. Regions must be in order and not overlap.
 */
typedef void (*cortex_embedded_regions_fn)(const char *path, const char *source, size_t len, cortex_region_fn emit,
                                           void *payload);

/**
 * Optional: whether a file is a build variant, one the language's default
 * build leaves out (Go's build constraints: `//go:build purego`, a
 * `_windows.go` file on the default linux/amd64 build). 1: a variant; 0: in
 * the default build. Where a name has definitions both in files of the
 * default build and in variants of one package, a reference binds to the
 * default build's; where all of them are variants, nothing changes.
 * `path` is repository-relative, `source` the file's bytes.
 */
typedef int (*cortex_file_variant_fn)(const char *path, const char *source, size_t len);

/* ---- What the core assumes of every grammar ----------------------------- */

/*
 * A few conventions hold for every plugin; nothing declares them:
 *
 *  - Where a definition starts. A parent that holds the definition in a field
 *    named `definition` or `declaration` (a decorated definition, an export
 *    statement) wraps it: the definition's lines, and the doc comment above
 *    it, start at the wrapper, up to three levels out. Other wrappers and the
 *    attributes or decorators written before a definition are declared
 *    (wrapper_node_types, leading_node_types). Leading siblings form a chain,
 *    each on the line after the previous one at the latest, and are looked for
 *    only when the text before the definition does not end with `;`, `{`,
 *    `}` or a block comment's end.
 *  - Comments (@text.comment, and doc comments) lose their markers: `//`,
 *    `///`, `//!`, a block comment's opening and closing with its `*` gutter,
 *    leading `#` runs, leading `--` runs, and whole lines starting at
 *    column 0 with `=begin` or `=end`.
 *  - Strings (@text.string, @doc) lose their prefix letters (r b u f L U u8 @
 *    $ R), their quotes (one, or three of `"` or `'`) and their common
 *    indentation.
 *  - A doc's summary is its first paragraph, ending early at a line that opens
 *    a tag section: `@param`-style tags or `:param`-style fields.
 */

/* ---- Flags -------------------------------------------------------------- */

/** The plugin's files are documentation, not code: they are cut into chunks
 *  by paragraphs instead of a code file's outline, definitions and data. */
#define CORTEX_PLUGIN_PROSE (1u << 0)
/** With CORTEX_PLUGIN_PROSE: split the files into sections at their Markdown
 *  headers (`#` lines and underlined titles) before cutting by paragraphs. */
#define CORTEX_PLUGIN_OUTLINE_MARKDOWN (1u << 1)
/** A bare call (`f()`, no receiver) inside a type's body may call the type's
 *  own method through an implicit `this` (Java, C#, C++, Ruby). Without it a
 *  bare call binds only to a definition that is not a member of a type
 *  (Python, Rust, Go, JavaScript: a method needs its receiver). */
#define CORTEX_PLUGIN_BARE_CALLS_REACH_MEMBERS (1u << 2)
/** A package is a directory (Go): a bare name reaches the definitions of
 *  every file in the caller's directory and nothing else of the repository,
 *  and an import's target file stands for all the files of its directory. */
#define CORTEX_PLUGIN_PACKAGE_DIRS (1u << 3)
/** A function may be a type: the methods declared apart from it through
 *  @receiver (JavaScript's `View.prototype.lookup = function () {}`) are its
 *  children, and a call on the self name (`this.lookup()`) in the function or
 *  in one of those methods binds to them. Without it a @receiver names a
 *  type that is not a function (Go, C++). */
#define CORTEX_PLUGIN_FUNCTIONS_ARE_TYPES (1u << 4)
/** A bare name (`f()`) binds only to what its file can see: a definition in
 *  the file or one its imports bring in (JavaScript and TypeScript modules,
 *  whose files share no scope). Otherwise it is `unresolved`: a global of the
 *  runtime, a parameter or a local, never the one same-named definition
 *  elsewhere in the repository. Without it a bare name not found in its file
 *  binds by name across the repository (C, Go packages, scripts). */
#define CORTEX_PLUGIN_BARE_NAMES_LEXICAL (1u << 5)
/** A call on a receiver whose type the binder does not know (`mime.lookup()`:
 *  not a self name, an import or a type of the file) is `ambiguous` among the
 *  repository's members of that name, never bound to the only one: in a
 *  language whose values are as often a library's as the repository's, a
 *  unique name proves nothing (JavaScript, TypeScript). Without it such a
 *  call binds to the one member of that name in the repository. */
#define CORTEX_PLUGIN_UNTYPED_RECEIVERS_AMBIGUOUS (1u << 6)
/** A type implements an interface by having its methods, without saying so
 *  (Go): the graph tool finds an interface's implementations, and a type's
 *  interfaces, by comparing method sets (the type's own methods and those
 *  its embedded fields promote). Without it only what a type declares it
 *  extends or implements is an implementation. */
#define CORTEX_PLUGIN_IMPLICIT_INTERFACES (1u << 7)
/** A macro may make a name by pasting tokens (C's `name ## _show`): a
 *  definition can be reached by a name no file writes whole. The analysis of
 *  unused definitions then does not call one unused when its file hands a
 *  part of its name (`status` of `status_show`) to a macro: as an argument
 *  of a call (`DEFINE_SHOW_ATTRIBUTE(status)`) or as a macro's value
 *  (`#define MTYPE hash_ip4` before `hash_ip4_kadt`). Without it a name is
 *  reached only as written. */
#define CORTEX_PLUGIN_MACROS_MAKE_NAMES (1u << 8)
/** A file's top level declares and never runs statements (C, C++, Go): a
 *  name used as a value outside any function cannot be a local, so such a
 *  value reference is kept though the file neither defines nor imports the
 *  name (`.open = generic_file_open` in a table of another file's functions),
 *  unless the file defines it as data or the language predeclares it. Without
 *  it a value reference is kept only for a name the file defines or imports
 *  (a script's top level has loop variables and other locals). */
#define CORTEX_PLUGIN_DECLARATIVE_TOP_LEVEL (1u << 9)

/* ---- The descriptor ---------------------------------------------------- */

typedef struct cortex_plugin {
    /* Added in ABI 1. */
    uint32_t abi_version;           /**< CORTEX_PLUGIN_ABI_VERSION */
    uint32_t struct_size;           /**< sizeof(cortex_plugin) */
    const char *name;               /**< unique, lower case: "python" */
    const char *version;            /**< the plugin's own version: "0.1.0" */
    const char *const *extensions;  /**< NULL-terminated, with the dot: ".py" */
    const char *const *filenames;   /**< NULL-terminated exact names, or NULL */
    const struct TSLanguage *(*language)(void); /**< the grammar (NULL only with embedded_regions) */
    const cortex_query *queries;    /**< compiled by the core at load time */
    uint32_t query_count;
    cortex_refine_symbol_fn refine_symbol; /**< optional, may be NULL */
    cortex_import_paths_fn import_paths;   /**< optional, may be NULL */
    /* Appended in ABI 1 (an older plugin's struct_size ends before them: NULL). */
    cortex_embedded_regions_fn embedded_regions; /**< optional, may be NULL */
    /* Added in ABI 2. */
    /** The token that starts a line comment ("//", "#", "--"): the comments
     *  the core writes in a code file's chunks. NULL, and before ABI 2: "//". */
    const char *line_comment;
    /** CORTEX_PLUGIN_* flags; before ABI 2: none. */
    uint32_t flags;
    /** NULL-terminated node types written before a definition, as siblings
     *  of it, that start it: attributes (`attribute_item`), decorators of
     *  class members (`decorator`). The doc comment above them is the
     *  definition's. NULL: none. Before ABI 2: the grammar's named node types
     *  containing "attribute" (but not "inner", nor `attribute` itself) and
     *  `decorator` (when the grammar has no `decorated_definition`). */
    const char *const *leading_node_types;
    /** NULL-terminated node types that wrap the definition they end with (as
     *  their last named child) and start it: `template_declaration`. NULL:
     *  none. Before ABI 2: `template_declaration`, when the grammar has it. */
    const char *const *wrapper_node_types;
    /** The language's own words for kinds it stores under another name, as
     *  pairs ending in NULL: {"trait", "interface", NULL} lets a user ask for
     *  Rust's traits as `trait` while they are stored as `interface`. A word
     *  filters this plugin's symbols of the paired kind, beside any stored
     *  under the word itself. NULL: none. */
    const char *const *kind_words;
    /** NULL-terminated receiver words that name the enclosing type's own
     *  instance or class: {"self", "cls", NULL}, {"this", NULL}. A call on
     *  one (`self.save()`) binds to a member of the type that encloses the
     *  caller. NULL: none (a language without them, or C). */
    const char *const *self_names;
    /** NULL-terminated names the language predeclares or its standard
     *  library roots (Go's `len`, `append`, `string`; Python's `print`,
     *  `len`; JavaScript's `Object`, `Math`; C's `printf`, `malloc`). A bare
     *  reference to one is `unresolved` (the library's) unless its own file
     *  defines the name: it never binds by name to a same-named definition
     *  elsewhere in the repository. Sorted or not. NULL: none. */
    const char *const *builtins;
    /** NULL-terminated names of the methods and fields of the language's
     *  built-in and standard-library types that code calls on values
     *  (Python's `items`, `append`, `get`; JavaScript's `call`, `push`,
     *  `then`). A call on a receiver whose type is not known, to one of these
     *  names, may be the library's as well as a same-named method of the
     *  repository: it is `ambiguous`, never bound by name alone. NULL: none. */
    const char *const *builtin_members;
    /* Appended in ABI 2 (an older plugin's struct_size ends before it: NULL). */
    cortex_file_variant_fn file_variant; /**< optional, may be NULL: every file is in the build */
    /* Appended in ABI 2 after file_variant (an older plugin's struct_size ends before it: NULL). */
    /** NULL-terminated receivers, as the qualifier of a call is written,
     *  that name the enclosing type's base: {"super()", NULL} (Python),
     *  {"super", NULL}. A call on one (`super().__init__(x)`) binds to the
     *  member of the first type the enclosing type extends, or of what that
     *  one extends. NULL: none. */
    const char *const *super_names;
} cortex_plugin;

/** The entry point every plugin exports. */
typedef const cortex_plugin *(*cortex_plugin_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* CORTEX_PLUGIN_H */
