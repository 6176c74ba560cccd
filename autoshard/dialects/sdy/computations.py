"""Region ops: `sdy.manual_computation` (per-device body), `sdy.named_computation`, and their `sdy.return`."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import IsTerminator

from autoshard.dialects.sdy.op_syntax import (
    parse_block_args,
    parse_functional_type,
    parse_named,
    parse_optional_named,
    print_region_with_args,
    resolve_all,
    with_attributes,
)
from autoshard.dialects.sdy.shardings import ManualAxesAttr, TensorShardingAttr, TensorShardingPerValueAttr
from autoshard.dialects.sdy.value_sharding import ShardingSource
from autoshard.dialects.sdy.verify_computations import verify_manual_computation, verify_named_computation


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """`sdy.return %a, %b : t, t`: terminator of sdy region ops."""

    name = "sdy.return"

    results_ = var_operand_def()

    traits = traits_def(IsTerminator())

    def __init__(self, values: Sequence[SSAValue | Operation] = ()):
        super().__init__(operands=[[SSAValue.get(v) for v in values]])

    @classmethod
    def parse(cls, parser: Parser) -> ReturnOp:
        attrs = parser.parse_optional_attr_dict()
        unresolved = []
        if (first := parser.parse_optional_unresolved_operand()) is not None:
            unresolved.append(first)
            while parser.parse_optional_punctuation(","):
                unresolved.append(parser.parse_unresolved_operand())
        values = []
        if unresolved:
            parser.parse_punctuation(":")
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            if len(types) != len(unresolved):
                parser.raise_error(f"{len(unresolved)} operands present, but expected {len(types)}")
            values = [parser.resolve_operand(u, t) for u, t in zip(unresolved, types)]
        return with_attributes(cls(values), attrs)

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)
        if self.results_:
            printer.print_string(" ")
            printer.print_list(self.results_, printer.print_operand)
            printer.print_string(" : ")
            printer.print_list([v.type for v in self.results_], printer.print_attribute)


def _nth_sharding(per_value: TensorShardingPerValueAttr | None, index: int) -> TensorShardingAttr | None:
    return per_value.shardings[index] if per_value is not None and index < len(per_value.shardings) else None


class _StatedShardings(ShardingSource):
    """A computation op whose `in_shardings` / `out_shardings` properties (`TensorShardingPerValueAttr`, optional)
    state its block arguments' and results' shardings."""

    def result_sharding(self, index: int) -> TensorShardingAttr | None:
        return _nth_sharding(self.out_shardings, index)

    def block_argument_sharding(self, index: int) -> TensorShardingAttr | None:
        return _nth_sharding(self.in_shardings, index)


@irdl_op_definition
class ManualComputationOp(IRDLOperation, _StatedShardings):
    """`sdy.manual_computation(%x) in_shardings=[...] out_shardings=[...] manual_axes={"a"} (%arg: local) {...}`.

    The body is per-device code with respect to `manual_axes`: its block arguments and returned values have
    the local (sharded along the manual axes) shapes of the op's operands and results.
    """

    name = "sdy.manual_computation"

    tensors = var_operand_def()
    results_ = var_result_def()
    in_shardings = prop_def(TensorShardingPerValueAttr)
    out_shardings = prop_def(TensorShardingPerValueAttr)
    manual_axes = prop_def(ManualAxesAttr)
    body = region_def("single_block")

    def __init__(self, operands: Sequence[SSAValue], result_types: Sequence[Attribute],
                 in_shardings: TensorShardingPerValueAttr, out_shardings: TensorShardingPerValueAttr,
                 manual_axes: ManualAxesAttr, body: Region):
        super().__init__(operands=[list(operands)], result_types=[list(result_types)],
                         properties={"in_shardings": in_shardings, "out_shardings": out_shardings,
                                     "manual_axes": manual_axes},
                         regions=[body])

    @classmethod
    def parse(cls, parser: Parser) -> ManualComputationOp:
        unresolved = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_unresolved_operand)
        in_shardings = parse_named(parser, "in_shardings", TensorShardingPerValueAttr.parse_body)
        out_shardings = parse_named(parser, "out_shardings", TensorShardingPerValueAttr.parse_body)
        manual_axes = parse_named(parser, "manual_axes", ManualAxesAttr.parse_body)
        args = parse_block_args(parser)
        body = parser.parse_region(args)
        attrs = parser.parse_optional_attr_dict()
        inputs, outputs = parse_functional_type(parser)
        operands = resolve_all(parser, unresolved, inputs)
        return with_attributes(cls(operands, outputs, in_shardings, out_shardings, manual_axes, body), attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_list(self.tensors, printer.print_operand)
        printer.print_string(") in_shardings=")
        self.in_shardings.print_body(printer)
        printer.print_string(" out_shardings=")
        self.out_shardings.print_body(printer)
        printer.print_string(" manual_axes=")
        self.manual_axes.print_body(printer)
        print_region_with_args(printer, self.body)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type(self.tensors.types, self.results_.types)

    def verify_(self) -> None:
        verify_manual_computation(self)


@irdl_op_definition
class NamedComputationOp(IRDLOperation, _StatedShardings):
    """`sdy.named_computation<"name">(%x) in_shardings=[...] out_shardings=[...] (%arg: t) {...} : (t) -> t`."""

    name = "sdy.named_computation"

    operands_ = var_operand_def()
    results_ = var_result_def()
    computation_name = prop_def(StringAttr, prop_name="name")
    in_shardings = opt_prop_def(TensorShardingPerValueAttr)
    out_shardings = opt_prop_def(TensorShardingPerValueAttr)
    body = region_def("single_block")

    def __init__(self, computation_name: str, operands: Sequence[SSAValue], result_types: Sequence[Attribute],
                 body: Region, in_shardings: TensorShardingPerValueAttr | None = None,
                 out_shardings: TensorShardingPerValueAttr | None = None):
        props: dict[str, Attribute] = {"name": StringAttr(computation_name)}
        if in_shardings is not None:
            props["in_shardings"] = in_shardings
        if out_shardings is not None:
            props["out_shardings"] = out_shardings
        super().__init__(operands=[list(operands)], result_types=[list(result_types)], properties=props,
                         regions=[body])

    @classmethod
    def parse(cls, parser: Parser) -> NamedComputationOp:
        parser.parse_punctuation("<")
        name = parser.parse_str_literal()
        parser.parse_punctuation(">")
        unresolved = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_unresolved_operand)
        in_shardings = parse_optional_named(parser, "in_shardings", TensorShardingPerValueAttr.parse_body)
        out_shardings = parse_optional_named(parser, "out_shardings", TensorShardingPerValueAttr.parse_body)
        args = parse_block_args(parser)
        body = parser.parse_region(args)
        attrs = parser.parse_optional_attr_dict()
        inputs, outputs = parse_functional_type(parser)
        operands = resolve_all(parser, unresolved, inputs)
        return with_attributes(cls(name, operands, outputs, body, in_shardings, out_shardings), attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_string_literal(self.computation_name.data)
        printer.print_string(">(")
        printer.print_list(self.operands_, printer.print_operand)
        printer.print_string(")")
        if self.in_shardings is not None:
            printer.print_string(" in_shardings=")
            self.in_shardings.print_body(printer)
        if self.out_shardings is not None:
            printer.print_string(" out_shardings=")
            self.out_shardings.print_body(printer)
        print_region_with_args(printer, self.body)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type(self.operands_.types, self.results_.types)

    def verify_(self) -> None:
        verify_named_computation(self)
