"""`Schedule`: the time shares and deadlines of one `solve`, in one place.

Every deadline is a reading of the solver's clock (`clock.now`) plus a share of what is left, taken when the phase
starts; the order of those readings is part of the contract (on the work clock each reading counts a tick).
"""

from __future__ import annotations

from autoshard.solver.clock import now
from autoshard.solver.config import SolverConfig
from autoshard.solver.strategy_graph import StrategyGraph
from autoshard.solver.work_rates import RESERVE_SECONDS, RESERVE_SECONDS_PER_ELEMENT, VIEW_SECONDS_PER_NODE

#: the heuristic's least share of the time on graphs small enough for its Lagrangian start: with LNS, without
HEURISTIC_SHARE_LNS = 0.15
HEURISTIC_SHARE = 0.08
#: ... and its share on larger graphs, where it only settles a first incumbent for the window moves
HEURISTIC_SHARE_LARGE = 0.03
#: share of the heuristic's time its Lagrangian start may take
HEURISTIC_LAGRANGIAN_SHARE = 0.6
#: share of the time left the whole CP-SAT model gets when LNS windows do not follow (small graphs)
MONOLITHIC_SHARE = 0.2
#: the reduction's share of the time on a graph with repeated layers it will not reduce to its fixpoint in
#: `FIXPOINT_REDUCE_FRACTION` (the repeat phase then works on the original graph), and its share, at least, where it
#: is expected to reach the fixpoint by then (the repeat phase then works on the reduced graph)
REPEATS_REDUCE_FRACTION = 0.1
FIXPOINT_REDUCE_FRACTION = 0.4
# --- shares inside a phase (of the time the phase was given) ---------------------------------------------------
#: share of the time left that a repeat phase's unconverged dual ascent gets back before LNS
RESUMED_DUAL_SHARE = 0.5
#: repeat phase: the bound takes this share of the time left once the blocks are found, the folded plan the rest
REPEAT_BOUND_SHARE = 0.5
#: window phase: the first descent from the incumbent (with and without a binding usage limit), each probe after
#: a Lagrangian phase, and a fresh descent's share of its round; a round's seconds per variable, and the range its
#: length is clamped to
WINDOW_FIRST_SHARE_MEMORY = 0.1
WINDOW_FIRST_SHARE = 0.5
WINDOW_PROBE_SHARE = 0.03
WINDOW_FRESH_SHARE = 0.5
WINDOW_ROUND_SECONDS_PER_VAR = 0.015
WINDOW_ROUND_S = (3.0, 20.0)
#: LNS: each window's CP-SAT run gets this share of the whole time limit, at least `LNS_MIN_WINDOW_S`
LNS_WINDOW_SHARE = 0.04
LNS_MIN_WINDOW_S = 2.0


class Schedule:
    """Deadlines of the phases of one solve of `graph` under `config`, started now.

    `forest_s` is time set aside for the spanning-forest bound after the search; the repeat phase may take it
    (`give_forest_time`) when it proves a bound of its own.
    """

    def __init__(self, config: SolverConfig, graph: StrategyGraph, forest_s: float = 0.0):
        self.config = config
        self.forest_s = forest_s
        self.t0 = now()
        self.budget = max(0.05, config.max_time_in_seconds)
        # keep a reserve for expanding and checking the answer (linear in the graph size)
        reserve = min(0.1 * self.budget,
                      RESERVE_SECONDS + RESERVE_SECONDS_PER_ELEMENT * (graph.num_nodes + len(graph.edges)))
        self.deadline = self.t0 + self.budget - reserve
        self.dual_fraction = config.dual_fraction
        self.remaining = 0.0
        self.heuristic_until = 0.0
        self.lagrangian_start_until: float | None = None

    def repeat_find_until(self) -> float:
        """The deadline of the search for repeated layers: the repeat phase's share."""
        return now() + self.config.repeat_fraction * (self.deadline - now())

    def reduce_until(self, repeats_first: bool = False) -> float:
        """The reduction's deadline: `config.reduce_fraction` of the budget, at most `REPEATS_REDUCE_FRACTION` of it
        when repeated layers were found on the original graph first (the repeat phase works there)."""
        fraction = self.config.reduce_fraction
        if repeats_first:
            fraction = min(fraction, REPEATS_REDUCE_FRACTION)
        return self.t0 + fraction * self.budget

    def fixpoint_until(self) -> float:
        """The reduction's deadline where it is expected to reach its fixpoint by then, so that the repeat phase
        works on the reduced graph: `FIXPOINT_REDUCE_FRACTION` of the budget (`config.reduce_fraction` if more)."""
        return self.t0 + max(self.config.reduce_fraction, FIXPOINT_REDUCE_FRACTION) * self.budget

    def start_search(self, small: bool, use_lns: bool) -> None:
        """Fix the time left for the search and the heuristic's deadlines (`small`: a graph small enough for the
        heuristic's Lagrangian start)."""
        self.remaining = self.deadline - now()
        if small:
            share = max(self.config.heuristic_fraction, HEURISTIC_SHARE_LNS if use_lns else HEURISTIC_SHARE)
        else:
            share = HEURISTIC_SHARE_LARGE
        self.heuristic_until = now() + max(0.05, self.remaining * share)
        started = now()
        self.lagrangian_start_until = (
            started + HEURISTIC_LAGRANGIAN_SHARE * (self.heuristic_until - started) if small else None)

    def repeat_until(self) -> float:
        return now() + self.config.repeat_fraction * self.remaining + self.forest_s

    def give_forest_time(self) -> None:
        """The repeat phase proved a bound and took the forest bound's time: the diffusion bound is skipped, and the
        later phases keep their own time."""
        self.dual_fraction = 0.0
        self.deadline += self.forest_s
        self.heuristic_until += self.forest_s

    def dual_until(self) -> float:
        return now() + self.dual_fraction * self.remaining

    def lagrangian_until(self) -> float:
        return now() + self.config.lagrangian_fraction * (self.deadline - now())

    def windows_fit(self, reduced_nodes: int) -> bool:
        """Whether the window phase, with the set-up of its contracted view, fits before the deadline."""
        return now() < self.deadline - 0.5 - 2 * (VIEW_SECONDS_PER_NODE * reduced_nodes)

    def window_share(self, use_lns: bool) -> float:
        """Share of the time left the window search gets (CP-SAT windows pay off only on large graphs)."""
        return self.config.window_fraction if use_lns else 1.0

    def lns_fits(self) -> bool:
        return now() < self.deadline - 0.5
