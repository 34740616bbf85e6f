/* git's ignore rules without git (core/walk/ignore.c, gitrepo.c): wildmatch,
 * the gitignore(5) pattern syntax, the sources' precedence, the config
 * reader that finds core.excludesFile, and finding a repository. */
#define _GNU_SOURCE
#include "walk/gitrepo.h"
#include "walk/ignore.h"

#include "check_run.h"
#include "util/error.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether `path` is ignored by one .gitignore at the work tree's top. */
static int ignored(const char *gitignore, const char *path, int is_dir)
{
    cortex_ignore *ig = cortex_ignore_new();
    cortex_ignore_enter_text(ig, "", gitignore, strlen(gitignore));
    int r = cortex_ignore_match(ig, path, is_dir);
    cortex_ignore_free(ig);
    return r;
}

#define TEXT(s) s, strlen(s)
#define WM(p, t) cortex_ignore_wildmatch(p, t, 1)
#define WM_NAME(p, t) cortex_ignore_wildmatch(p, t, 0)

START_TEST(test_ignore_wildmatch_stars_and_questions)
{
    ck_assert(WM("*.py", "a.py"));
    ck_assert(!WM("*.py", "a/b.py")); /* '*' stops at '/' */
    ck_assert(WM_NAME("*.py", "a/b.py"));
    ck_assert(WM("a?c", "abc"));
    ck_assert(!WM("a?c", "a/c"));
    ck_assert(WM_NAME("a?c", "a/c"));
    ck_assert(!WM("a?c", "ac"));
    ck_assert(WM("a*", "a"));
    ck_assert(WM("*", ""));
    ck_assert(!WM("a", "ab"));
    ck_assert(!WM("ab", "a"));
    ck_assert(WM("*/b", "a/b"));
    ck_assert(!WM("*/b", "a/x/b"));
    ck_assert(WM("a*c*e", "abcde"));
    ck_assert(!WM("a*c*e", "abcdef"));
}
END_TEST

START_TEST(test_ignore_wildmatch_classes)
{
    ck_assert(WM("[abc].py", "b.py"));
    ck_assert(!WM("[abc].py", "d.py"));
    ck_assert(!WM("[!abc].py", "b.py"));
    ck_assert(WM("[!abc].py", "d.py"));
    ck_assert(WM("[^abc].py", "d.py"));
    ck_assert(!WM("[^abc].py", "a.py"));
    ck_assert(WM("[a-c]x", "bx"));
    ck_assert(!WM("[a-c]x", "dx"));
    ck_assert(WM("[a-]", "-")); /* '-' before ']' is a member */
    ck_assert(WM("[]a]", "]")); /* ']' first is a member */
    ck_assert(!WM("[!]a]", "]"));
    ck_assert(WM("[!]a]", "b"));
    ck_assert(WM("[\\]]", "]"));
    ck_assert(WM("[[]", "["));
    ck_assert(WM("[[:alpha:]]", "Q"));
    ck_assert(!WM("[[:alpha:]]", "1"));
    ck_assert(WM("[[:digit:][:upper:]]", "5"));
    ck_assert(WM("[[:digit:][:upper:]]", "Z"));
    ck_assert(!WM("[[:digit:][:upper:]]", "z"));
    ck_assert(WM("[[:lower:]]", "z"));
    ck_assert(WM("[[:alnum:]_]", "_"));
    ck_assert(WM("[[:space:]]", " "));
    ck_assert(WM("[[:blank:]]", "\t"));
    ck_assert(WM("[[:punct:]]", "!"));
    ck_assert(!WM("[[:punct:]]", "a"));
    ck_assert(WM("[[:xdigit:]]", "f"));
    ck_assert(!WM("[[:xdigit:]]", "g"));
    ck_assert(WM("[![:digit:]]", "x"));
    ck_assert(!WM("[![:digit:]]", "7"));
    /* malformed: an unknown class or no closing ']' matches nothing */
    ck_assert(!WM("[[:bogus:]]", "b"));
    ck_assert(!WM("[ab", "a"));
    ck_assert(!WM("[ab", "[ab"));
    /* with pathname matching, no class matches '/' */
    ck_assert(!WM("a[/]b", "a/b"));
    ck_assert(!WM("a[!x]b", "a/b"));
    ck_assert(WM_NAME("a[!x]b", "a/b"));
}
END_TEST

