"""Shape and data-movement ops: broadcast_in_dim, reshape, transpose, slice, pad, concatenate, iota, ..."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, StringAttr
from xdsl.ir import Attribute
from xdsl.irdl import (
    IRDLOperation, irdl_op_definition, operand_def, opt_prop_def, prop_def, result_def, traits_def, var_operand_def,
)
from xdsl.irdl.operations import AttrSizedOperandSegments
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure

from autoshard.dialects.op_traits import Elementwise, InPlaceUpdate, Linear, LoopFusible, Slicing
from autoshard.dialects.stablehlo.syntax import (
    build, dense_i64, i64_attr, i64_values, int_value, parse_attr_dict, parse_functional_type, parse_i64_list,
    parse_keyword_value, parse_operand_list, parse_same_operands_and_result_type, print_attr_dict,
    print_functional_type, print_i64_list, print_operand_list, print_same_operands_and_result_type, resolve,
)


class _OperandsKeywordsOp(IRDLOperation):
    """`%operands, kw1 = [..], kw2 = N attr-dict : <types>`: subclasses list KEYWORDS (keyword, property, kind).

    kind is "i64s" (`[1, 2]` stored as `array<i64: ...>`) or "i64" (stored as `N : i64`); SAME_TYPE selects
    `: T` / functional types instead of always functional.
    """

    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    SAME_TYPE: ClassVar[bool] = False

    @classmethod
    def parse(cls, parser: Parser) -> IRDLOperation:
        operands, comma = parse_operand_list(parser)
        properties: dict[str, Attribute] = {}
        for index, (keyword, prop, kind) in enumerate(cls.KEYWORDS):
            if index > 0 or (operands and not comma):
                parser.parse_punctuation(",")
            parse_keyword_value(parser, keyword)
            properties[prop] = dense_i64(parse_i64_list(parser)) if kind == "i64s" else i64_attr(
                parser.parse_integer(False, True))
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        if cls.SAME_TYPE:
            operand_types, result_types = parse_same_operands_and_result_type(parser, len(operands), 1)
        else:
            function_type = parse_functional_type(parser)
            operand_types, result_types = function_type.inputs.data, function_type.outputs.data
        return build(cls, resolve(parser, operands, operand_types, position), result_types, properties, attributes)

    def print(self, printer: Printer) -> None:
        if self.operands:
            printer.print_string(" ")
            print_operand_list(printer, self.operands)
        for index, (keyword, prop, kind) in enumerate(self.KEYWORDS):
            if index > 0 or len(self.operands) > 0:
                printer.print_string(",")
            printer.print_string(f" {keyword} = ")
            value = self.properties[prop]
            if kind == "i64s":
                print_i64_list(printer, i64_values(value))
            else:
                printer.print_string(str(int_value(value)))
        print_attr_dict(printer, self, [prop for _, prop, _ in self.KEYWORDS])
        if self.SAME_TYPE:
            print_same_operands_and_result_type(printer, self)
        else:
            print_functional_type(printer, self)


@irdl_op_definition
class BroadcastInDimOp(_OperandsKeywordsOp):
    """`stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<..>) -> tensor<..>`."""

    name = "stablehlo.broadcast_in_dim"
    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = (("dims", "broadcast_dimensions", "i64s"),)
    operand = operand_def()
    result = result_def()
    broadcast_dimensions_attr = prop_def(DenseArrayBase, prop_name="broadcast_dimensions")
    traits = traits_def(Pure(), LoopFusible(), Linear())

    @property
    def broadcast_dimensions(self) -> tuple[int, ...]:
        return i64_values(self.broadcast_dimensions_attr)


@irdl_op_definition
class DynamicBroadcastInDimOp(_OperandsKeywordsOp):
    """`stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [..] : (..) -> ..`."""

    name = "stablehlo.dynamic_broadcast_in_dim"
    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = (("dims", "broadcast_dimensions", "i64s"),)
    operand = operand_def()
    output_dimensions = operand_def()
    result = result_def()
    broadcast_dimensions_attr = prop_def(DenseArrayBase, prop_name="broadcast_dimensions")
    known_expanding_dimensions = opt_prop_def(DenseArrayBase)
    known_nonexpanding_dimensions = opt_prop_def(DenseArrayBase)

    @property
    def broadcast_dimensions(self) -> tuple[int, ...]:
        return i64_values(self.broadcast_dimensions_attr)


@irdl_op_definition
class TransposeOp(_OperandsKeywordsOp):
    """`stablehlo.transpose %x, dims = [1, 0] : (..) -> ..`."""

    name = "stablehlo.transpose"
    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = (("dims", "permutation", "i64s"),)
    operand = operand_def()
    result = result_def()
    permutation_attr = prop_def(DenseArrayBase, prop_name="permutation")
    traits = traits_def(Pure(), LoopFusible(), Linear())

    @property
    def permutation(self) -> tuple[int, ...]:
        return i64_values(self.permutation_attr)


@irdl_op_definition
class ReverseOp(_OperandsKeywordsOp):
    """`stablehlo.reverse %x, dims = [1] : tensor<..>`."""

    name = "stablehlo.reverse"
    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = (("dims", "dimensions", "i64s"),)
    SAME_TYPE: ClassVar[bool] = True
    operand = operand_def()
    result = result_def()
    dimensions_attr = prop_def(DenseArrayBase, prop_name="dimensions")
    traits = traits_def(Pure(), LoopFusible(), Linear())

    @property
    def dimensions(self) -> tuple[int, ...]:
        return i64_values(self.dimensions_attr)


@irdl_op_definition
class ReshapeOp(_OperandsKeywordsOp):
    """`stablehlo.reshape %x : (tensor<2x4xf32>) -> tensor<8xf32>`."""

    name = "stablehlo.reshape"
    operand = operand_def()
    result = result_def()
    traits = traits_def(Pure(), LoopFusible(), Linear())


@irdl_op_definition
class DynamicReshapeOp(_OperandsKeywordsOp):
    name = "stablehlo.dynamic_reshape"
    operand = operand_def()
    output_shape = operand_def()
    result = result_def()


@irdl_op_definition
class BitcastConvertOp(_OperandsKeywordsOp):
    """`stablehlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xi32>`."""

    name = "stablehlo.bitcast_convert"
    operand = operand_def()
    result = result_def()
    traits = traits_def(Pure(), Elementwise())


@irdl_op_definition
class IotaOp(_OperandsKeywordsOp):
    """`stablehlo.iota dim = 0 : tensor<4x8xi32>`."""

    name = "stablehlo.iota"
    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = (("dim", "iota_dimension", "i64"),)
    SAME_TYPE: ClassVar[bool] = True
    result = result_def()
    iota_dimension_attr = prop_def(IntegerAttr, prop_name="iota_dimension")
    traits = traits_def(Pure(), LoopFusible())

    @property
    def iota_dimension(self) -> int:
        return int_value(self.iota_dimension_attr)


@irdl_op_definition
class DynamicIotaOp(_OperandsKeywordsOp):
    """`stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi64>) -> tensor<?x?xf32>`."""

    name = "stablehlo.dynamic_iota"
    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = (("dim", "iota_dimension", "i64"),)
    output_shape = operand_def()
    result = result_def()
    iota_dimension_attr = prop_def(IntegerAttr, prop_name="iota_dimension")

    @property
    def iota_dimension(self) -> int:
        return int_value(self.iota_dimension_attr)


@irdl_op_definition
class ConcatenateOp(_OperandsKeywordsOp):
    """`stablehlo.concatenate %a, %b, dim = 0 : (..) -> ..`."""

    name = "stablehlo.concatenate"
    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = (("dim", "dimension", "i64"),)
    inputs = var_operand_def()
    result = result_def()
    dimension_attr = prop_def(IntegerAttr, prop_name="dimension")
    traits = traits_def(Pure(), LoopFusible(), Linear())

    @property
    def dimension(self) -> int:
        return int_value(self.dimension_attr)


@irdl_op_definition
class GetDimensionSizeOp(_OperandsKeywordsOp):
    """`stablehlo.get_dimension_size %x, dim = 1 : (tensor<4x8xf32>) -> tensor<i32>`."""

    name = "stablehlo.get_dimension_size"
    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = (("dim", "dimension", "i64"),)
    operand = operand_def()
    result = result_def()
    dimension_attr = prop_def(IntegerAttr, prop_name="dimension")

    @property
    def dimension(self) -> int:
        return int_value(self.dimension_attr)


@irdl_op_definition
class PadOp(_OperandsKeywordsOp):
    """`stablehlo.pad %x, %v, low = [..], high = [..], interior = [..] : (..) -> ..`."""

    name = "stablehlo.pad"
    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = (("low", "edge_padding_low", "i64s"), ("high", "edge_padding_high", "i64s"),
                ("interior", "interior_padding", "i64s"))
    operand = operand_def()
    padding_value = operand_def()
    result = result_def()
    edge_padding_low_attr = prop_def(DenseArrayBase, prop_name="edge_padding_low")
    edge_padding_high_attr = prop_def(DenseArrayBase, prop_name="edge_padding_high")
    interior_padding_attr = prop_def(DenseArrayBase, prop_name="interior_padding")
    traits = traits_def(Pure(), LoopFusible())

    @property
    def edge_padding_low(self) -> tuple[int, ...]:
        return i64_values(self.edge_padding_low_attr)

    @property
    def edge_padding_high(self) -> tuple[int, ...]:
        return i64_values(self.edge_padding_high_attr)

    @property
    def interior_padding(self) -> tuple[int, ...]:
        return i64_values(self.interior_padding_attr)


@irdl_op_definition
class DynamicSliceOp(_OperandsKeywordsOp):
    """`stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 4] : (..) -> ..`."""

    name = "stablehlo.dynamic_slice"
    KEYWORDS: ClassVar[tuple[tuple[str, str, str], ...]] = (("sizes", "slice_sizes", "i64s"),)
    operand = operand_def()
    start_indices = var_operand_def()
    result = result_def()
    slice_sizes_attr = prop_def(DenseArrayBase, prop_name="slice_sizes")
    traits = traits_def(Pure(), Slicing())

    @property
    def slice_sizes(self) -> tuple[int, ...]:
        return i64_values(self.slice_sizes_attr)


@irdl_op_definition
class DynamicUpdateSliceOp(_OperandsKeywordsOp):
    """`stablehlo.dynamic_update_slice %x, %update, %i, %j : (..) -> ..`."""

    name = "stablehlo.dynamic_update_slice"
    operand = operand_def()
    update = operand_def()
    start_indices = var_operand_def()
    result = result_def()
    traits = traits_def(Pure(), InPlaceUpdate(update_operand=1))


@irdl_op_definition
class RealDynamicSliceOp(_OperandsKeywordsOp):
    name = "stablehlo.real_dynamic_slice"
    operand = operand_def()
    start_indices = operand_def()
    limit_indices = operand_def()
    strides = operand_def()
    result = result_def()


@irdl_op_definition
class DynamicPadOp(_OperandsKeywordsOp):
    name = "stablehlo.dynamic_pad"
    operand = operand_def()
    padding_value = operand_def()
    edge_padding_low = operand_def()
    edge_padding_high = operand_def()
    interior_padding = operand_def()
    result = result_def()


@irdl_op_definition
class SliceOp(IRDLOperation):
    """`stablehlo.slice %x [0:2, 1:8:2] : (tensor<4x8xf32>) -> tensor<2x4xf32>` (stride omitted when 1)."""

    name = "stablehlo.slice"
    operand = operand_def()
    result = result_def()
    start_indices_attr = prop_def(DenseArrayBase, prop_name="start_indices")
    limit_indices_attr = prop_def(DenseArrayBase, prop_name="limit_indices")
    strides_attr = prop_def(DenseArrayBase, prop_name="strides")
    traits = traits_def(Pure(), Slicing(), Linear())

    @property
    def start_indices(self) -> tuple[int, ...]:
        return i64_values(self.start_indices_attr)

    @property
    def limit_indices(self) -> tuple[int, ...]:
        return i64_values(self.limit_indices_attr)

    @property
    def strides(self) -> tuple[int, ...]:
        return i64_values(self.strides_attr)

    @classmethod
    def parse(cls, parser: Parser) -> SliceOp:
        operand = parser.parse_unresolved_operand()

        def parse_range() -> tuple[int, int, int]:
            start = parser.parse_integer(False, True)
            parser.parse_punctuation(":")
            limit = parser.parse_integer(False, True)
            stride = 1
            if parser.parse_optional_punctuation(":") is not None:
                stride = parser.parse_integer(False, True)
            return start, limit, stride

        ranges = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parse_range)
        properties: dict[str, Attribute] = {
            "start_indices": dense_i64([r[0] for r in ranges]),
            "limit_indices": dense_i64([r[1] for r in ranges]),
            "strides": dense_i64([r[2] for r in ranges]),
        }
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, [operand], function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand)
        parts = []
        for start, limit, stride in zip(self.start_indices, self.limit_indices, self.strides):
            parts.append(f"{start}:{limit}" + (f":{stride}" if stride != 1 else ""))
        printer.print_string(" [" + ", ".join(parts) + "]")
        print_attr_dict(printer, self, ["start_indices", "limit_indices", "strides"])
        print_functional_type(printer, self)


SHAPE_OPS = [BroadcastInDimOp, DynamicBroadcastInDimOp, TransposeOp, ReverseOp, ReshapeOp, DynamicReshapeOp,
             BitcastConvertOp, IotaOp, DynamicIotaOp, ConcatenateOp, GetDimensionSizeOp, PadOp, DynamicSliceOp,
             DynamicUpdateSliceOp, RealDynamicSliceOp, DynamicPadOp, SliceOp]

_unused = (AttrSizedOperandSegments, StringAttr)
