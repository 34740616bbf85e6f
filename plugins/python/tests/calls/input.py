import logging

setup()
logging.basicConfig(level=logging.INFO)


class Store:
    def __init__(self, ledger):
        self.ledger = ledger
        self.ledger.add(ledger)
        super().__init__()

    def total(self, rows):
        builder().with_rows(rows).build()
        return sum(r.amount for r in rows)

    def lookup(self, key):
        return self.index[key].get(key).value()

    def nested(self):
        def helper():
            return self.lookup(1)
        return helper()


print(Store(None).total([]))

if logging.DEBUG:
    main()
