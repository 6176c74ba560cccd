"""constant, compare, select, custom_call, composite, rng, tuples, tokens, collectives and other StableHLO ops."""

from __future__ import annotations

from typing import ClassVar

import re

from xdsl.dialects.builtin import (
    ArrayAttr, BoolAttr, DenseIntOrFPElementsAttr, DictionaryAttr, IntegerAttr, StringAttr, SymbolRefAttr,
    TypedAttribute, UnitAttr, i32,
)
from xdsl.ir import Attribute
from xdsl.irdl import (
    IRDLOperation, irdl_op_definition, operand_def, opt_prop_def, prop_def, region_def, result_def, traits_def,
    var_operand_def, var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import ConstantLike, Pure

from autoshard.dialects.op_traits import Elementwise, Linear, Pointwise
from autoshard.dialects.stablehlo.attributes import (
    ChannelHandleAttr, ComparisonDirectionAttr, ComparisonTypeAttr, RngAlgorithmAttr, RngDistributionAttr,
)
from autoshard.dialects.stablehlo.elementwise import ElementwiseOp
from autoshard.dialects.stablehlo.syntax import (
    build, i64_values, int_value, parse_attr_dict, parse_functional_type, parse_keyword_value, parse_operand_list,
    parse_same_operands_and_result_type, parse_type_list, print_attr_dict, print_functional_type,
    print_operand_list, print_same_operands_and_result_type, print_type_list, resolve,
)


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """`stablehlo.constant dense<1.0> : tensor<f32>` (the value carries the result type)."""

    name = "stablehlo.constant"
    output = result_def()
    value = prop_def(Attribute)
    traits = traits_def(ConstantLike(), Pure())

    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        value = parser.parse_attribute()
        if not isinstance(value, TypedAttribute) and not isinstance(value, DenseIntOrFPElementsAttr):
            parser.raise_error("expected a typed constant value such as dense<...> : tensor<...>")
        properties["value"] = value
        return build(cls, [], [value.get_type()], properties, attributes)

    def print(self, printer: Printer) -> None:
        print_attr_dict(printer, self, ["value"])
        printer.print_string(" ")
        printer.print_attribute(self.value)


@irdl_op_definition
class CompareOp(IRDLOperation):
    """`stablehlo.compare LT, %a, %b, FLOAT : (..) -> ..`."""

    name = "stablehlo.compare"
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    comparison_direction = prop_def(ComparisonDirectionAttr)
    compare_type = opt_prop_def(ComparisonTypeAttr)
    traits = traits_def(Pure(), Pointwise())

    @property
    def direction(self) -> str:
        return self.comparison_direction.keyword

    @classmethod
    def parse(cls, parser: Parser) -> CompareOp:
        properties: dict[str, Attribute] = {
            "comparison_direction": ComparisonDirectionAttr(ComparisonDirectionAttr.parse_keyword(parser))}
        parser.parse_punctuation(",")
        operands, comma = parse_operand_list(parser)
        if comma:
            properties["compare_type"] = ComparisonTypeAttr(ComparisonTypeAttr.parse_keyword(parser))
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, operands, function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.comparison_direction.keyword}, ")
        print_operand_list(printer, self.operands)
        if self.compare_type is not None:
            printer.print_string(f", {self.compare_type.keyword}")
        print_attr_dict(printer, self, ["comparison_direction", "compare_type"])
        print_functional_type(printer, self)


