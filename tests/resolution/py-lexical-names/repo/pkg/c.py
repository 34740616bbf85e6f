from .a import *


def run():
    helper()
    loads("x")
