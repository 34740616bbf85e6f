import abc
from typing import Callable, Optional


class Base:
    pass


class Store(Base, abc.ABC, metaclass=abc.ABCMeta):
    items: list[Row] = []

    def __init__(self, ledger: Ledger, name: str = "x", *args, **kw) -> None:
        self.ledger = ledger

    def total(self, rows: list[Row], cap: Optional[int] = None) -> Money:
        return rows

    def pick(self, key: int | None, kind: A | B | C) -> dict[str, Row]:
        return {}

    def hook(self, fn: Callable[[Event], bool], mod: models.Record):
        pass


limit: Final[int] = 3


class Box[T]:
    item: T


type Pair = tuple[Row, Row]
