#!/bin/sh
# Per-language throughput and recall, beside universal-ctags in the same run:
# for each corpus, ctags (that language only) and `cortex index` with 1 and 2
# threads, cold (a fresh --out directory), median wall time of N runs and
# peak RSS; files/s and MB/s count the files and bytes cortex indexed for the
# language; then definition recall against ctags (benches/recall.py). Writes
# the `<!-- throughput:begin/end -->` section of docs/benchmarks.md, and each
# language's recall report (per kind, every miss category with examples, the
# kinds cortex finds beyond ctags) to docs/recall/<lang>.md.
#
# Corpora (built into benches/.corpora/ once; nothing is committed):
#   go          /usr/share/go-1.19/src                 (Debian golang-1.19-src)
#   rust        /usr/lib/rustlib/src/rust/library      (Debian rust-src)
#   java        java.base from the JDK's lib/src.zip   (Debian openjdk-17-source)
#   ruby        /usr/lib/ruby/3.1.0                    (Debian libruby3.1)
#   typescript  npm typescript@5.9.3, rxjs@7.8.1, @types/node@20 (npm pack)
#
# Usage: benches/languages.sh [--runs N] [--lang go|rust|java|ruby|typescript]... [--out FILE]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
cache="$here/.corpora"
runs=3
langs=""
out="$repo/docs/benchmarks.md"
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs=$2; shift 2 ;;
    --lang) langs="$langs $2"; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h | --help) sed -n '/^# Usage:/p' "$0" | sed 's/^# //'; exit 0 ;;
    *) echo "languages.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done
