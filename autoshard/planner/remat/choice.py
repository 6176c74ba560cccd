"""`plan_with_remat`: rematerialization chosen by an outer loop around the planner (`--remat auto`).

When no plan of the program fits the memory budget, each of jax's checkpoint policies that recomputes something
(`dots_saveable`, then `nothing_saveable`) is applied to every repeated layer of the training step, the rewritten
program is planned, and the fastest plan that fits is kept. The choice is one policy for all layers, made outside
the CP-SAT search (the search shards each rewritten program as it is); a program with a plan that fits is planned
as it is, so its plan does not change.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from autoshard.errors import InfeasibleError
from autoshard.ir.entry import entry_function
from autoshard.planner.explain_infeasible import CHECKPOINT_REMEDY, budget_remedies, remedies_text
from autoshard.planner.plan import Plan
from autoshard.planner.plan_graph import PlanNode
from autoshard.planner.program import tensor_info
from autoshard.planner.remat.policies import CheckpointPolicy, policy_groups
from autoshard.planner.remat.recompute import Protection, RecomputeGroup, recompute
from autoshard.planner.remat.training_step import TrainingStep, split_training_step
from autoshard.rules.attrs import nested_in
from autoshard.sharding.hardware_profiles import element_bytes
from autoshard.units import fmt_bytes, fmt_time

#: the policies tried, cheapest recomputation first
POLICIES = (CheckpointPolicy.DOTS_SAVEABLE, CheckpointPolicy.NOTHING_SAVEABLE)


class RematMode(str, Enum):
    """`off`: plan the program as it is; `auto`: recompute layers when no plan fits the budget."""

    OFF = "off"
    AUTO = "auto"


@dataclass(frozen=True)
class RecomputedLayer:
    """One repeated layer's recomputation: how many values and their bytes (global shapes) no longer kept from the
    forward pass to the backward pass."""

    values: int
    bytes_saved: int


@dataclass(frozen=True)
class PolicyOutcome:
    """What planning the program recomputed under one policy gave: the plan's step time, or why there was none."""

    policy: CheckpointPolicy
    step_time_s: float | None
    why_not: str | None = None
    #: with no plan for lack of memory, the per-device memory a plan needs: a proven least, or (not
    #: `needed_proven`) the best plan found
    needed_bytes: float | None = None
    needed_proven: bool = False

    def text(self) -> str:
        """`dots_saveable: step 12.3 ms` or `nothing_saveable: no plan (...)`."""
        outcome = f"step {fmt_time(self.step_time_s)}" if self.step_time_s is not None else f"no plan ({self.why_not})"
        return f"{self.policy.value}: {outcome}"


@dataclass(frozen=True)
class RematChoice:
    """The policy a plan recomputes its layers under, per layer what it recomputes, and the modeled compute the
    recomputation adds per step (the clones' kernels under the plan's shardings, once per conditional); why it
    recomputes (`reason`: what planning the program as written said) and every policy tried (`tried`, in
    `POLICIES` order; the chosen one is the fastest with a plan)."""

    policy: CheckpointPolicy
    layers: tuple[RecomputedLayer, ...]
    compute_added_s: float
    reason: str = ""
    tried: tuple[PolicyOutcome, ...] = ()

    def lines(self) -> list[str]:
        """The summary's lines: the policy and each layer's bytes saved."""
        out = [f"{self.policy.value} on {len(self.layers)} layers, compute added {fmt_time(self.compute_added_s)}"]
        out += [f"layer {i}: {layer.values} values recomputed, {fmt_bytes(layer.bytes_saved)} saved (global)"
                for i, layer in enumerate(self.layers)]
        return out

    def why(self) -> list[str]:
        """Why the plan recomputes and why under its policy: the program as written has no plan, and the policies
        tried with what each gave."""
        out = [f"the program as written has no plan: {self.reason}"] if self.reason else []
        out += [f"tried {outcome.text()}{'  <- chosen, the fastest plan' if outcome.policy == self.policy else ''}"
                for outcome in self.tried]
        return out

    def to_json(self) -> dict:
        """The `--report` entry: the policy, the compute added per step, per layer the values and bytes, why, and
        the policies tried."""
        return {"policy": self.policy.value, "compute_added_s": self.compute_added_s,
                "layers": [{"values": layer.values, "bytes_saved": layer.bytes_saved} for layer in self.layers],
                "reason": self.reason,
                "tried": [{"policy": o.policy.value, "step_time_s": o.step_time_s, "why_not": o.why_not}
                          for o in self.tried]}


