def cast(kind, value):
    return value
