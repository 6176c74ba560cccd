"""Recompute chosen residuals of a training step just before their backward readers, protected against XLA's CSE.

A `RecomputeGroup` names forward values (by their producer's top-level position and result index, as
`training_step` numbers them) to recompute together. The pass clones their producer chains, reading only what the
backward pass holds anyway: the function's arguments, constants, the residuals no group recomputes, and the group's
`saved` values (a layer's input under jax's policies; saving a value that was not a residual makes it one). The
clones go just before the first backward reader of any value of the group, and every backward reader of a group
value reads its clone; forward readers keep the original, which now dies in the forward pass.

A clone of a value computes what the value computes, so XLA's common-subexpression elimination merges the two
unless something keeps them apart, and then the forward value lives until the backward and nothing is saved:
- `Protection.BARRIER`, as `jax.checkpoint` does: the chain's inputs pass through one
  `stablehlo.optimization_barrier` and the clones read its results. XLA:GPU keeps the barrier until after
  scheduling, but XLA:CPU removes it (`OptimizationBarrierExpander`) before layout assignment and its
  layout-sensitive CSE after it merges the clones with the forward values: on XLA:CPU nothing is recomputed.
- `Protection.CONDITIONAL` (the default): the clones are the two identical branches of a `stablehlo.case`. CSE
  works within one computation and cannot merge a branch's ops with the caller's. The index is an `i32` converted
  from the sum of a backward value the first reader reads (its cotangent, where it has one), one computed from
  a forward value later than the group's where the backward has one before the reader (XLA folds a value computed
  from constants alone, the gradient's seed, and runs the conditional as early as the value it reads: one computed
  from the arguments alone, or from the layer's own forward values, lets it run the recomputation at the start of
  the backward pass): XLA cannot fold it, so `ConditionalSimplifier` (which inlines a one-branch conditional or one with a constant index, and turns a
  two-branch one with a boolean index and only cheap ops into selects) keeps the conditional, and no pass after it
  on XLA:CPU removes conditionals. Reading a backward value also keeps XLA's scheduler from running the
  recomputation early, during the forward pass, where it would hold the clones as long as the originals (an
  index passed through a barrier instead becomes a constant when the barrier is expanded, and the scheduler then
  hoists the conditionals into the forward). Both branches compute the same values, so the result does not depend
  on the index (an index out of range takes the last branch). Costs a conditional per group and a sum of the
  backward value, a scalar all-reduce where it is sharded (on GPU, the index is read on the host).
- `Protection.NONE`: the bare clones (XLA merges them; for tests and measurements).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from xdsl.context import Context
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, TensorType, i32
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue, Use
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern
from xdsl.rewriter import InsertPoint

from autoshard.dialects.stablehlo.elementwise import AddOp, ConvertOp
from autoshard.dialects.stablehlo.misc import ConstantOp, OptimizationBarrierOp
from autoshard.dialects.stablehlo.regions import CaseOp, ReduceOp, ReturnOp
from autoshard.dialects.stablehlo.syntax import dense_i64
from autoshard.ir.context import make_context
from autoshard.planner.remat.residuals import find_residuals
from autoshard.planner.remat.training_step import TrainingStep, external_reads, split_training_step, top_level_op

#: a forward value: (top-level position of its producer, result index)
ValueRef = tuple[int, int]


class Protection(str, Enum):
    """How the clones are kept from being merged with the forward values (module docstring)."""

    NONE = "none"
    BARRIER = "barrier"
    CONDITIONAL = "conditional"


@dataclass(frozen=True)
class RecomputeGroup:
    """Forward values recomputed together, reading only what the backward holds plus `saved`."""

    values: tuple[ValueRef, ...]
    saved: tuple[ValueRef, ...] = ()


@dataclass
class _Plan:
    """A group resolved to the values of the unchanged module: the targets, the values the clones may read, the
    ops to clone (program order) and the op the clones go before."""

    targets: list[SSAValue]
    inputs: list[SSAValue]
    chain: list[Operation]
    insert_before: Operation
    #: the group's index in the pass's groups
    group: int
    #: a backward value computed before `insert_before` (the conditional's index is read from it), if any
    backward_value: SSAValue | None


@dataclass
class RecomputeGroupPattern(RewritePattern):
    """At the first backward reader of a planned group: emit its protected clones and redirect its backward
    readers to them."""

    plans: dict[int, list[_Plan]]
    backward: set[int]
    body: Block
    protection: Protection
    #: per group index, the `stablehlo.case` holding its clones (`Protection.CONDITIONAL`)
    cases: dict[int, Operation] = field(default_factory=dict)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        for plan in self.plans.pop(id(op), []):
            clones = _emit(plan, self.protection, rewriter)
            if self.protection == Protection.CONDITIONAL and clones:
                self.cases[plan.group] = clones[0].owner
            for target, clone in zip(plan.targets, clones):
                target.replace_uses_with_if(clone, self._in_backward)

    def _in_backward(self, use: Use) -> bool:
        return id(top_level_op(use.operation, self.body)) in self.backward


@dataclass(frozen=True)
class RecomputePass(ModulePass):
    """Recompute `groups` of the entry function's residuals before their backward readers (module docstring)."""

    name = "autoshard-recompute-residuals"

    groups: tuple[RecomputeGroup, ...] = ()
    protection: Protection = Protection.CONDITIONAL
    loss_result: int = 0
    function: str | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.rewrite(op)

    def rewrite(self, op: ModuleOp) -> tuple[Operation | None, ...]:
        """Apply the pass to `op`; per group, the `stablehlo.case` holding its clones (None unless
        `Protection.CONDITIONAL`)."""
        step = split_training_step(op, self.loss_result, self.function)
        plans = resolve_groups(step, self.groups)
        by_reader: dict[int, list[_Plan]] = {}
        for plan in plans:
            by_reader.setdefault(id(plan.insert_before), []).append(plan)
        backward = {id(o) for o in step.ops[step.boundary + 1:]}
        pattern = RecomputeGroupPattern(by_reader, backward, step.body, Protection(self.protection))
        PatternRewriteWalker(pattern, apply_recursively=False).rewrite_module(op)
        assert not pattern.plans, "the walker skipped a group's first backward reader"
        return tuple(pattern.cases.get(i) for i in range(len(self.groups)))


