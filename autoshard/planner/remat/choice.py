"""`plan_with_remat`: rematerialization chosen by an outer loop around the planner (`--remat auto`).

When no plan of the program fits the memory budget, each repeated layer of the training step is kept or
recomputed under one of jax's checkpoint policies, and the fastest plan that fits is kept. Every layer under each
policy that recomputes something (`dots_saveable`, then `nothing_saveable`) is planned first; from those plans
each policy's memory freed and compute added per layer are estimated, and a few assignments of policies to layers
(the first layers recomputed the most, the rest kept: `layer_assignment`), cheapest estimated compute first, are
planned by bisection for the cheapest that fits. The choice is made outside the CP-SAT search (the search shards
each rewritten program as it is); a program with a plan that fits is planned as it is, so its plan does not
change.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from autoshard.errors import InfeasibleError
from autoshard.ir.entry import entry_function
from autoshard.planner.explain_infeasible import CHECKPOINT_REMEDY, REMAT_REMEDY, budget_remedies, remedies_text
from autoshard.planner.plan import Plan
from autoshard.planner.plan_graph import PlanNode
from autoshard.planner.program import tensor_info
from autoshard.planner.remat.layer_assignment import (LayerAssignment, PolicyEstimate, assignment_text,
                                                      cheapest_first)
from autoshard.planner.remat.merged_checkpoint import has_barriers, merge_recomputation
from autoshard.planner.remat.policies import CheckpointPolicy, block_group
from autoshard.planner.remat.recompute import RecomputeGroup, recompute_in_cases
from autoshard.planner.remat.repeated_blocks import RepeatedBlock, find_repeated_blocks
from autoshard.planner.remat.residuals import Residual, find_residuals
from autoshard.planner.remat.training_step import TrainingStep, split_training_step
from autoshard.rules.attrs import ancestors, nested_in, op_name
from autoshard.sharding.hardware_profiles import element_bytes
from autoshard.units import fmt_bytes, fmt_time

_DOT = "stablehlo.dot_general"
#: the policies tried on every layer, cheapest recomputation first
POLICIES = (CheckpointPolicy.DOTS_SAVEABLE, CheckpointPolicy.NOTHING_SAVEABLE)
#: the most plans of per-layer assignments tried after the all-layer ones
MAX_PROBES = 4


class RematMode(str, Enum):
    """`off`: plan the program as it is; `auto`: recompute layers when no plan fits the budget."""

    OFF = "off"
    AUTO = "auto"


@dataclass(frozen=True)
class RecomputedLayer:
    """One repeated layer's policy, and how many values and their bytes (global shapes) it no longer keeps from
    the forward pass to the backward pass (none for a kept layer, `EVERYTHING_SAVEABLE`)."""

    policy: CheckpointPolicy
    values: int
    bytes_saved: int

    @property
    def kept(self) -> bool:
        return self.policy == CheckpointPolicy.EVERYTHING_SAVEABLE


@dataclass(frozen=True)
class AssignmentOutcome:
    """What planning the program with its layers recomputed under `policies` (one per layer) gave: the plan's step
    time, or why there was none."""

    policies: tuple[CheckpointPolicy, ...]
    step_time_s: float | None
    why_not: str | None = None
    #: with no plan for lack of memory, the per-device memory a plan needs: a proven least, or (not
    #: `needed_proven`) the best plan found
    needed_bytes: float | None = None
    needed_proven: bool = False
    #: with a plan, its peak memory per device
    peak_bytes: float | None = None

    def text(self) -> str:
        """`dots_saveable on every layer: step 12.3 ms` or `nothing_saveable on layer 0, 2 kept: no plan (...)`."""
        outcome = f"step {fmt_time(self.step_time_s)}" if self.step_time_s is not None else f"no plan ({self.why_not})"
        return f"{assignment_text(self.policies)}: {outcome}"


@dataclass(frozen=True)
class RematChoice:
    """Every repeated layer's policy and what it recomputes (program order), and the modeled compute the
    recomputation adds per step (the clones' kernels under the plan's shardings, once per conditional); why it
    recomputes (`reason`: what planning the program as written said) and every assignment tried (`tried`: the
    all-layer policies in `POLICIES` order, then the per-layer search's; the chosen one is the fastest with a
    plan)."""

    layers: tuple[RecomputedLayer, ...]
    compute_added_s: float
    reason: str = ""
    tried: tuple[AssignmentOutcome, ...] = ()
    #: per `stablehlo.case` holding clones (by `id`), the layer whose values they recompute
    case_layers: dict[int, int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def policies(self) -> tuple[CheckpointPolicy, ...]:
        return tuple(layer.policy for layer in self.layers)

    def layer_of(self, node: PlanNode) -> int | None:
        """The layer a recomputed clone belongs to; None for other nodes."""
        if not is_recomputed_clone(node):
            return None
        return next((self.case_layers[id(op)] for op in ancestors(node.ir) if id(op) in self.case_layers), None)

    def lines(self) -> list[str]:
        """The summary's lines: the assignment, then each recomputed layer's policy and bytes saved."""
        recomputed = sum(not layer.kept for layer in self.layers)
        out = [f"{assignment_text(self.policies)} ({recomputed} of {len(self.layers)} layers recomputed), "
               f"compute added {fmt_time(self.compute_added_s)}"]
        out += [f"layer {i}: {layer.policy.value}, {layer.values} values recomputed, {fmt_bytes(layer.bytes_saved)} "
                f"saved (global)" for i, layer in enumerate(self.layers) if not layer.kept]
        return out

    def why(self) -> list[str]:
        """Why the plan recomputes and why these layers: the program as written has no plan, and the assignments
        tried with what each gave."""
        out = [f"the program as written has no plan: {self.reason}"] if self.reason else []
        out += [f"tried {outcome.text()}{'  <- chosen, the fastest plan' if outcome.policies == self.policies else ''}"
                for outcome in self.tried]
        return out

    def to_json(self) -> dict:
        """The `--report` entry: the compute added per step, per layer the policy, values and bytes, why, and the
        assignments tried."""
        return {"compute_added_s": self.compute_added_s,
                "layers": [{"policy": layer.policy.value, "values": layer.values, "bytes_saved": layer.bytes_saved}
                           for layer in self.layers],
                "reason": self.reason,
                "tried": [{"policies": [p.value for p in o.policies], "step_time_s": o.step_time_s,
                           "why_not": o.why_not} for o in self.tried]}


def plan_with_remat(module: ModuleOp, plan_module: Callable[[ModuleOp], Plan], mode: RematMode | str,
                    function: str | None = None, merges_recomputation: bool = False) -> Plan:
    """`plan_module(module)`, or under `RematMode.AUTO` when it finds no plan, the fastest plan of `module` with
    its layers recomputed, each under its own policy (`_RematSearch`; its `recomputed` says which). The first
    `InfeasibleError` is raised again when no assignment gives a plan or the program is not a training step.
    `module` is not changed. On a backend that `merges_recomputation`, a program with `jax.checkpoint` is searched
    as the backend compiles it, its recomputation merged (`merge_recomputation`: what its checkpoints recompute is
    then searched again, in conditionals the backend keeps)."""
    mode = RematMode(mode)
    original = module.clone() if mode == RematMode.AUTO else module
    try:
        return plan_module(module)
    except InfeasibleError as failure:
        if mode == RematMode.OFF:
            raise
        if merges_recomputation and has_barriers(original, function):
            merge_recomputation(original, function)
        search = _RematSearch.of(original, plan_module, function, failure)
        best = search.best_plan() if search is not None else None
        if best is None:
            raise _nothing_fits(failure, search.tried if search is not None else []) from None
        return best


def _nothing_fits(failure: InfeasibleError, tried: Sequence[AssignmentOutcome]) -> InfeasibleError:
    """`failure` (the program as written has no plan), saying that recomputing did not help either: what each
    assignment's plan needs, and the remedies left (checkpointing and `--remat auto` are what it tried)."""
    needs = [o for o in tried if o.needed_bytes is not None]
    written = failure.message.split("; ")[0]
    if failure.needed_bytes is None or failure.budget_bytes is None or not needs:
        if REMAT_REMEDY not in failure.remedies:
            return failure
        remedies = tuple(r for r in failure.remedies if r != REMAT_REMEDY)
        return InfeasibleError(f"{written}; {remedies_text(remedies)}", needed_bytes=failure.needed_bytes,
                               budget_bytes=failure.budget_bytes, remedies=remedies,
                               needed_proven=failure.needed_proven)
    least = min([failure.needed_bytes, *(o.needed_bytes for o in needs)])
    remedies = (*budget_remedies(least, failure.budget_bytes),
                *(r for r in failure.remedies[2:] if r not in (CHECKPOINT_REMEDY, REMAT_REMEDY)))
    recomputed = ", ".join(f"under {assignment_text(o.policies)} {'at least ' if o.needed_proven else 'its best plan '}"
                           f"{fmt_bytes(o.needed_bytes)}" for o in needs)
    return InfeasibleError(f"{written}; with layers recomputed (--remat auto) no plan fits either "
                           f"({recomputed}); {remedies_text(remedies)}", needed_bytes=least,
                           budget_bytes=failure.budget_bytes, remedies=remedies)