def plan_with_remat(module: ModuleOp, plan_module: Callable[[ModuleOp], Plan], mode: RematMode | str,
                    function: str | None = None) -> Plan:
    """`plan_module(module)`, or under `RematMode.AUTO` when it finds no plan, the fastest plan of `module` with
    its layers recomputed under one of `POLICIES` (its `recomputed` says which). The first `InfeasibleError` is
    raised again when no policy gives a plan or the program is not a training step. `module` is not changed."""
    mode = RematMode(mode)
    original = module.clone() if mode == RematMode.AUTO else module
    try:
        return plan_module(module)
    except InfeasibleError as failure:
        if mode == RematMode.OFF:
            raise
        tried: list[PolicyOutcome] = []
        best = _best_recomputed_plan(original, plan_module, function, failure.message, tried)
        if best is None:
            raise _nothing_fits(failure, tried) from None
        return best


def _nothing_fits(failure: InfeasibleError, tried: Sequence[PolicyOutcome]) -> InfeasibleError:
    """`failure` (the program as written has no plan), saying that recomputing did not help either: what each
    policy's plan needs, and the remedies left (checkpointing is what `--remat auto` tried)."""
    needs = [o for o in tried if o.needed_bytes is not None]
    if failure.needed_bytes is None or failure.budget_bytes is None or not needs:
        return failure
    least = min([failure.needed_bytes, *(o.needed_bytes for o in needs)])
    remedies = (*budget_remedies(least, failure.budget_bytes),
                *(r for r in failure.remedies[2:] if r != CHECKPOINT_REMEDY))
    written = failure.message.split("; ")[0]
    recomputed = ", ".join(f"under {o.policy.value} {'at least ' if o.needed_proven else 'its best plan '}"
                           f"{fmt_bytes(o.needed_bytes)}" for o in needs)
    return InfeasibleError(f"{written}; with every layer recomputed (--remat auto) no plan fits either "
                           f"({recomputed}); {remedies_text(remedies)}", needed_bytes=least,
                           budget_bytes=failure.budget_bytes, remedies=remedies)


def _best_recomputed_plan(original: ModuleOp, plan_module: Callable[[ModuleOp], Plan],
                          function: str | None, reason: str, tried: list[PolicyOutcome]) -> Plan | None:
    """The fastest plan of `original` recomputed under one of `POLICIES` (`reason`: why the program as written has
    none), its `recomputed` naming every policy tried (appended to `tried`); None when none gives a plan."""
    best: Plan | None = None
    for policy in POLICIES:
        module = original.clone()
        loss = _loss_result(module, function)
        if loss is None:
            return None
        step = split_training_step(module, loss, function)
        groups = policy_groups(step, policy)
        if not groups:
            tried.append(PolicyOutcome(policy, None, "recomputes nothing in this program"))
            continue
        layers = tuple(_recomputed_layer(step, g) for g in groups)
        recompute(module, groups, Protection.CONDITIONAL, loss)
        try:
            candidate = plan_module(module)
        except InfeasibleError as e:
            tried.append(PolicyOutcome(policy, None, e.message, e.needed_bytes, e.needed_proven))
            continue
        tried.append(PolicyOutcome(policy, candidate.cost.step_time_s))
        candidate.recomputed = RematChoice(policy, layers, _compute_added_s(candidate), reason)
        if best is None or candidate.cost.step_time_s < best.cost.step_time_s:
            best = candidate
    if best is not None:
        best.recomputed = dataclasses.replace(best.recomputed, tried=tuple(tried))
    return best


def _loss_result(module: ModuleOp, function: str | None) -> int | None:
    """The index of the entry function's first scalar float result (a training step's loss), if any."""
    returned = entry_function(module, function).body.blocks[0].last_op
    for i, value in enumerate(() if returned is None else returned.operands):
        info = tensor_info(value)
        if info is not None and not info.shape and info.dtype.startswith(("f", "bf")):
            return i
    return None


def _recomputed_layer(step: TrainingStep, group: RecomputeGroup) -> RecomputedLayer:
    infos = [tensor_info(step.ops[position].results[index]) for position, index in group.values]
    saved = sum(int(np.prod(i.shape, dtype=np.int64)) * element_bytes(i.dtype) for i in infos if i is not None)
    return RecomputedLayer(len(group.values), saved)


def is_recomputed_clone(node: PlanNode) -> bool:
    """Whether `node` is one of the recomputation's clones: an op inside a conditional (`Protection.CONDITIONAL`)."""
    return isinstance(node.ir, Operation) and nested_in(node.ir, "stablehlo.case")


def _compute_added_s(plan: Plan) -> float:
    """The modeled compute of the recomputation's clones (duplicate branches are walked at weight 0)."""
    return sum(plan.chosen(node.index).compute_s * node.multiplier
               for node in plan.graph.nodes if is_recomputed_clone(node))
