import functools


def retry(times):
    def wrap(fn):
        return fn
    return wrap


# Cached lookup of a key.
@functools.lru_cache(maxsize=128)
def lookup(key):
    return key


@retry(3)
@functools.wraps(lookup)
def fetch():
    pass


@dataclass(frozen=True)
class Config:
    name: str = "default"


class Sensor:
    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, v):
        self._value = v

    @staticmethod
    def create():
        return Sensor()

    @classmethod
    def from_config(cls, cfg):
        return cls()

    @retry(times=3)
    def read(self):
        return 1

    def close(self):
        pass