[ -n "$langs" ] || langs="go rust java ruby typescript"
cortex="$repo/build/cortex"
[ -x "$cortex" ] || { echo "languages.sh: build cortex first (cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build)" >&2; exit 2; }
command -v ctags >/dev/null || { echo "languages.sh: universal-ctags is not installed" >&2; exit 2; }
log() { echo "languages: $*" >&2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$cache"

# corpus LANG: prints the corpus directory, building it first when needed
corpus() {
    dir="$cache/lang-$1"
    if [ ! -f "$dir/.complete" ]; then
        rm -rf "$dir"; mkdir -p "$dir"
        case "$1" in
        go) cp -a /usr/share/go-1.19/src/. "$dir/" ;;
        rust) cp -a /usr/lib/rustlib/src/rust/library/. "$dir/" ;;
        java) (cd "$dir" && unzip -q "$(ls /usr/lib/jvm/*17*/lib/src.zip | head -1)" 'java.base/*') ;;
        ruby) cp -a /usr/lib/ruby/3.1.0/. "$dir/" ;;
        typescript)
            (cd "$work" && npm pack --silent typescript@5.9.3 rxjs@7.8.1 @types/node@20 >/dev/null)
            for t in "$work"/*.tgz; do n=$(basename "$t" .tgz); mkdir -p "$dir/$n"; tar -xzf "$t" -C "$dir/$n" --strip-components 1; done ;;
        esac
        touch "$dir/.complete"
    fi
    echo "$dir"
}
ctags_lang() { case "$1" in go) echo Go ;; rust) echo Rust ;; java) echo Java ;; ruby) echo Ruby ;; typescript) echo TypeScript ;; esac; }
# Generated files over 1 MiB are skipped by default; Rust's stdarch tables hold
# 19 of them, which the recall figure is about, so its limit is raised.
extra() { case "$1" in rust | typescript) echo "--max-file-size 4194304" ;; *) echo "" ;; esac; }

timed() {
    var=$1; shift
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$work/stdout" 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
    eval "$var=\"\$(tail -1 \"$work/time\")\""
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

section="$work/section.md"
{
    echo "<!-- throughput:begin -->"
    echo "## Throughput and recall per language"
    echo
    echo "Made by \`benches/languages.sh --runs $runs\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(git -C "$repo" rev-parse --short HEAD);"
    echo "medians of $runs cold runs (a fresh \`--out\` directory each), warm page cache, ctags in the same run with"
    echo "\`--languages=<lang>\`. Files and MB are what cortex indexed in that language; files/s and MB/s divide them"
    echo "by the wall time. cortex writes all three sinks (store, JSONL, chunks); ctags writes one tags file."
    echo "Recall: \`benches/recall.py\` against that ctags output; the per-kind tables, every miss category with examples,"
    echo "and the kinds cortex finds beyond ctags are in \`docs/recall/<language>.md\`."
    echo
    echo "| language | corpus | files | MB | ctags | cortex, 1 thread | cortex, 2 threads | 2 threads vs ctags | files/s (2 threads) | MB/s (2 threads) | peak RSS (1 / 2 threads) | ctags RSS | recall |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
} >"$section"

for l in $langs; do
    dir=$(corpus "$l")
    log "$l: $runs runs over $dir"
    : >"$work/ct"; : >"$work/t1"; : >"$work/t2"; : >"$work/r1"; : >"$work/r2"; : >"$work/rc"
    i=1
    while [ "$i" -le "$runs" ]; do
        rm -f "$work/tags.json"
        timed r ctags -R --fields=+n --output-format=json --languages="$(ctags_lang "$l")" -f "$work/tags.json" "$dir"
        echo "$r" | cut -d' ' -f1 >>"$work/ct"; echo "$r" | cut -d' ' -f2 >>"$work/rc"
        for t in 1 2; do
            rm -rf "$work/idx"
            # shellcheck disable=SC2046
            timed r "$cortex" index --quiet --full --json --threads $t $(extra "$l") --out "$work/idx" "$dir"
            echo "$r" | cut -d' ' -f1 >>"$work/t$t"; echo "$r" | cut -d' ' -f2 >>"$work/r$t"
            cp "$work/stdout" "$work/report.json"
        done
        i=$((i + 1))
    done
    files=$(jq -r --arg l "$l" '.languages[$l].files' "$work/report.json")
    bytes=$(jq -r --arg l "$l" '.languages[$l].bytes' "$work/report.json")
    mkdir -p "$repo/docs/recall"
    {
        echo "# Recall of the $l plugin against universal-ctags"
        echo
        echo "Made by \`benches/languages.sh --lang $l\` on $(date -u +%Y-%m-%d) at $(git -C "$repo" rev-parse --short HEAD): the corpus"
        echo "is \`benches/.corpora/lang-$l\` (see the script's header for its source), indexed by"
        echo "\`cortex index --full $(extra "$l") --out IDX CORPUS\`, against"
        echo "\`ctags -R --fields=+n --output-format=json --languages=$(ctags_lang "$l") -f TAGS CORPUS\`, measured by"
        echo "\`python3 benches/recall.py --lang $l --root CORPUS --ctags TAGS --index IDX/index\`."
        echo
        python3 "$here/recall.py" --lang "$l" --root "$dir" --ctags "$work/tags.json" --index "$work/idx/index" \
            --summary "$work/recall.json" --title "$l: $(basename "$dir")"
    } >"$repo/docs/recall/$l.md"
    recall=$(jq -r 'if .total > 0 then .found / .total else empty end' "$work/recall.json")
    ct=$(median <"$work/ct"); t1=$(median <"$work/t1"); t2=$(median <"$work/t2")
    r1=$(median <"$work/r1"); r2=$(median <"$work/r2"); rc=$(median <"$work/rc")
    awk -v l="$l" -v c="$(basename "$dir")" -v f="$files" -v b="$bytes" -v ct="$ct" -v t1="$t1" -v t2="$t2" \
        -v r1="$r1" -v r2="$r2" -v rc="$rc" -v rec="$recall" 'BEGIN {
        printf "| %s | %s | %d | %.1f | %.2f s | %.2f s | %.2f s | %.1fx | %.0f | %.2f | %.0f / %.0f MB | %.0f MB | %s |\n",
            l, c, f, b / 1e6, ct, t1, t2, t2 / ct, f / t2, b / 1e6 / t2, r1 / 1024, r2 / 1024, rc / 1024,
            rec == "" ? "–" : sprintf("%.1f%%", rec * (rec <= 1 ? 100 : 1)) }' >>"$section"
done
echo "<!-- throughput:end -->" >>"$section"

python3 - "$out" "$section" <<'PY'
import sys
out, section = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
page = open(out, encoding="utf-8").read()
start, end = page.find("<!-- throughput:begin -->"), page.find("<!-- throughput:end -->")
if 0 <= start < end:
    # rows of languages this run did not measure stay, in the table's order
    def rows(text):
        return {l.split("|")[1].strip(): l for l in text.splitlines()
                if l.startswith("| ") and not l.startswith("| language")}
    new_rows, old_rows = rows(section), rows(page[start:end])
    table = [old_rows[k] if k not in new_rows else new_rows[k] for k in old_rows]
    table += [l for k, l in new_rows.items() if k not in old_rows]
    lines = [l for l in section.rstrip("\n").splitlines() if not (l.startswith("| ") and not l.startswith("| language"))]
    at = next(i for i, l in enumerate(lines) if l.startswith("|---")) + 1
    section = "\n".join(lines[:at] + table + lines[at:]) + "\n"
    page = page[:start] + section.rstrip("\n") + page[end + len("<!-- throughput:end -->"):]
else:
    page = page.rstrip("\n") + "\n\n" + section
open(out, "w", encoding="utf-8").write(page if page.endswith("\n") else page + "\n")
PY
log "wrote $out"