@irdl_op_definition
class SelectOp(IRDLOperation):
    """`stablehlo.select %pred, %a, %b : tensor<4xi1>, tensor<4xf32>` (or a functional type)."""

    name = "stablehlo.select"
    pred = operand_def()
    on_true = operand_def()
    on_false = operand_def()
    result = result_def()
    traits = traits_def(Pure(), Elementwise())

    @classmethod
    def parse(cls, parser: Parser) -> SelectOp:
        operands, _ = parse_operand_list(parser)
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        parser.parse_punctuation(":")
        if parser._current_token.text == "(":
            function_type = parser.parse_function_type()
            operand_types, result_types = function_type.inputs.data, function_type.outputs.data
        else:
            pred_type = parser.parse_type()
            parser.parse_punctuation(",")
            value_type = parser.parse_type()
            operand_types, result_types = [pred_type, value_type, value_type], [value_type]
        return build(cls, resolve(parser, operands, operand_types, position), result_types, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operand_list(printer, self.operands)
        print_attr_dict(printer, self)
        if self.on_true.type == self.on_false.type == self.result.type:
            printer.print_string(" : ")
            print_type_list(printer, [self.pred.type, self.result.type])
        else:
            print_functional_type(printer, self)


@irdl_op_definition
class CustomCallOp(IRDLOperation):
    """`stablehlo.custom_call @target(%a, %b) {backend_config = "", api_version = 2 : i32} : (..) -> ..`."""

    name = "stablehlo.custom_call"
    inputs = var_operand_def()
    results_ = var_result_def()
    call_target_name_attr = prop_def(StringAttr, prop_name="call_target_name")
    has_side_effect = opt_prop_def(BoolAttr)
    backend_config = opt_prop_def(Attribute)
    api_version = opt_prop_def(IntegerAttr)
    called_computations = opt_prop_def(ArrayAttr)
    operand_layouts = opt_prop_def(ArrayAttr)
    result_layouts = opt_prop_def(ArrayAttr)
    output_operand_aliases = opt_prop_def(ArrayAttr)

    @property
    def call_target_name(self) -> str:
        return self.call_target_name_attr.data

    @property
    def backend_config_text(self) -> str | None:
        return self.backend_config.data if isinstance(self.backend_config, StringAttr) else None

    @classmethod
    def parse(cls, parser: Parser) -> CustomCallOp:
        target = parser.parse_symbol_name()
        parser.parse_punctuation("(")
        operands, _ = parse_operand_list(parser)
        parser.parse_punctuation(")")
        properties: dict[str, Attribute] = {"call_target_name": target}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, operands, function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.call_target_name)
        printer.print_string("(")
        print_operand_list(printer, self.operands)
        printer.print_string(")")
        print_attr_dict(printer, self, ["call_target_name"])
        print_functional_type(printer, self)


@irdl_op_definition
class CompositeOp(IRDLOperation):
    """`stablehlo.composite "my.op" %a {decomposition = @f, ...} : (..) -> ..`."""

    name = "stablehlo.composite"
    inputs = var_operand_def()
    results_ = var_result_def()
    composite_name = prop_def(StringAttr, prop_name="name")
    composite_attributes = opt_prop_def(DictionaryAttr)
    decomposition = prop_def(SymbolRefAttr)
    version = opt_prop_def(IntegerAttr)

    @classmethod
    def parse(cls, parser: Parser) -> CompositeOp:
        properties: dict[str, Attribute] = {"name": StringAttr(parser.parse_str_literal())}
        operands, _ = parse_operand_list(parser)
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, operands, function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_string_literal(self.composite_name.data)
        if self.operands:
            printer.print_string(" ")
            print_operand_list(printer, self.operands)
        print_attr_dict(printer, self, ["name"])
        print_functional_type(printer, self)


class _KeywordEnumOp(IRDLOperation):
    """`%operands, keyword = ENUM attr-dict : (..) -> ..` for rng and rng_bit_generator."""

    KEYWORD: ClassVar[str] = ""
    PROPERTY: ClassVar[str] = ""
    ENUM: ClassVar[type] = RngDistributionAttr

    @classmethod
    def parse(cls, parser: Parser) -> IRDLOperation:
        operands, _ = parse_operand_list(parser)
        parse_keyword_value(parser, cls.KEYWORD)
        properties: dict[str, Attribute] = {cls.PROPERTY: cls.ENUM(cls.ENUM.parse_keyword(parser))}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, operands, function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operand_list(printer, self.operands)
        printer.print_string(f", {self.KEYWORD} = {self.properties[self.PROPERTY].keyword}")
        print_attr_dict(printer, self, [self.PROPERTY])
        print_functional_type(printer, self)


