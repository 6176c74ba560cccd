"""stablehlo.custom_call: rules for the call targets Shardy knows; others get none and a warning."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Operation

from autoshard.dialects.stablehlo import CustomCallOp, RngBitGeneratorOp
from autoshard.rules.builder import OpShardingRuleBuilder, build_pointwise, operand_shapes, result_shapes
from autoshard.rules.registry import UnknownCustomCall, register_rule
from autoshard.rules.rule import NULL_DIM, FactorType, OpShardingRule
from autoshard.rules.sort import top_k_rule_for
from autoshard.rules.typed_ops import typed_op

#: Targets that get no rule and no warning (opaque kernels and callbacks).
NO_RULE_TARGETS = frozenset(
    {
        "sdy_testonly",
        "tpu_custom_call",
        "xla_python_cpu_callback",
        "xla_python_gpu_callback",
        "xla_ffi_python_cpu_callback",
        "xla_ffi_python_gpu_callback",
        "xla.debug.Log",
    }
)

#: Targets whose tensors all share one factor per dimension.
POINTWISE_TARGETS = frozenset(
    {
        "annotate_device_placement",
        "Cholesky",
        "CompactWyHelper",
        "InspectSharding",
        "InvertDiagBlocksLowerTriangular",
        "InvertDiagBlocksUpperTriangular",
        "LayoutConstraint",
        "mhlo.erf",
        "MoveToDevice",
        "MoveToHost",
        "X64SplitHigh",
        "X64SplitLow",
        "xla.megascale.provide_metadata",
        # SPMD-internal ops that only permute data between partitions
        "_SPMDInternalOp_MultiPad",
        "_SPMDInternalOp_RotateRight",
        "_SPMDInternalOp_MultiRotate",
        "_SPMDInternalOp_MultiSlice",
        "_SPMDInternalOp_Wrap",
    }
)

TargetRule = Callable[[Operation], "OpShardingRule | None"]
_TARGETS: dict[str, TargetRule] = {}


def _target(*names: str) -> Callable[[TargetRule], TargetRule]:
    def wrap(fn: TargetRule) -> TargetRule:
        for name in names:
            _TARGETS[name] = fn
        return fn

    return wrap


def call_target_name(op: Operation) -> str:
    return typed_op(op, CustomCallOp).call_target_name


@_target("Eigh")
def _eigh(op: Operation) -> OpShardingRule:
    """Eigenvectors follow the input; eigenvalues carry the input's last dimension."""
    shape = operand_shapes(op)[0]
    d1, d2 = len(shape) - 2, len(shape) - 1
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise(shape[:-2])
        .add_factor(d1, [d1, NULL_DIM], shape[d1])
        .add_factor(d2, [d2, d1], shape[d2])
        .build()
    )


@_target("Qr", "QrDecompositionBlock")
def _qr(op: Operation) -> OpShardingRule:
    """Batch dimensions pass through; the matrix dimensions and the taus dimension need replication."""
    shape, taus_shape = operand_shapes(op)[0], result_shapes(op)[1]
    d1, d2 = len(shape) - 2, len(shape) - 1
    replicate = FactorType.NEED_REPLICATION
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise(shape[:-2])
        .add_factor(d1, [d1, NULL_DIM], shape[d1], replicate)
        .add_factor(d2, [d2, NULL_DIM], shape[d2], replicate)
        .add_factor(NULL_DIM, [NULL_DIM, d1], taus_shape[d1], replicate)
        .build()
    )


@_target("ProductOfElementaryHouseholderReflectors")
def _householder_product(op: Operation) -> OpShardingRule:
    lhs, taus = operand_shapes(op)[:2]
    d1, d2 = len(lhs) - 2, len(lhs) - 1
    replicate = FactorType.NEED_REPLICATION
    return (
        OpShardingRuleBuilder.for_op(op)
        .add_pointwise(lhs[:-2])
        .add_factor([d1, NULL_DIM], d1, lhs[d1], replicate)
        .add_factor([d2, NULL_DIM], d2, lhs[d2], replicate)
        .add_factor([NULL_DIM, d1], NULL_DIM, taus[d1], replicate)
        .build()
    )


@_target("mhlo.topk")
def _topk(op: Operation) -> OpShardingRule:
    return top_k_rule_for(op)


@_target("ApproxTopK", "PartialReduce")
def _approx_top_k(op: Operation) -> OpShardingRule:
    """Operands (operand, iota, init value, init index); results (values, indices). The reduced dimension
    is a pass-through factor of the two array operands and a replicated, blocked factor of the results."""
    in_shape, out_shape = operand_shapes(op)[0], result_shapes(op)[0]
    builder = OpShardingRuleBuilder.for_op(op)
    for dim, (in_size, out_size) in enumerate(zip(in_shape, out_shape, strict=True)):
        if in_size == out_size:
            builder.add_factor_same_dim(dim, in_size)
            continue
        builder.add_factor([dim, dim, NULL_DIM, NULL_DIM], [NULL_DIM, NULL_DIM], in_size)
        builder.add_factor([NULL_DIM] * 4, [dim, dim], out_size, FactorType.NEED_REPLICATION, blocked=True)
    return builder.build()


@_target("X64Combine")
def _x64_combine(op: Operation) -> OpShardingRule | None:
    """Pointwise, except when it feeds an rng_bit_generator (whose ui64 state must stay replicated)."""
    feeds_rng = any(isinstance(use.operation, RngBitGeneratorOp) for use in op.results[0].uses)
    if feeds_rng:
        shape = result_shapes(op)[0]
        return (
            OpShardingRuleBuilder.for_op(op)
            .add_factor_same_dim(0, shape[0], FactorType.NEED_REPLICATION, blocked=True)
            .build()
        )
    return build_pointwise(op)


@register_rule("stablehlo.custom_call")
def custom_call_rule(op: Operation, conservative: bool) -> OpShardingRule | None:
    target = call_target_name(op)
    if target in NO_RULE_TARGETS:
        return None
    if target in POINTWISE_TARGETS:
        return build_pointwise(op)
    fn = _TARGETS.get(target)
    if fn is not None:
        return fn(op)
    raise UnknownCustomCall(f"custom call @{target} is unknown to SDY sharding rule registry")
