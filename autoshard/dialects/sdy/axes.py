"""Axis references: `"a"`, the sub-axis `"a":(2)4`, and the `{...}` / `[{...}, ...]` lists of them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import ArrayAttr, IntAttr, NoneAttr, StringAttr
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from autoshard.dialects.sdy.attr_syntax import (
    AngleBracketedAttr,
    int_value,
    parse_body_list,
    print_body_list,
    print_joined,
)
from autoshard.sharding import AxisRef, SubAxisInfo


@irdl_attr_definition
class SubAxisInfoAttr(AngleBracketedAttr):
    """`(m)k`: the k-sized sub-axis after the m-sized major part of a mesh axis."""

    name = "sdy.sub_axis_info"

    pre_size_attr: IntAttr = param_def(converter=IntAttr.get)
    size_attr: IntAttr = param_def(converter=IntAttr.get)

    pre_size = int_value("pre_size_attr")
    size = int_value("size_attr")

    def print_body(self, printer: Printer) -> None:
        printer.print_string(f"({self.pre_size}){self.size}")

    @staticmethod
    def parse_body(parser: AttrParser) -> SubAxisInfoAttr:
        parser.parse_punctuation("(")
        pre_size = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation(")")
        size = parser.parse_integer(allow_boolean=False)
        return SubAxisInfoAttr(pre_size, size)


@irdl_attr_definition
class AxisRefAttr(AngleBracketedAttr):
    """`"a"` (a full mesh axis) or `"a":(m)k` (a sub-axis of it)."""

    name = "sdy.axis_ref"

    axis_name: StringAttr = param_def(converter=StringAttr.get)
    sub_axis_info: SubAxisInfoAttr | NoneAttr

    def __init__(self, axis_name: str | StringAttr, sub_axis_info: SubAxisInfoAttr | NoneAttr | None = None):
        super().__init__(axis_name, sub_axis_info if sub_axis_info is not None else NoneAttr())

    @property
    def axis(self) -> str:
        return self.axis_name.data

    @property
    def sub_axis(self) -> SubAxisInfoAttr | None:
        return self.sub_axis_info if isinstance(self.sub_axis_info, SubAxisInfoAttr) else None

    def to_axis_ref(self) -> AxisRef:
        sub = self.sub_axis
        return AxisRef(self.axis, SubAxisInfo(sub.pre_size, sub.size) if sub else None)

    @staticmethod
    def from_axis_ref(ref: AxisRef) -> AxisRefAttr:
        sub = SubAxisInfoAttr(ref.sub_axis.pre_size, ref.sub_axis.size) if ref.sub_axis else None
        return AxisRefAttr(ref.name, sub)

    def print_body(self, printer: Printer) -> None:
        printer.print_string_literal(self.axis)
        if (sub := self.sub_axis) is not None:
            printer.print_string(":")
            sub.print_body(printer)

    @staticmethod
    def parse_body(parser: AttrParser) -> AxisRefAttr:
        name = parser.parse_optional_str_literal()
        if name is None:
            parser.raise_error("failed to parse Sdy_AxisRef parameter 'name' which is to be a `::llvm::StringRef`")
        sub = SubAxisInfoAttr.parse_body(parser) if parser.parse_optional_punctuation(":") else None
        return AxisRefAttr(name, sub)

    def __str__(self) -> str:
        return str(self.to_axis_ref())


def parse_axis_ref_braces(parser: AttrParser) -> list[AxisRefAttr]:
    """`{"a", "b":(1)2}` (possibly empty)."""
    return parser.parse_comma_separated_list(parser.Delimiter.BRACES, lambda: AxisRefAttr.parse_body(parser))


def print_axis_ref_braces(printer: Printer, refs: Sequence[AxisRefAttr]) -> None:
    printer.print_string("{")
    print_joined(printer, refs, lambda r: r.print_body(printer))
    printer.print_string("}")


@irdl_attr_definition
class AxisRefListAttr(AngleBracketedAttr):
    """`{"a", "b":(1)2}`: a list of axis refs (e.g. all-reduce axes)."""

    name = "sdy.axis_ref_list"

    value: ArrayAttr[AxisRefAttr]

    def __init__(self, refs: Iterable[AxisRefAttr | AxisRef] | ArrayAttr = ()):
        if not isinstance(refs, ArrayAttr):
            refs = ArrayAttr(tuple(r if isinstance(r, AxisRefAttr) else AxisRefAttr.from_axis_ref(r) for r in refs))
        super().__init__(refs)

    @property
    def refs(self) -> tuple[AxisRefAttr, ...]:
        return self.value.data

    def to_axis_refs(self) -> tuple[AxisRef, ...]:
        return tuple(r.to_axis_ref() for r in self.refs)

    def print_body(self, printer: Printer) -> None:
        print_axis_ref_braces(printer, self.refs)

    @staticmethod
    def parse_body(parser: AttrParser) -> AxisRefListAttr:
        if parser._current_token.text != "{":  # noqa: SLF001
            parser.raise_error("failed to parse axis list which is expected to be an `ArrayRef<AxisRefAttr>`")
        return AxisRefListAttr(parse_axis_ref_braces(parser))


@irdl_attr_definition
class ListOfAxisRefListsAttr(AngleBracketedAttr):
    """`[{"a"}, {}, {"b", "c"}]`: one axis-ref list per tensor dimension (gathering/slicing axes)."""

    name = "sdy.list_of_axis_ref_lists"

    value: ArrayAttr[AxisRefListAttr]

    def __init__(self, lists: Iterable[AxisRefListAttr | Iterable[AxisRefAttr | AxisRef]] | ArrayAttr = ()):
        if not isinstance(lists, ArrayAttr):
            lists = ArrayAttr(tuple(x if isinstance(x, AxisRefListAttr) else AxisRefListAttr(x) for x in lists))
        super().__init__(lists)

    @property
    def lists(self) -> tuple[AxisRefListAttr, ...]:
        return self.value.data

    def to_axis_ref_lists(self) -> tuple[tuple[AxisRef, ...], ...]:
        return tuple(lst.to_axis_refs() for lst in self.lists)

    def print_body(self, printer: Printer) -> None:
        print_body_list(printer, self.lists)

    @staticmethod
    def parse_body(parser: AttrParser) -> ListOfAxisRefListsAttr:
        return ListOfAxisRefListsAttr(
            parse_body_list(parser, AxisRefListAttr)
        )
