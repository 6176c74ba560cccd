"""The parameters of `sdy.all_to_all`: `{"a"}: 0->2`, which axes move from which dimension to which."""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects.builtin import ArrayAttr, IntAttr
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from autoshard.dialects.sdy.attr_syntax import AngleBracketedAttr, int_value, parse_body_list, print_body_list
from autoshard.dialects.sdy.axes import AxisRefAttr, parse_axis_ref_braces, print_axis_ref_braces
from autoshard.sharding import AxisRef
from autoshard.sharding.collective_steps import AllToAllParam


@irdl_attr_definition
class AllToAllParamAttr(AngleBracketedAttr):
    """`{"a", "b"}: 0->2`: move `axes` from the source dimension to the target dimension."""

    name = "sdy.all_to_all_param"

    axes: ArrayAttr[AxisRefAttr]
    src_dim_attr: IntAttr = param_def(converter=IntAttr.get)
    tgt_dim_attr: IntAttr = param_def(converter=IntAttr.get)

    src_dim = int_value("src_dim_attr")
    tgt_dim = int_value("tgt_dim_attr")

    def __init__(self, axes: Iterable[AxisRefAttr | AxisRef] | ArrayAttr, src_dim: int | IntAttr, tgt_dim: int | IntAttr):
        if not isinstance(axes, ArrayAttr):
            axes = ArrayAttr(tuple(a if isinstance(a, AxisRefAttr) else AxisRefAttr.from_axis_ref(a) for a in axes))
        super().__init__(axes, src_dim, tgt_dim)

    @property
    def axis_refs(self) -> tuple[AxisRefAttr, ...]:
        return self.axes.data

    def to_param(self) -> AllToAllParam:
        return AllToAllParam(tuple(a.to_axis_ref() for a in self.axis_refs), self.src_dim, self.tgt_dim)

    def print_body(self, printer: Printer) -> None:
        print_axis_ref_braces(printer, self.axis_refs)
        printer.print_string(f": {self.src_dim}->{self.tgt_dim}")

    @staticmethod
    def parse_body(parser: AttrParser) -> AllToAllParamAttr:
        axes = parse_axis_ref_braces(parser)
        parser.parse_punctuation(":")
        src = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation("->")
        tgt = parser.parse_integer(allow_boolean=False)
        return AllToAllParamAttr(axes, src, tgt)


@irdl_attr_definition
class AllToAllParamListAttr(AngleBracketedAttr):
    """`[{"b"}: 0->2, {"c"}: 1->3]`."""

    name = "sdy.all_to_all_param_list"

    value: ArrayAttr[AllToAllParamAttr]

    def __init__(self, params: Iterable[AllToAllParamAttr] | ArrayAttr = ()):
        super().__init__(params if isinstance(params, ArrayAttr) else ArrayAttr(tuple(params)))

    @property
    def params(self) -> tuple[AllToAllParamAttr, ...]:
        return self.value.data

    def print_body(self, printer: Printer) -> None:
        print_body_list(printer, self.params)

    @staticmethod
    def parse_body(parser: AttrParser) -> AllToAllParamListAttr:
        return AllToAllParamListAttr(
            parse_body_list(parser, AllToAllParamAttr)
        )
