from dataclasses import dataclass


class Ledger:
    currency = "EUR"
    MAX_ENTRIES = 100
    _count = 0
    __slots__ = ("owner", "entries")

    def __init__(self, owner):
        self.owner = owner
        entries = []

    def add(self, amount):
        return amount

    def _reset(self):
        pass

    def __mangled(self):
        pass

    def __len__(self):
        return 0


class Account(Ledger):
    kind = "chk"

    class Meta:
        ordering = 1

        def describe(self):
            pass

    def close(self):
        pass


class _Internal:
    pass


@dataclass
class Point:
    x: int = 0
    y: int
    a, b = 1, 2