START_TEST(test_ignore_wildmatch_escapes)
{
    ck_assert(WM("\\*", "*"));
    ck_assert(!WM("\\*", "a"));
    ck_assert(WM("\\?", "?"));
    ck_assert(!WM("\\?", "x"));
    ck_assert(WM("\\[a]", "[a]"));
    ck_assert(WM("\\a", "a"));
    ck_assert(!WM("a\\", "a")); /* a trailing '\' matches nothing */
    ck_assert(!WM("a\\", "a\\"));
}
END_TEST

START_TEST(test_ignore_wildmatch_double_stars)
{
    ck_assert(WM("**/a", "a")); /* leading: zero or more directories */
    ck_assert(WM("**/a", "x/a"));
    ck_assert(WM("**/a", "x/y/a"));
    ck_assert(!WM("**/a", "xa"));
    ck_assert(WM("a/**", "a/b")); /* trailing: everything inside */
    ck_assert(WM("a/**", "a/b/c"));
    ck_assert(!WM("a/**", "a"));
    ck_assert(WM("a/**/b", "a/b")); /* middle: zero or more directories */
    ck_assert(WM("a/**/b", "a/x/b"));
    ck_assert(WM("a/**/b", "a/x/y/b"));
    ck_assert(!WM("a/**/b", "a/xb"));
    ck_assert(!WM("a/**/b", "ab"));
    ck_assert(WM("**", "a/b/c"));
    ck_assert(WM("a**b", "axb")); /* any other "**" is "*" */
    ck_assert(!WM("a**b", "ax/yb"));
    ck_assert(WM("a/**b", "a/xb"));
    ck_assert(!WM("a/**b", "a/x/b"));
    ck_assert(WM("a**/b", "ax/b"));
    ck_assert(!WM("a**/b", "ax/y/b"));
    ck_assert(WM("a/***/b", "a/x/y/b")); /* three stars are two */
}
END_TEST

/* Backtracking over every star's stopping point goes exponential on these;
 * the case's timeout fails it when matching is not polynomial. */
START_TEST(test_ignore_wildmatch_adversarial_patterns_stay_fast)
{
    char name[200], dirs[400] = "";
    memset(name, 'a', 160);
    strcpy(name + 160, ".py");
    ck_assert(!WM("*a*a*a*a*a*a*a*a*a*a*a*a*b", name));
    ck_assert(WM("*a*a*a*a*a*a*a*a*a*a*a*a*.py", name));
    ck_assert(!WM_NAME("*a*a*a*a*a*a*a*a*a*a*a*a*b", name));
    for (int i = 0; i < 60; i++) strcat(dirs, "a/");
    strcat(dirs, "x.py");
    ck_assert(!WM("**/a/**/a/**/a/**/a/**/a/**/a/**/b", dirs));
    ck_assert(WM("**/a/**/a/**/a/**/a/**/a/**/a/**/x.py", dirs));
    ck_assert(!WM("**/*a*/**/*a*/**/*a*/**/*a*/**/*a*/**/b", dirs));
    /* and through the rules, where the memo is chosen at parse time */
    ck_assert(!ignored("*a*a*a*a*a*a*a*a*a*a*a*a*b\n", name, 0));
    ck_assert(!ignored("**/a/**/a/**/a/**/a/**/a/**/a/**/b\n", dirs, 0));
}
END_TEST

