/*
 * Compiles a plugin's query text: maps capture names to extractor roles and
 * turns tree-sitter's raw predicate steps into checks the extractor runs per
 * match. Unknown capture names and predicates are refused at load time, so a
 * typo in a plugin fails loudly instead of extracting nothing.
 */
#include "query.h"

#include "../util/error.h"
#include "../util/mem.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *prefix; /* exact name, or "prefix." when a kind follows */
    cortex_role role;
    bool takes_kind;
} role_table[] = {
    {"definition.", CORTEX_ROLE_DEFINITION, true},
    {"reference.", CORTEX_ROLE_REFERENCE, true},
    {"text.language", CORTEX_ROLE_TEXT_LANGUAGE, false},
    {"text.", CORTEX_ROLE_TEXT, true},
    {"import.module", CORTEX_ROLE_IMPORT_MODULE, false},
    {"import.alias", CORTEX_ROLE_IMPORT_ALIAS, false},
    {"import", CORTEX_ROLE_IMPORT, false},
    {"name", CORTEX_ROLE_NAME, false},
    {"body", CORTEX_ROLE_BODY, false},
    {"doc", CORTEX_ROLE_DOC, false},
    {"qualifier", CORTEX_ROLE_QUALIFIER, false},
    {"visibility.section", CORTEX_ROLE_SECTION, false},
    {"visibility", CORTEX_ROLE_VISIBILITY, false},
    {"receiver", CORTEX_ROLE_RECEIVER, false},
    {"local.definition", CORTEX_ROLE_LOCAL, false},
    {"local.type", CORTEX_ROLE_LOCAL_TYPE, false},
    {"local.call", CORTEX_ROLE_LOCAL_CALL, false},
    {"local.range", CORTEX_ROLE_LOCAL_RANGE, false},
    {"local.value", CORTEX_ROLE_LOCAL_VALUE, false},
    {"local.scope", CORTEX_ROLE_LOCAL_SCOPE, false},
    {"local.after", CORTEX_ROLE_LOCAL_AFTER, false},
    {"declared.type", CORTEX_ROLE_DECLARED_TYPE, false},
    {"declared.call", CORTEX_ROLE_DECLARED_CALL, false},
    {NULL, 0, false}};

static int classify_capture(cortex_capture_info *out, const char *name, uint32_t len)
{
    memset(out, 0, sizeof *out);
    if (len > 0 && name[0] == '_') return 0;
    for (int i = 0; role_table[i].prefix; i++) {
        size_t plen = strlen(role_table[i].prefix);
        if (role_table[i].takes_kind) {
            if (len > plen && strncmp(name, role_table[i].prefix, plen) == 0) {
                out->role = role_table[i].role;
                out->kind = cortex_xstrndup(name + plen, len - plen);
                return 0;
            }
        } else if (len == plen && strncmp(name, role_table[i].prefix, len) == 0) {
            out->role = role_table[i].role;
            return 0;
        }
    }
    return CORTEX_EINVALID;
}

static const char *query_error_name(TSQueryError e)
{
    switch (e) {
    case TSQueryErrorSyntax: return "syntax error";
    case TSQueryErrorNodeType: return "unknown node type";
    case TSQueryErrorField: return "unknown field";
    case TSQueryErrorCapture: return "unknown capture";
    case TSQueryErrorStructure: return "impossible pattern structure";
    case TSQueryErrorLanguage: return "incompatible language";
    default: return "error";
    }
}

