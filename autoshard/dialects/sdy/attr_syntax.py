"""Small helpers the sdy attributes' parsers and printers share."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import ArrayAttr, IntAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.parser import AttrParser
from xdsl.printer import Printer

#: The largest index Shardy's parsers accept (int64).
INT64_MAX = 2**63 - 1


def int_array(values: Iterable[int]) -> ArrayAttr[IntAttr]:
    """`values` as an array of `IntAttr`."""
    return ArrayAttr(tuple(IntAttr(int(v)) for v in values))


def int_value(field: str) -> property:
    """A read-only property: the `int` held by the `IntAttr` parameter named `field`."""
    return property(lambda self: getattr(self, field).data, doc=f"The int held by `{field}`.")


def print_joined(printer: Printer, items: Sequence, print_item, sep: str = ", ") -> None:
    """Print each of `items` with `print_item`, `sep` between them."""
    for i, item in enumerate(items):
        if i:
            printer.print_string(sep)
        print_item(item)


class BodySyntaxAttr(ParametrizedAttribute, ABC):
    """An attribute whose parameter text is its body, as Shardy prints it bare inside ops.

    A subclass gives `print_body` and a static `parse_body` that returns the parsed attribute; the attribute's
    parameters are those of what `parse_body` returns.
    """

    @abstractmethod
    def print_body(self, printer: Printer) -> None: ...

    @staticmethod
    @abstractmethod
    def parse_body(parser: AttrParser) -> ParametrizedAttribute: ...

    def print_parameters(self, printer: Printer) -> None:
        self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return cls.parse_body(parser).parameters


class AngleBracketedAttr(BodySyntaxAttr, ABC):
    """A `BodySyntaxAttr` whose parameter text is `<body>`."""

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        attr = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return attr.parameters


def print_body_list(printer: Printer, items: Sequence[BodySyntaxAttr]) -> None:
    """`[body, body, ...]`: the bodies of `items` in square brackets."""
    printer.print_string("[")
    print_joined(printer, items, lambda item: item.print_body(printer))
    printer.print_string("]")


def parse_body_list(parser: AttrParser, item: type[BodySyntaxAttr]) -> list:
    """`[body, body, ...]` (possibly empty): a list of `item` attributes parsed from their bodies."""
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: item.parse_body(parser))
