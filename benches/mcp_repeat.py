#!/usr/bin/env python3
"""One MCP tool call repeated on one `cortex mcp` server: the first call's
latency (what a new session sees), then p50 and p95 of the rest, and the
answer's size.

    python3 benches/mcp_repeat.py CORTEX ROOT TOOL ARGS_JSON [CALLS]
"""
import json
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    cortex, root, tool, args = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
    calls = int(sys.argv[5]) if len(sys.argv) > 5 else 40
    proc = subprocess.Popen([cortex, "mcp", "--root", root, "--no-index"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    next_id = [0]

    def rpc(method, params):
        next_id[0] += 1
        proc.stdin.write((json.dumps({"jsonrpc": "2.0", "id": next_id[0], "method": method, "params": params})
                          + "\n").encode())
        proc.stdin.flush()
        line = proc.stdout.readline()
        return json.loads(line), len(line)

    rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}})
    proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    times, size = [], 0
    for _ in range(calls):
        start = time.perf_counter()
        reply, size = rpc("tools/call", {"name": tool, "arguments": args})
        times.append((time.perf_counter() - start) * 1000.0)
        if reply.get("result", {}).get("isError"):
            sys.exit(f"mcp_repeat: {tool} failed: {reply}")
    proc.stdin.close()
    proc.wait()
    rest = sorted(times[1:]) or times
    p95 = rest[max(0, int(len(rest) * 0.95) - 1)]
    print(f"{tool} {json.dumps(args)}: first {times[0]:.1f} ms, then p50 {rest[len(rest) // 2]:.1f} ms, "
          f"p95 {p95:.1f} ms; {size} bytes")


if __name__ == "__main__":
    main()
