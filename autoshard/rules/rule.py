"""`OpShardingRule`: how an op can be partitioned, as factors (Shardy's `#sdy.op_sharding_rule`).

Every operand and result dimension maps to an ordered list of factor indices (several factors on one
dimension form a *compound* factor, major to minor; an empty tensor has no dimensions). Each factor has a
size and a type: pass-through (the default), reduction, need_replication or permutation; blocked
propagation is a separate, orthogonal set. Text follows Shardy's printer: factors are named i, j, ..., z,
then z_1, z_2, ...

A rule has one IR form, the sdy dialect's typed `OpShardingRuleAttr` (`to_attr` / `from_attr`), and goes
through it for everything Shardy defines: text is read by its parser and written by its printer, and `verify`
is the dialect's own rule verifier (the one that checks `sdy.sharding_rule` attributes in IR).
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from xdsl.context import Context
from xdsl.dialects.builtin import TensorType, UnregisteredAttr, UnregisteredOp, f32
from xdsl.ir import Attribute, Block
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException

from autoshard.dialects.sdy import OpShardingRuleAttr
from autoshard.dialects.sdy.verify_op_attributes import verify_sharding_rule
from autoshard.errors import UserError
from autoshard.ir.context import make_context

#: A factor index that maps to no dimension of a tensor (Shardy's `kNullDim`).
NULL_DIM = -1

TensorMapping = tuple[tuple[int, ...], ...]


class FactorType(Enum):
    """What sharding a factor costs (Shardy's `FactorType`)."""

    PASS_THROUGH = "pass_through"
    REDUCTION = "reduction"
    NEED_REPLICATION = "need_replication"
    PERMUTATION = "permutation"


def _freeze_mappings(mappings: Sequence[Sequence[Sequence[int]]]) -> tuple[TensorMapping, ...]:
    return tuple(tuple(tuple(int(f) for f in dim) for dim in tensor) for tensor in mappings)


@dataclass(frozen=True)
class OpShardingRule:
    """Factors of an op: sizes, per-tensor per-dimension factor lists, and factor types."""

    factor_sizes: tuple[int, ...]
    operand_mappings: tuple[TensorMapping, ...]
    result_mappings: tuple[TensorMapping, ...]
    reduction_factors: tuple[int, ...] = ()
    need_replication_factors: tuple[int, ...] = ()
    permutation_factors: tuple[int, ...] = ()
    blocked_propagation_factors: tuple[int, ...] = ()
    is_custom: bool = False

    def __post_init__(self) -> None:
        # Accept lists from callers; store tuples so rules hash and compare by value.
        object.__setattr__(self, "factor_sizes", tuple(int(s) for s in self.factor_sizes))
        object.__setattr__(self, "operand_mappings", _freeze_mappings(self.operand_mappings))
        object.__setattr__(self, "result_mappings", _freeze_mappings(self.result_mappings))
        for name in ("reduction_factors", "need_replication_factors", "permutation_factors", "blocked_propagation_factors"):
            object.__setattr__(self, name, tuple(int(f) for f in getattr(self, name)))

    # -- queries ------------------------------------------------------------------------------------
    @property
    def num_factors(self) -> int:
        return len(self.factor_sizes)

    def factor_type(self, factor: int) -> FactorType:
        if factor in self.reduction_factors:
            return FactorType.REDUCTION
        if factor in self.need_replication_factors:
            return FactorType.NEED_REPLICATION
        if factor in self.permutation_factors:
            return FactorType.PERMUTATION
        return FactorType.PASS_THROUGH

    def is_blocked(self, factor: int) -> bool:
        return factor in self.blocked_propagation_factors

    def tensor_mappings(self) -> tuple[TensorMapping, ...]:
        """Operand mappings followed by result mappings."""
        return self.operand_mappings + self.result_mappings

    def tensor_shapes(self) -> tuple[tuple[int, ...], ...]:
        """The shape each mapping implies (product of its factors per dimension), operands then results."""
        out = []
        for tensor in self.tensor_mappings():
            shape = []
            for dim in tensor:
                size = 1
                for f in dim:
                    size *= self.factor_sizes[f]
                shape.append(size)
            out.append(tuple(shape))
        return tuple(out)

    def verify(self, operand_shapes: Sequence[Sequence[int]], result_shapes: Sequence[Sequence[int]]) -> None:
        """Raise `UserError` with Shardy's message when the rule does not fit tensors of these shapes.

        Like Shardy, it does not ask a dimension's factors to multiply to its size: several of Shardy's own rules
        (dynamic_slice, reduce_window, convolution, top_k) give an operand dimension the result's factor sizes.
        """
        block = Block(arg_types=[TensorType(f32, shape) for shape in operand_shapes])
        tensors = UnregisteredOp.with_name("autoshard.rule_tensors").create(
            operands=block.args, result_types=[TensorType(f32, shape) for shape in result_shapes])
        try:
            verify_sharding_rule(tensors, self.to_attr())
        except VerifyException as e:
            raise UserError(f"sharding rule {self}: {e}") from None

    # -- the IR attribute ----------------------------------------------------------------------------
    def to_attr(self) -> OpShardingRuleAttr:
        """The typed `#sdy.op_sharding_rule` attribute holding this rule."""
        return OpShardingRuleAttr.from_fields(
            factor_sizes=self.factor_sizes,
            operand_mappings=self.operand_mappings,
            result_mappings=self.result_mappings,
            reduction_factors=self.reduction_factors,
            need_replication_factors=self.need_replication_factors,
            permutation_factors=self.permutation_factors,
            blocked_propagation_factors=self.blocked_propagation_factors,
            is_custom_rule=self.is_custom,
        )

    @staticmethod
    def from_attr(attr: Attribute) -> OpShardingRule:
        """The rule an `#sdy.op_sharding_rule` attribute holds (`UserError` for any other attribute)."""
        if isinstance(attr, UnregisteredAttr) and attr.attr_name.data == _ATTR_NAME:
            text = attr.value.data
            return OpShardingRule.parse(text if text.startswith("<") else f"<{text}>")
        if not isinstance(attr, OpShardingRuleAttr):
            raise UserError(f"sdy.sharding_rule must be an #sdy.op_sharding_rule, got {attr}")
        return OpShardingRule(
            attr.factor_sizes,
            attr.operand_factor_lists(),
            attr.result_factor_lists(),
            attr.reduction_factors,
            attr.need_replication_factors,
            attr.permutation_factors,
            attr.blocked_propagation_factors,
            attr.is_custom_rule,
        )

    # -- text ----------------------------------------------------------------------------------------
    def body_text(self) -> str:
        """The part between `#sdy.op_sharding_rule<` and `>`, exactly as Shardy prints it."""
        stream = io.StringIO()
        Printer(stream=stream).print_attribute(self.to_attr())
        return stream.getvalue()[len(_PREFIX):-1]

    def __str__(self) -> str:
        return f"{_PREFIX}{self.body_text()}>"

    @staticmethod
    def parse(text: str) -> OpShardingRule:
        """Parse Shardy's text: `#sdy.op_sharding_rule<...>`, its `<...>` parameters or the bare body; `UserError`
        if malformed."""
        body = text.strip()
        if body.startswith("<"):
            body = f"#{_ATTR_NAME}{body}"
        elif not body.startswith("#"):
            body = f"{_PREFIX}{body}>"
        parser = Parser(_context(), body, "<sharding rule>")
        try:
            attr = parser.parse_attribute()
            if parser.pos < len(body.rstrip()):
                parser.raise_error("unexpected text after the sharding rule")
        except ParseError as e:
            message = (getattr(e, "msg", None) or str(e)).strip().splitlines()[-1]
            raise UserError(f"cannot read sharding rule '{text.strip()}': {message}") from None
        return OpShardingRule.from_attr(attr)


_ATTR_NAME = "sdy.op_sharding_rule"
_PREFIX = f"#{_ATTR_NAME}<"


@functools.cache
def _context() -> Context:
    return make_context()
