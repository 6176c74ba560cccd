"""Ops with regions: reduce (both pretty forms), while, case, if, sort, map, scatter, gather, reduce_window,
select_and_scatter, return."""

from __future__ import annotations

from xdsl.dialects.builtin import BoolAttr, DenseArrayBase, DenseIntOrFPElementsAttr, IntegerAttr, TensorType
from xdsl.ir import Attribute, Block, Region
from xdsl.irdl import (
    IRDLOperation, irdl_op_definition, operand_def, opt_prop_def, prop_def, region_def, result_def, traits_def,
    var_operand_def, var_region_def, var_result_def,
)
from xdsl.irdl.operations import SameVariadicOperandSize
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import IsTerminator

from autoshard.dialects.op_traits import FusionRoot, InPlaceUpdate, Pointwise, Slicing
from autoshard.dialects.stablehlo.attributes import GatherDimensionNumbersAttr, ScatterDimensionNumbersAttr
from autoshard.dialects.stablehlo.syntax import (
    build, dense_i64, i64_values, int_value, parse_attr_dict, parse_i64_list, parse_keyword_value,
    parse_operand_list, parse_type_list, print_attr_dict, print_i64_list, print_operand_list, print_type_list,
    resolve,
)


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """`stablehlo.return %a, %b : tensor<f32>, tensor<i32>`."""

    name = "stablehlo.return"
    results_ = var_operand_def()
    traits = traits_def(IsTerminator())

    @classmethod
    def parse(cls, parser: Parser) -> ReturnOp:
        operands, _ = parse_operand_list(parser)
        properties: dict[str, Attribute] = {}
        attributes = parse_attr_dict(parser, cls, properties)
        types: list[Attribute] = []
        if operands:
            position = parser.pos
            parser.parse_punctuation(":")
            types = parse_type_list(parser)
            return build(cls, resolve(parser, operands, types, position), [], properties, attributes)
        return build(cls, [], [], properties, attributes)

    def print(self, printer: Printer) -> None:
        if self.operands:
            printer.print_string(" ")
            print_operand_list(printer, self.operands)
        print_attr_dict(printer, self)
        if self.operands:
            printer.print_string(" : ")
            print_type_list(printer, self.operand_types)


def _parse_located_argument(parser: Parser) -> Parser.Argument:
    """`%name: type loc(...)?`."""
    argument = parser.parse_argument()
    argument.location = parser.parse_optional_location()
    return argument


def _scalar_type(value_type: Attribute) -> Attribute:
    """The rank-0 tensor of an operand's element type (the block argument type of a reducer)."""
    element = getattr(value_type, "element_type", value_type)
    return TensorType(element, [])


