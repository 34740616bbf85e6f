#!/usr/bin/env bash
# Regenerates each language plugin's builtins.h: the names its language
# predeclares and the roots of its standard library that code uses without
# defining them (cortex/plugin.h, `builtins`). Each list is read from the
# language's own implementation, not typed in:
#   go          go/types' universe scope (golang-go)
#   python      dir(builtins) of python3, without the _-prefixed names
#   javascript  node's globalThis, run as a module, plus the CommonJS wrapper's
#               parameters (require, module, exports, __filename, __dirname)
#               and the browser's two roots window and document as TypeScript's
#               lib.dom.d.ts declares them
#   typescript  javascript's list plus every type and interface TypeScript's
#               ECMAScript libraries (lib.es*.d.ts) declare: Partial, Record,
#               ReturnType, PromiseLike... (shared by the tsx plugin)
#   c           the functions the C headers below declare (gcc -E, ctags) and
#               the function-like macros they define (gcc -dM), glibc's own
#               __-prefixed internals left out
#   cpp         c's list, plus typeid, which tree-sitter-cpp parses as a call
#   rust        std's preludes (v1 and rust_2021, with core's) and std's exported
#               macros and primitive types, from the rust-docs HTML of the
#               installed rustc
#   java        java.lang's public top-level types (the JDK's jrt filesystem)
#   csharp      the public types of namespace System in mono's mscorlib
#               (monodis), plus C#'s keywords for predefined types
#   ruby        Kernel's and Module's methods and the core classes and modules
#               (ruby --disable-all)
#   php         every internal function, class and interface of php-cli
#   bash        the shell's builtins (compgen -b)
#   lua         _G of lua5.4 (the SDK's example plugin, sdk/examples/lua)
# and, for the languages whose code calls methods on library values, the
# names of their built-in and standard-library types' members (`builtin_members`,
# names of two characters or more), each source in the generated file's head:
#   python      dir() of the built-in types, io's base classes, BaseException
#   javascript  own properties of the standard prototypes (node), EventEmitter,
#   typescript  Buffer and streams, lib.dom.d.ts' EventTarget and XMLHttpRequest
#   go          go/types method sets of io's interfaces, strings.Builder,
#               bytes.Buffer, bufio, sync, context, time, os.File, net/http,
#               testing, reflect... (GO_MEMBER_TYPES)
#   rust        rust-docs: stable self methods of Option, Result, Vec, String,
#               str, slices, the collections, Iterator, Box, Rc, Arc, RefCell
#               and of the preludes' traits (RUST_MEMBER_PAGES)
#   java        javap: public instance methods of Object, String, StringBuilder,
#               the java.util collections, Optional, Stream
#   csharp      monodis: public methods of Object, String, List`1,
#               Dictionary`2, HashSet`1, IEnumerable`1, Enumerable's extensions
#   ruby        instance_methods of Object, Kernel, String, Array, Hash,
#               Integer, Enumerable, IO
#   php         reflection: ArrayObject, ArrayIterator, Exception, DateTime, Closure
#   cpp         ctags on libstdc++: public members of std::string, vector, map,
#               unordered_map, set, optional, unique_ptr, shared_ptr
# (c, bash and lua: none).
# Usage: scripts/gen-builtins.sh [language...]   (default: all of them)
# Installs what it lacks from Debian (apt-get) and npm (typescript, into a
# temporary directory unless benches/accuracy/node_modules has it).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

need() { # need <command> <debian package>
    command -v "$1" >/dev/null 2>&1 && return
    echo "gen-builtins: installing $2 for $1" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >&2
}

# names <min length>: the names on stdin, deduplicated. A name is an
# identifier, with Ruby's `?` or `!` at its end (`block_given?`); operators
# (`===`, `operator[]`) are no names.
names() {
    grep -E '^[A-Za-z_$][A-Za-z0-9_$]*[?!]?$' | awk -v min="$1" 'length($0) >= min' | LC_ALL=C sort -u
}

