#!/usr/bin/env python3
"""One MCP tool call repeated on one `cortex mcp` server: the first call's
latency (what a new session sees), then p50 and p95 of the rest, and the
answer's size.

    python3 benches/mcp_repeat.py CORTEX ROOT TOOL ARGS_JSON [CALLS]
"""
import json
import sys
import time

from mcp_client import McpServer


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    cortex, root, tool, args = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
    calls = int(sys.argv[5]) if len(sys.argv) > 5 else 40
    server = McpServer(cortex, root)
    times, size = [], 0
    for _ in range(calls):
        start = time.perf_counter()
        reply, size = server.rpc("tools/call", {"name": tool, "arguments": args})
        times.append((time.perf_counter() - start) * 1000.0)
        if reply.get("result", {}).get("isError"):
            sys.exit(f"mcp_repeat: {tool} failed: {reply}")
    server.close()
    rest = sorted(times[1:]) or times
    p95 = rest[max(0, int(len(rest) * 0.95) - 1)]
    print(f"{tool} {json.dumps(args)}: first {times[0]:.1f} ms, then p50 {rest[len(rest) // 2]:.1f} ms, "
          f"p95 {p95:.1f} ms; {size} bytes")


if __name__ == "__main__":
    main()
