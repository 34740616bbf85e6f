def helper():
    pass


def loads(s):
    return s
