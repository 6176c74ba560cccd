"""`autoshard explain PLANNED.mlir --mesh ...`: why each value got its sharding.

For every node of the plan (an op, a function argument, a constant, a loop-carried group): its chosen sharding,
the factor rule that produced it and which mesh axes went to which factor, the cost it pays (compute on local
shapes, in-op all-reduce/reduce-scatter, reshards on its incident edges), what it avoids against the replicated
choice, and what the next best strategy would cost with every other node kept as planned. Prices come from the
planner's own `PlanCostModel` and `EdgeCostTable`, so the numbers are the objective's terms.

The module is planned first (shardings already on its arguments/results and constraints are kept as hard user
constraints, so a planned module explains its own plan). Memory is not rechecked for the alternatives. With
`--remat auto`, as `autoshard plan --remat auto`, a plan that recomputes layers says why (the program as written has
no plan under the budget, and what each assignment of checkpoint policies to layers tried gave) and marks each
recomputed op with its layer and policy.
"""

from __future__ import annotations

import argparse
import io
import math
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from xdsl.printer import Printer

from autoshard.errors import UserError
from autoshard.planner.api import plan
from autoshard.planner.plan import Plan
from autoshard.planner.plan_graph import NodeKind, NodeStrategy, PlanNode
from autoshard.planner.pricing import PlanCostModel
from autoshard.rules import factor_symbol
from autoshard.fileio import read_text
from autoshard.units import fmt_time, parse_bytes

NAME = "explain"
HELP = "for a planned module: per value, the sharding, the factor rule behind it, what it costs and avoids, the next best choice"


@dataclass(frozen=True)
class LocalCost:
    """A strategy's share of the objective: its own terms plus the reshards on its incident edges."""

    compute_s: float
    collectives_s: dict[str, float]
    reshard_s: dict[str, float]

    @property
    def total_s(self) -> float:
        return self.compute_s + sum(self.collectives_s.values()) + sum(self.reshard_s.values())


@dataclass(frozen=True)
class NodeExplanation:
    """Why node `index` of the plan graph has its strategy."""

    index: int
    name: str
    label: str
    kind: NodeKind
    chosen: NodeStrategy
    cost: LocalCost
    rule_text: str | None
    factor_axes: tuple[tuple[str, tuple[str, ...]], ...]
    replicated_cost: LocalCost | None
    alternative: NodeStrategy | None
    alternative_cost: LocalCost | None
    num_allowed: int
    reshard_peers: tuple[str, ...] = field(default_factory=tuple)
    #: why the op is computed again (a clone in the plan's recomputation), or None
    recomputed: str | None = None


class PlanExplainer:
    """Re-prices one node's strategies with every other node fixed to the plan (`Plan.graph`, `Plan.assignment`)."""

    def __init__(self, result: Plan):
        self.plan = result
        self.model = PlanCostModel(result.config)
        self.edges = self.model.edge_cost_table()
        self.incident: dict[int, list] = defaultdict(list)
        for e in result.graph.edges:
            self.incident[e.producer].append(e)
            self.incident[e.consumer].append(e)
        self.names = _value_names(result)

    def local_cost(self, node: PlanNode, choice: int) -> LocalCost:
        g, a = self.plan.graph, self.plan.assignment
        s = node.strategies[choice]
        collectives: dict[str, float] = {}
        if s.collective_s:
            kind = s.settle.kind if s.settle is not None else "penalty"
            collectives[kind] = s.collective_s * node.multiplier
        reshards: dict[str, float] = defaultdict(float)
        for e in self.incident[node.index]:
            p_choice = choice if e.producer == node.index else a[e.producer]
            c_choice = choice if e.consumer == node.index else a[e.consumer]
            src = g.nodes[e.producer].strategies[p_choice].outputs[e.out_port]
            dst = g.nodes[e.consumer].strategies[c_choice].inputs[e.in_port]
            if src == dst:
                continue
            info = g.nodes[e.producer].outputs[e.out_port]
            weight = g.edge_weight(e)
            fused_slice = self.edges.fused_slice(g, e)
            if self.edges.price(src, dst, info, fused_slice) == 0:
                continue
            for kind, seconds in self.model.reshard_kinds(src, dst, info, fused_slice).items():
                reshards[kind] += seconds * weight
        return LocalCost(s.compute_s * node.multiplier, collectives, dict(reshards))

    def explain(self, node: PlanNode) -> NodeExplanation:
        chosen_index = self.plan.assignment[node.index]
        chosen = node.strategies[chosen_index]
        allowed = node.allowed if node.allowed is not None else list(range(len(node.strategies)))
        cost = self.local_cost(node, chosen_index)
        replicated = next((i for i in allowed if _is_replicated(node.strategies[i])), None)
        replicated_cost = None if replicated is None or replicated == chosen_index else self.local_cost(node, replicated)
        best, best_cost = None, None
        for i in allowed:
            if i == chosen_index or node.strategies[i] == chosen:
                continue
            c = self.local_cost(node, i)
            if best_cost is None or c.total_s < best_cost.total_s:
                best, best_cost = i, c
        rule = node.rule
        factor_axes: tuple = ()
        if rule is not None and chosen.factor_strategy is not None:
            factor_axes = tuple(
                (factor_symbol(f), tuple(str(ax) for ax in axes))
                for f, axes in enumerate(chosen.factor_strategy.factor_axes)
            )
        peers = []
        for e in self.incident[node.index]:
            other = e.consumer if e.producer == node.index else e.producer
            peers.append(self.names.get(other, self.plan.graph.nodes[other].label))
        return NodeExplanation(
            index=node.index, name=self.names.get(node.index, node.label), label=node.label, kind=node.kind,
            chosen=chosen, cost=cost, rule_text=rule.body_text() if rule is not None and hasattr(rule, "body_text") else None,
            factor_axes=factor_axes, replicated_cost=replicated_cost,
            alternative=None if best is None else node.strategies[best], alternative_cost=best_cost,
            num_allowed=len(allowed), reshard_peers=tuple(dict.fromkeys(peers)),
            recomputed=self._recomputed(node),
        )

    def _recomputed(self, node: PlanNode) -> str | None:
        """For a clone of the plan's recomputation (an op inside its conditionals), why it is there."""
        choice = self.plan.recomputed
        layer = None if choice is None else choice.layer_of(node)
        if layer is None:
            return None
        return (f"a clone computed again under {choice.layers[layer].policy.value} (layer {layer}) just before its "
                f"backward readers: the forward value it stands for dies in the forward pass (why: see "
                f"'recomputation' above)")


