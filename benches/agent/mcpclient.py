"""A small MCP client over stdio for the agent benchmark (the pattern of
benches/mcp_latency.py): `cortex mcp --root DIR --no-index --no-watch` on an
index built beforehand, the legacy handshake, one request at a time."""
import json
import subprocess


class MCPError(RuntimeError):
    pass


class MCP:
    def __init__(self, cortex, root):
        self.proc = subprocess.Popen([cortex, "mcp", "--root", root, "--no-index", "--no-watch"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.calls = 0
        self.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "agent-bench", "version": "1"}})
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _send(self, msg):
        self.proc.stdin.write((json.dumps(msg) + "\n").encode())
        self.proc.stdin.flush()

    def rpc(self, method, params):
        self.next_id += 1
        self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise MCPError(f"cortex mcp closed its output during {method}")
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                break  # notifications (logging, progress) are skipped
        if "error" in reply:
            raise MCPError(f"{method}: {reply['error']}")
        return reply["result"]

    def tools(self):
        return self.rpc("tools/list", {})["tools"]

    def call(self, tool, arguments):
        """One tool call: (text the agent reads, structured content, is_error).
        The text is content[0].text, what an agent's context receives."""
        self.calls += 1
        r = self.rpc("tools/call", {"name": tool, "arguments": arguments})
        content = r.get("content") or [{}]
        return content[0].get("text", ""), r.get("structuredContent") or {}, bool(r.get("isError"))

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()
