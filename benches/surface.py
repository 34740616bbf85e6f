#!/usr/bin/env python3
"""What cortex's MCP surface costs an agent (docs/mcp.md, "The surface's token
budget"): the characters of tools/list per tool, and for each tool the
characters of content[0].text as JSON and as compact text over a fixed set of
calls on each repository given, summed per repository.

    benches/surface.py CORTEX REPO...      (e.g. tests/fixtures/repos/{goifaces,graph,polyglot,sample})

Each repository is copied to a temporary directory (without .cortex/) and
indexed there by the server; the sample fixture's root.gitignore and
src.gitignore are put in place as tests/e2e/lib.sh does. Prints Markdown tables.
"""
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile


class Server:
    """One `cortex mcp` over stdio, legacy era, no watch."""

    def __init__(self, cortex, root):
        self.p = subprocess.Popen([cortex, "mcp", "--root", root, "--no-watch"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.id = 0

    def request(self, method, params):
        self.id += 1
        self.p.stdin.write(json.dumps({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params}) + "\n")
        self.p.stdin.flush()
        while True:
            m = json.loads(self.p.stdout.readline())
            if m.get("id") == self.id:
                return m

    def call(self, name, args):
        return self.request("tools/call", {"name": name, "arguments": args})["result"]

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def copy_repo(src, into):
    dst = os.path.join(into, os.path.basename(os.path.normpath(src)))
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".cortex"), symlinks=True)
    for name, to in (("root.gitignore", ".gitignore"), ("src.gitignore", "src/.gitignore")):
        if os.path.exists(os.path.join(dst, name)):
            os.rename(os.path.join(dst, name), os.path.join(dst, to))
    return dst


def main():
    cortex, repos = os.path.abspath(sys.argv[1]), sys.argv[2:]
    sizes = collections.defaultdict(lambda: [0, 0])  # (repo, tool) -> [json, text]
    calls = collections.Counter()
    tools_list = None

    def measure(s, repo, name, args, has_format=True):
        """One call as JSON and as text: a tool without `format` renders its text in the CLI."""
        j = s.call(name, dict(args, format="json") if has_format else args)
        if j["isError"]:
            return None
        result = j["structuredContent"]
        if has_format:
            t = s.call(name, dict(args, format="text"))["content"][0]["text"]
            jl = len(j["content"][0]["text"])
        else:
            t = subprocess.run([cortex, "tool", name, json.dumps(args), "--root", s.root], capture_output=True,
                               text=True).stdout
            jl = len(compact(result))
        sizes[(repo, name)][0] += jl
        sizes[(repo, name)][1] += len(t)
        calls[name] += 1
        return result

    with tempfile.TemporaryDirectory() as tmp:
        for src in repos:
            root = copy_repo(src, tmp)
            repo = os.path.basename(root)
            s = Server(cortex, root)
            s.root = root
            if tools_list is None:
                tools_list = s.request("tools/list", {})["result"]
            ex = measure(s, repo, "explore", {}, has_format=False)
            files = [f if d["path"] == "." else d["path"] + "/" + f for d in ex["directories"] for f in d["files"]]
            funcs, types = [], []
            for f in files:
                r = measure(s, repo, "get_file_symbols", {"file": f})
                measure(s, repo, "get_imports", {"file": f})
                for sym in (r or {}).get("symbols", []):
                    if sym["kind"] in ("function", "method"):
                        funcs.append(sym["name"])
                    if sym["kind"] in ("class", "struct", "interface", "type"):
                        types.append((f, sym["name"]))
            for f, t in types[:6]:
                measure(s, repo, "get_children", {"file": f, "parent": t})
            for fn in funcs[:8]:
                measure(s, repo, "get_callers", {"name": fn})
                measure(s, repo, "get_callees", {"caller": fn})
            for word in [fn.split(".")[-1] for fn in funcs[:5]] + [t for _, t in types[:3]]:
                measure(s, repo, "search", {"query": word})
            for fn in funcs[:4]:
                for op in ("definition", "callers", "callees", "references", "impact"):
                    measure(s, repo, "graph", {"operation": op, "target": fn, "depth": 2})
            for _, t in types[:2]:
                measure(s, repo, "graph", {"operation": "implementations", "target": t})
            for op in ("summary", "hotspots", "unused_symbols", "circular_dependencies", "dependency_graph"):
                measure(s, repo, "analysis", {"operation": op})
            measure(s, repo, "analysis", {"operation": "symbols", "pattern": "*"})
            for fn in funcs[:3]:
                measure(s, repo, "analysis", {"operation": "detail", "target": fn})
            measure(s, repo, "flush_index", {}, has_format=False)
            s.close()

    print("tools/list: %d characters (%d tokens at four a token)\n" % (len(compact(tools_list)),
                                                                        (len(compact(tools_list)) + 3) // 4))
    print("| tool | characters |\n|---|---|")
    for t in tools_list["tools"]:
        print("| %s | %d |" % (t["name"], len(compact(t))))
    names = [os.path.basename(os.path.normpath(r)) for r in repos]
    print("\n| tool | calls | " + " | ".join(names) + " | all: JSON | all: text | text/JSON |")
    print("|---" * (len(names) + 5) + "|")
    for tool in calls:
        cells = ["%d / %d" % tuple(sizes[(r, tool)]) for r in names]
        j = sum(sizes[(r, tool)][0] for r in names)
        t = sum(sizes[(r, tool)][1] for r in names)
        print("| %s | %d | %s | %d | %d | %.2f |" % (tool, calls[tool], " | ".join(cells), j, t, t / j if j else 0))


if __name__ == "__main__":
    main()