@dataclass
class _RematSearch:
    """The search for the cheapest per-layer assignment that fits (module docstring of `layer_assignment`): every
    layer under each of `POLICIES`, then at most `MAX_PROBES` assignments along `cheapest_first`, starting from
    the first estimated to free what the program as written lacks and bisecting between the last that had no plan
    and the first that had one."""

    original: ModuleOp
    plan_module: Callable[[ModuleOp], Plan]
    function: str | None
    failure: InfeasibleError
    loss: int
    step: TrainingStep
    blocks: tuple[RepeatedBlock, ...]
    residuals: tuple[Residual, ...]
    tried: list[AssignmentOutcome] = field(default_factory=list)
    plans: dict[tuple[CheckpointPolicy, ...], Plan] = field(default_factory=dict)

    @classmethod
    def of(cls, original: ModuleOp, plan_module: Callable[[ModuleOp], Plan], function: str | None,
           failure: InfeasibleError) -> _RematSearch | None:
        """The search over `original`'s layers; None when it is not a training step with repeated layers."""
        analysed = original.clone()
        loss = _loss_result(analysed, function)
        if loss is None:
            return None
        step = split_training_step(analysed, loss, function)
        blocks = find_repeated_blocks(step)
        if not blocks:
            return None
        return cls(original, plan_module, function, failure, loss, step, blocks, tuple(find_residuals(step)))

    def best_plan(self) -> Plan | None:
        """The fastest plan that fits among the assignments tried, its `recomputed` naming them all; None when
        none gives a plan."""
        outcomes = {p: self._try(tuple([p] * len(self.blocks))) for p in POLICIES}
        order = cheapest_first(len(self.blocks), self._estimates(outcomes))
        self._bisect(order)
        if not self.plans:
            return None
        best = min(self.plans.values(), key=lambda plan: plan.cost.step_time_s)
        best.recomputed = dataclasses.replace(best.recomputed, tried=tuple(self.tried))
        return best

    def _estimates(self, outcomes: dict[CheckpointPolicy, AssignmentOutcome]) -> list[PolicyEstimate]:
        """Per policy, the bytes a layer frees (what the program as written needs less what every layer under the
        policy needs, per layer; the budget where a plan that does not fit gives no figure) and the compute it adds
        (the all-layer plan's clones per layer; for `DOTS_SAVEABLE` without a plan, the `NOTHING_SAVEABLE` plan's
        clones other than dots)."""
        needed = self.failure.needed_bytes
        if needed is None:
            return []
        layers = len(self.blocks)
        out = []
        for policy, outcome in outcomes.items():
            used = next((b for b in (outcome.peak_bytes, outcome.needed_bytes, self.failure.budget_bytes)
                         if b is not None), None)
            plan = self.plans.get(outcome.policies)
            if plan is None and policy == CheckpointPolicy.DOTS_SAVEABLE:
                nothing = self.plans.get(tuple([CheckpointPolicy.NOTHING_SAVEABLE] * layers))
                compute = None if nothing is None else _compute_added_s(nothing, lambda n: op_name(n.ir) != _DOT)
            else:
                compute = None if plan is None else plan.recomputed.compute_added_s
            if used is not None and used < needed and compute is not None:
                out.append(PolicyEstimate(policy, (needed - used) / layers, compute / layers))
        return out

    def _bisect(self, order: list[LayerAssignment]) -> None:
        """Plan up to `MAX_PROBES` assignments of `order` (see the class docstring)."""
        known = {o.policies: o.step_time_s is not None for o in self.tried}
        hi = next((i for i, a in enumerate(order) if known.get(a.policies)), len(order))
        lo = max((i for i, a in enumerate(order[:hi]) if known.get(a.policies) is False), default=-1)
        lacking = (self.failure.needed_bytes or 0) - (self.failure.budget_bytes or 0)
        probe = next((i for i in range(lo + 1, hi) if order[i].bytes_freed >= lacking), None)
        for _ in range(MAX_PROBES):
            if hi - lo <= 1:
                return
            i = probe if probe is not None else (lo + hi) // 2
            probe = None
            if self._try(order[i].policies).step_time_s is not None:
                hi = i
            else:
                lo = i

    def _try(self, policies: tuple[CheckpointPolicy, ...]) -> AssignmentOutcome:
        """Plan the program with each layer recomputed under its policy (a layer with nothing to recompute under
        its policy is kept), record the outcome and any plan."""
        groups = [block_group(self.step, block, policy, self.residuals) for block, policy in zip(self.blocks, policies)]
        policies = tuple(p if g is not None else CheckpointPolicy.EVERYTHING_SAVEABLE for p, g in zip(policies, groups))
        earlier = next((o for o in self.tried if o.policies == policies), None)
        if earlier is not None:
            return earlier
        recomputed = [(i, g) for i, g in enumerate(groups) if g is not None]
        if not recomputed:
            outcome = AssignmentOutcome(policies, None, "recomputes nothing in this program")
            self.tried.append(outcome)
            return outcome
        module = self.original.clone()
        cases = recompute_in_cases(module, [g for _, g in recomputed], self.loss, self.function)
        try:
            plan = self.plan_module(module)
        except InfeasibleError as e:
            outcome = AssignmentOutcome(policies, None, e.message, e.needed_bytes, e.needed_proven)
            self.tried.append(outcome)
            return outcome
        layers = [RecomputedLayer(CheckpointPolicy.EVERYTHING_SAVEABLE, 0, 0)] * len(self.blocks)
        for (i, group), policy in ((r, policies[r[0]]) for r in recomputed):
            layers[i] = _recomputed_layer(self.step, group, policy)
        plan.recomputed = RematChoice(tuple(layers), _compute_added_s(plan), self.failure.message,
                                      case_layers={id(case): i for (i, _), case in zip(recomputed, cases)})
        self.plans[policies] = plan
        outcome = AssignmentOutcome(policies, plan.cost.step_time_s, peak_bytes=plan.cost.peak_memory_bytes)
        self.tried.append(outcome)
        return outcome


