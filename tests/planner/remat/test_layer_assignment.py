"""The per-layer assignments `--remat auto` tries (`autoshard.planner.remat.layer_assignment`): the first layers
recomputed the most, ordered by estimated compute, each freeing more than every cheaper one."""

from __future__ import annotations

from autoshard.planner.remat.layer_assignment import (PolicyEstimate, assignment_text, cheapest_first,
                                                      layer_policies)
from autoshard.planner.remat.policies import CheckpointPolicy

NOTHING, DOTS, KEEP = (CheckpointPolicy.NOTHING_SAVEABLE, CheckpointPolicy.DOTS_SAVEABLE,
                       CheckpointPolicy.EVERYTHING_SAVEABLE)


def test_the_first_layers_are_recomputed_the_most():
    assert layer_policies(5, {DOTS: 2, NOTHING: 1}) == (NOTHING, DOTS, DOTS, KEEP, KEEP)
    assert layer_policies(2, {}) == (KEEP, KEEP)


def test_cheapest_first_frees_more_at_each_step_and_ends_with_every_layer_recomputed_the_most():
    estimates = [PolicyEstimate(NOTHING, 10.0, 3.0), PolicyEstimate(DOTS, 6.0, 1.0)]
    order = cheapest_first(4, estimates)
    assert all(a.compute_s <= b.compute_s and a.bytes_freed < b.bytes_freed for a, b in zip(order, order[1:]))
    assert order[0].policies == (DOTS, KEEP, KEEP, KEEP)
    assert order[-1].policies == (NOTHING,) * 4 and order[-1].bytes_freed == 40.0
    assert (DOTS,) * 4 in [a.policies for a in order]  # 24 bytes for 4 s: no assignment with nothing_saveable does


def test_an_inefficient_policy_drops_out():
    """dots_saveable here frees less per second of compute than nothing_saveable: only full swaps stay."""
    order = cheapest_first(3, [PolicyEstimate(NOTHING, 10.0, 1.0), PolicyEstimate(DOTS, 1.0, 1.0)])
    assert [a.policies for a in order] == [(NOTHING, KEEP, KEEP), (NOTHING, NOTHING, KEEP), (NOTHING,) * 3]


def test_without_estimates_there_is_nothing_to_try():
    assert cheapest_first(3, []) == []


def test_assignment_text():
    assert assignment_text((DOTS,) * 3) == "dots_saveable on every layer"
    assert assignment_text((NOTHING, NOTHING, DOTS, KEEP, KEEP)) == (
        "nothing_saveable on layers 0-1, dots_saveable on layer 2, 2 kept")
