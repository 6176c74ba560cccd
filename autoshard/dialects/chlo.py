"""The CHLO ("client HLO") dialect ops JAX emits: `chlo.erf %x : T -> T`, `chlo.top_k(%x, k = 2) : ...`,
broadcasting binaries `chlo.broadcast_add %a, %b {broadcast_dimensions = ...} : (T, U) -> V`, ..."""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, IntAttr, IntegerAttr, TypedAttribute, i64
from xdsl.ir import Attribute, Dialect, SpacedOpaqueSyntaxAttribute
from xdsl.irdl import (
    IRDLOperation, irdl_attr_definition, irdl_op_definition, operand_def, opt_prop_def, param_def, prop_def,
    result_def, traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import OpTrait, Pure

from autoshard.dialects.op_traits import Elementwise, Pointwise, RunsReplicatedUnderXla, Transcendental

from autoshard.dialects.stablehlo.attributes import StableHLOEnumAttr, StructAttr, _Field
from autoshard.dialects.stablehlo.syntax import (
    build, i64_values, parse_attr_dict, parse_functional_type, parse_keyword_value, parse_operand_list,
    parse_type_list, print_attr_dict, print_functional_type, print_operand_list, print_type_list, resolve,
)


@irdl_attr_definition
class ChloComparisonDirectionAttr(StableHLOEnumAttr, SpacedOpaqueSyntaxAttribute):
    name = "chlo.comparison_direction"
    VALUES = ("EQ", "NE", "GE", "GT", "LE", "LT")


@irdl_attr_definition
class ChloComparisonTypeAttr(StableHLOEnumAttr, SpacedOpaqueSyntaxAttribute):
    name = "chlo.comparison_type"
    VALUES = ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED")


@irdl_attr_definition
class ChloPrecisionAttr(StableHLOEnumAttr, SpacedOpaqueSyntaxAttribute):
    name = "chlo.precision"
    VALUES = ("DEFAULT", "HIGH", "HIGHEST")


@irdl_attr_definition
class RaggedDotDimensionNumbersAttr(StructAttr):
    """`#chlo.ragged_dot<lhs_batching_dimensions = [..], ..., rhs_group_dimensions = [..]>`."""

    name = "chlo.ragged_dot"
    FIELDS = (_Field("lhs_batching_dimensions", "ints"), _Field("rhs_batching_dimensions", "ints"),
              _Field("lhs_contracting_dimensions", "ints"), _Field("rhs_contracting_dimensions", "ints"),
              _Field("lhs_ragged_dimensions", "ints"), _Field("rhs_group_dimensions", "ints"))

    lhs_batching_dimensions_attr: ArrayAttr[IntAttr] = param_def()
    rhs_batching_dimensions_attr: ArrayAttr[IntAttr] = param_def()
    lhs_contracting_dimensions_attr: ArrayAttr[IntAttr] = param_def()
    rhs_contracting_dimensions_attr: ArrayAttr[IntAttr] = param_def()
    lhs_ragged_dimensions_attr: ArrayAttr[IntAttr] = param_def()
    rhs_group_dimensions_attr: ArrayAttr[IntAttr] = param_def()

    lhs_batching_dimensions = property(lambda self: self.field("lhs_batching_dimensions"))
    rhs_batching_dimensions = property(lambda self: self.field("rhs_batching_dimensions"))
    lhs_contracting_dimensions = property(lambda self: self.field("lhs_contracting_dimensions"))
    rhs_contracting_dimensions = property(lambda self: self.field("rhs_contracting_dimensions"))
    lhs_ragged_dimensions = property(lambda self: self.field("lhs_ragged_dimensions"))
    rhs_group_dimensions = property(lambda self: self.field("rhs_group_dimensions"))


# ------------------------------------------------------------------------------------------------------ ops


class ChloUnaryOp(IRDLOperation):
    """`chlo.erf %x attr-dict : T -> U`."""

    operand = operand_def()
    result = result_def()
    traits = traits_def(Pure(), Pointwise())

    @classmethod
    def parse(cls, parser: Parser) -> IRDLOperation:
        operand = parser.parse_unresolved_operand()
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        parser.parse_punctuation(":")
        operand_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return build(cls, resolve(parser, [operand], [operand_type], position), [result_type], properties,
                     attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand)
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.operand.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


class ChloBinaryOp(IRDLOperation):
    """`chlo.polygamma %a, %b : T, U -> V`."""

    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    traits = traits_def(Pure(), Pointwise())

    @classmethod
    def parse(cls, parser: Parser) -> IRDLOperation:
        operands, _ = parse_operand_list(parser)
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        parser.parse_punctuation(":")
        operand_types = parse_type_list(parser)
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return build(cls, resolve(parser, operands, operand_types, position), [result_type], properties,
                     attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operand_list(printer, self.operands)
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        print_type_list(printer, self.operand_types)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


class ChloBroadcastOp(IRDLOperation):
    """`chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (T, U) -> V`."""

    traits = traits_def(Elementwise())
    broadcast_dimensions_attr = opt_prop_def(DenseArrayBase, prop_name="broadcast_dimensions")

    @property
    def broadcast_dimensions(self) -> tuple[int, ...] | None:
        return i64_values(self.broadcast_dimensions_attr) if self.broadcast_dimensions_attr is not None else None

    @classmethod
    def parse(cls, parser: Parser) -> IRDLOperation:
        operands, _ = parse_operand_list(parser)
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, operands, function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operand_list(printer, self.operands)
        print_attr_dict(printer, self)
        print_functional_type(printer, self)


class ChloBroadcastBinaryOp(ChloBroadcastOp):
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()


_UNARY_NAMES = ("acos", "acosh", "asin", "asinh", "atan", "atanh", "bessel_i1e", "conj", "cosh", "digamma",
                "erf", "erf_inv", "erfc", "is_inf", "is_neg_inf", "is_pos_inf", "lgamma", "sinh", "square", "tan")
_BINARY_NAMES = ("next_after", "polygamma", "zeta")
#: the unary and binary ops above that compute a transcendental function (`bessel_i1e` counted as not)
_TRANSCENDENTAL_NAMES = frozenset({"acos", "acosh", "asin", "asinh", "atan", "atanh", "cosh", "digamma", "erf",
                                   "erf_inv", "erfc", "lgamma", "sinh", "tan", "polygamma", "zeta"})
_BROADCAST_BINARY_NAMES = ("add", "and", "atan2", "complex", "divide", "maximum", "minimum", "multiply",
                           "next_after", "or", "polygamma", "power", "remainder", "shift_left",
                           "shift_right_arithmetic", "shift_right_logical", "subtract", "xor", "zeta")


def _class_name(op_name: str, suffix: str = "Op") -> str:
    return "".join(part.capitalize() for part in op_name.split("_")) + suffix


def _define(base: type, full_name: str, class_name: str, *traits: OpTrait) -> type[IRDLOperation]:
    body = {"name": full_name, "__module__": __name__,
            "__doc__": f"`{full_name}` ({(base.__doc__ or base.__name__).strip()})"}
    if traits:
        body["traits"] = traits_def(*traits)
    return irdl_op_definition(type(class_name, (base,), body))


def _transcendental(name: str) -> tuple[OpTrait, ...]:
    return (Transcendental(),) if name in _TRANSCENDENTAL_NAMES else ()


UNARY_OPS = [_define(ChloUnaryOp, f"chlo.{n}", _class_name(n), *_transcendental(n)) for n in _UNARY_NAMES]
BINARY_OPS = [_define(ChloBinaryOp, f"chlo.{n}", _class_name(n), *_transcendental(n)) for n in _BINARY_NAMES]
BROADCAST_BINARY_OPS = [_define(ChloBroadcastBinaryOp, f"chlo.broadcast_{n}", _class_name(n, "BroadcastOp"))
                        for n in _BROADCAST_BINARY_NAMES]
globals().update({cls.__name__: cls for cls in UNARY_OPS + BINARY_OPS + BROADCAST_BINARY_OPS})


@irdl_op_definition
class BroadcastCompareOp(ChloBroadcastOp):
    name = "chlo.broadcast_compare"
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    comparison_direction = prop_def(ChloComparisonDirectionAttr)
    compare_type = opt_prop_def(ChloComparisonTypeAttr)


@irdl_op_definition
class BroadcastSelectOp(ChloBroadcastOp):
    name = "chlo.broadcast_select"
    pred = operand_def()
    on_true = operand_def()
    on_false = operand_def()
    result = result_def()


@irdl_op_definition
class TopKOp(IRDLOperation):
    """`%values, %indices = chlo.top_k(%x, k = 2) : tensor<4x8xf32> -> (tensor<4x2xf32>, tensor<4x2xi32>)`."""

    name = "chlo.top_k"
    operand = operand_def()
    values = result_def()
    indices = result_def()
    k_attr = prop_def(IntegerAttr, prop_name="k")
    traits = traits_def(Pure(), RunsReplicatedUnderXla())

    @property
    def k(self) -> int:
        return int(self.k_attr.value.data)

    @classmethod
    def parse(cls, parser: Parser) -> TopKOp:
        parser.parse_punctuation("(")
        operand = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        parse_keyword_value(parser, "k")
        properties: dict[str, Attribute] = {"k": IntegerAttr(parser.parse_integer(False, False), i64)}
        parser.parse_punctuation(")")
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        parser.parse_punctuation(":")
        operand_type = parser.parse_type()
        parser.parse_punctuation("->")
        parser.parse_punctuation("(")
        result_types = parse_type_list(parser)
        parser.parse_punctuation(")")
        return build(cls, resolve(parser, [operand], [operand_type], position), result_types, properties,
                     attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_operand(self.operand)
        printer.print_string(f", k = {self.k})")
        print_attr_dict(printer, self, ["k"])
        printer.print_string(" : ")
        printer.print_attribute(self.operand.type)
        printer.print_string(" -> (")
        print_type_list(printer, self.result_types)
        printer.print_string(")")


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """`chlo.constant dense<1.0> : tensor<4xf32>`."""

    name = "chlo.constant"
    output = result_def()
    value = prop_def(Attribute)

    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        value = parser.parse_attribute()
        if not isinstance(value, TypedAttribute) and not hasattr(value, "get_type"):
            parser.raise_error("expected a typed constant value")
        properties["value"] = value
        return build(cls, [], [value.get_type()], properties, attributes)

    def print(self, printer: Printer) -> None:
        print_attr_dict(printer, self, ["value"])
        printer.print_string(" ")
        printer.print_attribute(self.value)


@irdl_op_definition
class ConstantLikeOp(IRDLOperation):
    name = "chlo.constant_like"
    traits = traits_def(Pointwise())
    operand = operand_def()
    result = result_def()
    value = prop_def(Attribute)


@irdl_op_definition
class RaggedDotOp(IRDLOperation):
    name = "chlo.ragged_dot"
    lhs = operand_def()
    rhs = operand_def()
    group_sizes = operand_def()
    result = result_def()
    ragged_dot_dimension_numbers = prop_def(RaggedDotDimensionNumbersAttr)
    precision_config = opt_prop_def(ArrayAttr)


CHLO_OPS = (UNARY_OPS + BINARY_OPS + BROADCAST_BINARY_OPS
            + [BroadcastCompareOp, BroadcastSelectOp, TopKOp, ConstantOp, ConstantLikeOp, RaggedDotOp])
CHLO_ATTRIBUTES = [ChloComparisonDirectionAttr, ChloComparisonTypeAttr, ChloPrecisionAttr,
                   RaggedDotDimensionNumbersAttr]

CHLO = Dialect("chlo", CHLO_OPS, CHLO_ATTRIBUTES)

