class Base:
    def save(self):
        pass


class Child(Base):
    def run(self):
        self.save()
        self.items()


class Config(dict):
    def dump(self):
        return self.items()


class Other:
    def save(self):
        pass