# array <name>: the lines on stdin as a NULL-terminated C array <name>.
array() {
    echo "static const char *const $1[] = {"
    awk '
        { item = "\"" $0 "\","; if (length(line) + 1 + length(item) > 96) { print line; line = "" }
          line = line (line == "" ? "   " : "") " " item }
        END { if (line != "") print line }'
    echo "    NULL,"
    echo "};"
}

# write <file> <language> <source> [<members file> <members source>]: the
# names on stdin as the C array `builtins`; with a members file (names, one a
# line), its names of two characters or more as the array `builtin_members`.
write() {
    local file=$1 lang=$2 source=$3 members_file=${4:-} members_source=${5:-}
    local names members=
    names=$(names 1)
    [ -z "$members_file" ] || members=$(names 2 <"$members_file")
    {
        echo "/* Generated by scripts/gen-builtins.sh $lang; do not edit. */"
        echo "/* Source: $source. $(printf '%s\n' "$names" | wc -l) names. */"
        [ -z "$members_file" ] ||
            echo "/* builtin_members: $members_source. $(printf '%s\n' "$members" | wc -l) names. */"
        printf '%s\n' "$names" | array builtins
        if [ -n "$members_file" ]; then
            echo
            printf '%s\n' "$members" | array builtin_members
        fi
    } >"$file"
    echo "$file: $(printf '%s\n' "$names" | wc -l) names${members_file:+, $(printf '%s\n' "$members" | wc -l) members}" >&2
}

# The standard library types whose methods are Go's builtin_members (every
# exported interface of io: io.*; the universe's error).
GO_MEMBER_TYPES="error strings.Builder strings.Reader bytes.Buffer bytes.Reader io.* bufio.Reader bufio.Writer bufio.Scanner bufio.ReadWriter fmt.Stringer fmt.State sort.Interface sync.Mutex sync.RWMutex sync.WaitGroup sync.Once context.Context time.Time time.Duration os.File net/http.Request net/http.ResponseWriter net/http.Client net/http.Header testing.T testing.B testing.M testing.TB reflect.Value reflect.Type"

gen_go() {
    need go golang-go
    cat >"$tmp/universe.go" <<'EOF'
package main

import (
	"fmt"
	"go/types"
)

func main() {
	for _, n := range types.Universe.Names() {
		fmt.Println(n)
	}
}
EOF
    mkdir -p "$tmp/gomembers"
    cat >"$tmp/gomembers/members.go" <<'EOF'
package main

import (
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"os"
	"strings"
)

// The exported methods of the standard library types named on the command
// line as package.Type (package.* for every exported interface of package),
// with the pointer receiver's method set; "error" is the universe's.
func main() {
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	for _, arg := range os.Args[1:] {
		var objs []types.Object
		if arg == "error" {
			objs = append(objs, types.Universe.Lookup("error"))
		} else {
			i := strings.LastIndex(arg, ".")
			pkg, err := imp.Import(arg[:i])
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			if name := arg[i+1:]; name == "*" {
				for _, n := range pkg.Scope().Names() {
					o := pkg.Scope().Lookup(n)
					if _, ok := o.(*types.TypeName); ok && o.Exported() && types.IsInterface(o.Type()) {
						objs = append(objs, o)
					}
				}
			} else if o := pkg.Scope().Lookup(name); o != nil {
				objs = append(objs, o)
			} else {
				fmt.Fprintln(os.Stderr, arg, "not found")
				os.Exit(1)
			}
		}
		for _, o := range objs {
			t := o.Type()
			if !types.IsInterface(t) {
				t = types.NewPointer(t)
			}
			ms := types.NewMethodSet(t)
			for i := 0; i < ms.Len(); i++ {
				if m := ms.At(i).Obj(); m.Exported() {
					fmt.Println(m.Name())
				}
			}
		}
	}
}
EOF
    local v
    v=$(go version | awk '{print $3}')
    (set -f; cd "$tmp/gomembers" && GO111MODULE=off GOFLAGS= go run members.go $GO_MEMBER_TYPES) >"$tmp/members.txt"
    (cd "$tmp" && GO111MODULE=off GOFLAGS= go run universe.go) |
        write "$here/plugins/go/builtins.h" go "$v, go/types Universe.Names()" \
            "$tmp/members.txt" "go/types method sets (of *T) of $GO_MEMBER_TYPES"
}

