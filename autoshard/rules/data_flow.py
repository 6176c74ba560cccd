"""Data-flow edges: values of region ops and calls that must share one sharding (Shardy's data-flow edges).

Shardy gives `stablehlo.while`, `case`, `if`, `optimization_barrier`, `sdy.named_computation` and calls no
op sharding rule; it ties their values together instead. `data_flow_groups(op)` returns those ties:

- while: operand i, the condition and body block arguments i, the body's yielded value i, result i;
- case / if: result i and the value every branch yields at position i;
- optimization_barrier: operand i and result i;
- sdy.named_computation: operand i and block argument i; yielded value i and result i;
- func.call to a function defined in the module: call operand i and the callee's argument i; the callee's
  returned value i and call result i (every call site of one callee joins the same groups, see
  `module_data_flow_groups`).

`optimization_barrier` and `while` also get planner-only rules (operand i and result i share a factor per
dimension) so that `rule_for` can treat them as ordinary ops.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.func import CallOp, FuncOp
from xdsl.ir import Operation, SSAValue

from autoshard.dialects.sdy import NamedComputationOp
from autoshard.dialects.stablehlo import CaseOp, IfOp, OptimizationBarrierOp, WhileOp
from autoshard.rules.builder import OpShardingRuleBuilder, operand_shapes, result_shapes
from autoshard.rules.registry import register_extension
from autoshard.rules.rule import NULL_DIM, OpShardingRule

@dataclass(frozen=True)
class DataFlowGroup:
    """Values of `owner` (and its regions or callee) that must all have the same sharding."""

    owner: Operation
    index: int
    values: tuple[SSAValue, ...]

    def __hash__(self) -> int:
        return hash((id(self.owner), self.index))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, DataFlowGroup)
            and other.owner is self.owner
            and other.index == self.index
            and len(other.values) == len(self.values)
            and all(a is b for a, b in zip(other.values, self.values))
        )


def _yielded(block_owner: Operation, region_index: int) -> Sequence[SSAValue]:
    region = block_owner.regions[region_index]
    if not region.blocks:
        return ()
    terminator = region.blocks[0].last_op
    return tuple(terminator.operands) if terminator is not None else ()


def _find_callee(call: CallOp) -> FuncOp | None:
    name = call.callee.root_reference.data
    module = call.parent_op()
    while module is not None and not isinstance(module, ModuleOp):
        module = module.parent_op()
    if module is None:
        return None
    for op in module.body.ops:
        if isinstance(op, FuncOp) and op.sym_name.data == name:
            return op
    return None


def _is_tensor(value: SSAValue) -> bool:
    return isinstance(value.type, TensorType)


Groups = list[list[SSAValue]]


def _while_groups(op: Operation) -> Groups:
    cond_args = op.regions[0].blocks[0].args if op.regions[0].blocks else ()
    body_args = op.regions[1].blocks[0].args if op.regions[1].blocks else ()
    body_yield = _yielded(op, 1)
    groups = []
    for i, operand in enumerate(op.operands):
        group = [operand]
        for seq in (cond_args, body_args, body_yield, op.results):
            if i < len(seq):
                group.append(seq[i])
        groups.append(group)
    return groups


def _branch_groups(op: Operation) -> Groups:
    branches = [_yielded(op, r) for r in range(len(op.regions))]
    return [[result, *(b[i] for b in branches if i < len(b))] for i, result in enumerate(op.results)]


def _barrier_groups(op: Operation) -> Groups:
    return [[a, b] for a, b in zip(op.operands, op.results)]


def _named_computation_groups(op: Operation) -> Groups:
    args = op.regions[0].blocks[0].args if op.regions and op.regions[0].blocks else ()
    yielded = _yielded(op, 0) if op.regions else ()
    return [[a, b] for a, b in zip(op.operands, args)] + [[a, b] for a, b in zip(yielded, op.results)]


def _call_groups(op: Operation) -> Groups:
    callee = _find_callee(op)  # type: ignore[arg-type]
    if callee is None or not callee.regions[0].blocks:
        return []
    body = callee.regions[0].blocks[0]
    returned = _yielded(callee, 0)
    return [[a, b] for a, b in zip(op.operands, body.args)] + [[a, b] for a, b in zip(returned, op.results)]


#: The data-flow ops, by op class, and the groups each ties together.
_GROUPS_OF: dict[type[Operation], Callable[[Operation], Groups]] = {
    WhileOp: _while_groups,
    CaseOp: _branch_groups,
    IfOp: _branch_groups,
    OptimizationBarrierOp: _barrier_groups,
    NamedComputationOp: _named_computation_groups,
    CallOp: _call_groups,
}

DATA_FLOW_OPS: frozenset[str] = frozenset(cls.name for cls in _GROUPS_OF)


def data_flow_groups(op: Operation, tensor_only: bool = True) -> list[DataFlowGroup]:
    """The groups of values `op` ties together (empty for an op that is not a data-flow op)."""
    groups_of = _GROUPS_OF.get(type(op))
    groups = groups_of(op) if groups_of is not None else []
    out = []
    for i, group in enumerate(groups):
        if tensor_only and not all(_is_tensor(v) for v in group):
            continue
        out.append(DataFlowGroup(op, i, tuple(group)))
    return out


def module_data_flow_groups(ops: Iterable[Operation], tensor_only: bool = True) -> list[tuple[SSAValue, ...]]:
    """Disjoint sets of values tied by the data-flow ops among `ops` (e.g. `module.walk()`), groups that share
    a value merged (all call sites of one callee, nested loops)."""
    parent: dict[int, int] = {}
    values: dict[int, SSAValue] = {}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    order: list[int] = []
    for op in ops:
        if type(op) not in _GROUPS_OF:
            continue
        for group in data_flow_groups(op, tensor_only):
            ids = []
            for v in group.values:
                key = id(v)
                if key not in parent:
                    parent[key] = key
                    values[key] = v
                    order.append(key)
                ids.append(key)
            for other in ids[1:]:
                a, b = find(ids[0]), find(other)
                if a != b:
                    parent[b] = a
    sets: dict[int, list[SSAValue]] = {}
    for key in order:
        sets.setdefault(find(key), []).append(values[key])
    return [tuple(s) for s in sets.values()]


def _paired_rule(op: Operation) -> OpShardingRule:
    """Operand i and result i share one factor per dimension (extra operands, e.g. a case index, none)."""
    builder = OpShardingRuleBuilder.for_op(op)
    ins, outs = operand_shapes(op), result_shapes(op)
    for i, shape in enumerate(outs):
        for dim, size in enumerate(shape):
            operand_dims = [NULL_DIM] * len(ins)
            if i < len(ins) and ins[i] == shape:
                operand_dims[i] = dim
            result_dims = [NULL_DIM] * len(outs)
            result_dims[i] = dim
            builder.add_factor(operand_dims, result_dims, size)
    return builder.build()


@register_extension("stablehlo.optimization_barrier", "stablehlo.while")
def paired_data_flow_rule(op: Operation, conservative: bool) -> OpShardingRule:
    return _paired_rule(op)