def recompute(module: ModuleOp, groups: Sequence[RecomputeGroup], protection: Protection = Protection.CONDITIONAL,
              loss_result: int = 0, ctx: Context | None = None) -> ModuleOp:
    """Apply `RecomputePass` in place and return the module."""
    RecomputePass(tuple(groups), protection, loss_result).apply(ctx or make_context(), module)
    return module


def recompute_in_cases(module: ModuleOp, groups: Sequence[RecomputeGroup], loss_result: int = 0,
                       function: str | None = None) -> tuple[Operation, ...]:
    """Apply `RecomputePass` in place under `Protection.CONDITIONAL`; per group, the `stablehlo.case` holding its
    clones."""
    cases = RecomputePass(tuple(groups), Protection.CONDITIONAL, loss_result, function).rewrite(module)
    assert all(case is not None for case in cases)
    return cases  # type: ignore[return-value]


def resolve_groups(step: TrainingStep, groups: Sequence[RecomputeGroup]) -> list[_Plan]:
    """Each group's plan on the unchanged module. `ValueError` for a value that is not a residual, a value two
    groups recompute, or a saved value another group recomputes."""
    residuals = {r.value: r for r in find_residuals(step)}
    targets_of = [[_value(step, ref) for ref in g.values] for g in groups]
    recomputed = [v for targets in targets_of for v in targets]
    if len(set(recomputed)) != len(recomputed):
        raise ValueError("a value is recomputed by two groups")
    for v in recomputed:
        if v not in residuals:
            raise ValueError(f"{v.name_hint or v} is not a residual: the backward pass does not read it")
    kept = set(residuals) - set(recomputed)
    plans = []
    for index, (group, targets) in enumerate(zip(groups, targets_of)):
        saved = {_value(step, ref) for ref in group.saved}
        if saved & set(recomputed):
            raise ValueError("a group saves a value another group recomputes")
        chain, inputs = _producer_chain(step, targets, kept | saved)
        first = min(residuals[v].first_backward_reader for v in targets)
        after = max(step.position(v.owner) for v in targets)
        plans.append(_Plan(targets, inputs, chain, step.ops[first], index, _backward_value_before(step, first, after)))
    return plans


def _backward_value_before(step: TrainingStep, position: int, after: int) -> SSAValue | None:
    """A real tensor the backward pass computes before op `position`: an operand of that op if one is, else a
    result of the nearest backward op before it; one computed from a forward value later than op `after` (the
    cotangent flowing back from the layers above) where there is one. XLA folds a value computed from constants
    alone (the gradient's seed), and may run the conditional as early as the value it reads: with the index
    computed from the arguments alone (a weight's transpose), or from the layer's own forward values, at the start
    of the backward pass, where its clones then live until their readers."""
    latest = step.latest_forward_read
    for any_value in (False, True):
        for value in external_reads(step.ops[position]):
            owner = value.owner
            if (isinstance(owner, Operation) and step.position(owner) > step.boundary and _is_real_tensor(value)
                    and (any_value or latest[step.position(owner)] > after)):
                return value
        for at in range(position - 1, step.boundary, -1):
            if any_value or latest[at] > after:
                for value in step.ops[at].results:
                    if _is_real_tensor(value):
                        return value
    return None


