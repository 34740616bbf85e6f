# Module header comment.
"""Billing helpers.

Everything money-related lives here.
"""


class Invoice:
    """An invoice sent to a customer."""

    currency = "EUR"

    def total(self):
        """Sum of all lines.

        Rounded to cents.
        """
        return 0

    def refund(self):
        '''Single-quoted docstring.'''
        return None


def fmt(amount):
    r"""Raw docstring with a \d escape."""
    return amount


def not_first():
    x = 1
    """A string after the first statement is not a docstring."""
    return x


# The comment above loses to the docstring.
def both():
    """The docstring wins."""
