"""Pieces of the sdy ops' custom syntax that several ops share."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer

from autoshard.dialects.sdy.shardings import TensorShardingAttr


def parse_attr_dict_and_type(parser: Parser) -> tuple[dict[str, Attribute], Attribute]:
    """`{attrs} : type`, the tail of most sdy ops."""
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    return attrs, parser.parse_type()


def print_attr_dict_and_type(printer: Printer, op: Operation, type_: Attribute) -> None:
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_attribute(type_)


def parse_sharding(parser: Parser) -> TensorShardingAttr:
    return TensorShardingAttr.parse_body(parser)


def parse_out_sharding(parser: Parser) -> TensorShardingAttr:
    """`out_sharding=<@mesh, [...]>` of a collective."""
    parser.parse_keyword("out_sharding")
    parser.parse_punctuation("=")
    return parse_sharding(parser)


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
