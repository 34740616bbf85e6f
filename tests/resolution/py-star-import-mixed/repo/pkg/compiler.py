import sys
from .constants import *
from .tools import fmt


def compile(p):
    if not p:
        raise error(fmt(p))
    return sys.intern(p)