static void offset_to_position(const char *src, uint32_t offset, uint32_t *line, uint32_t *col)
{
    *line = 1;
    *col = 1;
    for (uint32_t i = 0; i < offset && src[i]; i++) {
        if (src[i] == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

static char *step_string(const TSQuery *q, const TSQueryPredicateStep *s)
{
    uint32_t len;
    const char *v = ts_query_string_value_for_id(q, s->value_id, &len);
    return cortex_xstrndup(v, len);
}

/* Parses one predicate (steps up to a Done step) of pattern `p` into `pat`. */
static int parse_predicate(cortex_compiled_query *cq, cortex_pattern_info *pat, const TSQueryPredicateStep *st,
                           uint32_t n, uint32_t pattern_index)
{
    const TSQuery *q = cq->query;
    if (n == 0 || st[0].type != TSQueryPredicateStepTypeString)
        return cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: malformed predicate", cq->name, pattern_index);
    uint32_t len;
    const char *op = ts_query_string_value_for_id(q, st[0].value_id, &len);

    if (strcmp(op, "set!") == 0) {
        if (n != 3 || st[1].type != TSQueryPredicateStepTypeString || st[2].type != TSQueryPredicateStepTypeString)
            return cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: #set! takes a key and a value",
                                    cq->name, pattern_index);
        char *key = step_string(q, &st[1]);
        if (strcmp(key, "level") == 0) {
            char *value = step_string(q, &st[2]), *end;
            long level = strtol(value, &end, 10);
            int bad = *end || level < 1 || level > 64;
            free(value);
            free(key);
            if (bad)
                return cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: #set! level takes a number from 1 to 64",
                                        cq->name, pattern_index);
            pat->level = (uint32_t)level;
            return 0;
        }
        if (strcmp(key, "container") == 0) {
            char *value = step_string(q, &st[2]);
            int ok = strcmp(value, "no") == 0 || strcmp(value, "yes") == 0;
            pat->not_container = strcmp(value, "no") == 0;
            free(value);
            free(key);
            return ok ? 0 : cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: #set! container takes \"yes\" or \"no\"",
                                             cq->name, pattern_index);
        }
        char **slot = strcmp(key, "origin") == 0       ? &pat->origin
                      : strcmp(key, "visibility") == 0 ? &pat->visibility
                      : strcmp(key, "separator") == 0  ? &pat->separator
                      : strcmp(key, "alias") == 0      ? &pat->alias
                                                       : NULL;
        if (!slot) {
            int rc = cortex_error_set(CORTEX_EINVALID,
                                      "query '%s' pattern %u: unknown #set! key '%s' (known: origin, visibility, alias, level, container, separator)",
                                      cq->name, pattern_index, key);
            free(key);
            return rc;
        }
        free(key);
        free(*slot);
        *slot = step_string(q, &st[2]);
        return 0;
    }
    if (strcmp(op, "strip!") == 0) {
        if (n != 3 || st[1].type != TSQueryPredicateStepTypeCapture || st[2].type != TSQueryPredicateStepTypeString ||
            pat->strip_capture >= 0)
            return cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: #strip! takes one capture and one regex, once per pattern",
                                    cq->name, pattern_index);
        char *re = step_string(q, &st[2]);
        int rc = regcomp(&pat->strip, re, REG_EXTENDED);
        free(re);
        if (rc != 0)
            return cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: bad #strip! regular expression", cq->name,
                                    pattern_index);
        pat->strip_capture = (int32_t)st[1].value_id;
        return 0;
    }

    cortex_predicate pred = {.other = -1};
    const char *base = op;
    if (strncmp(op, "not-", 4) == 0) {
        pred.negate = true;
        base = op + 4;
    }
    if (strcmp(base, "eq?") == 0) pred.op = CORTEX_PRED_EQ;
    else if (strcmp(base, "match?") == 0) pred.op = CORTEX_PRED_MATCH;
    else if (strcmp(base, "any-of?") == 0) pred.op = CORTEX_PRED_ANY_OF;
    else
        return cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: unsupported predicate #%s", cq->name,
                                pattern_index, op);

    if (n < 3 || st[1].type != TSQueryPredicateStepTypeCapture)
        return cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: #%s needs a capture and a value", cq->name,
                                pattern_index, op);
    pred.capture = st[1].value_id;
    if (pred.op != CORTEX_PRED_ANY_OF && n != 3)
        return cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: #%s takes exactly two arguments", cq->name,
                                pattern_index, op);
    if (pred.op == CORTEX_PRED_EQ && st[2].type == TSQueryPredicateStepTypeCapture) {
        pred.other = (int32_t)st[2].value_id;
    } else {
        pred.nvalues = n - 2;
        pred.values = cortex_xcalloc(pred.nvalues, sizeof *pred.values);
        for (uint32_t i = 0; i < pred.nvalues; i++) {
            if (st[2 + i].type != TSQueryPredicateStepTypeString) {
                for (uint32_t j = 0; j < i; j++) free(pred.values[j]);
                free(pred.values);
                return cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: #%s expects string arguments",
                                        cq->name, pattern_index, op);
            }
            pred.values[i] = step_string(q, &st[2 + i]);
        }
    }
    if (pred.op == CORTEX_PRED_MATCH) {
        int rc = regcomp(&pred.regex, pred.values[0], REG_EXTENDED | REG_NOSUB);
        if (rc != 0) {
            char msg[128];
            regerror(rc, &pred.regex, msg, sizeof msg);
            int err = cortex_error_set(CORTEX_EINVALID, "query '%s' pattern %u: bad regular expression \"%s\": %s",
                                       cq->name, pattern_index, pred.values[0], msg);
            free(pred.values[0]);
            free(pred.values);
            return err;
        }
    }
    *CORTEX_PUSH(pat->preds, pat->npreds, pat->preds_cap) = pred;
    return 0;
}

