import logging

log = logging.getLogger(__name__)
DEFAULTS = load_defaults()
setup()


class Model:
    table = make_table("models")
    registry = Registry()

    def save(self):
        result = write(self)
        return result