def _loss_result(module: ModuleOp, function: str | None) -> int | None:
    """The index of the entry function's first scalar float result (a training step's loss), if any."""
    returned = entry_function(module, function).body.blocks[0].last_op
    for i, value in enumerate(() if returned is None else returned.operands):
        info = tensor_info(value)
        if info is not None and not info.shape and info.dtype.startswith(("f", "bf")):
            return i
    return None


def _recomputed_layer(step: TrainingStep, group: RecomputeGroup, policy: CheckpointPolicy) -> RecomputedLayer:
    infos = [tensor_info(step.ops[position].results[index]) for position, index in group.values]
    saved = sum(int(np.prod(i.shape, dtype=np.int64)) * element_bytes(i.dtype) for i in infos if i is not None)
    return RecomputedLayer(policy, len(group.values), saved)


def is_recomputed_clone(node: PlanNode) -> bool:
    """Whether `node` is one of the recomputation's clones: an op inside a conditional (`Protection.CONDITIONAL`)."""
    return isinstance(node.ir, Operation) and nested_in(node.ir, "stablehlo.case")


def _compute_added_s(plan: Plan, counted: Callable[[PlanNode], bool] = lambda node: True) -> float:
    """The modeled compute of the recomputation's clones (duplicate branches are walked at weight 0); `counted`
    picks which clones."""
    return sum(plan.chosen(node.index).compute_s * node.multiplier
               for node in plan.graph.nodes if is_recomputed_clone(node) and counted(node))