START_TEST(test_ignore_comments_blank_lines_and_escapes)
{
    const char *gi = "# a comment\n\n   \nx.py\n\\#hash.py\n\\!bang.py\n";
    ck_assert(ignored(gi, "x.py", 0));
    ck_assert(!ignored(gi, "# a comment", 0));
    ck_assert(ignored(gi, "#hash.py", 0));
    ck_assert(ignored(gi, "!bang.py", 0));
    ck_assert(!ignored(gi, "bang.py", 0));
    ck_assert(!ignored(" # not a comment\n", "x", 0));
    ck_assert(ignored(" # not a comment\n", " # not a comment", 0));
    ck_assert(ignored("\xEF\xBB\xBF"
                      "bom.py\n",
                      "bom.py", 0));                   /* a byte order mark is skipped */
    ck_assert(ignored("a.py\r\nb.py\r\n", "a.py", 0)); /* CRLF lines */
    ck_assert(ignored("a.py\r\nb.py", "b.py", 0));     /* the last line needs no newline */
}
END_TEST

START_TEST(test_ignore_trailing_spaces)
{
    ck_assert(ignored("a.py   \n", "a.py", 0));
    ck_assert(!ignored("b.py\\ \n", "b.py", 0)); /* an escaped space stays */
    ck_assert(ignored("b.py\\ \n", "b.py ", 0));
    ck_assert(ignored("c.py\\  \n", "c.py ", 0)); /* only the unescaped one goes */
    ck_assert(!ignored("c.py\\  \n", "c.py  ", 0));
    ck_assert(ignored("d \\ e  \n", "d  e", 0));
    ck_assert(!ignored("e.py\t\n", "e.py", 0)); /* only spaces are trimmed */
    ck_assert(ignored("e.py\t\n", "e.py\t", 0));
    ck_assert(!ignored("   \n", " ", 0)); /* spaces alone: a blank line */
}
END_TEST

START_TEST(test_ignore_negation_last_match_wins)
{
    const char *gi = "*.py\n!keep.py\n";
    ck_assert(ignored(gi, "a.py", 0));
    ck_assert(!ignored(gi, "keep.py", 0));
    ck_assert(!ignored(gi, "sub/keep.py", 0));
    ck_assert(ignored("!keep.py\n*.py\n", "keep.py", 0)); /* order matters */
    ck_assert(!ignored("!x.py\n", "x.py", 0));            /* a negation alone ignores nothing */
    ck_assert(ignored("!\n*.py\n", "a.py", 0));           /* "!" alone is no pattern */
}
END_TEST

START_TEST(test_ignore_directory_only_patterns)
{
    ck_assert(ignored("build/\n", "build", 1));
    ck_assert(!ignored("build/\n", "build", 0));
    ck_assert(ignored("build/\n", "src/build", 1)); /* a trailing '/' alone does not anchor */
    ck_assert(ignored("src/build/\n", "src/build", 1));
    ck_assert(!ignored("src/build/\n", "src/build", 0));
    ck_assert(!ignored("src/build/\n", "x/src/build", 1));
    ck_assert(ignored("*.d/\n", "x/y.d", 1));
    ck_assert(ignored("a/**/\n", "a/b", 1));
    ck_assert(!ignored("a/**/\n", "a/b", 0));
}
END_TEST

START_TEST(test_ignore_anchoring)
{
    ck_assert(ignored("/top.py\n", "top.py", 0));
    ck_assert(!ignored("/top.py\n", "sub/top.py", 0));
    ck_assert(ignored("name.py\n", "a/b/name.py", 0)); /* no '/': any depth */
    ck_assert(ignored("doc/*.py\n", "doc/a.py", 0));   /* a middle '/': anchored */
    ck_assert(!ignored("doc/*.py\n", "x/doc/a.py", 0));
    ck_assert(!ignored("doc/*.py\n", "doc/x/a.py", 0));
    ck_assert(ignored("a/b\n", "a/b", 0));
    ck_assert(!ignored("a/b\n", "x/a/b", 0));
    ck_assert(ignored("/*.py\n", "a.py", 0));
    ck_assert(!ignored("/*.py\n", "x/a.py", 0));
    ck_assert(ignored("/**/x.py\n", "a/b/x.py", 0));
    /* a deeper .gitignore anchors at its own directory */
    cortex_ignore *ig = cortex_ignore_new();
    cortex_ignore_enter_text(ig, "", "", 0);
    cortex_ignore_enter_text(ig, "sub/", TEXT("/top.py\ndoc/*.py\nany.py\n"));
    ck_assert(cortex_ignore_match(ig, "sub/top.py", 0));
    ck_assert(!cortex_ignore_match(ig, "sub/x/top.py", 0));
    ck_assert(cortex_ignore_match(ig, "sub/doc/a.py", 0));
    ck_assert(!cortex_ignore_match(ig, "sub/x/doc/a.py", 0));
    ck_assert(cortex_ignore_match(ig, "sub/x/y/any.py", 0));
    ck_assert(!cortex_ignore_match(ig, "top.py", 0)); /* not below sub/ */
    cortex_ignore_free(ig);
}
END_TEST

