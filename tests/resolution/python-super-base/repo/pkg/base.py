class Root:
    def close(self):
        pass


class Base(Root):
    def __init__(self):
        pass
