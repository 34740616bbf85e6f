def ensure_sync(func):
    return func


def handler():
    return 0