START_TEST(test_ignore_precedence_of_sources)
{
    cortex_ignore *ig = cortex_ignore_new();
    cortex_ignore_set_source(ig, CORTEX_IGNORE_EXCLUDES_FILE, TEXT("*.py\n*.c\n*.h\n"));
    cortex_ignore_set_source(ig, CORTEX_IGNORE_INFO_EXCLUDE, TEXT("!a.py\n*.txt\n!b.c\n"));
    ck_assert(cortex_ignore_match(ig, "x.py", 0));  /* the excludes file */
    ck_assert(!cortex_ignore_match(ig, "a.py", 0)); /* info/exclude over the excludes file */
    ck_assert(cortex_ignore_match(ig, "a.txt", 0));
    cortex_ignore_enter_text(ig, "", TEXT("!x.txt\nb.c\n!*.h\n"));
    ck_assert(!cortex_ignore_match(ig, "x.txt", 0)); /* a .gitignore over info/exclude */
    ck_assert(cortex_ignore_match(ig, "b.c", 0));
    ck_assert(!cortex_ignore_match(ig, "z.h", 0));
    cortex_ignore_enter_text(ig, "sub/", TEXT("x.txt\n!*.c\n"));
    ck_assert(cortex_ignore_match(ig, "sub/x.txt", 0)); /* a deeper .gitignore over a shallower */
    ck_assert(!cortex_ignore_match(ig, "sub/b.c", 0));
    ck_assert(cortex_ignore_match(ig, "sub/y.py", 0)); /* no .gitignore matches: the next source decides */
    ck_assert(!cortex_ignore_match(ig, "sub/a.py", 0));
    cortex_ignore_leave(ig);
    ck_assert(!cortex_ignore_match(ig, "sub/x.txt", 0)); /* left: sub/'s patterns are gone */
    ck_assert(cortex_ignore_match(ig, "sub/b.c", 0));
    cortex_ignore_free(ig);
}
END_TEST

static char dir[64];

