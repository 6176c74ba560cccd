"""Carry ops' `sdy.sharding` into XLA: pin each sharded op result with an `sdy.sharding_constraint`.

XLA's Shardy import (`sdy-round-trip-import`, jaxlib 0.10) keeps the shardings of func arguments and results
and of `sdy.sharding_constraint`s (HLO `Sharding` custom calls), but discards `sdy.sharding` on every other op;
its propagation then re-decides those values from the kept ones, so a fully annotated plan compiles as a
different plan. A constraint right after the op, feeding all of the op's former users, survives the import,
and Shardy's `apply-sharding-constraints` gives the op's result that sharding back (the constraint is the
result's only use). Planned reshards (constraints on a consumer's operand) then follow the pin, as in the plan.
"""

from __future__ import annotations

#: ops whose `sdy.sharding` XLA's import keeps, or that are sdy ops themselves
_KEPT_BY_XLA = ("func.func", "stablehlo.send", "stablehlo.recv", "stablehlo.after_all")


def pin_op_shardings(module, context) -> int:
    """Insert, after every op with `sdy.sharding = #sdy.sharding_per_value<...>`, one `sdy.sharding_constraint`
    per tensor result carrying that result's sharding, and route the result's uses through it. In place;
    returns the number of constraints inserted."""
    from jax._src.lib.mlir import ir  # noqa: PLC0415
    from jax._src.lib.mlir.dialects import sdy  # noqa: PLC0415

    pinned = 0
    with context:
        ops = []

        def collect(op) -> None:
            for region in op.regions:
                for block in region.blocks:
                    for child in block.operations:
                        child = child.operation
                        name = child.name
                        if ("sdy.sharding" in child.attributes and name not in _KEPT_BY_XLA
                                and not name.startswith("sdy.")):
                            ops.append(child)
                        collect(child)

        collect(module.operation)
        for op in ops:
            per_value = sdy.TensorShardingPerValueAttr(op.attributes["sdy.sharding"])
            shardings = list(per_value.shardings)
            if len(shardings) != len(op.results):
                continue  # malformed per-value list: leave the op to XLA's propagation
            point = ir.InsertionPoint.after(op)
            for result, sharding in zip(op.results, shardings):
                if not isinstance(result.type, ir.RankedTensorType):
                    continue
                constraint = sdy.ShardingConstraintOp(result, sharding, ip=point, loc=op.location)
                result.replace_all_uses_except(constraint.result, constraint.operation)
                point = ir.InsertionPoint.after(constraint.operation)
                pinned += 1
        module.operation.verify()
    return pinned