@irdl_op_definition
class RngOp(_KeywordEnumOp):
    """`stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (..) -> ..`."""

    name = "stablehlo.rng"
    KEYWORD: ClassVar[str] = "distribution"
    PROPERTY: ClassVar[str] = "rng_distribution"
    ENUM: ClassVar[type] = RngDistributionAttr
    a = operand_def()
    b = operand_def()
    shape = operand_def()
    result = result_def()
    rng_distribution = prop_def(RngDistributionAttr)


@irdl_op_definition
class RngBitGeneratorOp(_KeywordEnumOp):
    """`%state, %bits = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (..) -> (..)`."""

    name = "stablehlo.rng_bit_generator"
    KEYWORD: ClassVar[str] = "algorithm"
    PROPERTY: ClassVar[str] = "rng_algorithm"
    ENUM: ClassVar[type] = RngAlgorithmAttr
    initial_state = operand_def()
    output_state = result_def()
    output = result_def()
    rng_algorithm = prop_def(RngAlgorithmAttr)


_FORMAT_RE = re.compile(r"e(\d+)m(\d+)")


@irdl_op_definition
class ReducePrecisionOp(IRDLOperation):
    """`stablehlo.reduce_precision %x, format = e5m10 : tensor<..>`."""

    name = "stablehlo.reduce_precision"
    traits = traits_def(Pointwise())
    operand = operand_def()
    output = result_def()
    exponent_bits = prop_def(IntegerAttr)
    mantissa_bits = prop_def(IntegerAttr)

    @classmethod
    def parse(cls, parser: Parser) -> ReducePrecisionOp:
        operand = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        parse_keyword_value(parser, "format")
        start = parser.pos
        match = _FORMAT_RE.fullmatch(parser.parse_identifier())
        if match is None:
            parser.raise_error("expected a format like e5m10", start)
        properties: dict[str, Attribute] = {"exponent_bits": IntegerAttr(int(match[1]), i32),
                                            "mantissa_bits": IntegerAttr(int(match[2]), i32)}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        operand_types, result_types = parse_same_operands_and_result_type(parser, 1, 1)
        return build(cls, resolve(parser, [operand], operand_types, position), result_types, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand)
        printer.print_string(f", format = e{int_value(self.exponent_bits)}m{int_value(self.mantissa_bits)}")
        print_attr_dict(printer, self, ["exponent_bits", "mantissa_bits"])
        print_same_operands_and_result_type(printer, self)