int cortex_compiled_query_init(cortex_compiled_query *out, const TSLanguage *lang, const char *name,
                               const char *source)
{
    memset(out, 0, sizeof *out);
    out->name = cortex_xstrdup(name ? name : "query");
    uint32_t err_offset = 0;
    TSQueryError err_type = TSQueryErrorNone;
    out->query = ts_query_new(lang, source, (uint32_t)strlen(source), &err_offset, &err_type);
    if (!out->query) {
        uint32_t line, col;
        offset_to_position(source, err_offset, &line, &col);
        int rc = cortex_error_set(CORTEX_EINVALID, "query '%s' does not compile: %s at %u:%u", out->name,
                                  query_error_name(err_type), line, col);
        cortex_compiled_query_dispose(out);
        return rc;
    }

    out->ncaptures = ts_query_capture_count(out->query);
    out->captures = cortex_xcalloc(out->ncaptures, sizeof *out->captures);
    for (uint32_t i = 0; i < out->ncaptures; i++) {
        uint32_t len;
        const char *cname = ts_query_capture_name_for_id(out->query, i, &len);
        if (classify_capture(&out->captures[i], cname, len) != 0) {
            int rc = cortex_error_set(CORTEX_EINVALID,
                                      "query '%s': unknown capture @%.*s (see the capture names in cortex/plugin.h)",
                                      out->name, (int)len, cname);
            cortex_compiled_query_dispose(out);
            return rc;
        }
    }

    out->npatterns = ts_query_pattern_count(out->query);
    out->patterns = cortex_xcalloc(out->npatterns, sizeof *out->patterns);
    for (uint32_t p = 0; p < out->npatterns; p++) out->patterns[p].strip_capture = -1;
    for (uint32_t p = 0; p < out->npatterns; p++) {
        uint32_t nsteps;
        const TSQueryPredicateStep *steps = ts_query_predicates_for_pattern(out->query, p, &nsteps);
        uint32_t start = 0;
        for (uint32_t i = 0; i < nsteps; i++) {
            if (steps[i].type != TSQueryPredicateStepTypeDone) continue;
            int rc = parse_predicate(out, &out->patterns[p], steps + start, i - start, p);
            if (rc != 0) {
                cortex_compiled_query_dispose(out);
                return rc;
            }
            start = i + 1;
        }
    }
    return 0;
}

int cortex_compiled_query_init_many(cortex_compiled_query *out, const TSLanguage *lang, const cortex_query *sources,
                                    uint32_t n)
{
    if (n == 1) {
        int rc = cortex_compiled_query_init(out, lang, sources[0].name, sources[0].source);
        if (rc == 0) out->nsources = 1;
        return rc;
    }
    cortex_buf text = {0}, name = {0};
    size_t *start = cortex_xcalloc(n + 1, sizeof *start);
    for (uint32_t i = 0; i < n; i++) {
        start[i] = text.len;
        cortex_buf_puts(&text, sources[i].source);
        cortex_buf_puts(&text, "\n"); /* a source's last line may be a comment */
        if (i) cortex_buf_puts(&name, "+");
        cortex_buf_puts(&name, sources[i].name ? sources[i].name : "query");
    }
    int rc = cortex_compiled_query_init(out, lang, name.data, text.data);
    /* an error is told in the failing source's own terms: its name, line and column */
    for (uint32_t i = 0; rc != 0 && i < n; i++) {
        cortex_compiled_query one;
        int own = cortex_compiled_query_init(&one, lang, sources[i].name, sources[i].source);
        if (own == 0) cortex_compiled_query_dispose(&one);
        else rc = own;
    }
    if (rc == 0) {
        out->nsources = n;
        out->pattern_source = cortex_xcalloc(out->npatterns + 1, sizeof *out->pattern_source);
        for (uint32_t p = 0, s = 0; p < out->npatterns; p++) {
            uint32_t at = ts_query_start_byte_for_pattern(out->query, p);
            while (s + 1 < n && at >= start[s + 1]) s++;
            out->pattern_source[p] = s;
        }
    }
    free(start);
    cortex_buf_free(&text);
    cortex_buf_free(&name);
    return rc;
}

