class Ledger:
    # Entries recorded so far.
    entries = []

    # Adds one entry.
    def add(self, entry):
        self.entries.append(entry)

    # Drops every entry.
    def clear(self):
        self.entries = []


class Config:
    # The only setting.
    debug = False


def outer():
    # Not the last statement: attached.
    def first():
        pass

    # The last statement of outer.
    def second():
        pass
