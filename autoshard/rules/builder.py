"""`OpShardingRuleBuilder`: add factors one at a time, in the order Shardy adds them, then `build()`.

Factor indices follow the order of `add_factor` calls, so the printed names (i, j, k, ...) match Shardy's.
`build()` gives every dimension no factor reached its own size-1 factor, appended after the others.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from xdsl.ir import Attribute, Operation

from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule

Shape = tuple[int, ...]


def shape_of(type_: Attribute) -> Shape:
    """Static shape of a shaped type; non-shaped types (tokens, tuples) have rank 0."""
    get_shape = getattr(type_, "get_shape", None)
    if get_shape is None:
        return ()
    try:
        return tuple(int(d) for d in get_shape())
    except (TypeError, ValueError):  # unranked
        return ()


def operand_shapes(op: Operation) -> list[Shape]:
    return [shape_of(v.type) for v in op.operands]


def result_shapes(op: Operation) -> list[Shape]:
    return [shape_of(r.type) for r in op.results]


@dataclass
class _DimMapping:
    factors: list[int] = field(default_factory=list)


class OpShardingRuleBuilder:
    """Accumulates factors over the operand and result tensors of one op."""

    def __init__(self, operand_shapes: Sequence[Sequence[int]], result_shapes: Sequence[Sequence[int]]):
        self.operand_shapes = [tuple(s) for s in operand_shapes]
        self.result_shapes = [tuple(s) for s in result_shapes]
        self._operands = [[_DimMapping() for _ in s] for s in self.operand_shapes]
        self._results = [[_DimMapping() for _ in s] for s in self.result_shapes]
        self.factor_sizes: list[int] = []
        self._types: dict[FactorType, list[int]] = {t: [] for t in FactorType}
        self._blocked: list[int] = []

    @staticmethod
    def for_op(op: Operation) -> OpShardingRuleBuilder:
        return OpShardingRuleBuilder(operand_shapes(op), result_shapes(op))

    @property
    def num_operands(self) -> int:
        return len(self.operand_shapes)

    @property
    def num_results(self) -> int:
        return len(self.result_shapes)

    # -- factors ------------------------------------------------------------------------------------
    def _reserve(self, size: int, factor_type: FactorType, blocked: bool) -> int:
        index = len(self.factor_sizes)
        self.factor_sizes.append(int(size))
        if factor_type is not FactorType.PASS_THROUGH:
            self._types[factor_type].append(index)
        if blocked:
            self._blocked.append(index)
        return index

    @staticmethod
    def _map_dims(tensors: list[list[_DimMapping]], dims: Sequence[int], factor: int, size: int, kind: str) -> None:
        if len(dims) != len(tensors):
            raise ValueError(f"{len(dims)} {kind} dims given for {len(tensors)} {kind}s")
        for tensor, dim in zip(tensors, dims):
            if dim == NULL_DIM:
                continue
            if not 0 <= dim < len(tensor):
                raise ValueError(f"{kind} dim {dim} out of range for rank {len(tensor)}")
            mapped = tensor[dim].factors
            if size == 1 and mapped:
                continue  # a size-1 factor adds nothing to an already-mapped dimension
            mapped.append(factor)

    @staticmethod
    def _map_same_dim(tensors: list[list[_DimMapping]], dim: int, factor: int) -> None:
        for tensor in tensors:
            if tensor:  # rank-0 tensors (scalars, tokens) take no factor
                tensor[dim].factors.append(factor)

    def add_factor(
        self,
        operand_dims: Sequence[int] | int,
        result_dims: Sequence[int] | int,
        size: int,
        factor_type: FactorType = FactorType.PASS_THROUGH,
        blocked: bool = False,
    ) -> OpShardingRuleBuilder:
        """A new factor on `operand_dims[i]` of operand i and `result_dims[j]` of result j (`NULL_DIM`: none).

        An int stands for a one-element list (an op with one operand / one result).
        """
        if isinstance(operand_dims, int):
            operand_dims = [operand_dims]
        if isinstance(result_dims, int):
            result_dims = [result_dims]
        factor = self._reserve(size, factor_type, blocked)
        self._map_dims(self._operands, operand_dims, factor, size, "operand")
        self._map_dims(self._results, result_dims, factor, size, "result")
        return self

    def add_factor_same_dim(
        self, dim: int, size: int, factor_type: FactorType = FactorType.PASS_THROUGH, blocked: bool = False
    ) -> OpShardingRuleBuilder:
        """A new factor on dimension `dim` of every operand and result (rank-0 tensors skipped)."""
        factor = self._reserve(size, factor_type, blocked)
        self._map_same_dim(self._operands, dim, factor)
        self._map_same_dim(self._results, dim, factor)
        return self

    def add_factor_same_for_all_operands(
        self, dim: int, size: int, factor_type: FactorType = FactorType.PASS_THROUGH, blocked: bool = False
    ) -> OpShardingRuleBuilder:
        factor = self._reserve(size, factor_type, blocked)
        self._map_same_dim(self._operands, dim, factor)
        return self

    def add_factor_same_for_all_results(
        self, dim: int, size: int, factor_type: FactorType = FactorType.PASS_THROUGH, blocked: bool = False
    ) -> OpShardingRuleBuilder:
        factor = self._reserve(size, factor_type, blocked)
        self._map_same_dim(self._results, dim, factor)
        return self

    def add_pointwise(
        self,
        shape: Sequence[int],
        factor_type_of: Callable[[int], FactorType] | None = None,
        blocked_of: Callable[[FactorType], bool] | None = None,
    ) -> OpShardingRuleBuilder:
        """One factor per dimension of `shape`, shared by the same dimension of every tensor."""
        for dim, size in enumerate(shape):
            factor_type = factor_type_of(dim) if factor_type_of else FactorType.PASS_THROUGH
            blocked = blocked_of(factor_type) if blocked_of else False
            self.add_factor_same_dim(dim, size, factor_type, blocked)
        return self

    def add_pointwise_if(
        self,
        shape: Sequence[int],
        keep: Callable[[int], bool],
        factor_type_of: Callable[[int], FactorType] | None = None,
    ) -> OpShardingRuleBuilder:
        """Like `add_pointwise`, for the dimensions `keep` accepts."""
        for dim, size in enumerate(shape):
            if keep(dim):
                self.add_factor_same_dim(dim, size, factor_type_of(dim) if factor_type_of else FactorType.PASS_THROUGH)
        return self

    def add_pointwise_with_mismatch_type(
        self,
        in_shape: Sequence[int],
        out_shape: Sequence[int],
        mismatch_type: FactorType,
        mismatch_blocked: bool = False,
    ) -> OpShardingRuleBuilder:
        """Pointwise over `in_shape`; a dimension whose size differs in `out_shape` gets `mismatch_type`."""
        for dim, (in_size, out_size) in enumerate(zip(in_shape, out_shape, strict=True)):
            if in_size == out_size:
                self.add_factor_same_dim(dim, in_size)
            else:
                self.add_factor_same_dim(dim, in_size, mismatch_type, mismatch_blocked)
        return self

    # -- result -------------------------------------------------------------------------------------
    def build(self, is_custom: bool = False) -> OpShardingRule:
        """The rule; a dimension with no factor gets a fresh size-1 factor (operands first, then results)."""
        sizes = list(self.factor_sizes)

        def freeze(tensors: list[list[_DimMapping]]) -> list[list[list[int]]]:
            out = []
            for tensor in tensors:
                dims = []
                for dim in tensor:
                    if dim.factors:
                        dims.append(list(dim.factors))
                    else:
                        dims.append([len(sizes)])
                        sizes.append(1)
                out.append(dims)
            return out

        operands = freeze(self._operands)
        results = freeze(self._results)
        return OpShardingRule(
            tuple(sizes),
            operands,
            results,
            tuple(self._types[FactorType.REDUCTION]),
            tuple(self._types[FactorType.NEED_REPLICATION]),
            tuple(self._types[FactorType.PERMUTATION]),
            tuple(self._blocked),
            is_custom,
        )


def build_pointwise(op: Operation) -> OpShardingRule | None:
    """Every tensor of `op` shares one factor per dimension of the first result (Shardy's `buildPointwise`).

    Operands of rank 0 (scalar `min`/`max` of clamp, the `pred` of select) take no factor. None when the
    first result is not shaped.
    """
    if not op.results or not hasattr(op.results[0].type, "get_shape"):
        return None
    shape = shape_of(op.results[0].type)
    return OpShardingRuleBuilder.for_op(op).add_pointwise(shape).build()


def identity_rule(shape: Sequence[int], num_operands: int, num_results: int) -> OpShardingRule:
    """`num_operands` and `num_results` tensors of one shape, one pass-through factor per dimension."""
    shape = tuple(shape)
    return OpShardingRuleBuilder([shape] * num_operands, [shape] * num_results).add_pointwise(shape).build()


def conservative_rule(operand_shapes_: Sequence[Sequence[int]], result_shapes_: Sequence[Sequence[int]]) -> OpShardingRule:
    """The rule of an op nothing is known about: each dimension of each tensor its own need_replication factor."""
    builder = OpShardingRuleBuilder(operand_shapes_, result_shapes_)
    num_operands, num_results = len(builder.operand_shapes), len(builder.result_shapes)
    for i, shape in enumerate(builder.operand_shapes):
        for d, size in enumerate(shape):
            dims = [NULL_DIM] * num_operands
            dims[i] = d
            builder.add_factor(dims, [NULL_DIM] * num_results, size, FactorType.NEED_REPLICATION)
    for i, shape in enumerate(builder.result_shapes):
        for d, size in enumerate(shape):
            dims = [NULL_DIM] * num_results
            dims[i] = d
            builder.add_factor([NULL_DIM] * num_operands, dims, size, FactorType.NEED_REPLICATION)
    return builder.build()