void cortex_compiled_query_dispose(cortex_compiled_query *q)
{
    if (!q) return;
    free(q->pattern_source);
    for (uint32_t i = 0; i < q->ncaptures; i++) free(q->captures[i].kind);
    free(q->captures);
    for (uint32_t p = 0; p < q->npatterns; p++) {
        cortex_pattern_info *pat = &q->patterns[p];
        for (size_t i = 0; i < pat->npreds; i++) {
            cortex_predicate *pred = &pat->preds[i];
            if (pred->op == CORTEX_PRED_MATCH) regfree(&pred->regex);
            for (uint32_t j = 0; j < pred->nvalues; j++) free(pred->values[j]);
            free(pred->values);
        }
        free(pat->preds);
        if (pat->strip_capture >= 0) regfree(&pat->strip);
        free(pat->origin);
        free(pat->visibility);
        free(pat->alias);
        free(pat->separator);
    }
    free(q->patterns);
    if (q->query) ts_query_delete(q->query);
    free(q->name);
    memset(q, 0, sizeof *q);
}

/* The text of the first node captured as `capture` in the match, or NULL. */
static bool capture_text(const TSQueryMatch *m, uint32_t capture, const char *src, const char **text, uint32_t *len)
{
    for (uint16_t i = 0; i < m->capture_count; i++) {
        if (m->captures[i].index != capture) continue;
        uint32_t s = ts_node_start_byte(m->captures[i].node), e = ts_node_end_byte(m->captures[i].node);
        *text = src + s;
        *len = e - s;
        return true;
    }
    return false;
}

static bool predicate_holds(const cortex_predicate *p, const TSQueryMatch *m, const char *src)
{
    const char *text;
    uint32_t len;
    /* A predicate on a capture the match did not produce (an optional node) holds. */
    if (!capture_text(m, p->capture, src, &text, &len)) return true;
    bool ok = false;
    switch (p->op) {
    case CORTEX_PRED_EQ:
        if (p->other >= 0) {
            const char *t2;
            uint32_t l2;
            ok = capture_text(m, (uint32_t)p->other, src, &t2, &l2) && l2 == len && memcmp(text, t2, len) == 0;
        } else {
            ok = strlen(p->values[0]) == len && memcmp(text, p->values[0], len) == 0;
        }
        break;
    case CORTEX_PRED_ANY_OF:
        for (uint32_t i = 0; i < p->nvalues && !ok; i++)
            ok = strlen(p->values[i]) == len && memcmp(text, p->values[i], len) == 0;
        break;
    case CORTEX_PRED_MATCH: {
        char small[256];
        char *buf = len < sizeof small ? small : cortex_xmalloc(len + 1);
        memcpy(buf, text, len);
        buf[len] = '\0';
        ok = regexec(&p->regex, buf, 0, NULL, 0) == 0;
        if (buf != small) free(buf);
        break;
    }
    }
    return p->negate ? !ok : ok;
}

void cortex_compiled_query_strip(const cortex_compiled_query *q, uint32_t pattern, uint32_t capture, char *text)
{
    const cortex_pattern_info *pat = &q->patterns[pattern];
    if (pat->strip_capture != (int32_t)capture) return;
    regmatch_t m;
    if (regexec(&pat->strip, text, 1, &m, 0) != 0 || m.rm_so < 0) return;
    memmove(text + m.rm_so, text + m.rm_eo, strlen(text + m.rm_eo) + 1);
}

bool cortex_compiled_query_accepts(const cortex_compiled_query *q, const TSQueryMatch *match, const char *source)
{
    const cortex_pattern_info *pat = &q->patterns[match->pattern_index];
    for (size_t i = 0; i < pat->npreds; i++)
        if (!predicate_holds(&pat->preds[i], match, source)) return false;
    return true;
}
