from .base import Base


class Child(Base):
    def __init__(self):
        super().__init__()

    def close(self):
        super().close()


class Loose:
    def close(self):
        super().close()