/* A fresh scratch directory for this test (each runs in its own process). */
static void scratch(void)
{
    strcpy(dir, "/tmp/cortex-check-ignore-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void scratch_remove(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static void put(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    for (char *s = strchr(path + strlen(dir) + 1, '/'); s; s = strchr(s + 1, '/')) {
        *s = '\0';
        mkdir(path, 0755);
        *s = '/';
    }
    if (!text) {
        mkdir(path, 0755);
        return;
    }
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* `name` in the scratch directory: one of four buffers, so a call may take two. */
static char *at(const char *name)
{
    static char paths[4][256];
    static int next;
    char *path = paths[next++ % 4];
    snprintf(path, sizeof paths[0], "%s%s%s", dir, *name ? "/" : "", name);
    return path;
}

START_TEST(test_ignore_gitignore_files_read_never_through_a_link)
{
    scratch();
    put("real", "a.py\n");
    ck_assert_int_eq(symlink(at("real"), at("link")), 0);
    cortex_ignore *ig = cortex_ignore_new();
    cortex_ignore_enter(ig, "", at("real"));
    ck_assert(cortex_ignore_match(ig, "a.py", 0));
    cortex_ignore_enter(ig, "sub/", at("link"));
    ck_assert(cortex_ignore_match(ig, "sub/a.py", 0)); /* sub/ read nothing; the top's a.py still applies */
    cortex_ignore_leave(ig);
    cortex_ignore_leave(ig);
    cortex_ignore_enter(ig, "", at("link"));
    ck_assert(!cortex_ignore_match(ig, "a.py", 0));
    cortex_ignore_leave(ig);
    /* info/exclude and the excludes file are followed, as git does */
    cortex_ignore_load_source(ig, CORTEX_IGNORE_INFO_EXCLUDE, at("link"));
    ck_assert(cortex_ignore_match(ig, "a.py", 0));
    cortex_ignore_load_source(ig, CORTEX_IGNORE_INFO_EXCLUDE, at("missing"));
    ck_assert(!cortex_ignore_match(ig, "a.py", 0));
    cortex_ignore_enter(ig, "", NULL);
    ck_assert(!cortex_ignore_match(ig, "a.py", 0));
    cortex_ignore_free(ig);
    scratch_remove();
}
END_TEST

static char *config_value(const char *text)
{
    static char got[256];
    char *v = NULL;
    if (!cortex_gitconfig_get(&v, text, strlen(text), "core.excludesfile")) return NULL;
    snprintf(got, sizeof got, "%s", v);
    free(v);
    return got;
}

START_TEST(test_ignore_config_reader)
{
    ck_assert_str_eq(config_value("[core]\n\texcludesFile = ~/ig\n"), "~/ig");
    ck_assert_str_eq(config_value("[CORE]\n  ExcludesFILE=x"), "x"); /* names in any case */
    ck_assert_str_eq(config_value("[core]\n excludesfile = \"a b ; c\" ; comment\n"), "a b ; c");
    ck_assert_str_eq(config_value("[core]\n excludesfile = a # comment\n"), "a");
    ck_assert_str_eq(config_value("[core]\n excludesfile = \"a\\tb\\\\c\\\"d\"\n"), "a\tb\\c\"d");
    ck_assert_str_eq(config_value("[core]\n excludesfile = a\\\nb\n"), "ab"); /* a continued line */
    ck_assert_str_eq(config_value("[core]\n excludesfile =  a  b  \n"), "a  b");
    ck_assert_str_eq(config_value("[core] excludesfile = same-line"), "same-line");
    ck_assert_str_eq(config_value("[core]\r\nexcludesfile = crlf\r\n"), "crlf");
    ck_assert_str_eq(config_value("[core]\nexcludesfile = one\n[user]\nname = x\n[core]\nexcludesfile = two\n"), "two");
    ck_assert_str_eq(config_value("[core]\nexcludesfile = \"\"\n"), "");
    ck_assert_ptr_null(config_value("[core \"x\"]\nexcludesfile = sub\n")); /* a subsection is not [core] */
    ck_assert_ptr_null(config_value("[core.x]\nexcludesfile = sub\n"));
    ck_assert_ptr_null(config_value("[user]\nexcludesfile = other\n"));
    ck_assert_ptr_null(config_value("excludesfile = none\n"));
    ck_assert_ptr_null(config_value("[core]\nexcludesfile\n")); /* a key alone is a boolean */
    ck_assert_ptr_null(config_value("[core]\nexcludesfileX = y\n"));
    /* git refuses a file with a syntax error; what came before it stands */
    ck_assert_str_eq(config_value("[core]\nexcludesfile = good\n!bad\nexcludesfile = after\n"), "good");
    ck_assert_str_eq(config_value("[core]\nexcludesfile = good\nexcludesfile = \"open\n"), "good");
    ck_assert_str_eq(config_value("[core]\nexcludesfile = good\nexcludesfile = bad\\q\n"), "good");
    /* include.path is not followed */
    ck_assert_ptr_null(config_value("[include]\npath = other.gitconfig\n"));
}
END_TEST

static void make_gitdir(const char *name)
{
    char p[256];
    snprintf(p, sizeof p, "%s/HEAD", name);
    put(p, "ref: refs/heads/main\n");
    snprintf(p, sizeof p, "%s/objects", name);
    put(p, NULL);
    snprintf(p, sizeof p, "%s/refs", name);
    put(p, NULL);
}

START_TEST(test_ignore_repository_found_from_git_dirs_and_files)
{
    scratch();
    cortex_gitrepo r;
    make_gitdir("w/.git");
    put("w/a/b/c.py", "x\n");
    ck_assert_int_eq(cortex_gitrepo_open(&r, at("w")), 0);
    ck_assert_str_eq(r.workdir, at("w"));
    ck_assert_str_eq(r.gitdir, at("w/.git"));
    ck_assert_str_eq(r.commondir, at("w/.git"));
    cortex_gitrepo_dispose(&r);
    ck_assert_int_eq(cortex_gitrepo_open(&r, at("w/a")), CORTEX_ENOTFOUND);
    struct stat st;
    ck_assert_int_eq(stat(at("w/a/b"), &st), 0);
    ck_assert_int_eq(cortex_gitrepo_discover(&r, at("w/a/b"), st.st_dev), 0);
    ck_assert_str_eq(r.workdir, at("w"));
    cortex_gitrepo_dispose(&r);
    /* a .git file (a submodule): relative to its directory */
    make_gitdir("w/.git/modules/sub");
    put("w/sub/.git", "gitdir: ../.git/modules/sub\n");
    ck_assert_int_eq(cortex_gitrepo_open(&r, at("w/sub")), 0);
    ck_assert_str_eq(r.gitdir, at("w/sub/../.git/modules/sub"));
    ck_assert_str_eq(r.commondir, r.gitdir);
    cortex_gitrepo_dispose(&r);
    /* a linked worktree: HEAD in its own git dir, config and info/ in the common one */
    put("w/.git/worktrees/wt/HEAD", "ref: refs/heads/x\n");
    put("w/.git/worktrees/wt/commondir", "../..\n");
    char line[300];
    snprintf(line, sizeof line, "gitdir: %s\n", at("w/.git/worktrees/wt"));
    put("wt/.git", line);
    ck_assert_int_eq(cortex_gitrepo_open(&r, at("wt")), 0);
    ck_assert_str_eq(r.gitdir, at("w/.git/worktrees/wt"));
    ck_assert_str_eq(r.commondir, at("w/.git/worktrees/wt/../.."));
    cortex_gitrepo_dispose(&r);
    /* what is not a repository */
    put("bare/.git/HEAD", "x\n"); /* no objects/ nor refs/ */
    ck_assert_int_eq(cortex_gitrepo_open(&r, at("bare")), CORTEX_ENOTFOUND);
    put("file/.git", "not a gitdir line\n");
    ck_assert_int_eq(cortex_gitrepo_open(&r, at("file")), CORTEX_ENOTFOUND);
    put("dangling/.git", "gitdir: ../nowhere\n");
    ck_assert_int_eq(cortex_gitrepo_open(&r, at("dangling")), CORTEX_ENOTFOUND);
    scratch_remove();
}
END_TEST

static void expect_excludes(const cortex_gitrepo *r, const char *expected)
{
    char *global = cortex_gitrepo_global_excludes();
    char *got = cortex_gitrepo_excludes_file(r, global);
    if (!expected) ck_assert_ptr_null(got);
    else ck_assert_str_eq(got, expected);
    free(got);
    free(global);
}

START_TEST(test_ignore_excludes_file_from_config)
{
    scratch();
    make_gitdir("w/.git");
    cortex_gitrepo r;
    ck_assert_int_eq(cortex_gitrepo_open(&r, at("w")), 0);
    char home[256], xdg[256], expected[512];
    snprintf(home, sizeof home, "%s", at("home"));
    snprintf(xdg, sizeof xdg, "%s", at("xdg"));
    setenv("HOME", home, 1);
    unsetenv("XDG_CONFIG_HOME");
    unsetenv("GIT_CONFIG_GLOBAL");
    unsetenv("GIT_CONFIG_SYSTEM");
    setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
    /* unset anywhere: the XDG default, under $HOME without $XDG_CONFIG_HOME */
    snprintf(expected, sizeof expected, "%s/.config/git/ignore", home);
    expect_excludes(&r, expected);
    setenv("XDG_CONFIG_HOME", xdg, 1);
    snprintf(expected, sizeof expected, "%s/git/ignore", xdg);
    expect_excludes(&r, expected);
    /* the XDG config, then ~/.gitconfig over it, then the repository's over both */
    put("xdg/git/config", "[core]\n\texcludesFile = /from/xdg\n");
    expect_excludes(&r, "/from/xdg");
    put("home/.gitconfig", "[core]\n\texcludesFile = ~/from-home\n");
    snprintf(expected, sizeof expected, "%s/from-home", home);
    expect_excludes(&r, expected);
    put("w/.git/config", "[core]\n\trepositoryformatversion = 0\n\texcludesfile = relative/ignore\n");
    snprintf(expected, sizeof expected, "%s/relative/ignore", at("w"));
    expect_excludes(&r, expected);
    put("w/.git/config", "[core]\n\texcludesfile =\n"); /* set empty: none at all */
    expect_excludes(&r, NULL);
    put("w/.git/config", "[core]\n\texcludesfile = ~\n");
    expect_excludes(&r, home);
    /* $GIT_CONFIG_GLOBAL replaces both global files */
    put("w/.git/config", "[core]\n");
    put("other.gitconfig", "[core]\nexcludesfile = /from/env\n");
    char other[256];
    snprintf(other, sizeof other, "%s", at("other.gitconfig"));
    setenv("GIT_CONFIG_GLOBAL", other, 1);
    expect_excludes(&r, "/from/env");
    unsetenv("GIT_CONFIG_GLOBAL");
    /* the system file, unless GIT_CONFIG_NOSYSTEM */
    put("system.gitconfig", "[core]\nexcludesfile = /from/system\n");
    put("home/.gitconfig", "[user]\nname = x\n");
    put("xdg/git/config", "");
    char sys[256];
    snprintf(sys, sizeof sys, "%s", at("system.gitconfig"));
    setenv("GIT_CONFIG_SYSTEM", sys, 1);
    snprintf(expected, sizeof expected, "%s/git/ignore", xdg);
    expect_excludes(&r, expected);
    setenv("GIT_CONFIG_NOSYSTEM", "false", 1);
    expect_excludes(&r, "/from/system");
    unsetenv("GIT_CONFIG_SYSTEM");
    setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
    cortex_gitrepo_dispose(&r);
    scratch_remove();
}
END_TEST

static Suite *ignore_suite(void)
{
    Suite *s = suite_create("ignore");
    TCase *tc = tcase_create("ignore");
    tcase_add_test(tc, test_ignore_wildmatch_stars_and_questions);
    tcase_add_test(tc, test_ignore_wildmatch_classes);
    tcase_add_test(tc, test_ignore_wildmatch_escapes);
    tcase_add_test(tc, test_ignore_wildmatch_double_stars);
    tcase_add_test(tc, test_ignore_wildmatch_adversarial_patterns_stay_fast);
    tcase_add_test(tc, test_ignore_comments_blank_lines_and_escapes);
    tcase_add_test(tc, test_ignore_trailing_spaces);
    tcase_add_test(tc, test_ignore_negation_last_match_wins);
    tcase_add_test(tc, test_ignore_directory_only_patterns);
    tcase_add_test(tc, test_ignore_anchoring);
    tcase_add_test(tc, test_ignore_precedence_of_sources);
    tcase_add_test(tc, test_ignore_gitignore_files_read_never_through_a_link);
    tcase_add_test(tc, test_ignore_config_reader);
    tcase_add_test(tc, test_ignore_repository_found_from_git_dirs_and_files);
    tcase_add_test(tc, test_ignore_excludes_file_from_config);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cortex_check_run(ignore_suite());
}
