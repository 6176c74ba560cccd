"""Op sharding rules: `#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=32, k=16} reduction={k}>`."""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects.builtin import ArrayAttr, IntAttr
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from autoshard.dialects.sdy.attr_syntax import (
    AngleBracketedAttr,
    INT64_MAX,
    int_array,
    parse_body_list,
    print_body_list,
    print_joined,
)


#: The discardable attribute holding an op's sharding rule.
SHARDING_RULE_ATTR = "sdy.sharding_rule"

#: Factor 17 is `z`; later factors are `z_1`, `z_2`, ... (Shardy's `kStartAtZ`).
_START_AT_Z = ord("z") - ord("i")


def factor_symbol(index: int) -> str:
    """The name Shardy prints for factor `index`: i..z, then z_1, z_2, ..."""
    return chr(ord("i") + index) if index <= _START_AT_Z else f"z_{index - _START_AT_Z}"


def _split_factor_symbols(parser: AttrParser, text: str, span) -> list[int]:
    """Factor indices of a (possibly compound) factor name such as `ij` or `z_8z_9`."""
    out: list[int] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "z" and text[i + 1 : i + 2] == "_":
            j = i + 2
            while j < len(text) and text[j].isdigit():
                j += 1
            digits = text[i + 2 : j]
            if not digits:
                parser.raise_error(f"expecting integer after 'z_'. Received: '{text[i:j]}'", span)
            if digits.startswith("0"):
                parser.raise_error(f"expecting positive integer without leading zeros. Received: '{digits}'", span)
            if int(digits) > INT64_MAX:
                parser.raise_error(f"expecting symbol index <=2^63-1. Received: '{digits}'", span)
            out.append(_START_AT_Z + int(digits))
            i = j
        elif "i" <= c <= "z":
            out.append(ord(c) - ord("i"))
            i += 1
        else:
            parser.raise_error(f"expecting symbol from 'i' to 'z'. Received: '{c}'", span)
    return out


def _parse_factor_name(parser: AttrParser) -> list[int]:
    token = parser._current_token  # noqa: SLF001
    text = parser.parse_identifier(" as a factor name")
    return _split_factor_symbols(parser, text, token.span)


@irdl_attr_definition
class DimMappingAttr(AngleBracketedAttr):
    """The factors one tensor dimension maps to, major to minor (`ij` is a compound of factors i and j)."""

    name = "sdy.dim_mapping"

    factor_indices_attr: ArrayAttr[IntAttr]

    def __init__(self, factor_indices: Iterable[int] | ArrayAttr):
        super().__init__(factor_indices if isinstance(factor_indices, ArrayAttr) else int_array(factor_indices))

    @property
    def factor_indices(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.factor_indices_attr.data)

    def print_body(self, printer: Printer) -> None:
        printer.print_string("".join(factor_symbol(f) for f in self.factor_indices))

    @staticmethod
    def parse_body(parser: AttrParser) -> DimMappingAttr:
        return DimMappingAttr(_parse_factor_name(parser))


@irdl_attr_definition
class TensorMappingAttr(AngleBracketedAttr):
    """`[i, jk]`: the factor mapping of every dimension of one tensor."""

    name = "sdy.tensor_mapping"

    dim_mappings_attr: ArrayAttr[DimMappingAttr]

    def __init__(self, dim_mappings: Iterable[DimMappingAttr | Iterable[int]] | ArrayAttr):
        if not isinstance(dim_mappings, ArrayAttr):
            dim_mappings = ArrayAttr(tuple(d if isinstance(d, DimMappingAttr) else DimMappingAttr(d) for d in dim_mappings))
        super().__init__(dim_mappings)

    @property
    def dim_mappings(self) -> tuple[DimMappingAttr, ...]:
        return self.dim_mappings_attr.data

    @property
    def rank(self) -> int:
        return len(self.dim_mappings_attr.data)

    def factor_lists(self) -> tuple[tuple[int, ...], ...]:
        return tuple(d.factor_indices for d in self.dim_mappings)

    def print_body(self, printer: Printer) -> None:
        print_body_list(printer, self.dim_mappings)

    @staticmethod
    def parse_body(parser: AttrParser) -> TensorMappingAttr:
        if parser._current_token.text != "[":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_TensorMapping parameter 'dim_mappings'")
        return TensorMappingAttr(parse_body_list(parser, DimMappingAttr))


