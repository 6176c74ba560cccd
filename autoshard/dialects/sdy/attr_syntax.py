"""Small helpers the sdy attributes' parsers and printers share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import ArrayAttr, IntAttr
from xdsl.printer import Printer

#: The largest index Shardy's parsers accept (int64).
INT64_MAX = 2**63 - 1


def int_array(values: Iterable[int]) -> ArrayAttr[IntAttr]:
    """`values` as an array of `IntAttr`."""
    return ArrayAttr(tuple(IntAttr(int(v)) for v in values))


def print_joined(printer: Printer, items: Sequence, print_item, sep: str = ", ") -> None:
    """Print each of `items` with `print_item`, `sep` between them."""
    for i, item in enumerate(items):
        if i:
            printer.print_string(sep)
        print_item(item)
