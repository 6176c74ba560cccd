"""Pieces of the sdy ops' custom syntax that several ops share."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from autoshard.dialects.sdy.shardings import TensorShardingAttr

_T = TypeVar("_T")
_OpT = TypeVar("_OpT", bound=Operation)


def parse_attrs_and_typed_operand(parser: Parser, operand: UnresolvedOperand) -> tuple[SSAValue, dict[str, Attribute]]:
    """`{attrs} : type`, the tail of most sdy ops: `operand` resolved to that type, and the attributes."""
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    return parser.resolve_operand(operand, parser.parse_type()), attrs


def with_attributes(op: _OpT, attrs: dict[str, Attribute]) -> _OpT:
    """`op` carrying the discardable `attrs` parsed with it."""
    op.attributes.update(attrs)
    return op


def parse_named(parser: Parser, keyword: str, parse_value: Callable[[Parser], _T]) -> _T:
    """`keyword=value`."""
    parser.parse_keyword(keyword)
    parser.parse_punctuation("=")
    return parse_value(parser)


def parse_optional_named(parser: Parser, keyword: str, parse_value: Callable[[Parser], _T]) -> _T | None:
    """`keyword=value` if the next token is `keyword`, else None."""
    if not parser.parse_optional_keyword(keyword):
        return None
    parser.parse_punctuation("=")
    return parse_value(parser)


def print_attr_dict_and_type(printer: Printer, op: Operation, type_: Attribute) -> None:
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_attribute(type_)


def parse_sharding(parser: Parser) -> TensorShardingAttr:
    return TensorShardingAttr.parse_body(parser)


def parse_out_sharding(parser: Parser) -> TensorShardingAttr:
    """`out_sharding=<@mesh, [...]>` of a collective."""
    return parse_named(parser, "out_sharding", parse_sharding)


def parse_block_args(parser: Parser) -> list[Parser.Argument]:
    return parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_argument)


def print_region_with_args(printer: Printer, region: Region) -> None:
    """` (%arg: type, ...) {body}`: a single-block region with its arguments spelled before it."""
    block = region.block
    printer.print_string(" (")
    printer.print_list(block.args, printer.print_block_argument)
    printer.print_string(") ")
    printer.print_region(region, print_entry_block_args=False, print_empty_block=False)


def parse_functional_type(parser: Parser) -> tuple[list[Attribute], list[Attribute]]:
    """`: (inputs) -> output-or-(outputs)`."""
    parser.parse_punctuation(":")
    inputs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    parser.parse_punctuation("->")
    if parser._current_token.text == "(":  # noqa: SLF001
        outputs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    else:
        outputs = [parser.parse_type()]
    return inputs, outputs


def resolve_all(parser: Parser, unresolved, types: Sequence[Attribute]) -> list[SSAValue]:
    """The operands `unresolved` with their `types` (an error when the counts differ)."""
    if len(unresolved) != len(types):
        parser.raise_error(f"expected {len(unresolved)} operand types but got {len(types)}")
    return [parser.resolve_operand(u, t) for u, t in zip(unresolved, types)]