def _parse_tensor_mappings(parser: AttrParser, what: str) -> list[TensorMappingAttr]:
    """`([i, j], [k])`: at least one tensor mapping (an op with no operands or no results has no rule)."""
    parser.parse_punctuation("(")
    if parser._current_token.text != "[":  # noqa: SLF001
        parser.raise_error(f"failed to parse Sdy_OpShardingRule parameter '{what}': expected '['")
    mappings = [TensorMappingAttr.parse_body(parser)]
    while parser.parse_optional_punctuation(","):
        mappings.append(TensorMappingAttr.parse_body(parser))
    parser.parse_punctuation(")")
    return mappings


_SPECIAL_FACTOR_KEYWORDS: tuple[str, ...] = ("reduction", "need_replication", "permutation", "blocked_propagation")


@irdl_attr_definition
class OpShardingRuleAttr(AngleBracketedAttr):
    """`#sdy.op_sharding_rule<([i, k],[k, j])->([i, j]) {i=8, j=16, k=8} reduction={k} ..., custom>`.

    Raw fields (as Python values): `factor_sizes`, `operand_mappings` / `result_mappings` (TensorMappingAttr each,
    see `operand_factor_lists`), `reduction_factors`, `need_replication_factors`, `permutation_factors`,
    `blocked_propagation_factors`, `is_custom_rule`. Build one from those with `from_fields(...)`.
    """

    name = "sdy.op_sharding_rule"

    factor_sizes_attr: ArrayAttr[IntAttr]
    operand_mappings_attr: ArrayAttr[TensorMappingAttr]
    result_mappings_attr: ArrayAttr[TensorMappingAttr]
    reduction_factors_attr: ArrayAttr[IntAttr]
    need_replication_factors_attr: ArrayAttr[IntAttr]
    permutation_factors_attr: ArrayAttr[IntAttr]
    blocked_propagation_factors_attr: ArrayAttr[IntAttr]
    is_custom_rule_attr: IntAttr

    # -- construction -------------------------------------------------------------------------------
    @staticmethod
    def from_fields(
        factor_sizes: Iterable[int],
        operand_mappings: Iterable[Iterable[Iterable[int]] | TensorMappingAttr],
        result_mappings: Iterable[Iterable[Iterable[int]] | TensorMappingAttr],
        reduction_factors: Iterable[int] = (),
        need_replication_factors: Iterable[int] = (),
        permutation_factors: Iterable[int] = (),
        blocked_propagation_factors: Iterable[int] = (),
        is_custom_rule: bool = False,
    ) -> OpShardingRuleAttr:
        """A rule from plain Python values: each mapping is a list (per dimension) of factor-index lists."""

        def mappings(ms) -> ArrayAttr:
            return ArrayAttr(tuple(m if isinstance(m, TensorMappingAttr) else TensorMappingAttr(m) for m in ms))

        return OpShardingRuleAttr.new((
            int_array(factor_sizes),
            mappings(operand_mappings),
            mappings(result_mappings),
            int_array(reduction_factors),
            int_array(need_replication_factors),
            int_array(permutation_factors),
            int_array(blocked_propagation_factors),
            IntAttr(int(bool(is_custom_rule))),
        ))

    # -- accessors ----------------------------------------------------------------------------------
    @property
    def factor_sizes(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.factor_sizes_attr.data)

    @property
    def operand_mappings(self) -> tuple[TensorMappingAttr, ...]:
        return self.operand_mappings_attr.data

    @property
    def result_mappings(self) -> tuple[TensorMappingAttr, ...]:
        return self.result_mappings_attr.data

    def operand_factor_lists(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        return tuple(m.factor_lists() for m in self.operand_mappings)

    def result_factor_lists(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        return tuple(m.factor_lists() for m in self.result_mappings)

    @property
    def reduction_factors(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.reduction_factors_attr.data)

    @property
    def need_replication_factors(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.need_replication_factors_attr.data)

    @property
    def permutation_factors(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.permutation_factors_attr.data)

    @property
    def blocked_propagation_factors(self) -> tuple[int, ...]:
        return tuple(f.data for f in self.blocked_propagation_factors_attr.data)

    @property
    def is_custom_rule(self) -> bool:
        return bool(self.is_custom_rule_attr.data)

    @property
    def num_factors(self) -> int:
        return len(self.factor_sizes_attr.data)

    # -- text ---------------------------------------------------------------------------------------
    def print_body(self, printer: Printer) -> None:
        printer.print_string("(")
        print_joined(printer, self.operand_mappings, lambda m: m.print_body(printer))
        printer.print_string(")->(")
        print_joined(printer, self.result_mappings, lambda m: m.print_body(printer))
        printer.print_string(")")
        if self.factor_sizes:
            printer.print_string(
                " {" + ", ".join(f"{factor_symbol(i)}={s}" for i, s in enumerate(self.factor_sizes)) + "}"
            )
        for keyword, factors in zip(
            _SPECIAL_FACTOR_KEYWORDS,
            (self.reduction_factors, self.need_replication_factors, self.permutation_factors,
             self.blocked_propagation_factors),
        ):
            if factors:
                printer.print_string(f" {keyword}={{" + ", ".join(factor_symbol(f) for f in factors) + "}")
        if self.is_custom_rule:
            printer.print_string(", custom")

    @staticmethod
    def parse_body(parser: AttrParser) -> OpShardingRuleAttr:
        if parser._current_token.text != "(":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_OpShardingRule parameter 'operand_mappings'")
        operands = _parse_tensor_mappings(parser, "operand_mappings")
        parser.parse_punctuation("->")
        if parser._current_token.text != "(":  # noqa: SLF001
            parser.raise_error("failed to parse Sdy_OpShardingRule parameter 'result_mappings'")
        results = _parse_tensor_mappings(parser, "result_mappings")
        sizes: list[int] = []
        if parser.parse_optional_punctuation("{"):
            while True:
                token = parser._current_token  # noqa: SLF001
                indices = _parse_factor_name(parser)
                expected = len(sizes)
                if indices != [expected]:
                    got = token.text
                    parser.raise_error(
                        "expecting factor indices to be ordered like an iota ([0,1,2,...], e.g. {i=#, j=#, ...}). "
                        f"Expecting factor index symbol '{factor_symbol(expected)}', received: '{got}'",
                        token.span,
                    )
                parser.parse_punctuation("=")
                sizes.append(parser.parse_integer(allow_boolean=False))
                if parser.parse_optional_punctuation("}"):
                    break
                parser.parse_punctuation(",")
        special: dict[str, list[int]] = {k: [] for k in _SPECIAL_FACTOR_KEYWORDS}
        for keyword in _SPECIAL_FACTOR_KEYWORDS:
            if parser.parse_optional_keyword(keyword) is None:
                continue
            parser.parse_punctuation("=")
            groups = parser.parse_comma_separated_list(parser.Delimiter.BRACES, lambda: _parse_factor_name(parser))
            special[keyword] = [f for g in groups for f in g]
        is_custom = False
        if parser.parse_optional_punctuation(","):
            parser.parse_keyword("custom")
            is_custom = True
        return OpShardingRuleAttr.from_fields(sizes, operands, results, special["reduction"],
                                              special["need_replication"], special["permutation"],
                                              special["blocked_propagation"], is_custom)
