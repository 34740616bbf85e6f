"""A minimal MCP client over a `cortex mcp` server's stdio, for the benches:
start the server, initialize, and call tools one request at a time."""
import json
import subprocess


class McpServer:
    def __init__(self, cortex, root, *extra):
        self.proc = subprocess.Popen([cortex, "mcp", "--root", root, "--no-index", *extra], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "bench", "version": "1"}})
        self.proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')

    def rpc(self, method, params):
        """The reply to one request, and the length of its line in bytes."""
        self.next_id += 1
        self.proc.stdin.write((json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
                               + "\n").encode())
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        return json.loads(line), len(line)

    def call(self, tool, args):
        """A tool's result object (structuredContent and content)."""
        return self.rpc("tools/call", {"name": tool, "arguments": args})[0]["result"]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
