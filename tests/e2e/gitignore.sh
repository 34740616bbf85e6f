#!/usr/bin/env bash
# The walk's ignore rules against git's own (core/walk/ignore.c has no libgit2):
# repositories with nested .gitignore files, negations, directory-only,
# anchored and unanchored patterns, every `**` form, escapes, trailing spaces,
# info/exclude, a core.excludesFile set in $HOME/.gitconfig, nested
# repositories (a .git directory, a .git file), a linked worktree, a root that
# is a subdirectory, and a battery of one-pattern directories. Each time the
# .py files `cortex index` indexes must be exactly those `git ls-files --others
# --cached --exclude-standard` lists (a nested repository's by its own git).
. "$(dirname "$0")/lib.sh"
CORTEX=$1

# git and cortex read their configuration from here alone.
export HOME="$TMP/home"
unset XDG_CONFIG_HOME GIT_CONFIG_GLOBAL GIT_CONFIG_SYSTEM GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
export GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
printf '[core]\n\texcludesFile = "~/global ignore" ; quoted, with a comment\n[safe]\n\tdirectory = *\n' > "$HOME/.gitconfig"
printf 'global_*.py\n' > "$HOME/global ignore"
G=(git -c user.email=t@t -c user.name=t -c init.defaultBranch=main -c safe.directory='*')

# mk ROOT PATH...: each path a small Python file under ROOT.
mk() {
  local root=$1 f; shift
  for f in "$@"; do mkdir -p "$(dirname "$root/$f")"; echo "x = 1" > "$root/$f"; done
}

# git_files DIR [PREFIX]: what git does not ignore under DIR, relative to it;
# a nested repository (listed as "dir/") by its own git.
git_files() {
  local d=$1 prefix=${2:-} f
  while IFS= read -r -d '' f; do
    if [[ $f == */ ]]; then git_files "$d/${f%/}" "$prefix$f"; else printf '%s\n' "$prefix$f"; fi
  done < <(cd "$d" && "${G[@]}" ls-files -z --others --cached --exclude-standard 2>/dev/null)
}

# compare NAME DIR: cortex's indexed .py files under DIR against git's.
compare() {
  local name=$1 d=$2 out="$TMP/out-$RANDOM"
  local want got
  want=$(git_files "$d" | { grep '\.py$' || true; } | LC_ALL=C sort)
  if ! "$CORTEX" index "$d" --quiet --out "$out" 2>"$TMP/err"; then
    fail "$name: cortex index failed"; sed 's/^/    /' "$TMP/err" | head; return
  fi
  got=$(jq -r .path "$out/index/files.jsonl" | { grep '\.py$' || true; } | LC_ALL=C sort)
  expect_eq "$name: cortex indexes what git does not ignore ($(grep -c . <<<"$want") of $(cd "$d" && find . -name '*.py' -not -path '*/.git/*' | wc -l) .py files)" "$want" "$got"
}

# ---- a repository with every rule --------------------------------------------
R="$TMP/repo"
mkdir -p "$R"
"${G[@]}" -C "$R" init -q
{
  printf '%s\n' '# a comment' '' '\#hash.py' '\!bang.py' 'trail.py   ' 'dir1\ ' 'dir2  ' '*.gen.py' '!keep.gen.py' \
    'cache.py/' '/top.py' 'docs/*.py' '**/logs/*.py' 'deep/**' 'mid/**/end.py' 's?ar.py' '[abc]lass.py' '[!x]neg.py' \
    'r[0-9].py' '[[:upper:]]cls.py' 'odd/a**b.py' '*.log.py' 'ignored_dir/' '!ignored_dir/keep.py' '!info_keep.py' \
    'g2.py' 'tab.py	'
  printf 'crlf.py\r\n'
} > "$R/.gitignore"
printf 'info_*.py\n!global_keep.py\n!g2.py\n' >> "$R/.git/info/exclude"
mkdir -p "$R/sub/deeper"
printf '!keep.log.py\n/anch.py\n!b.gen.py\n' > "$R/sub/.gitignore"
printf 'keep.log.py\n' > "$R/sub/deeper/.gitignore"
mk "$R" '#hash.py' hash.py '!bang.py' bang.py trail.py x/trail.py 'dir1 /x.py' dir1/x.py dir2/x.py 'dir2 /x.py' \
  a.gen.py keep.gen.py sub/b.gen.py sub/c.gen.py a/cache.py/x.py b/cache.py top.py sub/top.py \
  docs/a.py docs/sub/a.py x/docs/a.py logs/a.py a/b/logs/c.py logs/sub/d.py deep/x.py deep/a/b.py \
  mid/end.py mid/a/b/end.py mid/a/other.py star.py spar.py sar.py alass.py dlass.py aneg.py xneg.py \
  r1.py rx.py Acls.py acls.py odd/axb.py odd/ab.py odd/a/b.py x.log.py sub/keep.log.py sub/other.log.py \
  sub/deeper/keep.log.py ignored_dir/keep.py ignored_dir/a.py info_x.py info_keep.py global_x.py \
  global_keep.py g2.py crlf.py tab.py sub/anch.py sub/x/anch.py plain.py
