# Parses the ledger file.
#
# Raises ValueError on bad input.
def parse(path):
    pass