gen_python() {
    need python3 python3
    local v
    v=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    python3 -c '
import io
types = [str, bytes, list, dict, set, frozenset, tuple, int, float, complex, object, type, range,
         memoryview, bytearray, io.IOBase, io.RawIOBase, io.BufferedIOBase, io.TextIOBase, BaseException]
print("\n".join(n for t in types for n in dir(t) if not n.startswith("_")))' >"$tmp/members"
    python3 -c 'import builtins; print("\n".join(n for n in dir(builtins) if not n.startswith("_")))' |
        write "$here/plugins/python/builtins.h" python "python $v, dir(builtins) without _-prefixed names" \
            "$tmp/members" "dir() of str bytes list dict set frozenset tuple int float complex object type range memoryview bytearray, of io.IOBase RawIOBase BufferedIOBase TextIOBase and of BaseException, without _-prefixed names"
}

# The TypeScript compiler's lib directory (its .d.ts files).
typescript_lib() {
    local lib="$here/benches/accuracy/node_modules/typescript/lib"
    if [ ! -f "$lib/lib.es5.d.ts" ]; then
        need npm npm
        npm install --silent --no-save --prefix "$tmp/ts" typescript@5.9.3 >&2
        lib="$tmp/ts/node_modules/typescript/lib"
    fi
    echo "$lib"
}

js_names() {
    need node nodejs
    local lib=$1
    cat >"$tmp/globals.js" <<'EOF'
// Run as a CommonJS module: globalThis as every module sees it (node -e would
// add the built-in modules' names), then the wrapper's parameters.
for (const n of Object.getOwnPropertyNames(globalThis)) console.log(n);
const wrapper = require("module").wrapper[0];
for (const n of wrapper.slice(wrapper.indexOf("(", 1) + 1, wrapper.indexOf(")")).split(",")) console.log(n.trim());
EOF
    node "$tmp/globals.js"
    # the browser's roots, only where the DOM library declares them
    grep -oE '^declare var (window|document): ' "$lib/lib.dom.d.ts" | awk '{print $3}' | tr -d ':'
}

# The member names of JavaScript's built-in values: the own properties of the
# prototypes of the standard classes, the typed arrays', iterators' and
# generators', node's EventEmitter's, Buffer's and the streams', and the
# members of lib.dom.d.ts' interfaces EventTarget and XMLHttpRequest (with its
# base XMLHttpRequestEventTarget).
js_members() {
    local lib=$1
    cat >"$tmp/members.js" <<'EOF'
const protos = [Object, Function, Array, String, Number, Boolean, Symbol, Promise, Map, Set, WeakMap, WeakSet,
    RegExp, Date, Error, ArrayBuffer, DataView].map(c => c.prototype);
const TypedArray = Object.getPrototypeOf(Int8Array);
protos.push(TypedArray.prototype);
for (const n of Object.getOwnPropertyNames(globalThis))
    if (typeof globalThis[n] === "function" && Object.getPrototypeOf(globalThis[n]) === TypedArray)
        protos.push(globalThis[n].prototype);
const gen = Object.getPrototypeOf(function* () {}), agen = Object.getPrototypeOf(async function* () {});
protos.push(gen.prototype, Object.getPrototypeOf(gen.prototype), agen.prototype, Object.getPrototypeOf(agen.prototype));
for (const it of [[][Symbol.iterator](), new Map()[Symbol.iterator](), new Set()[Symbol.iterator](), ""[Symbol.iterator]()])
    protos.push(Object.getPrototypeOf(it));
const stream = require("stream");
protos.push(require("events").EventEmitter.prototype, Buffer.prototype, stream.Stream.prototype,
    stream.Readable.prototype, stream.Writable.prototype, stream.Duplex.prototype, stream.Transform.prototype);
for (const p of protos) for (const n of Object.getOwnPropertyNames(p)) if (n !== "constructor") console.log(n);
EOF
    node "$tmp/members.js"
    awk '/^interface (EventTarget|XMLHttpRequest|XMLHttpRequestEventTarget) /{on = 1; next} on && /^}/{on = 0} on' \
        "$lib/lib.dom.d.ts" | sed -nE 's/^    (readonly )?([A-Za-z_$][A-Za-z0-9_$]*)\??[(:<].*/\2/p'
}
JS_MEMBERS_SOURCE="node's own property names of the prototypes of the standard classes, typed arrays, iterators and generators, of EventEmitter, Buffer and the streams, and the members of lib.dom.d.ts' EventTarget and XMLHttpRequest"

