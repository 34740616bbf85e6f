class error(Exception):
    pass


MAXREPEAT = 4
