"""Elementwise StableHLO ops: `stablehlo.add %a, %b : tensor<4xf32>` (types as `: T` or `: (T, T) -> T`)."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import ComplexType, TensorType
from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, opt_prop_def, result_def, traits_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure

from autoshard.dialects.op_traits import (
    AddsOperands, Elementwise, Linear, LinearInFirstOperand, Pointwise, Transcendental,
)
from autoshard.dialects.stablehlo.attributes import ResultAccuracyAttr
from autoshard.dialects.stablehlo.syntax import (
    build, parse_attr_dict, parse_operand_list, parse_same_operands_and_result_type, print_attr_dict,
    print_operand_list, print_same_operands_and_result_type, resolve,
)


class ElementwiseOp(IRDLOperation):
    """Base of elementwise ops: `%operands attr-dict : custom<SameOperandsAndResultType>`."""


    @classmethod
    def parse(cls, parser: Parser) -> ElementwiseOp:
        operands, _ = parse_operand_list(parser)
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        operand_types, result_types = parse_same_operands_and_result_type(parser, len(operands), 1)
        return build(cls, resolve(parser, operands, operand_types, position), result_types, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operand_list(printer, self.operands)
        print_attr_dict(printer, self)
        print_same_operands_and_result_type(printer, self)


class UnaryElementwiseOp(ElementwiseOp):
    operand = operand_def()
    result = result_def()
    traits = traits_def(Pure(), Pointwise())


class TranscendentalOp(UnaryElementwiseOp):
    """Unary ops with an optional `result_accuracy` (exponential, log, tanh, ...)."""

    result_accuracy = opt_prop_def(ResultAccuracyAttr)
    traits = traits_def(Transcendental())


class BinaryElementwiseOp(ElementwiseOp):
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    traits = traits_def(Pure(), Pointwise())


# --------------------------------------------------------------------------------------------------- unary


@irdl_op_definition
class AbsOp(UnaryElementwiseOp):
    name = "stablehlo.abs"


@irdl_op_definition
class CbrtOp(TranscendentalOp):
    name = "stablehlo.cbrt"


@irdl_op_definition
class CeilOp(UnaryElementwiseOp):
    name = "stablehlo.ceil"


@irdl_op_definition
class ConvertOp(UnaryElementwiseOp):
    name = "stablehlo.convert"
    traits = traits_def(Linear())


@irdl_op_definition
class CosineOp(TranscendentalOp):
    name = "stablehlo.cosine"


@irdl_op_definition
class CountLeadingZerosOp(UnaryElementwiseOp):
    name = "stablehlo.count_leading_zeros"


@irdl_op_definition
class ExpOp(TranscendentalOp):
    name = "stablehlo.exponential"


@irdl_op_definition
class Expm1Op(TranscendentalOp):
    name = "stablehlo.exponential_minus_one"


@irdl_op_definition
class FloorOp(UnaryElementwiseOp):
    name = "stablehlo.floor"


@irdl_op_definition
class ImagOp(UnaryElementwiseOp):
    name = "stablehlo.imag"


@irdl_op_definition
class IsFiniteOp(UnaryElementwiseOp):
    name = "stablehlo.is_finite"


@irdl_op_definition
class LogOp(TranscendentalOp):
    name = "stablehlo.log"


@irdl_op_definition
class Log1pOp(TranscendentalOp):
    name = "stablehlo.log_plus_one"


@irdl_op_definition
class LogisticOp(TranscendentalOp):
    name = "stablehlo.logistic"


@irdl_op_definition
class NegOp(UnaryElementwiseOp):
    name = "stablehlo.negate"
    traits = traits_def(Linear())


@irdl_op_definition
class NotOp(UnaryElementwiseOp):
    name = "stablehlo.not"


@irdl_op_definition
class PopulationCountOp(UnaryElementwiseOp):
    name = "stablehlo.popcnt"


@irdl_op_definition
class RealOp(UnaryElementwiseOp):
    name = "stablehlo.real"


@irdl_op_definition
class RoundOp(UnaryElementwiseOp):
    name = "stablehlo.round_nearest_afz"


@irdl_op_definition
class RoundNearestEvenOp(UnaryElementwiseOp):
    name = "stablehlo.round_nearest_even"


@irdl_op_definition
class RsqrtOp(TranscendentalOp):
    name = "stablehlo.rsqrt"


@irdl_op_definition
class SignOp(UnaryElementwiseOp):
    name = "stablehlo.sign"


@irdl_op_definition
class SineOp(TranscendentalOp):
    name = "stablehlo.sine"


@irdl_op_definition
class SqrtOp(TranscendentalOp):
    name = "stablehlo.sqrt"


@irdl_op_definition
class TanOp(TranscendentalOp):
    name = "stablehlo.tan"


@irdl_op_definition
class TanhOp(TranscendentalOp):
    name = "stablehlo.tanh"


# -------------------------------------------------------------------------------------------------- binary


@irdl_op_definition
class AddOp(BinaryElementwiseOp):
    name = "stablehlo.add"
    traits = traits_def(AddsOperands())


@irdl_op_definition
class AndOp(BinaryElementwiseOp):
    name = "stablehlo.and"


@irdl_op_definition
class Atan2Op(BinaryElementwiseOp):
    name = "stablehlo.atan2"
    traits = traits_def(Transcendental())


@irdl_op_definition
class ComplexOp(BinaryElementwiseOp):
    """`stablehlo.complex %re, %im : tensor<4xcomplex<f32>>` (operands are the real parts' tensors)."""

    name = "stablehlo.complex"

    @staticmethod
    def _part_type(complex_type: Attribute) -> Attribute | None:
        element = getattr(complex_type, "element_type", None)
        if not isinstance(element, ComplexType) or not isinstance(complex_type, TensorType):
            return None
        return TensorType(element.element_type, complex_type.get_shape(), complex_type.encoding)

    @classmethod
    def parse(cls, parser: Parser) -> ComplexOp:
        operands, _ = parse_operand_list(parser)
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        parser.parse_punctuation(":")
        if parser._current_token.text == "(":
            function_type = parser.parse_function_type()
            operand_types, result_types = function_type.inputs.data, function_type.outputs.data
        else:
            result_type = parser.parse_type()
            part = cls._part_type(result_type)
            if part is None:
                parser.raise_error("expected a tensor of complex type", position)
            operand_types, result_types = [part, part], [result_type]
        return build(cls, resolve(parser, operands, operand_types, position), result_types, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operand_list(printer, self.operands)
        print_attr_dict(printer, self)
        part = self._part_type(self.result.type)
        if part is not None and self.lhs.type == part and self.rhs.type == part:
            printer.print_string(" : ")
            printer.print_attribute(self.result.type)
        else:
            printer.print_string(" : ")
            printer.print_function_type(self.operand_types, self.result_types)


@irdl_op_definition
class DivOp(BinaryElementwiseOp):
    name = "stablehlo.divide"
    traits = traits_def(LinearInFirstOperand())


@irdl_op_definition
class MaxOp(BinaryElementwiseOp):
    name = "stablehlo.maximum"


@irdl_op_definition
class MinOp(BinaryElementwiseOp):
    name = "stablehlo.minimum"


@irdl_op_definition
class MulOp(BinaryElementwiseOp):
    name = "stablehlo.multiply"
    traits = traits_def(LinearInFirstOperand())


@irdl_op_definition
class OrOp(BinaryElementwiseOp):
    name = "stablehlo.or"


@irdl_op_definition
class PowOp(BinaryElementwiseOp):
    name = "stablehlo.power"
    traits = traits_def(Transcendental())


@irdl_op_definition
class RemOp(BinaryElementwiseOp):
    name = "stablehlo.remainder"


@irdl_op_definition
class ShiftLeftOp(BinaryElementwiseOp):
    name = "stablehlo.shift_left"


@irdl_op_definition
class ShiftRightArithmeticOp(BinaryElementwiseOp):
    name = "stablehlo.shift_right_arithmetic"


@irdl_op_definition
class ShiftRightLogicalOp(BinaryElementwiseOp):
    name = "stablehlo.shift_right_logical"


@irdl_op_definition
class SubtractOp(BinaryElementwiseOp):
    name = "stablehlo.subtract"
    traits = traits_def(AddsOperands())


@irdl_op_definition
class XorOp(BinaryElementwiseOp):
    name = "stablehlo.xor"


# ------------------------------------------------------------------------------------------------- ternary


@irdl_op_definition
class ClampOp(ElementwiseOp):
    """`stablehlo.clamp %min, %operand, %max : T` (min/max may be scalars: then the functional form)."""

    name = "stablehlo.clamp"
    min = operand_def()
    operand = operand_def()
    max = operand_def()
    result = result_def()
    traits = traits_def(Pure(), Elementwise())


UNARY_OPS = [AbsOp, CbrtOp, CeilOp, ConvertOp, CosineOp, CountLeadingZerosOp, ExpOp, Expm1Op, FloorOp, ImagOp,
             IsFiniteOp, LogOp, Log1pOp, LogisticOp, NegOp, NotOp, PopulationCountOp, RealOp, RoundOp,
             RoundNearestEvenOp, RsqrtOp, SignOp, SineOp, SqrtOp, TanOp, TanhOp]
BINARY_OPS = [AddOp, AndOp, Atan2Op, ComplexOp, DivOp, MaxOp, MinOp, MulOp, OrOp, PowOp, RemOp, ShiftLeftOp,
              ShiftRightArithmeticOp, ShiftRightLogicalOp, SubtractOp, XorOp]
ELEMENTWISE_OPS = UNARY_OPS + BINARY_OPS + [ClampOp]
