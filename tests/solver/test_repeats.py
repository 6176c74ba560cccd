"""Repeated layers: found in a layered graph, the folded problem's dual lifted onto the whole graph never exceeds
the optimum (and on a long run of layers nearly reaches the whole graph's own bound), and the folded problem's plan
costs in the whole graph exactly what the folded problem says."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_graphs import brute_force

from autoshard.solver.dual_bound import Diffusion, as_bound, reparametrized_sum
from autoshard.solver.repeated_blocks import CANDIDATE_PERIODS, _likely_periods, find_repeated_blocks, fold
from autoshard.solver.solve import OPTIMAL, SolverConfig, solve
from autoshard.solver.strategy_graph import FORBIDDEN, StrategyGraph
from autoshard.solver.validate import peak_usage, plan_cost


def layered_graph(seed: int, layers: int, width: int = 2, strategies: int = 2, forbidden: bool = False
                  ) -> StrategyGraph:
    """A model-like graph: an input node, `layers` copies of one random layer (a chain of `width` nodes), each fed by
    its own parameter node listed first (as function arguments are) and linked to its first and last node (a
    cycle: the reductions cannot solve it away), consecutive layers chained by one edge
    matrix, and an output node; costs differ only between positions, never between copies."""
    rng = np.random.default_rng(seed)
    node = [rng.integers(0, 30, strategies) for _ in range(width)]
    inner = [rng.integers(0, 20, (strategies, strategies)) for _ in range(width - 1)]
    param, param_edge = rng.integers(0, 30, strategies), rng.integers(0, 20, (strategies, strategies))
    param_back = rng.integers(0, 20, (strategies, strategies))  # the parameter's gradient: a cycle per layer
    link = rng.integers(0, 20, (strategies, strategies))
    if forbidden:
        link = np.where(rng.random(link.shape) < 0.3, FORBIDDEN, link)
        np.fill_diagonal(link, 0)  # keeping the same choice across a layer boundary stays allowed
    costs = [param] * layers + [rng.integers(0, 30, strategies)]  # parameters, input
    first = len(costs)
    costs += [node[i] for _ in range(layers) for i in range(width)]
    costs.append(rng.integers(0, 30, strategies))  # output
    edges = [(first - 1, first, link)]
    for k in range(layers):
        base = first + k * width
        edges += [(base + i, base + i + 1, inner[i]) for i in range(width - 1)]
        edges.append((k, base, param_edge))
        edges.append((base + width - 1, k, param_back))
        edges.append((base + width - 1, base + width, link))  # to the next layer (or the output)
    return StrategyGraph.build(costs, edges=edges)


def _folded_plan(graph: StrategyGraph) -> tuple[list[int], int]:
    blocks = find_repeated_blocks(graph)
    folded = fold(graph, blocks)
    cost, assignment = brute_force(folded)
    return [int(x) for x in blocks.unfold(graph.num_nodes, assignment)], cost


def test_layers_are_found_and_linked_to_their_parameters() -> None:
    graph = layered_graph(seed=0, layers=6, width=3)
    blocks = find_repeated_blocks(graph)
    assert blocks is not None
    biggest = max(blocks.classes, key=lambda c: len(c.members) * c.graph.num_nodes)
    # a layer's parameter joins the layer's nodes; the first and last layers may differ from the rest (their
    # neighbours do), the others are one class
    assert len(biggest.members) >= 4 and biggest.graph.num_nodes == 4
    covered = np.concatenate([m for c in blocks.classes for m in c.members])
    assert sorted(covered.tolist()) == list(range(graph.num_nodes))  # a partition of the nodes


def test_the_layer_period_is_a_candidate_when_alike_parts_repeat_inside_a_layer() -> None:
    """A layer holding alike parts (an optimizer updating two same-shaped weights): each part's next alike node is
    in its own layer, at a gap of its own, so no node's next alike node is a layer away; the layer period is still
    tried, from the second-next. Here part i shows twice per layer with i filler nodes (all alike) between."""
    parts, layers, filler = 80, 32, -1
    layer = [x for i in range(parts) for x in (i, *[filler] * i, i)]
    sig = np.array(layer * layers, dtype=np.int64)
    periods = _likely_periods(sig, len(sig) // 3)
    assert len(layer) in periods and len(periods) <= CANDIDATE_PERIODS


def test_no_repeats_no_blocks() -> None:
    rng = np.random.default_rng(1)
    graph = StrategyGraph.build([rng.integers(0, 9, 2 + i % 3) for i in range(12)])
    assert find_repeated_blocks(graph) is None


def _optimum(graph: StrategyGraph) -> int:
    """The exact optimum (CP-SAT proves it on these sizes, where enumeration would be slow; the Lagrangian phase,
    which would take its time first under a usage limit, is off)."""
    result = solve(graph, SolverConfig(max_time_in_seconds=20, num_workers=2, repeat_fraction=0.0,
                                       lagrangian_fraction=0.0, relative_gap_limit=0.0))
    assert result.status == OPTIMAL
    return result.cost


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(0, 2**31), st.integers(5, 7), st.booleans())
def test_bound_and_folded_plan_bracket_the_optimum(seed: int, layers: int, forbidden: bool) -> None:
    graph = layered_graph(seed, layers, forbidden=forbidden)
    optimum = _optimum(graph)
    blocks = find_repeated_blocks(graph)
    assert blocks is not None
    folded = Diffusion(fold(graph, blocks), potentials=True)
    folded.run(float("inf"), max_sweeps=20)
    lifted = folded.lift(graph, blocks.folded_index(graph.num_nodes), float("inf"))
    assert as_bound(reparametrized_sum(lifted.unary, lifted.mats)) <= optimum
    assert lifted.run(float("inf"), max_sweeps=4).bound <= optimum
    plan, folded_cost = _folded_plan(graph)
    assert plan_cost(graph, plan) == folded_cost >= optimum


def test_solve_uses_the_repeats_when_the_diffusion_is_off() -> None:
    """With the diffusion phase off, the repeat phase runs: its bound is valid and the answer optimal (the exact
    reductions are off too: they would solve this small graph away)."""
    graph = layered_graph(seed=3, layers=8, width=2, strategies=3)
    config = SolverConfig(max_time_in_seconds=10, num_workers=2, dual_fraction=0.0, deterministic=True, reduce=False)
    result = solve(graph, config)
    assert result.stats.repeats.bound is not None
    optimum = _optimum(graph)
    assert result.stats.repeats.bound <= optimum == result.cost


def test_a_folded_plan_over_the_usage_limit_is_priced_until_it_fits() -> None:
    """Each layer's parameter is cheapest held whole (usage 100 all step) or costs more split (usage 10): the folded
    problem, which drops the limit, holds them all whole and breaks it; a priced round splits them (every copy
    alike), a plan that fits and starts the search, which then finds the optimum."""
    layers = 8
    base = layered_graph(seed=3, layers=layers, width=2, strategies=2)
    horizon = 10
    costs = [np.array([0, 30]) if i < layers else c for i, c in enumerate(base.node_costs)]
    usages = [np.array([100, 10]) if i < layers else np.zeros(2, dtype=np.int64) for i in range(base.num_nodes)]
    graph = StrategyGraph.build(costs, usages, [(0, horizon)] * base.num_nodes,
                                [(e.u, e.v, e.costs) for e in base.edges], usage_limit=50 * layers)
    config = SolverConfig(max_time_in_seconds=10, num_workers=2, dual_fraction=0.0, deterministic=True, reduce=False)
    phases = []
    result = solve(graph, config, on_progress=lambda progress: phases.append(progress.phase))
    assert result.stats.repeats.memory_rounds >= 1 and "repeats" in phases  # a priced round's plan fits
    assert peak_usage(graph, result.assignment)[0] <= graph.usage_limit
    assert result.cost == _optimum(graph)


def test_pair_pieces_over_the_usage_limit_are_priced_too() -> None:
    """As above, but what a layer holds depends on two choices (a pair piece of its parameter and the layer's first
    node: a reshard buffer): held whole, the parameter's buffer takes 100, split 10. The priced rounds charge the
    pair pieces' bytes on the folded graph's edges, so a priced round's plan splits the parameters and fits."""
    layers = 8
    base = layered_graph(seed=3, layers=layers, width=2, strategies=2)
    horizon = 10
    costs = [np.array([0, 30]) if i < layers else c for i, c in enumerate(base.node_costs)]
    first = layers + 1  # the first layer's first node, after the parameters and the input
    pairs = [(k, first + 2 * k, np.array([[100, 100], [10, 10]]), (0, horizon)) for k in range(layers)]
    graph = StrategyGraph.build(costs, None, [(0, horizon)] * base.num_nodes,
                                [(e.u, e.v, e.costs) for e in base.edges], usage_limit=50 * layers, pair_pieces=pairs)
    config = SolverConfig(max_time_in_seconds=10, num_workers=2, dual_fraction=0.0, deterministic=True, reduce=False)
    phases = []
    result = solve(graph, config, on_progress=lambda progress: phases.append(progress.phase))
    assert result.stats.repeats.memory_rounds >= 1 and "repeats" in phases  # a priced round's plan fits
    assert peak_usage(graph, result.assignment)[0] <= graph.usage_limit