gen_javascript() {
    local lib
    lib=$(typescript_lib)
    js_members "$lib" >"$tmp/members"
    js_names "$lib" | write "$here/plugins/javascript/builtins.h" javascript \
        "node $(node --version) globalThis and CommonJS wrapper, window and document from typescript's lib.dom.d.ts" \
        "$tmp/members" "$JS_MEMBERS_SOURCE"
}

gen_typescript() {
    local lib v
    lib=$(typescript_lib)
    v=$(node -p "require('$lib/../package.json').version")
    js_members "$lib" >"$tmp/members"
    { js_names "$lib"; cat "$lib"/lib.es*.d.ts | sed -nE 's/^(declare )?(type|interface) ([A-Za-z_$][A-Za-z0-9_$]*).*/\3/p'; } |
        write "$here/plugins/typescript/builtins.h" typescript \
            "javascript's, plus the types and interfaces of typescript $v lib.es*.d.ts" \
            "$tmp/members" "javascript's list"
}

# The C headers whose functions and function-like macros are C's builtins.
C_HEADERS="assert ctype errno math setjmp signal stdarg stddef stdint stdio stdlib string strings time"

c_names() {
    need gcc gcc
    need ctags universal-ctags
    local h src="$tmp/libc.c"
    : >"$src"
    for h in $C_HEADERS; do echo "#include <$h.h>" >>"$src"; done
    gcc -E -P "$src" -o "$tmp/libc.i"
    {
        ctags -x --language-force=C --kinds-C=p -o - "$tmp/libc.i" | awk '{print $1}'
        gcc -E -dM "$src" | sed -nE 's/^#define ([A-Za-z_][A-Za-z0-9_]*)\(.*/\1/p'
    } | grep -v '^__' # glibc's and gcc's internals (__acos, __errno_location)
}

gen_c() {
    c_names | write "$here/plugins/c/builtins.h" c \
        "$(gcc -dumpfullversion) glibc $(ldd --version | head -1 | awk '{print $NF}'), prototypes and function-like macros of <$(echo $C_HEADERS | sed 's/ /.h> <"/g; s/"//g').h>"
}

# libstdc++'s headers (under its include directory) and the class templates
# in them whose public member functions are C++'s builtin_members; shared_ptr
# has most of its members from its base __shared_ptr.
CPP_MEMBER_CLASSES="bits/basic_string.h:basic_string bits/stl_vector.h:vector bits/stl_map.h:map bits/unordered_map.h:unordered_map bits/stl_set.h:set optional:optional bits/unique_ptr.h:unique_ptr bits/shared_ptr.h:shared_ptr bits/shared_ptr_base.h:__shared_ptr"

