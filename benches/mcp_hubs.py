#!/usr/bin/env python3
"""A graph operation on the repository's most referenced function names, one
MCP server, each call timed: the calls a walk from a hub costs most.

    python3 benches/mcp_hubs.py CORTEX ROOT [OPERATION] [DEPTH]
"""
import sqlite3
import sys
import time

from mcp_client import McpServer


def hubs(root, n=20):
    db = sqlite3.connect(f"file:{root}/.cortex/cortex.db?mode=ro", uri=True)
    names = [r[0] for r in db.execute(
        "SELECT s.name FROM (SELECT name, count(*) AS n FROM refs GROUP BY name ORDER BY n DESC LIMIT 200) r "
        "JOIN symbols s ON s.short_name = r.name AND s.kind IN ('function','method') GROUP BY s.name "
        "ORDER BY max(r.n) DESC, s.name LIMIT ?", (n,))]
    db.close()
    return names


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cortex, root = sys.argv[1], sys.argv[2]
    op = sys.argv[3] if len(sys.argv) > 3 else "callers"
    depth = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    server = McpServer(cortex, root)
    print("| target | ms | nodes found | ambiguous | candidates |")
    print("|---|---:|---:|---:|---:|")
    for name in hubs(root):
        start = time.perf_counter()
        result = server.call("graph", {"operation": op, "target": name, "depth": depth})
        ms = (time.perf_counter() - start) * 1000.0
        sc = result.get("structuredContent", {})
        print(f"| `{name}` | {ms:.1f} | {sc.get('total_found')} | {sc.get('ambiguous_total')} | "
              f"{len(sc.get('candidates') or [])} |")
    server.close()


if __name__ == "__main__":
    main()