def _is_replicated(s: NodeStrategy) -> bool:
    return all(t.is_fully_replicated() for t in (*s.inputs, *s.outputs))


def _value_names(result: Plan) -> dict[int, str]:
    """The SSA name each node defines, as the planned module prints it (`%arg0`, `%3`, `%5#1`)."""
    printer = Printer(stream=io.StringIO())
    printer.print_op(result.func)
    names_by_value = getattr(printer, "_ssa_values", {})
    out: dict[int, str] = {}
    args = result.func.body.blocks[0].args
    for node in result.graph.nodes:
        ir = node.ir
        if node.kind == NodeKind.ARGUMENT and isinstance(ir, tuple):
            out[node.index] = f"%{names_by_value.get(args[ir[1]], f'arg{ir[1]}')}"
        elif node.kind in (NodeKind.OP, NodeKind.CONSTANT) and hasattr(ir, "results") and ir.results:
            first = names_by_value.get(ir.results[0])
            if first is not None:
                out[node.index] = f"%{first}" if len(ir.results) == 1 else f"%{first.split('#')[0]}:{len(ir.results)}"
    return out


def _fmt_parts(cost: LocalCost) -> str:
    parts = [f"compute {fmt_time(cost.compute_s)}"]
    parts += [f"{k} {fmt_time(v)} (in op)" for k, v in sorted(cost.collectives_s.items()) if v]
    parts += [f"{k} {fmt_time(v)} (reshard)" for k, v in sorted(cost.reshard_s.items()) if v]
    return ", ".join(parts)


def _shardings(s: NodeStrategy) -> str:
    outs = ", ".join(str(t) for t in s.outputs)
    return outs or "(" + ", ".join(str(t) for t in s.inputs) + ")"