gen_cpp() {
    need g++ g++
    need ctags universal-ctags
    local inc hc
    # libstdc++'s include directory: where <vector> is found
    inc=$(echo '#include <vector>' | g++ -x c++ -E -H - 2>&1 >/dev/null | awk '$2 ~ /\/vector$/ {print $2; exit}')
    inc=$(dirname "$inc")
    for hc in $CPP_MEMBER_CLASSES; do
        # the class's public functions (ctags' scope class:std::NAME, in
        # libstdc++'s inline namespace __cxx11 or not), not its constructor
        ctags -o - --language-force=C++ --kinds-C++=fp --fields=+a "$inc/${hc%:*}" |
            awk -F'\t' -v c="${hc#*:}" '{ pub = 0; sc = 0
                for (i = 4; i <= NF; i++) { pub = pub || $i == "access:public"; sc = sc || $i ~ ("^(class|struct):std::(__cxx11::)?" c "$") }
                if (pub && sc && $1 != c) print $1 }'
    done >"$tmp/members"
    { c_names; echo typeid; } | write "$here/plugins/cpp/builtins.h" cpp \
        "the C plugin's list (glibc's C headers), plus typeid (a call in tree-sitter-cpp)" \
        "$tmp/members" "ctags: the public member functions of std::$(echo $CPP_MEMBER_CLASSES | sed -E 's/[^ ]*://g; s/ / std::/g') in $inc (g++ $(g++ -dumpfullversion))"
}

# The rust-docs pages (under std/) of the types whose methods are Rust's
# builtin_members, beside the prelude's traits'.
RUST_MEMBER_PAGES="option/enum.Option.html result/enum.Result.html vec/struct.Vec.html string/struct.String.html primitive.str.html primitive.slice.html collections/struct.HashMap.html collections/struct.HashSet.html collections/struct.BTreeMap.html iter/trait.Iterator.html boxed/struct.Box.html rc/struct.Rc.html sync/struct.Arc.html cell/struct.RefCell.html"

