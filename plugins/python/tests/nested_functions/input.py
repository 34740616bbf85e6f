def outer(n):
    def inner(m):
        def innermost():
            return m
        return innermost
    scale = 2
    return inner(n * scale)


class Parser:
    def parse(self, text):
        def _token(word):
            return word.strip()

        class State:
            depth = 0

        return [_token(w) for w in text.split()]


def make_counter():
    count = 0

    def increment():
        nonlocal count
        count += 1
        return count

    return increment
