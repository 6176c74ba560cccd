"""`SolverConfig`: the search settings of `solve` (time limit, workers, seed, phase shares)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SolverConfig:
    """Search settings. Defaults suit a 2-core machine: more workers than cores, a fixed seed."""

    max_time_in_seconds: float = 60.0
    #: the search ends once its plan is proven within this share of the optimum, (cost - bound) / cost (0: only
    #: a proof of optimality ends it early)
    relative_gap_limit: float = 0.0
    num_workers: int = 8
    random_seed: int = 0
    log_search_progress: bool = False
    #: run the exact reductions first
    reduce: bool = True
    #: share of the time given to the heuristic before CP-SAT starts
    heuristic_fraction: float = 0.1
    #: largest model (edge residual entries + memory terms) solved as one CP-SAT model; larger ones use LNS
    max_monolithic_terms: int = 1_500_000
    #: nodes per large-neighbourhood-search window
    lns_window: int = 600
    #: repeatable for a fixed seed regardless of machine load: every phase stops on counted work instead of wall
    #: time (see `clock`) and CP-SAT runs interleaved on its deterministic time; the time limit is then close to
    #: wall seconds on a quiet machine, longer on a loaded one (capped at WALL_CAP_FACTOR times it). The planner
    #: sets it; `solve-iopddl` (contest timeouts) does not
    deterministic: bool = False
    #: use large-neighbourhood search even when the whole model is small enough
    force_lns: bool = False
    #: share of the time the exact reductions may take at most (they stop early, still exact)
    reduce_fraction: float = 0.3
    #: largest reduced graph whose heuristic starts from a Lagrangian relaxation of the usage limit
    lagrangian_max_nodes: int = 5000
    #: share of the time after the first phases given to the window search on graphs too large for one CP-SAT
    #: model (the rest goes to CP-SAT windows); smaller graphs give it all the time left
    window_fraction: float = 0.85
    #: largest share of the time the dual bound (message passing) may take before the search (0: skip it); it proves
    #: optimality where the relaxation is tight and its rounding is a start for the search
    dual_fraction: float = 0.35
    #: largest share of the time the Lagrangian relaxation of the usage limit may take when the limit binds (0:
    #: skip it); its roundings are plans that differ from the incumbent in many coordinated choices, its bound
    #: the only strong one on memory-bound graphs
    lagrangian_fraction: float = 0.4
    #: largest share of the time given to repeated layers (see `repeated_blocks`), on graphs that have them: a bound
    #: from the folded problem's dual lifted onto the whole graph, and the best plan that treats every copy of a
    #: layer alike, which leads the search (0: skip it)
    repeat_fraction: float = 0.9
    #: when no phase proves a useful bound, end with the spanning-forest bound (`spanning_forest_bound`): the time it is expected
    #: to take is set aside from the search, and the repeat phase, when it proves a bound of its own, takes it
    forest_bound: bool = False