# a .gitignore that is a symbolic link: git does not follow it
mkdir -p "$R/lnk" && printf '*.py\n' > "$TMP/linked-ignore" && ln -s "$TMP/linked-ignore" "$R/lnk/.gitignore"
mk "$R" lnk/a.py
# a nested repository with its own rules; the global excludes file still applies, the root's rules do not
N="$R/nested"
mkdir -p "$N" && "${G[@]}" -C "$N" init -q
printf 'drop*.py\n' > "$N/.gitignore"
printf 'ex.py\n' >> "$N/.git/info/exclude"
mk "$N" drop1.py ex.py x.log.py global_x.py top.py keep.py
# a nested repository whose .git is a file (git init --separate-git-dir), below sub/
S="$R/sub/sep"
"${G[@]}" init -q --separate-git-dir "$TMP/sep.git" "$S"
printf 'sep_ex.py\n' >> "$TMP/sep.git/info/exclude"
mk "$S" sep_ex.py sep_keep.py x.log.py
[ -f "$S/.git" ] && pass "the separate repository has a .git file" || fail "the separate repository has a .git file"

compare "repository" "$R"
# The fixture exercises what it claims: git's answer for a few of its files.
expect_eq "git re-includes sub/keep.log.py and sub/b.gen.py, ignores the rest of these" \
  "sub/b.gen.py sub/keep.log.py" \
  "$(git_files "$R" | grep -E '^(sub/(deeper/)?keep\.log|sub/b\.gen|ignored_dir/keep|top|global_x|info_x|nested/ex|sub/sep/sep_ex)\.py$' | LC_ALL=C sort | xargs)"

# ---- a root that is a subdirectory: the .gitignore files above it apply ------
compare "root at sub/" "$R/sub"
compare "root at sub/deeper/" "$R/sub/deeper"
compare "root at a nested repository" "$N"
# A root its repository ignores is indexed whole, with the note.
"$CORTEX" index "$R/ignored_dir" --json --out "$TMP/out-ignored" > "$TMP/ignored.json" 2>/dev/null
expect_eq "a root its repository ignores: every file indexed" "a.py keep.py" \
  "$(jq -r .path "$TMP/out-ignored/index/files.jsonl" | xargs)"
expect_eq "a root its repository ignores: the note" \
  "the root is ignored by its enclosing repository, so that repository's ignore rules were not applied" \
  "$(jq -r '.notes[]' "$TMP/ignored.json")"

# ---- a linked worktree: info/exclude and config in the main repository's git dir
W="$TMP/main-repo"
mkdir -p "$W" && "${G[@]}" -C "$W" init -q
mk "$W" base.py
"${G[@]}" -C "$W" add base.py && "${G[@]}" -C "$W" commit -qm base
"${G[@]}" -C "$W" worktree add -q "$TMP/wt" 2>/dev/null
printf 'wt_ex.py\n' >> "$W/.git/info/exclude"
mk "$TMP/wt" wt_ex.py wt_keep.py global_y.py
compare "linked worktree" "$TMP/wt"

# ---- core.excludesFile set in the repository's config, over the global one ----
printf 'repo_*.py\n' > "$TMP/repo-excludes"
"${G[@]}" -C "$N" config core.excludesFile "$TMP/repo-excludes"
mk "$N" repo_x.py global_z.py
compare "nested repository with its own core.excludesFile" "$R"

# ---- a battery: one directory per .gitignore ('|' separates its lines) --------
B="$TMP/battery"
mkdir -p "$B" && "${G[@]}" -C "$B" init -q
patterns=(
  'a.py' '/a.py' '*.py' 'a*' '*b*' '?.py' '??.py' '[ab].py' '[!a].py' '[^a].py' '[a-c]*.py' '[[:upper:]].py'
  '[[:digit:]].py' '[[:punct:]]*' '[]a].py' '[!]a].py' 'x/*.py' 'x/**/a.py' '**/a.py' '**/x' 'a/**' 'a/**/b.py'
  'a/*/b.py' '**' '*' 'a/' 'x/' 'abc/' '/abc/' 'a\.py' '\a.py' 'a?py' 'a[.]py' '*.PY' 'a/**/' '**/*/b.py'
  'a**b.py' '*/a.py' 'x/y' 'x/y/' '[a-' '[[:foo:]].py' 'a\' '*.py|!a.py' '*.py|!x/' 'x|!x/a.py' '*|!*/|!a.py'
  '**/' '\#a.py' '\!a.py' '!a.py|*.py' 'a.py  ' 'a.py\ ' '#a.py' 'a b.py' 'a\ b.py' '/x/y/a.py' 'x/y/*.py'
  '*/*/*.py' '**/b/**' 'abc/**/d.py' 'a/x/**' '**/x/**' '[a-c][a-c].py' '[!a-c]*.py' '*[[:alpha:]].py'
  '*a*a*a*a*a*b' 'x/**/**/a.py' 'a/**/x/**/b.py' '**/**/b.py' '[[:alnum:]_-].py' '*.p[xy]' 'b/|!b/a.py'
)
files=(a.py ab.py abc.py A.py 1.py _.py 'a b.py' a.b.py '#a.py' '!a.py' b.py x/a.py x/y/a.py x/b.py a/b.py
       a/x/b.py a/x/y/b.py b/a.py abc/d.py abc/x/d.py x/x/a.py b/b/x.py aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.py)
for i in "${!patterns[@]}"; do
  d="$B/p$i"
  mkdir -p "$d"
  IFS='|' read -ra lines <<<"${patterns[$i]}"
  printf '%s\n' "${lines[@]}" > "$d/.gitignore"
  mk "$d" "${files[@]}"
done
compare "battery of ${#patterns[@]} patterns" "$B"

finish
