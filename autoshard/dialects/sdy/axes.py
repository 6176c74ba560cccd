"""Axis references: `"a"`, the sub-axis `"a":(2)4`, and the `{...}` / `[{...}, ...]` lists of them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import ArrayAttr, IntAttr, NoneAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from autoshard.dialects.sdy.attr_syntax import print_joined
from autoshard.sharding import AxisRef, SubAxisInfo


@irdl_attr_definition
class SubAxisInfoAttr(ParametrizedAttribute):
    """`(m)k`: the k-sized sub-axis after the m-sized major part of a mesh axis."""

    name = "sdy.sub_axis_info"

    pre_size_attr: IntAttr
    size_attr: IntAttr

    def __init__(self, pre_size: int | IntAttr, size: int | IntAttr):
        super().__init__(
            pre_size if isinstance(pre_size, IntAttr) else IntAttr(pre_size),
            size if isinstance(size, IntAttr) else IntAttr(size),
        )

    @property
    def pre_size(self) -> int:
        return self.pre_size_attr.data

    @property
    def size(self) -> int:
        return self.size_attr.data

    def print_body(self, printer: Printer) -> None:
        printer.print_string(f"({self.pre_size}){self.size}")

    @staticmethod
    def parse_body(parser: AttrParser) -> SubAxisInfoAttr:
        parser.parse_punctuation("(")
        pre_size = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation(")")
        size = parser.parse_integer(allow_boolean=False)
        return SubAxisInfoAttr(pre_size, size)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        info = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (info.pre_size_attr, info.size_attr)


@irdl_attr_definition
class AxisRefAttr(ParametrizedAttribute):
    """`"a"` (a full mesh axis) or `"a":(m)k` (a sub-axis of it)."""

    name = "sdy.axis_ref"

    axis_name: StringAttr
    sub_axis_info: SubAxisInfoAttr | NoneAttr

    def __init__(self, axis_name: str | StringAttr, sub_axis_info: SubAxisInfoAttr | NoneAttr | None = None):
        super().__init__(
            axis_name if isinstance(axis_name, StringAttr) else StringAttr(axis_name),
            sub_axis_info if sub_axis_info is not None else NoneAttr(),
        )

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

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        ref = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (ref.axis_name, ref.sub_axis_info)

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
class AxisRefListAttr(ParametrizedAttribute):
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

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        lst = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (lst.value,)


@irdl_attr_definition
class ListOfAxisRefListsAttr(ParametrizedAttribute):
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
        printer.print_string("[")
        print_joined(printer, self.lists, lambda x: x.print_body(printer))
        printer.print_string("]")

    @staticmethod
    def parse_body(parser: AttrParser) -> ListOfAxisRefListsAttr:
        return ListOfAxisRefListsAttr(
            parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: AxisRefListAttr.parse_body(parser))
        )

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            self.print_body(printer)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        lst = cls.parse_body(parser)
        parser.parse_punctuation(">")
        return (lst.value,)