@irdl_op_definition
class TupleOp(IRDLOperation):
    """`stablehlo.tuple %a, %b : tuple<T, U>`."""

    name = "stablehlo.tuple"
    val = var_operand_def()
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser) -> TupleOp:
        operands, _ = parse_operand_list(parser)
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        parser.parse_punctuation(":")
        tuple_type = parser.parse_type()
        element_types = list(getattr(tuple_type, "types", ArrayAttr(())).data)
        return build(cls, resolve(parser, operands, element_types, position), [tuple_type], properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operand_list(printer, self.operands)
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


@irdl_op_definition
class GetTupleElementOp(IRDLOperation):
    """`stablehlo.get_tuple_element %t[0] : (tuple<..>) -> ..`."""

    name = "stablehlo.get_tuple_element"
    operand = operand_def()
    result = result_def()
    index_attr = prop_def(IntegerAttr, prop_name="index")

    @property
    def index(self) -> int:
        return int_value(self.index_attr)

    @classmethod
    def parse(cls, parser: Parser) -> GetTupleElementOp:
        operand = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        properties: dict[str, Attribute] = {"index": IntegerAttr(parser.parse_integer(False, False), i32)}
        parser.parse_punctuation("]")
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        function_type = parse_functional_type(parser)
        return build(cls, resolve(parser, [operand], function_type.inputs.data, position),
                     function_type.outputs.data, properties, attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand)
        printer.print_string(f"[{self.index}]")
        print_attr_dict(printer, self, ["index"])
        print_functional_type(printer, self)


@irdl_op_definition
class OptimizationBarrierOp(IRDLOperation):
    """`stablehlo.optimization_barrier {attrs} %a, %b : T, U` (attributes first, as MLIR prints it; results have
    the operand types)."""

    name = "stablehlo.optimization_barrier"
    traits = traits_def(Linear())
    operand = var_operand_def()
    result = var_result_def()

    @classmethod
    def parse(cls, parser: Parser) -> OptimizationBarrierOp:
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        if parser.parse_optional_punctuation("(") is not None:
            parser.parse_punctuation(")")
            operands = []
        else:
            operands, _ = parse_operand_list(parser)
        if not attributes and not properties:  # also accept the attributes after the operands
            attributes = parse_attr_dict(parser, cls, properties)
        types: list[Attribute] = []
        position = parser.pos
        if operands:
            parser.parse_punctuation(":")
            types = parse_type_list(parser)
        return build(cls, resolve(parser, operands, types, position), types, properties, attributes)

    def print(self, printer: Printer) -> None:
        print_attr_dict(printer, self)
        if not self.operands:
            printer.print_string(" ()")
        else:
            printer.print_string(" ")
            print_operand_list(printer, self.operands)
            printer.print_string(" : ")
            print_type_list(printer, self.operand_types)


# ------------------------------------------------------------------------------------- tokens and identities


@irdl_op_definition
class AfterAllOp(ElementwiseOp):
    """`stablehlo.after_all %t0, %t1 : !stablehlo.token`."""

    name = "stablehlo.after_all"
    inputs = var_operand_def()
    result = result_def()


@irdl_op_definition
class CreateTokenOp(ElementwiseOp):
    """`stablehlo.create_token : !stablehlo.token`."""

    name = "stablehlo.create_token"
    output = result_def()


@irdl_op_definition
class ReplicaIdOp(ElementwiseOp):
    """`stablehlo.replica_id : tensor<ui32>`."""

    name = "stablehlo.replica_id"
    output = result_def()


@irdl_op_definition
class PartitionIdOp(ElementwiseOp):
    """`stablehlo.partition_id : tensor<ui32>`."""

    name = "stablehlo.partition_id"
    output = result_def()


@irdl_op_definition
class UniformQuantizeOp(IRDLOperation):
    name = "stablehlo.uniform_quantize"
    traits = traits_def(Pointwise())
    operand = operand_def()
    result = result_def()


@irdl_op_definition
class UniformDequantizeOp(IRDLOperation):
    name = "stablehlo.uniform_dequantize"
    traits = traits_def(Pointwise())
    operand = operand_def()
    result = result_def()


# ------------------------------------------------------------------------ collectives and host communication


class _CollectiveOp(IRDLOperation):
    replica_groups = opt_prop_def(DenseIntOrFPElementsAttr)
    channel_handle = opt_prop_def(ChannelHandleAttr)

    @property
    def replica_group_list(self) -> tuple[tuple[int, ...], ...]:
        """Device groups as rows of the `replica_groups` matrix (-1 padding dropped)."""
        if self.replica_groups is None:
            return ()
        shape = self.replica_groups.get_type().get_shape()
        flat = [int(v) for v in self.replica_groups.get_values()]
        width = shape[-1] if shape else 1
        return tuple(tuple(v for v in flat[i:i + width] if v >= 0) for i in range(0, len(flat), max(width, 1)))


@irdl_op_definition
class AllGatherOp(_CollectiveOp):
    name = "stablehlo.all_gather"
    operands_ = var_operand_def()
    results_ = var_result_def()
    all_gather_dim_attr = prop_def(IntegerAttr, prop_name="all_gather_dim")
    use_global_device_ids = opt_prop_def(UnitAttr)

    @property
    def all_gather_dim(self) -> int:
        return int_value(self.all_gather_dim_attr)


@irdl_op_definition
class AllReduceOp(_CollectiveOp):
    name = "stablehlo.all_reduce"
    operands_ = var_operand_def()
    results_ = var_result_def()
    use_global_device_ids = opt_prop_def(UnitAttr)
    computation = region_def()


@irdl_op_definition
class ReduceScatterOp(_CollectiveOp):
    name = "stablehlo.reduce_scatter"
    operand = operand_def()
    result = result_def()
    scatter_dimension_attr = prop_def(IntegerAttr, prop_name="scatter_dimension")
    use_global_device_ids = opt_prop_def(UnitAttr)
    computation = region_def()

    @property
    def scatter_dimension(self) -> int:
        return int_value(self.scatter_dimension_attr)


@irdl_op_definition
class AllToAllOp(_CollectiveOp):
    name = "stablehlo.all_to_all"
    operands_ = var_operand_def()
    results_ = var_result_def()
    split_dimension_attr = prop_def(IntegerAttr, prop_name="split_dimension")
    concat_dimension_attr = prop_def(IntegerAttr, prop_name="concat_dimension")
    split_count_attr = prop_def(IntegerAttr, prop_name="split_count")

    split_dimension = property(lambda self: int_value(self.split_dimension_attr))
    concat_dimension = property(lambda self: int_value(self.concat_dimension_attr))
    split_count = property(lambda self: int_value(self.split_count_attr))


@irdl_op_definition
class CollectivePermuteOp(_CollectiveOp):
    name = "stablehlo.collective_permute"
    operand = operand_def()
    result = result_def()
    source_target_pairs = prop_def(DenseIntOrFPElementsAttr)

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        flat = [int(v) for v in self.source_target_pairs.get_values()]
        return tuple((flat[i], flat[i + 1]) for i in range(0, len(flat), 2))


@irdl_op_definition
class CollectiveBroadcastOp(_CollectiveOp):
    name = "stablehlo.collective_broadcast"
    operand = operand_def()
    result = result_def()


@irdl_op_definition
class SendOp(IRDLOperation):
    name = "stablehlo.send"
    inputs = var_operand_def()
    result = result_def()
    channel_handle = prop_def(ChannelHandleAttr)
    is_host_transfer = opt_prop_def(BoolAttr)
    source_target_pairs = opt_prop_def(DenseIntOrFPElementsAttr)


@irdl_op_definition
class RecvOp(IRDLOperation):
    name = "stablehlo.recv"
    token = operand_def()
    results_ = var_result_def()
    channel_handle = prop_def(ChannelHandleAttr)
    is_host_transfer = opt_prop_def(BoolAttr)
    source_target_pairs = opt_prop_def(DenseIntOrFPElementsAttr)


@irdl_op_definition
class InfeedOp(IRDLOperation):
    name = "stablehlo.infeed"
    token = operand_def()
    results_ = var_result_def()
    infeed_config = opt_prop_def(StringAttr)
    layout = opt_prop_def(ArrayAttr)


@irdl_op_definition
class OutfeedOp(IRDLOperation):
    name = "stablehlo.outfeed"
    inputs = var_operand_def()
    result = result_def()
    outfeed_config = opt_prop_def(StringAttr)


#: The collectives a `sdy.manual_computation` body runs, by op name, with the collective kind each performs (as
#: `costmodel.collectives` names them): what the planner prices and the simulator runs per device.
BODY_COLLECTIVE_KINDS = {
    op.name: op.name.removeprefix("stablehlo.")
    for op in (AllReduceOp, AllGatherOp, ReduceScatterOp, AllToAllOp, CollectivePermuteOp)
}

MISC_OPS = [ConstantOp, CompareOp, SelectOp, CustomCallOp, CompositeOp, RngOp, RngBitGeneratorOp,
            ReducePrecisionOp, TupleOp, GetTupleElementOp, OptimizationBarrierOp, AfterAllOp, CreateTokenOp,
            ReplicaIdOp, PartitionIdOp, UniformQuantizeOp, UniformDequantizeOp, AllGatherOp, AllReduceOp,
            ReduceScatterOp, AllToAllOp, CollectivePermuteOp, CollectiveBroadcastOp, SendOp, RecvOp, InfeedOp,
            OutfeedOp]

_unused = (i64_values,)