def format_explanation(x: NodeExplanation) -> str:
    """Human-readable lines for one node."""
    lines = [f"{x.name} = {x.label}" if x.name != x.label else f"{x.label}",]
    lines[0] += f"  [{x.kind}, node {x.index}, {x.num_allowed} allowed strategies]"
    if x.recomputed:
        lines.append(f"  recomputed {x.recomputed}")
    lines.append(f"  sharding   {_shardings(x.chosen)}")
    if x.kind == NodeKind.OP and x.chosen.inputs:
        lines.append(f"  operands   {', '.join(str(t) for t in x.chosen.inputs)}")
    if x.rule_text:
        lines.append(f"  rule       {x.rule_text}")
        sharded = [f"{f}={{{', '.join(axes)}}}" for f, axes in x.factor_axes if axes]
        lines.append(f"  factors    {' '.join(sharded) if sharded else 'none sharded (replicated)'}")
    lines.append(f"  pays       {fmt_time(x.cost.total_s)}: {_fmt_parts(x.cost)}")
    if x.replicated_cost is not None:
        saved = x.replicated_cost.total_s - x.cost.total_s
        verb = "avoids" if saved >= 0 else "costs"
        lines.append(f"  {verb:<10} {fmt_time(abs(saved))} against replicated ({fmt_time(x.replicated_cost.total_s)}: "
                     f"{_fmt_parts(x.replicated_cost)})")
    elif _is_replicated(x.chosen):
        lines.append("  avoids     nothing: the node is replicated")
    if x.alternative is None:
        why = "a sharding in the module (or an option) fixes this node" if x.num_allowed == 1 else "every allowed strategy gives this sharding"
        lines.append(f"  next best  none: {why}")
    else:
        alt = x.alternative_cost
        delta = alt.total_s - x.cost.total_s
        rel = f", {alt.total_s / x.cost.total_s:.2f}x" if x.cost.total_s > 1e-12 else ""
        lines.append(f"  next best  {_shardings(x.alternative)} would cost {fmt_time(alt.total_s)} "
                     f"({'+' if delta >= 0 else '-'}{fmt_time(abs(delta))}{rel}): {_fmt_parts(alt)}")
    return "\n".join(lines)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", help="planned module (or an unplanned one: it is planned first)")
    p.add_argument("--mesh", help="mesh axes, e.g. data=2,model=4 (default: the config's mesh)")
    p.add_argument("--config", help="hardware profile name or YAML file (default: h100-cluster for --mesh)")
    p.add_argument("--value", action="append", default=[],
                   help="explain only this value (SSA name like %%3 or %%arg0, or an op name like dot_general); repeatable")
    p.add_argument("--top", type=int, default=10, help="explain the N nodes with the largest cost (default 10; 0: all)")
    p.add_argument("--memory-budget", help="per-device memory limit, e.g. 16GiB")
    p.add_argument("--time-limit", type=float, default=30.0, help="solver time limit in seconds (default 30)")
    p.add_argument("--seed", type=int, default=0, help="solver random seed")
    p.add_argument("--function", help="function to explain (default @main)")
    p.add_argument("--remat", choices=("off", "auto"), default="off",
                   help="as `autoshard plan --remat`: auto recomputes layers when no plan fits the budget, and the "
                        "explanation says why (default off)")


def _stakes(x: NodeExplanation) -> float:
    """How much rides on the node's choice: what it pays plus what it avoids against replicated."""
    avoided = x.replicated_cost.total_s - x.cost.total_s if x.replicated_cost is not None else 0.0
    return x.cost.total_s + max(avoided, 0.0)


def _matches(x: NodeExplanation, wanted: list[str]) -> bool:
    for w in wanted:
        w2 = w if w.startswith("%") else f"%{w}"
        if x.name == w2 or x.name.split(":")[0] == w2 or x.label == w or x.label.split(".", 1)[-1] == w:
            return True
    return False


def run(args: argparse.Namespace) -> int:
    if not args.mesh and not args.config:
        raise UserError("give --mesh (e.g. --mesh data=2,model=4) or --config FILE.yaml")
    if args.top < 0:
        raise UserError(f"--top must be 0 or more, got {args.top}")
    text = read_text(args.input)
    result = plan(text if "{" in text else Path(args.input), mesh=args.mesh, config=args.config,
                  memory_budget=parse_bytes(args.memory_budget) if args.memory_budget else None,
                  time_limit=args.time_limit, seed=args.seed, function=args.function, remat=args.remat)
    explainer = PlanExplainer(result)
    explained = [explainer.explain(n) for n in result.graph.nodes if n.kind != NodeKind.RESULT and n.strategies]
    if args.value:
        chosen = [x for x in explained if _matches(x, args.value)]
        if not chosen:
            raise UserError(f"no value named {', '.join(args.value)} in the plan; names look like %arg0, %3 or dot_general")
    else:
        chosen = sorted(explained, key=_stakes, reverse=True)
        if args.top:
            chosen = chosen[: args.top]
    out = sys.stdout
    c = result.cost
    out.write(f"plan on {result.mesh}: step time {fmt_time(c.step_time_s)} (compute {fmt_time(c.compute_s)}, "
              f"communication {fmt_time(c.communication_s)}), solver {result.solver.status}\n\n")
    if result.recomputed is not None:
        out.write(f"recomputation: {result.recomputed.lines()[0]}\n")
        for line in (*result.recomputed.why(), *result.recomputed.lines()[1:]):
            out.write(f"  {line}\n")
        out.write("\n")
    for x in chosen:
        out.write(format_explanation(x) + "\n\n")
    if not math.isfinite(c.step_time_s):
        return 1
    return 0