@irdl_op_definition
class ReduceOp(IRDLOperation):
    """`stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (..) -> ..`, or the
    region form `stablehlo.reduce(%a init: %i), (%b init: %j) across dimensions = [..] : (..) -> (..)
    reducer(%a0: T, %a1: T) (%b0: U, %b1: U) { ... }`."""

    name = "stablehlo.reduce"
    traits = traits_def(FusionRoot())
    inputs = var_operand_def()
    init_values = var_operand_def()
    outputs = var_result_def()
    dimensions_attr = prop_def(DenseArrayBase, prop_name="dimensions")
    body = region_def()
    irdl_options = (SameVariadicOperandSize(),)

    @property
    def dimensions(self) -> tuple[int, ...]:
        return i64_values(self.dimensions_attr)

    @classmethod
    def parse(cls, parser: Parser) -> ReduceOp:
        pairs: list[tuple[UnresolvedOperand, UnresolvedOperand]] = []

        def parse_pair() -> None:
            parser.parse_punctuation("(")
            value = parser.parse_unresolved_operand()
            parser.parse_keyword("init")
            parser.parse_punctuation(":")
            init = parser.parse_unresolved_operand()
            parser.parse_punctuation(")")
            pairs.append((value, init))

        parse_pair()
        while parser.parse_optional_punctuation(",") is not None:
            parse_pair()
        body_op_name = None
        if parser.parse_optional_keyword("applies") is not None:
            body_op_name = parser.parse_identifier(" (the reducer op name)")
        parser.parse_keyword("across")
        parse_keyword_value(parser, "dimensions")
        properties: dict[str, Attribute] = {"dimensions": dense_i64(parse_i64_list(parser))}
        attributes = parse_attr_dict(parser, cls, properties)
        position = parser.pos
        parser.parse_punctuation(":")
        function_type = parser.parse_function_type()
        unresolved = [p[0] for p in pairs] + [p[1] for p in pairs]
        operands = resolve(parser, unresolved, function_type.inputs.data, position)
        n = len(pairs)
        if body_op_name is not None:
            op_type = parser.ctx.get_optional_op(body_op_name)
            if op_type is None:
                parser.raise_error(f"unknown reducer op '{body_op_name}'")
            arg_types = [_scalar_type(v.type) for v in operands[n:]]
            block = Block(arg_types=arg_types + arg_types)
            if n != 1:
                parser.raise_error("'applies' form takes exactly one input")
            inner = op_type.create(operands=[block.args[0], block.args[1]], result_types=[arg_types[0]])
            block.add_op(inner)
            block.add_op(ReturnOp.create(operands=[inner.results[0]]))
            body = Region(block)
        else:
            parser.parse_keyword("reducer")
            first: list[Parser.Argument] = []
            second: list[Parser.Argument] = []
            for _ in range(n):
                parser.parse_punctuation("(")
                first.append(_parse_located_argument(parser))
                parser.parse_punctuation(",")
                second.append(_parse_located_argument(parser))
                parser.parse_punctuation(")")
            body = parser.parse_region(first + second)
        return build(cls, operands, function_type.outputs.data, properties, attributes, [body])

    def _compact_reducer(self) -> IRDLOperation | None:
        """The single binary op of a one-input reducer that prints as `applies <op>`, else None."""
        if len(self.inputs) != 1 or len(self.body.blocks) != 1:
            return None
        block = self.body.block
        ops = list(block.ops)
        if len(ops) != 2 or len(block.args) != 2:
            return None
        inner, ret = ops
        if (not isinstance(ret, ReturnOp) or not isinstance(inner, IRDLOperation) or inner.regions
                or inner.attributes or inner.properties or len(inner.results) != 1
                or tuple(inner.operands) != tuple(block.args) or tuple(ret.operands) != (inner.results[0],)):
            return None
        scalar = block.args[0].type
        if block.args[1].type != scalar or inner.results[0].type != scalar or scalar != _scalar_type(
                self.init_values[0].type) or not inner.name.startswith("stablehlo."):
            return None
        return inner

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        for i, (value, init) in enumerate(zip(self.inputs, self.init_values)):
            if i:
                printer.print_string(", (")
            printer.print_operand(value)
            printer.print_string(" init: ")
            printer.print_operand(init)
            printer.print_string(")")
        inner = self._compact_reducer()
        if inner is not None:
            printer.print_string(f" applies {inner.name}")
        printer.print_string(" across dimensions = ")
        print_i64_list(printer, self.dimensions)
        print_attr_dict(printer, self, ["dimensions"])
        printer.print_string(" : ")
        printer.print_function_type(self.operand_types, self.result_types)
        if inner is not None:
            return
        block = self.body.block
        n = len(self.inputs)
        if True:
            printer.print_string(" reducer")
            for i in range(n):
                printer.print_string("(")
                printer.print_block_argument(block.args[i])
                printer.print_string(", ")
                printer.print_block_argument(block.args[i + n])
                printer.print_string(") ")
            printer.print_region(self.body, print_entry_block_args=False)