def test_the_lifted_dual_of_a_long_run_of_layers_needs_no_sweep_of_the_whole_graph() -> None:
    """Twelve alike layers: the folded problem's converged dual, lifted and settled at the run's ends, bounds the
    whole graph as tightly as the whole graph's own converged dual ascent, without a sweep over all of it."""
    graph = layered_graph(seed=5, layers=12, width=3, strategies=3)
    blocks = find_repeated_blocks(graph)
    folded = Diffusion(fold(graph, blocks), potentials=True)
    folded.run(float("inf"), max_sweeps=200)
    lifted = folded.lift(graph, blocks.folded_index(graph.num_nodes), float("inf"))
    whole = Diffusion(graph).run(float("inf"), max_sweeps=200).bound
    assert as_bound(reparametrized_sum(lifted.unary, lifted.mats)) >= whole - 1 and whole <= _optimum(graph)


def _layers_under_a_limit(seed: int, layers: int = 6) -> StrategyGraph:
    """`layered_graph` whose nodes each hold a usage per strategy all step (alike in every copy), under a limit
    between the least and the largest total: memory matters for every node, so the reductions keep the layers."""
    base = layered_graph(seed, layers, width=2, strategies=2)
    rng = np.random.default_rng(seed)
    per_position = [rng.integers(1, 20, 2) for _ in range(3)]  # parameter, first and second node of a layer
    usages = []
    for i in range(base.num_nodes):
        position = 0 if i < layers else (i - layers - 1) % 2 + 1
        usages.append(per_position[position] if layers < i < base.num_nodes - 1 or i < layers
                      else np.zeros(2, dtype=np.int64))
    least = sum(int(u.min()) for u in usages)
    largest = sum(int(u.max()) for u in usages)
    return StrategyGraph.build(base.node_costs, usages, [(0, 10)] * base.num_nodes,
                               [(e.u, e.v, e.costs) for e in base.edges], usage_limit=(least + largest) // 2)


@pytest.mark.parametrize("fixpoint_expected", [True, False])
def test_the_repeat_phase_works_on_the_reduced_graph_only_where_the_reduction_reaches_its_fixpoint(
        fixpoint_expected: bool, monkeypatch) -> None:
    """Where the reduction is expected to reach its fixpoint the phase works on the reduced graph; where it is not
    (here: an estimate no reduction meets), on the original graph. Either way its bound holds and the plan is within
    the gap limit of the optimum."""
    from autoshard.solver.phases import reduction

    if not fixpoint_expected:
        monkeypatch.setattr(reduction, "REDUCE_FIXPOINT_SECONDS_PER_ENTRY", 1e6)
    graph = _layers_under_a_limit(seed=4)
    config = SolverConfig(max_time_in_seconds=10, num_workers=2, dual_fraction=0.0, deterministic=True)
    result = solve(graph, config)
    report = result.stats.repeats
    assert report.on_reduced is fixpoint_expected and report.bound is not None
    optimum = _optimum(graph)
    assert report.bound <= optimum <= result.cost <= optimum * (1 + config.relative_gap_limit)
