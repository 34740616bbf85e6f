import sys

MAX_RETRIES = 3
HTTP2_ENABLED = True
DEFAULT_NAME: str = "guest"
_PRIVATE_LIMIT = 10
__version__ = "1.0"
timeout = 30
_cache = {}
Mixed_Case = 1
a, b = 1, 2
(left, right) = (3, 4)
x = y = 5
HOST = PORT = None
counter: int
counter += 1
handler = lambda event: event

try:
    import json
except ImportError:
    json = None

if sys.platform == "win32":
    SEP = "\\"
else:
    SEP = "/"

for _name in ("a", "b"):
    last_seen = _name


def configure():
    LOCAL_CONST = 1
    local_var = 2
    return LOCAL_CONST + local_var
