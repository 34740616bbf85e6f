import typing as t
from . import make


def run():
    make()
    t.cast(int, 1)
