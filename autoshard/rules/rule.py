"""`OpShardingRule`: how an op can be partitioned, as factors (Shardy's `#sdy.op_sharding_rule`).

Every operand and result dimension maps to an ordered list of factor indices (several factors on one
dimension form a *compound* factor, major to minor; an empty tensor has no dimensions). Each factor has a
size and a type: pass-through (the default), reduction, need_replication or permutation; blocked
propagation is a separate, orthogonal set. Text follows Shardy's printer: factors are named i, j, ..., z,
then z_1, z_2, ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum


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
        """Raise `UserError` when the rule does not fit the op's tensors (Shardy's verifier, `autoshard.rules.verify`)."""
        from autoshard.rules.verify import verify_rule  # noqa: PLC0415 - verify builds on this module

        verify_rule(self, operand_shapes, result_shapes)

    # -- text (one grammar: the sdy dialect's attribute parser and printer, `autoshard.rules.attribute`) -------
    def body_text(self) -> str:
        """The part between `#sdy.op_sharding_rule<` and `>`, exactly as Shardy prints it."""
        from autoshard.rules.attribute import rule_body_text  # noqa: PLC0415 - attribute builds on this module

        return rule_body_text(self)

    def __str__(self) -> str:
        return f"#sdy.op_sharding_rule<{self.body_text()}>"

    @staticmethod
    def parse(text: str) -> OpShardingRule:
        """Parse Shardy's text (with or without the `#sdy.op_sharding_rule<...>` wrapper); `UserError` if malformed."""
        from autoshard.rules.attribute import rule_from_text  # noqa: PLC0415 - attribute builds on this module

        return rule_from_text(text)
