"""Contractions and linear algebra: dot, dot_general, convolution, einsum, fft, cholesky, triangular_solve, batch norm."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr, BoolAttr, DenseArrayBase, DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr, StringAttr, TensorType,
    UnitAttr, i1, i64,
)
from xdsl.ir import Attribute
from xdsl.irdl import (
    IRDLOperation, irdl_op_definition, operand_def, opt_prop_def, prop_def, result_def, traits_def, var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure

from autoshard.dialects.op_traits import LinearInFirstOperand, SumReduction
from autoshard.dialects.stablehlo.attributes import (
    ConvDimensionNumbersAttr, DotAlgorithmAttr, DotDimensionNumbersAttr, FftTypeAttr, PrecisionAttr, TransposeAttr,
)
from autoshard.dialects.stablehlo.syntax import (
    build, dense_i64, i64_values, int_value, is_precision_list, parse_attr_dict, parse_functional_type,
    parse_i64_list, parse_keyword_value, parse_operand_list, parse_precision_list,
    parse_same_operands_and_result_type, print_attr_dict, print_functional_type, print_i64_list,
    print_operand_list, print_precision_list, print_same_operands_and_result_type, resolve,
)


def _precisions(attr: Attribute | None) -> tuple[str, ...]:
    return tuple(p.keyword for p in attr.data) if isinstance(attr, ArrayAttr) else ()


@irdl_op_definition
class DotGeneralOp(IRDLOperation):
    """`stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [..]`."""

    name = "stablehlo.dot_general"
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    dot_dimension_numbers = prop_def(DotDimensionNumbersAttr)
    precision_config = opt_prop_def(ArrayAttr)
    algorithm = opt_prop_def(DotAlgorithmAttr)
    traits = traits_def(Pure(), LinearInFirstOperand(), SumReduction())

    @property
    def lhs_batching_dimensions(self) -> tuple[int, ...]:
        return self.dot_dimension_numbers.lhs_batching_dimensions

    @property
    def rhs_batching_dimensions(self) -> tuple[int, ...]:
        return self.dot_dimension_numbers.rhs_batching_dimensions

    @property
    def lhs_contracting_dimensions(self) -> tuple[int, ...]:
        return self.dot_dimension_numbers.lhs_contracting_dimensions

    @property
    def rhs_contracting_dimensions(self) -> tuple[int, ...]:
        return self.dot_dimension_numbers.rhs_contracting_dimensions

    @property
    def precisions(self) -> tuple[str, ...]:
        return _precisions(self.precision_config)

    @classmethod
    def parse(cls, parser: Parser) -> DotGeneralOp:
        operands, _ = parse_operand_list(parser)

        def pair() -> tuple[list[int], list[int]]:
            lhs = parse_i64_list(parser)
            parser.parse_keyword("x")
            return lhs, parse_i64_list(parser)

        batching: tuple[list[int], list[int]] = ([], [])
        if parser.parse_optional_keyword("batching_dims") is not None:
            parser.parse_punctuation("=")
            batching = pair()
            parser.parse_punctuation(",")
        parse_keyword_value(parser, "contracting_dims")
        contracting = pair()
        properties: dict[str, Attribute] = {"dot_dimension_numbers": DotDimensionNumbersAttr.get(
            batching[0], batching[1], contracting[0], contracting[1])}
        while parser.parse_optional_punctuation(",") is not None:
            if parser.parse_optional_keyword("precision") is not None:
                parser.parse_punctuation("=")
                properties["precision_config"] = parse_precision_list(parser)
            else:
                parse_keyword_value(parser, "algorithm")
                properties["algorithm"] = DotAlgorithmAttr.new(DotAlgorithmAttr.parse_parameters(parser))
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, operands, function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operand_list(printer, self.operands)
        dims = self.dot_dimension_numbers
        if dims.lhs_batching_dimensions or dims.rhs_batching_dimensions:
            printer.print_string(", batching_dims = ")
            print_i64_list(printer, dims.lhs_batching_dimensions)
            printer.print_string(" x ")
            print_i64_list(printer, dims.rhs_batching_dimensions)
        printer.print_string(", contracting_dims = ")
        print_i64_list(printer, dims.lhs_contracting_dimensions)
        printer.print_string(" x ")
        print_i64_list(printer, dims.rhs_contracting_dimensions)
        elided = ["dot_dimension_numbers"]
        if is_precision_list(self.precision_config) and self.precision_config.data:
            printer.print_string(", precision = ")
            print_precision_list(printer, self.precision_config)
            elided.append("precision_config")
        if self.algorithm is not None:
            printer.print_string(", algorithm = ")
            self.algorithm.print_parameters(printer)
            elided.append("algorithm")
        print_attr_dict(printer, self, elided)
        print_functional_type(printer, self)


@irdl_op_definition
class DotOp(IRDLOperation):
    """`stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT] : (..) -> ..`."""

    name = "stablehlo.dot"
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    precision_config = opt_prop_def(ArrayAttr)
    traits = traits_def(Pure(), LinearInFirstOperand(), SumReduction())

    @property
    def precisions(self) -> tuple[str, ...]:
        return _precisions(self.precision_config)

    @classmethod
    def parse(cls, parser: Parser) -> DotOp:
        operands, comma = parse_operand_list(parser)
        properties: dict[str, Attribute] = {}
        if comma:
            parse_keyword_value(parser, "precision")
            properties["precision_config"] = parse_precision_list(parser)
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, operands, function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operand_list(printer, self.operands)
        elided = []
        if is_precision_list(self.precision_config) and self.precision_config.data:
            printer.print_string(", precision = ")
            print_precision_list(printer, self.precision_config)
            elided.append("precision_config")
        print_attr_dict(printer, self, elided)
        print_functional_type(printer, self)


@irdl_op_definition
class ConvolutionOp(IRDLOperation):
    """`stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {...}`."""

    name = "stablehlo.convolution"
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    window_strides_attr = opt_prop_def(DenseArrayBase, prop_name="window_strides")
    padding_attr = opt_prop_def(DenseIntOrFPElementsAttr, prop_name="padding")
    lhs_dilation_attr = opt_prop_def(DenseArrayBase, prop_name="lhs_dilation")
    rhs_dilation_attr = opt_prop_def(DenseArrayBase, prop_name="rhs_dilation")
    window_reversal_attr = opt_prop_def(DenseArrayBase, prop_name="window_reversal")
    dimension_numbers = prop_def(ConvDimensionNumbersAttr)
    feature_group_count_attr = prop_def(IntegerAttr, prop_name="feature_group_count")
    batch_group_count_attr = prop_def(IntegerAttr, prop_name="batch_group_count")
    precision_config = opt_prop_def(ArrayAttr)
    traits = traits_def(Pure(), SumReduction())

    WINDOW_KEYS: ClassVar[tuple[tuple[str, str], ...]] = (("stride", "window_strides"), ("pad", "padding"), ("lhs_dilate", "lhs_dilation"),
                   ("rhs_dilate", "rhs_dilation"), ("reverse", "window_reversal"))

    @property
    def num_spatial_dims(self) -> int:
        return len(self.dimension_numbers.input_spatial_dimensions)

    @property
    def window_strides(self) -> tuple[int, ...]:
        return i64_values(self.window_strides_attr) or (1,) * self.num_spatial_dims

    @property
    def padding(self) -> tuple[tuple[int, int], ...]:
        if self.padding_attr is None:
            return ((0, 0),) * self.num_spatial_dims
        flat = [int(v) for v in self.padding_attr.get_values()]
        return tuple((flat[i], flat[i + 1]) for i in range(0, len(flat), 2))

    @property
    def lhs_dilation(self) -> tuple[int, ...]:
        return i64_values(self.lhs_dilation_attr) or (1,) * self.num_spatial_dims

    @property
    def rhs_dilation(self) -> tuple[int, ...]:
        return i64_values(self.rhs_dilation_attr) or (1,) * self.num_spatial_dims

    @property
    def window_reversal(self) -> tuple[bool, ...]:
        if self.window_reversal_attr is None:
            return (False,) * self.num_spatial_dims
        return tuple(bool(v) for v in self.window_reversal_attr.get_values())

    @property
    def feature_group_count(self) -> int:
        return int_value(self.feature_group_count_attr, 1)

    @property
    def batch_group_count(self) -> int:
        return int_value(self.batch_group_count_attr, 1)

    @property
    def precisions(self) -> tuple[str, ...]:
        return _precisions(self.precision_config)

    @classmethod
    def parse(cls, parser: Parser) -> ConvolutionOp:
        parser.parse_punctuation("(")
        operands, _ = parse_operand_list(parser)
        parser.parse_punctuation(")")
        parse_keyword_value(parser, "dim_numbers")
        properties: dict[str, Attribute] = {"dimension_numbers": ConvDimensionNumbersAttr.parse_compact(parser)}
        parser.parse_punctuation(",")
        parse_keyword_value(parser, "window")
        parser.parse_punctuation("{")
        keys = dict(cls.WINDOW_KEYS)
        first = True
        while parser.parse_optional_punctuation("}") is None:
            if not first:
                parser.parse_punctuation(",")
            first = False
            key = parser.parse_identifier()
            if key not in keys:
                parser.raise_error(f"unknown convolution window key '{key}', expected one of {', '.join(keys)}")
            parser.parse_punctuation("=")
            if key == "pad":
                pairs = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: parse_i64_list(parser))
                flat = [v for p in pairs for v in p]
                properties["padding"] = DenseIntOrFPElementsAttr.from_list(TensorType(i64, [len(pairs), 2]), flat)
            elif key == "reverse":
                flags = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: _parse_bool(parser))
                properties["window_reversal"] = DenseArrayBase.from_list(i1, [int(f) for f in flags])
            else:
                properties[keys[key]] = dense_i64(parse_i64_list(parser))
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, operands, function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        print_operand_list(printer, self.operands)
        printer.print_string(") dim_numbers = ")
        self.dimension_numbers.print_compact(printer)
        printer.print_string(", window = {")
        entries = []
        for key, prop in self.WINDOW_KEYS:
            if prop not in self.properties:
                continue
            if prop == "padding":
                entries.append("pad = [" + ", ".join(f"[{lo}, {hi}]" for lo, hi in self.padding) + "]")
            elif prop == "window_reversal":
                entries.append("reverse = [" + ", ".join("true" if f else "false" for f in self.window_reversal)
                               + "]")
            else:
                entries.append(f"{key} = [" + ", ".join(str(v) for v in i64_values(self.properties[prop])) + "]")
        printer.print_string(", ".join(entries) + "}")
        print_attr_dict(printer, self, ["dimension_numbers"] + [prop for _, prop in self.WINDOW_KEYS])
        print_functional_type(printer, self)


def _parse_bool(parser: Parser) -> bool:
    value = parser.parse_optional_boolean()
    if value is None:
        parser.raise_error("expected 'true' or 'false'")
    return value


class _EinsumFormat(IRDLOperation):
    """`%operands, config = "ab,bc->ac" : (..) -> ..`."""

    @classmethod
    def parse(cls, parser: Parser) -> IRDLOperation:
        operands, _ = parse_operand_list(parser)
        parse_keyword_value(parser, "config")
        properties: dict[str, Attribute] = {"einsum_config": StringAttr(parser.parse_str_literal())}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, operands, function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operand_list(printer, self.operands)
        printer.print_string(", config = ")
        printer.print_string_literal(self.einsum_config.data)
        print_attr_dict(printer, self, ["einsum_config"])
        print_functional_type(printer, self)


@irdl_op_definition
class EinsumOp(_EinsumFormat):
    """`stablehlo.einsum %a, %b, config = "ab,bc->ac" : (..) -> ..`."""

    name = "stablehlo.einsum"
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    einsum_config = prop_def(StringAttr)


@irdl_op_definition
class UnaryEinsumOp(_EinsumFormat):
    name = "stablehlo.unary_einsum"
    operand = operand_def()
    result = result_def()
    einsum_config = prop_def(StringAttr)


@irdl_op_definition
class FftOp(IRDLOperation):
    """`stablehlo.fft %x, type = FFT, length = [8] : (..) -> ..`."""

    name = "stablehlo.fft"
    operand = operand_def()
    result = result_def()
    fft_type = prop_def(FftTypeAttr)
    fft_length_attr = prop_def(DenseArrayBase, prop_name="fft_length")

    @property
    def fft_length(self) -> tuple[int, ...]:
        return i64_values(self.fft_length_attr)

    @classmethod
    def parse(cls, parser: Parser) -> FftOp:
        operand = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        parse_keyword_value(parser, "type")
        properties: dict[str, Attribute] = {"fft_type": FftTypeAttr(FftTypeAttr.parse_keyword(parser))}
        parser.parse_punctuation(",")
        parse_keyword_value(parser, "length")
        properties["fft_length"] = dense_i64(parse_i64_list(parser))
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, [operand], function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand)
        printer.print_string(f", type = {self.fft_type.keyword}, length = ")
        print_i64_list(printer, self.fft_length)
        print_attr_dict(printer, self, ["fft_type", "fft_length"])
        print_functional_type(printer, self)


@irdl_op_definition
class CholeskyOp(IRDLOperation):
    """`stablehlo.cholesky %a, lower = true : tensor<..>`."""

    name = "stablehlo.cholesky"
    a = operand_def()
    result = result_def()
    lower_attr = opt_prop_def(BoolAttr, prop_name="lower")

    @property
    def lower(self) -> bool:
        return bool(self.lower_attr.value.data) if self.lower_attr is not None else False

    @classmethod
    def parse(cls, parser: Parser) -> CholeskyOp:
        operands, comma = parse_operand_list(parser)
        properties: dict[str, Attribute] = {}
        if comma:
            parse_keyword_value(parser, "lower")
            properties["lower"] = BoolAttr.from_bool(_parse_bool(parser))
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        operand_types, result_types = parse_same_operands_and_result_type(parser, len(operands), 1)
        return build(cls, resolve(parser, operands, operand_types, position), result_types, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.a)
        elided = []
        if self.lower_attr is not None:
            printer.print_string(", lower = " + ("true" if self.lower else "false"))
            elided.append("lower")
        print_attr_dict(printer, self, elided)
        print_same_operands_and_result_type(printer, self)


@irdl_op_definition
class TriangularSolveOp(IRDLOperation):
    """Generic form only (as MLIR prints it)."""

    name = "stablehlo.triangular_solve"
    a = operand_def()
    b = operand_def()
    result = result_def()
    left_side = prop_def(BoolAttr)
    lower = prop_def(BoolAttr)
    unit_diagonal = prop_def(BoolAttr)
    transpose_a = prop_def(TransposeAttr)


class _BatchNormOp(IRDLOperation):
    epsilon_attr = prop_def(FloatAttr, prop_name="epsilon")
    feature_index_attr = prop_def(IntegerAttr, prop_name="feature_index")

    @property
    def feature_index(self) -> int:
        return int_value(self.feature_index_attr)

    @property
    def epsilon(self) -> float:
        return float(self.epsilon_attr.value.data)


@irdl_op_definition
class BatchNormInferenceOp(_BatchNormOp):
    name = "stablehlo.batch_norm_inference"
    operand = operand_def()
    scale = operand_def()
    offset = operand_def()
    mean = operand_def()
    variance = operand_def()
    result = result_def()


@irdl_op_definition
class BatchNormTrainingOp(_BatchNormOp):
    name = "stablehlo.batch_norm_training"
    operand = operand_def()
    scale = operand_def()
    offset = operand_def()
    output = var_result_def()


@irdl_op_definition
class BatchNormGradOp(_BatchNormOp):
    name = "stablehlo.batch_norm_grad"
    operand = operand_def()
    scale = operand_def()
    mean = operand_def()
    variance = operand_def()
    grad_output = operand_def()
    output = var_result_def()


LINALG_OPS = [DotGeneralOp, DotOp, ConvolutionOp, EinsumOp, UnaryEinsumOp, FftOp, CholeskyOp, TriangularSolveOp,
              BatchNormInferenceOp, BatchNormTrainingOp, BatchNormGradOp]

_unused = (PrecisionAttr, UnitAttr)
