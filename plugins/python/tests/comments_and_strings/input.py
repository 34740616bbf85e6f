#!/usr/bin/env python3
# Copyright line one.
# Copyright line two.

# Rate applied to late invoices.
LATE_RATE = 0.05

# A block that is not followed by a definition.

# Separated from the comment above by a blank line,
# so a text of its own.


def total(lines):
    # add up every line
    # then round
    x = 1  # trailing comment
    y = 2  # second trailing comment
    label = "ok"
    key = "id"
    path = "/tmp"
    message = "the invoice total could not be computed"
    fmt = f"total is {x} for {y} lines"
    return x + y