gen_rust() {
    need rustc rustc
    local docs
    docs="$(rustc --print sysroot)/share/doc/rust/html/std"
    [ -f "$docs/prelude/v1/index.html" ] || { echo "gen-builtins: no rust-docs at $docs (rustup component add rust-docs)" >&2; exit 1; }
    # the members: each page's methods before its trait implementations (its
    # own and those of its Deref target), those a program calls on a value (a
    # self receiver) and may (stable)
    cat >"$tmp/members.pl" <<'EOF'
undef $/;
for my $f (@ARGV) {
    open my $h, '<', $f or die "$f: $!";
    my $html = <$h>;
    $html =~ s/id="(trait-implementations-list|implementors)".*//s;
    while ($html =~ /<section id="(?:ty)?method\.(\w+)"(.*?)<\/h4>/gs) {
        my ($name, $head) = ($1, $2);
        next unless $head =~ /title="Stable since/;
        next unless $head =~ /class="fn">\w+<\/a>(?:&lt;.*?&gt;)?\((?:&amp;(?:'\w+ )?)?(?:mut )?self\b/s;
        print "$name\n";
    }
}
EOF
    local traits
    traits=$(cat "$docs/prelude/v1/index.html" "$docs/prelude/rust_2021/index.html" |
        grep -oE 'href="[./]*[a-z_/]*trait\.[A-Za-z0-9_]+\.html"' | sed -E 's/^href="//; s/"$//' |
        grep -vE 'trait\.(Drop|(Async)?Fn(Mut|Once)?)\.html' | sort -u |
        while read -r t; do realpath -m "$docs/prelude/v1/$t"; done | sort -u)
    (cd "$docs" && perl "$tmp/members.pl" $RUST_MEMBER_PAGES $traits) >"$tmp/members"
    {
        # the re-exports of each prelude: the items and enum variants they link to
        cat "$docs/prelude/v1/index.html" "$docs/prelude/rust_2021/index.html" \
            "$docs/../core/prelude/rust_2021/index.html" |
            grep -oE 'href="[./]*[a-z_/]*(trait|fn|enum|struct|type|macro)\.[A-Za-z0-9_]+\.html(#variant\.[A-Za-z0-9_]+)?"' |
            sed -E 's/.*#variant\.([A-Za-z0-9_]+)"$/\1/; s/.*\.([A-Za-z0-9_]+)\.html"$/\1/'
        # std's exported macros (println!, vec!, format!) and the primitive
        # types named by an identifier (not the pages for fn, tuple, never...)
        ls "$docs" | sed -nE 's/^macro\.([A-Za-z0-9_]+)\.html$/\1/p'
        ls "$docs" | sed -nE 's/^primitive\.([A-Za-z0-9_]+)\.html$/\1/p' | grep -E '^(bool|char|str|[iuf][0-9]+|[iu]size)$'
    } | write "$here/plugins/rust/builtins.h" rust \
        "$(rustc --version | awk '{print $1, $2}') rust-docs: std::prelude::v1 and rust_2021, std's macros and primitive types" \
        "$tmp/members" "the stable methods with a self receiver that rust-docs documents for $(echo $RUST_MEMBER_PAGES | sed -E 's/[a-z_]+\/|(enum|struct|trait|primitive)\.|\.html//g') (their own, and Deref's) and for the traits the preludes re-export but Drop and the Fn traits"
}

JAVA_MEMBER_TYPES="java.lang.Object java.lang.String java.lang.StringBuilder java.util.List java.util.Map java.util.Set java.util.Collection java.util.Iterator java.util.Optional java.util.stream.Stream"

gen_java() {
    need java openjdk-17-jdk-headless
    cat >"$tmp/JavaLang.java" <<'EOF'
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.*;

public class JavaLang {
    public static void main(String[] args) throws Exception {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(jrt.getPath("/modules/java.base/java/lang"), "*.class")) {
            for (Path p : dir) {
                String n = p.getFileName().toString().replace(".class", "");
                if (n.contains("$")) continue;
                Class<?> c = Class.forName("java.lang." + n, false, null);
                if (Modifier.isPublic(c.getModifiers())) System.out.println(n);
            }
        }
    }
}
EOF
    local v
    v=$(java -version 2>&1 | head -1 | sed 's/"//g')
    # the public instance methods (javap: no `static`) of the member types;
    # a constructor's name is qualified (java.lang.String), no name
    javap -public $JAVA_MEMBER_TYPES | grep -E '^ .*\(' | grep -v ' static ' | sed -E 's/\(.*//; s/.* //' >"$tmp/members"
    java "$tmp/JavaLang.java" | write "$here/plugins/java/builtins.h" java "$v, java.lang's public top-level types" \
        "$tmp/members" "javap -public of $JAVA_MEMBER_TYPES: their public instance methods"
}

CSHARP_MEMBER_TYPES='System.Object System.String System.Collections.Generic.List`1 System.Collections.Generic.Dictionary`2 System.Collections.Generic.HashSet`1 System.Collections.Generic.IEnumerable`1 System.Linq.Enumerable'

gen_csharp() {
    need monodis mono-utils
    local corlib=/usr/lib/mono/4.5/mscorlib.dll
    [ -f "$corlib" ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libmono-corlib4.5-cil >&2
    {
        # a typedef row: `N: System.Name`1 (flist=.., mlist=.., flags=0x.., ...)`;
        # visibility public (flags & 7 == 1), namespace exactly System
        monodis --typedef "$corlib" |
            sed -nE 's/^[0-9]+: System\.([A-Za-z_][A-Za-z0-9_]*)(`[0-9]+)? \(.*flags=(0x[0-9a-f]+).*/\1 \3/p' |
            while read -r name flags; do [ $((flags & 7)) -eq 1 ] && echo "$name"; done
        # C#'s keywords for predefined types (C# language specification,
        # "Types"): not in any assembly
        printf '%s\n' bool byte char decimal double dynamic float int long nint nuint object sbyte short string uint ulong ushort void
    } >"$tmp/names"
    cat >"$tmp/members.awk" <<'EOF'
# monodis IL of an assembly: the names of the public, non-special methods of
# the top-level types in `types`: instance methods, and of a static class its
# extension methods (called on values)
BEGIN { n = split(types, t, " "); for (i = 1; i <= n; i++) want[t[i]] = 1 }
/^\.namespace /  { ns = $2 }
/^  \.class /    { cls = ns "." $NF; sub(/<.*/, "", cls); static_cls = / abstract sealed /; next }
/^    \.method / { flags = $0; getline; head = $0; pending = ""
                   if (flags !~ /\.method public / || flags ~ / specialname / || !(cls in want)) next
                   sub(/ \(.*/, "", head); n = split(head, w, " "); name = w[n]; sub(/<.*/, "", name)
                   if (static_cls) pending = name
                   else if (flags !~ / static / && head ~ /instance /) print name
                   next }
pending != "" && /CompilerServices\.ExtensionAttribute::/ { print pending; pending = "" }
EOF
    local asm
    for asm in "$corlib" "$(dirname "$corlib")/System.Core.dll"; do monodis "$asm" 2>/dev/null; done |
        awk -v types="$CSHARP_MEMBER_TYPES" -f "$tmp/members.awk" >"$tmp/members"
    write "$here/plugins/csharp/builtins.h" csharp \
        "mono $(dpkg-query -W -f '${Version}' libmono-corlib4.5-cil 2>/dev/null) mscorlib.dll: namespace System's public types (monodis --typedef), and the predefined type keywords" \
        "$tmp/members" "monodis of mscorlib.dll and System.Core.dll: the public methods (instance, or a static class's extension methods; no accessors nor operators) of $CSHARP_MEMBER_TYPES" <"$tmp/names"
}

gen_ruby() {
    need ruby ruby
    ruby --disable-all -e 'puts [Object, Kernel, String, Array, Hash, Integer, Enumerable, IO].flat_map(&:instance_methods)' >"$tmp/members"
    ruby --disable-all -e '
        puts Kernel.private_instance_methods(false), Kernel.instance_methods(false)
        puts Module.private_instance_methods(false), Module.instance_methods(false)
        puts Object.constants.select { |c| Object.const_get(c).is_a?(Module) }' |
        write "$here/plugins/ruby/builtins.h" ruby \
            "ruby $(ruby -e 'print RUBY_VERSION') --disable-all: Kernel's and Module's methods, the core classes and modules" \
            "$tmp/members" "the public instance_methods of Object Kernel String Array Hash Integer Enumerable IO"
}

gen_php() {
    need php php-cli
    php -n -r 'foreach (["ArrayObject", "ArrayIterator", "Exception", "DateTime", "Closure"] as $c)
        foreach ((new ReflectionClass($c))->getMethods(ReflectionMethod::IS_PUBLIC) as $m)
            if (!$m->isStatic() && substr($m->name, 0, 2) !== "__") echo $m->name, "\n";' >"$tmp/members"
    php -n -r '$f = get_defined_functions()["internal"]; foreach (array_merge($f, get_declared_classes(), get_declared_interfaces()) as $n) echo $n, "\n";' |
        write "$here/plugins/php/builtins.h" php \
            "php $(php -n -r 'echo PHP_VERSION;') -n (Debian php-cli): internal functions, declared classes and interfaces" \
            "$tmp/members" "reflection: the public instance methods, but the magic __ ones, of ArrayObject ArrayIterator Exception DateTime Closure"
}

gen_bash() {
    bash -c 'compgen -b' | write "$here/plugins/bash/builtins.h" bash "bash $BASH_VERSION, compgen -b"
}

gen_lua() {
    need lua5.4 lua5.4
    lua5.4 -e 'for k in pairs(_G) do print(k) end' |
        write "$here/sdk/examples/lua/builtins.h" lua "$(lua5.4 -v 2>&1 | awk '{print $1, $2}'), the names in _G"
}

langs=("$@")
[ ${#langs[@]} -gt 0 ] || langs=(go python javascript typescript c cpp rust java csharp ruby php bash lua)
for l in "${langs[@]}"; do "gen_$l"; done
