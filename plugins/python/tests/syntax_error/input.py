def before(a):
    return a


def broken(x):
    return x +


total = = 1


class After:
    def method(self):
        return before(1)


def last():
    pass