@irdl_op_definition
class WhileOp(IRDLOperation):
    """`stablehlo.while(%iterArg = %x, ...) : T, ... cond { ... } do { ... }`."""

    name = "stablehlo.while"
    operand = var_operand_def()
    results_ = var_result_def()
    cond = region_def()
    body = region_def()

    @classmethod
    def parse(cls, parser: Parser) -> WhileOp:
        names: list = []
        operands: list[UnresolvedOperand] = []

        def parse_binding() -> None:
            names.append(parser.parse_argument(expect_type=False))
            parser.parse_punctuation("=")
            operands.append(parser.parse_unresolved_operand())

        parser.parse_comma_separated_list(parser.Delimiter.PAREN, parse_binding)
        position = parser.pos
        types: list[Attribute] = []
        if parser.parse_optional_punctuation(":") is not None:
            types = parse_type_list(parser)
        resolved = resolve(parser, operands, types, position)
        properties: dict[str, Attribute] = {}
        attributes: dict[str, Attribute] = {}
        if parser.parse_optional_keyword("attributes") is not None:
            attributes = parse_attr_dict(parser, cls, properties)
        arguments = [name.resolve(t) for name, t in zip(names, types)]
        parser.parse_keyword("cond")
        cond = parser.parse_region(arguments)
        parser.parse_keyword("do")
        body = parser.parse_region(arguments)
        return build(cls, resolved, types, properties, attributes, [cond, body])

    def print(self, printer: Printer) -> None:
        cond_args = self.cond.block.args
        body_args = self.body.block.args
        printer.print_string("(")
        for i, (arg, value) in enumerate(zip(cond_args, self.operands)):
            if i:
                printer.print_string(", ")
            if not arg.name_hint:
                arg.name_hint = "iterArg"
            name = printer.print_ssa_value(arg)
            if i < len(body_args):
                printer._ssa_values[body_args[i]] = name
            printer.print_string(" = ")
            printer.print_operand(value)
        printer.print_string(")")
        if self.operands:
            printer.print_string(" : ")
            print_type_list(printer, self.operand_types)
        entries = dict(self.properties) | dict(self.attributes)
        if entries:
            printer.print_string(" attributes ")
            printer.print_attr_dict(entries)
        printer.print_string(" cond ")
        printer.print_region(self.cond, print_entry_block_args=False)
        printer.print_string(" do ")
        printer.print_region(self.body, print_entry_block_args=False)


@irdl_op_definition
class CaseOp(IRDLOperation):
    """Generic form: `"stablehlo.case"(%index) ({...}, {...}) : (tensor<i32>) -> ...`."""

    name = "stablehlo.case"
    index = operand_def()
    results_ = var_result_def()
    branches = var_region_def()


@irdl_op_definition
class IfOp(IRDLOperation):
    """Generic form: `"stablehlo.if"(%pred) ({...}, {...}) : (tensor<i1>) -> ...`."""

    name = "stablehlo.if"
    pred = operand_def()
    results_ = var_result_def()
    true_branch = region_def()
    false_branch = region_def()


@irdl_op_definition
class SortOp(IRDLOperation):
    name = "stablehlo.sort"
    inputs = var_operand_def()
    results_ = var_result_def()
    dimension_attr = opt_prop_def(IntegerAttr, prop_name="dimension")
    is_stable_attr = opt_prop_def(BoolAttr, prop_name="is_stable")
    comparator = region_def()

    @property
    def dimension(self) -> int:
        return int_value(self.dimension_attr, -1)

    @property
    def is_stable(self) -> bool:
        return bool(self.is_stable_attr.value.data) if self.is_stable_attr is not None else False


@irdl_op_definition
class MapOp(IRDLOperation):
    name = "stablehlo.map"
    traits = traits_def(Pointwise())
    inputs = var_operand_def()
    result = result_def()
    dimensions_attr = prop_def(DenseArrayBase, prop_name="dimensions")
    computation = region_def()

    @property
    def dimensions(self) -> tuple[int, ...]:
        return i64_values(self.dimensions_attr)


@irdl_op_definition
class GatherOp(IRDLOperation):
    name = "stablehlo.gather"
    traits = traits_def(Slicing())
    operand = operand_def()
    start_indices = operand_def()
    result = result_def()
    dimension_numbers = prop_def(GatherDimensionNumbersAttr)
    slice_sizes_attr = prop_def(DenseArrayBase, prop_name="slice_sizes")
    indices_are_sorted_attr = opt_prop_def(BoolAttr, prop_name="indices_are_sorted")

    @property
    def slice_sizes(self) -> tuple[int, ...]:
        return i64_values(self.slice_sizes_attr)

    @property
    def indices_are_sorted(self) -> bool:
        return bool(self.indices_are_sorted_attr.value.data) if self.indices_are_sorted_attr else False

    offset_dims = property(lambda self: self.dimension_numbers.offset_dims)
    collapsed_slice_dims = property(lambda self: self.dimension_numbers.collapsed_slice_dims)
    operand_batching_dims = property(lambda self: self.dimension_numbers.operand_batching_dims)
    start_indices_batching_dims = property(lambda self: self.dimension_numbers.start_indices_batching_dims)
    start_index_map = property(lambda self: self.dimension_numbers.start_index_map)
    index_vector_dim = property(lambda self: self.dimension_numbers.index_vector_dim)


@irdl_op_definition
class DynamicGatherOp(IRDLOperation):
    name = "stablehlo.dynamic_gather"
    operand = operand_def()
    start_indices = operand_def()
    slice_sizes = operand_def()
    result = result_def()
    dimension_numbers = prop_def(GatherDimensionNumbersAttr)
    indices_are_sorted = opt_prop_def(BoolAttr)