def _is_real_tensor(value: SSAValue) -> bool:
    """A tensor `stablehlo.convert` can turn into an `i32` index (not complex)."""
    return isinstance(value.type, TensorType) and not str(value.type.element_type).startswith("complex")


def _value(step: TrainingStep, ref: ValueRef) -> SSAValue:
    position, index = ref
    if not 0 <= position <= step.boundary:
        raise ValueError(f"op {position} is not in the forward pass (ops 0..{step.boundary})")
    return step.ops[position].results[index]


def _is_constant(value: SSAValue) -> bool:
    """A result of an op without operands or regions (a constant, an iota)."""
    owner = value.owner
    return isinstance(owner, Operation) and not owner.operands and not owner.regions


def _is_source(value: SSAValue) -> bool:
    """Arguments and constants: clones read them as they are."""
    return isinstance(value, BlockArgument) or _is_constant(value)


def _producer_chain(step: TrainingStep, targets: list[SSAValue],
                    available: set[SSAValue]) -> tuple[list[Operation], list[SSAValue]]:
    """The ops to clone to recompute `targets` from `available` values and sources (program order), and the values
    they read from outside the chain (constants left out)."""
    chain: dict[int, Operation] = {}
    stack = list(targets)
    while stack:
        value = stack.pop()
        owner = value.owner
        if (value in available and value not in targets) or _is_source(value):
            continue
        assert isinstance(owner, Operation)
        if id(owner) in chain:
            continue
        chain[id(owner)] = owner
        stack.extend(external_reads(owner))
    ops = sorted(chain.values(), key=step.position)
    produced = {r for op in ops for r in op.results}
    inputs: dict[SSAValue, None] = {}
    for op in ops:
        for value in external_reads(op):
            if value not in produced and not _is_constant(value):
                inputs.setdefault(value)
    return ops, list(inputs)


def _emit(plan: _Plan, protection: Protection, rewriter: PatternRewriter) -> list[SSAValue]:
    """Insert the plan's protected clones before its first backward reader; the clones of its targets."""
    where = InsertPoint.before(plan.insert_before)
    if protection == Protection.CONDITIONAL:
        index_ops = _index_ops(plan.backward_value)
        branches = [Region(_branch(plan)) for _ in range(2)]
        case = CaseOp.create(operands=[index_ops[-1].results[0]], result_types=[t.type for t in plan.targets],
                             regions=branches)
        rewriter.insert([*index_ops, case], where)
        return list(case.results)
    mapping: dict[SSAValue, SSAValue] = {}
    if protection == Protection.BARRIER and plan.inputs:
        barrier = OptimizationBarrierOp.create(operands=plan.inputs, result_types=[v.type for v in plan.inputs])
        rewriter.insert(barrier, where)
        mapping.update(zip(plan.inputs, barrier.results))
    rewriter.insert([op.clone(mapping) for op in plan.chain], where)
    return [mapping[t] for t in plan.targets]


def _index_ops(value: SSAValue | None) -> list[Operation]:
    """Ops computing an `i32` scalar from the sum of `value`'s elements (a constant 0 behind a barrier without
    one). A sum reads every shard alike whatever the plan shards: each device sums its own and the partial sums
    meet in a scalar all-reduce, where one element of a sharded value is gathered from the device that holds it
    (XLA all-gathers the whole value to slice one element)."""
    scalar_i32 = TensorType(i32, [])
    if value is None:
        zero = ConstantOp.create(properties={"value": DenseIntOrFPElementsAttr.from_list(scalar_i32, [0])},
                                 result_types=[scalar_i32])
        return [zero, OptimizationBarrierOp.create(operands=[zero.results[0]], result_types=[scalar_i32])]
    assert isinstance(value.type, TensorType)
    rank = len(value.type.get_shape())
    ops: list[Operation] = []
    if rank:
        scalar = TensorType(value.type.element_type, [])
        zero = ConstantOp.create(properties={"value": DenseIntOrFPElementsAttr.from_list(scalar, [0])},
                                 result_types=[scalar])
        block = Block(arg_types=[scalar, scalar])
        add = AddOp.create(operands=list(block.args), result_types=[scalar])
        block.add_ops([add, ReturnOp.create(operands=[add.results[0]])])
        total = ReduceOp.create(operands=[value, zero.results[0]], result_types=[scalar],
                                properties={"dimensions": dense_i64(range(rank))}, regions=[Region(block)])
        ops += [zero, total]
        value = total.results[0]
    ops.append(ConvertOp.create(operands=[value], result_types=[scalar_i32]))
    return ops


def _branch(plan: _Plan) -> Block:
    mapping: dict[SSAValue, SSAValue] = {}
    block = Block()
    for op in plan.chain:
        block.add_op(op.clone(mapping))
    block.add_op(ReturnOp.create(operands=[mapping[t] for t in plan.targets]))
    return block
