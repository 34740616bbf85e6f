/*
 * The cut on value references (a function or constant used as a value): the
 * queries capture every name in an argument, an initializer or the right side
 * of an assignment, and most of those are locals. Inside code only the ones
 * the file itself defines or imports are kept, so the index does not grow by
 * a row for every local passed along, and a local never binds to a global by
 * its name. In data outside code, in a language whose top level only
 * declares (CORTEX_PLUGIN_DECLARATIVE_TOP_LEVEL), no local can be: every bare
 * name there is kept but the file's data and the language's own names.
 */
#include "values.h"

#include "../util/strings.h"

#include <cortex/plugin.h>

#include <stdlib.h>
#include <string.h>

static const char *const data_kinds[] = {"variable", "constant", "property", "field", NULL};

static int compare_strings(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static int known(const char **names, size_t n, const char *name)
{
    return n && bsearch(&name, names, n, sizeof *names, compare_strings) != NULL;
}

/* Whether the file knows the receiver `q`: its first component is a name the
 * file defines or imports, or the language's word for the enclosing type's
 * instance and the member is one the file defines. */
static int receiver_known(const cortex_file_records *r, const char **names, size_t n, const char **members,
                          size_t nmembers, const char *q, const char *member)
{
    char first[256];
    size_t len = cortex_first_component_length(q);
    if (len >= sizeof first) return 0;
    memcpy(first, q, len);
    first[len] = '\0';
    if (r->rules && r->rules->self_names && cortex_str_in(first, (const char *const *)r->rules->self_names))
        return known(members, nmembers, member) || known(names, n, member);
    return known(names, n, first) || known(names, n, q);
}

/* Whether the reference is the name a definition declares (`compat_ping` in
 * `SYSCALL_DEFINE2(compat_ping, ...)`, a macro call the tags take for a
 * definition): the name, on the definition's name line, inside its span. */
static int declared_here(const cortex_file_records *r, const cortex_reference *ref)
{
    for (size_t i = 0; i < r->nsymbols; i++) {
        const cortex_symbol *s = &r->symbols[i];
        if (s->name_line == ref->line && s->start_byte <= ref->start_byte && ref->start_byte < s->end_byte &&
            strcmp(s->short_name, ref->name) == 0 && strcmp(s->kind, "import") != 0)
            return 1;
    }
    return 0;
}

/* Whether a bare value in data outside code names something a binding can
 * find: not the file's own data (which binds nothing) nor a name the language
 * predeclares (which binds to no definition). At the top level outside data
 * are a macro's arguments (`module_param(name, int, 0644)`): words, not
 * values. */
static int outside_code_named(const cortex_reference *ref, uint8_t where, const char **data, size_t ndata,
                              const char **builtins, size_t nbuiltins)
{
    return where == CORTEX_REF_IN_DATA && !known(data, ndata, ref->name) && !known(builtins, nbuiltins, ref->name);
}

void cortex_extract__prune_values(cortex_file_records *r, const uint8_t *where)
{
    size_t nvalues = 0;
    for (size_t i = 0; i < r->nrefs; i++)
        if (strcmp(r->refs[i].kind, "value") == 0) nvalues++;
    if (!nvalues) return;
    /* the names the file defines, and those its imports bring in */
    const char **names = malloc((3 * r->nsymbols + 1) * sizeof *names);
    const char **members = malloc((r->nsymbols + 1) * sizeof *members);
    const char **data = malloc((r->nsymbols + 1) * sizeof *data);
    if (!names || !members || !data) { /* keeping every reference is correct, only larger */
        free(names);
        free(members);
        free(data);
        return;
    }
    int member_names = r->rules && (r->rules->flags & CORTEX_PLUGIN_BARE_CALLS_REACH_MEMBERS);
    size_t n = 0, nmembers = 0, ndata = 0;
    for (size_t i = 0; i < r->nsymbols; i++) {
        const cortex_symbol *s = &r->symbols[i];
        /* data binds no reference (the store's bindable kinds): a value
         * reference to a variable would stay unresolved, a row for nothing */
        if (cortex_str_in(s->kind, data_kinds)) {
            data[ndata++] = s->short_name;
            continue;
        }
        if (strcmp(s->kind, "import") != 0) {
            /* a bare name names a member only where the language says so */
            if (!member_names && s->parent >= 0 &&
                (strcmp(s->kind, "method") == 0 || cortex_record_type_kind(r->symbols[s->parent].kind)))
                members[nmembers++] = s->short_name;
            else
                names[n++] = s->short_name;
            continue;
        }
        if (s->alias) {
            names[n++] = s->alias;
            continue;
        }
        names[n++] = s->name;
        size_t k = strlen(s->name);
        while (k && s->name[k - 1] != '.' && s->name[k - 1] != '/' && s->name[k - 1] != '\\' && s->name[k - 1] != ':') k--;
        if (k) names[n++] = s->name + k;
    }
    qsort(names, n, sizeof *names, compare_strings);
    qsort(members, nmembers, sizeof *members, compare_strings);
    qsort(data, ndata, sizeof *data, compare_strings);
    const char **builtins = r->rules ? (const char **)r->rules->builtins : NULL;
    size_t nbuiltins = r->rules ? r->rules->nbuiltins : 0;
    int declarative = r->rules && (r->rules->flags & CORTEX_PLUGIN_DECLARATIVE_TOP_LEVEL);
    size_t w = 0;
    for (size_t i = 0; i < r->nrefs; i++) {
        const cortex_reference *ref = &r->refs[i];
        if (strcmp(ref->kind, "value") == 0 &&
            !(ref->qualifier && *ref->qualifier ? receiver_known(r, names, n, members, nmembers, ref->qualifier, ref->name)
                                                : (known(names, n, ref->name) ||
                                                       (declarative &&
                                                        outside_code_named(ref, where[i], data, ndata, builtins, nbuiltins))) &&
                                                      !declared_here(r, ref)))
            continue;
        r->refs[w++] = *ref;
    }
    r->nrefs = w;
    free(names);
    free(members);
    free(data);
}