@irdl_op_definition
class ScatterOp(IRDLOperation):
    """Generic form: inputs..., scatter_indices, updates... with an update computation region."""

    name = "stablehlo.scatter"
    traits = traits_def(InPlaceUpdate(update_operand=2))
    operands_ = var_operand_def()
    results_ = var_result_def()
    scatter_dimension_numbers = prop_def(ScatterDimensionNumbersAttr)
    indices_are_sorted_attr = opt_prop_def(BoolAttr, prop_name="indices_are_sorted")
    unique_indices_attr = opt_prop_def(BoolAttr, prop_name="unique_indices")
    update_computation = region_def()

    @property
    def num_inputs(self) -> int:
        return (len(self.operands) - 1) // 2

    @property
    def inputs(self):
        return tuple(self.operands[: self.num_inputs])

    @property
    def scatter_indices(self):
        return self.operands[self.num_inputs]

    @property
    def updates(self):
        return tuple(self.operands[self.num_inputs + 1:])

    @property
    def indices_are_sorted(self) -> bool:
        return bool(self.indices_are_sorted_attr.value.data) if self.indices_are_sorted_attr else False

    @property
    def unique_indices(self) -> bool:
        return bool(self.unique_indices_attr.value.data) if self.unique_indices_attr else False

    update_window_dims = property(lambda self: self.scatter_dimension_numbers.update_window_dims)
    inserted_window_dims = property(lambda self: self.scatter_dimension_numbers.inserted_window_dims)
    input_batching_dims = property(lambda self: self.scatter_dimension_numbers.input_batching_dims)
    scatter_indices_batching_dims = property(lambda self: self.scatter_dimension_numbers.scatter_indices_batching_dims)
    scatter_dims_to_operand_dims = property(lambda self: self.scatter_dimension_numbers.scatter_dims_to_operand_dims)
    index_vector_dim = property(lambda self: self.scatter_dimension_numbers.index_vector_dim)


class _WindowOp(IRDLOperation):
    window_dimensions_attr = opt_prop_def(DenseArrayBase, prop_name="window_dimensions")
    window_strides_attr = opt_prop_def(DenseArrayBase, prop_name="window_strides")
    padding_attr = opt_prop_def(DenseIntOrFPElementsAttr, prop_name="padding")

    @property
    def window_dimensions(self) -> tuple[int, ...]:
        return i64_values(self.window_dimensions_attr)

    @property
    def window_strides(self) -> tuple[int, ...]:
        return i64_values(self.window_strides_attr) or (1,) * len(self.window_dimensions)

    @property
    def padding(self) -> tuple[tuple[int, int], ...]:
        if self.padding_attr is None:
            return ((0, 0),) * len(self.window_dimensions)
        flat = [int(v) for v in self.padding_attr.get_values()]
        return tuple((flat[i], flat[i + 1]) for i in range(0, len(flat), 2))


@irdl_op_definition
class ReduceWindowOp(_WindowOp):
    name = "stablehlo.reduce_window"
    traits = traits_def(FusionRoot())
    operands_ = var_operand_def()
    results_ = var_result_def()
    base_dilations_attr = opt_prop_def(DenseArrayBase, prop_name="base_dilations")
    window_dilations_attr = opt_prop_def(DenseArrayBase, prop_name="window_dilations")
    body = region_def()

    @property
    def inputs(self):
        return tuple(self.operands[: len(self.operands) // 2])

    @property
    def init_values(self):
        return tuple(self.operands[len(self.operands) // 2:])

    @property
    def base_dilations(self) -> tuple[int, ...]:
        return i64_values(self.base_dilations_attr) or (1,) * len(self.window_dimensions)

    @property
    def window_dilations(self) -> tuple[int, ...]:
        return i64_values(self.window_dilations_attr) or (1,) * len(self.window_dimensions)


@irdl_op_definition
class SelectAndScatterOp(_WindowOp):
    name = "stablehlo.select_and_scatter"
    operand = operand_def()
    source = operand_def()
    init_value = operand_def()
    result = result_def()
    select = region_def()
    scatter = region_def()


REGION_OPS = [ReturnOp, ReduceOp, WhileOp, CaseOp, IfOp, SortOp, MapOp, GatherOp, DynamicGatherOp, ScatterOp,
              ReduceWindowOp, SelectAndScatterOp]
