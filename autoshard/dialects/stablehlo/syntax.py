"""Shared pieces of StableHLO's custom assembly: operand lists, type signatures, attribute dictionaries.

These mirror the custom directives of the StableHLO printer (`SameOperandsAndResultType`, `SelectOpType`,
`functional-type`, `DenseI64Array` as `[1, 2]`, precision lists) so each op's `parse`/`print` stays short.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, FunctionType, IntegerAttr, i64
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer


def parse_operand_list(parser: Parser) -> tuple[list[UnresolvedOperand], bool]:
    """`%a, %b, ...`; returns the operands and whether a trailing comma (before a keyword) was consumed."""
    first = parser.parse_optional_unresolved_operand()
    if first is None:
        return [], False
    operands = [first]
    while parser.parse_optional_punctuation(",") is not None:
        operand = parser.parse_optional_unresolved_operand()
        if operand is None:
            return operands, True
        operands.append(operand)
    return operands, False


def print_operand_list(printer: Printer, values: Iterable[SSAValue]) -> None:
    printer.print_list(values, printer.print_operand)


def parse_keyword_value(parser: Parser, keyword: str) -> None:
    """`keyword =`."""
    parser.parse_keyword(keyword)
    parser.parse_punctuation("=")


def parse_i64_list(parser: Parser) -> list[int]:
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: parser.parse_integer(False, True))


def dense_i64(values: Sequence[int]) -> DenseArrayBase:
    """`array<i64: ...>` of `values`; one shared attribute per list of plain ints (attributes are immutable, and
    a module repeats a few dimension lists thousands of times)."""
    key = tuple(values)
    if all(type(v) is int for v in key):
        return _dense_i64_of(key)
    return DenseArrayBase.from_list(i64, list(key))


@functools.lru_cache(maxsize=4096)
def _dense_i64_of(values: tuple[int, ...]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, list(values))


def print_i64_list(printer: Printer, values: Iterable[int]) -> None:
    printer.print_string("[" + ", ".join(str(int(v)) for v in values) + "]")


def i64_values(attr: Attribute | None) -> tuple[int, ...]:
    """Integers of a `array<i64: ...>`, a dense elements attribute or an ArrayAttr of IntegerAttr."""
    if attr is None:
        return ()
    if isinstance(attr, DenseArrayBase):
        return tuple(int(v) for v in attr.get_values())
    if isinstance(attr, ArrayAttr):
        return tuple(int(v.value.data) if isinstance(v, IntegerAttr) else int(v.data) for v in attr.data)
    get_values = getattr(attr, "get_values", None)
    if get_values is not None:
        return tuple(int(v) for v in get_values())
    raise TypeError(f"expected an integer array attribute, got {attr}")


def i64_attr(value: int) -> IntegerAttr:
    return IntegerAttr(int(value), i64)


def int_value(attr: Attribute | None, default: int = 0) -> int:
    if attr is None:
        return default
    if isinstance(attr, IntegerAttr):
        return int(attr.value.data)
    return int(attr.data)  # IntAttr


# --------------------------------------------------------------------------------------------- attribute dicts


def split_properties(op_type: type[IRDLOperation], attributes: dict[str, Attribute]
                     ) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """Split a parsed attribute dictionary into (properties, discardable attributes) as MLIR does."""
    prop_names = op_type.get_irdl_definition().properties.keys()
    properties = {k: v for k, v in attributes.items() if k in prop_names}
    rest = {k: v for k, v in attributes.items() if k not in prop_names}
    return properties, rest


def parse_attr_dict(parser: Parser, op_type: type[IRDLOperation], properties: dict[str, Attribute]
                    ) -> dict[str, Attribute]:
    """Parse an optional `{...}`; inherent entries go into `properties`, the rest is returned."""
    props, rest = split_properties(op_type, parser.parse_optional_attr_dict())
    for key in props:
        if key in properties:
            parser.raise_error(f"'{key}' is given twice")
    properties.update(props)
    return rest


def print_attr_dict(printer: Printer, op: Operation, elided: Iterable[str] = ()) -> None:
    """Print ` {...}` with the op's discardable attributes and the properties not printed inline."""
    elided = set(elided)
    entries = {k: v for k, v in op.properties.items() if k not in elided}
    entries.update(op.attributes)
    if entries:
        printer.print_string(" ")
        printer.print_attr_dict(entries)


# ---------------------------------------------------------------------------------------------------- types


def parse_same_operands_and_result_type(parser: Parser, num_operands: int, num_results: int
                                        ) -> tuple[list[Attribute], list[Attribute]]:
    """`: T` (every operand and result has type T) or `: (T1, T2) -> T3`."""
    parser.parse_punctuation(":")
    if parser._current_token.text == "(":
        function_type = parser.parse_function_type()
        return list(function_type.inputs.data), list(function_type.outputs.data)
    single = parser.parse_type()
    return [single] * num_operands, [single] * num_results


def print_same_operands_and_result_type(printer: Printer, op: Operation) -> None:
    types = list(op.operand_types) + list(op.result_types)
    printer.print_string(" : ")
    if types and all(t == types[0] for t in types):
        printer.print_attribute(types[0])
    else:
        printer.print_function_type(op.operand_types, op.result_types)


def parse_functional_type(parser: Parser) -> FunctionType:
    parser.parse_punctuation(":")
    return parser.parse_function_type()


def print_functional_type(printer: Printer, op: Operation) -> None:
    printer.print_string(" : ")
    printer.print_function_type(op.operand_types, op.result_types)


def parse_type_list(parser: Parser) -> list[Attribute]:
    """`T1, T2, ...` (no parentheses)."""
    types = [parser.parse_type()]
    while parser.parse_optional_punctuation(",") is not None:
        types.append(parser.parse_type())
    return types


def print_type_list(printer: Printer, types: Iterable[Attribute]) -> None:
    printer.print_list(types, printer.print_attribute)


def resolve(parser: Parser, operands: Sequence[UnresolvedOperand], types: Sequence[Attribute],
            position: int | None = None) -> list[SSAValue]:
    if len(operands) != len(types):
        parser.raise_error(f"expected {len(types)} operand types but had {len(operands)} operands", position)
    return [parser.resolve_operand(o, t) for o, t in zip(operands, types)]


def build(op_type: type[IRDLOperation], operands: Sequence[SSAValue], result_types: Sequence[Attribute],
          properties: dict[str, Attribute] | None = None, attributes: dict[str, Attribute] | None = None,
          regions: Sequence[Region] = ()) -> IRDLOperation:
    return op_type.create(operands=list(operands), result_types=list(result_types),
                          properties=dict(properties or {}), attributes=dict(attributes or {}),
                          regions=list(regions))


# ------------------------------------------------------------------------------------------ precision lists


def parse_precision_list(parser: Parser) -> ArrayAttr:
    """`[DEFAULT, HIGHEST]` -> ArrayAttr of PrecisionAttr."""
    from autoshard.dialects.stablehlo.attributes import PrecisionAttr

    return ArrayAttr(parser.parse_comma_separated_list(
        parser.Delimiter.SQUARE, lambda: PrecisionAttr(PrecisionAttr.parse_keyword(parser))))


def print_precision_list(printer: Printer, attr: ArrayAttr) -> None:
    printer.print_string("[" + ", ".join(p.keyword for p in attr.data) + "]")


def is_precision_list(attr: Attribute | None) -> bool:
    from autoshard.dialects.stablehlo.attributes import PrecisionAttr

    return isinstance(attr, ArrayAttr) and all(isinstance(p, PrecisionAttr) for p in attr.data)
