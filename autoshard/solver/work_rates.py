"""Every rate the solver times its work by, in one table.

Two kinds of entries, named by what they are used for:

- `*_SECONDS*`: estimated wall seconds of a piece of work, used to *gate* a phase (is there time for it before its
  deadline?) and, where no `*_WORK*` entry exists, also charged to the work clock;
- `*_WORK*`: work-clock seconds (see `clock`) a piece of work is *charged*, fitted to measured time on this
  machine class, so that a deterministic search stops after the same work on a quiet or a loaded machine.

Contract: each constant is read where its work is estimated or charged; changing one changes where phases stop,
hence plans. The estimates of a sweep below (the diffusion gate, the wall-time gate of the repeat phase, the
Lagrangian step gate, the work-clock charges) are kept apart on purpose: they gate and charge different
phases, and merging them moves phase boundaries.
"""

from __future__ import annotations

# --- the work clock itself -----------------------------------------------------------------------------------
#: work-clock seconds a checkpoint (`clock.now()`) counts for besides the work charged before it
CHECKPOINT_TICK_S = 1e-4
#: wall seconds per unit of CP-SAT's deterministic time in its interleaved search: the work clock's rate for CP-SAT
CP_SECONDS_PER_DETERMINISTIC_SECOND = 2.4

# --- whole solve ---------------------------------------------------------------------------------------------
#: reserve kept for expanding and checking the answer: a fixed part plus seconds per node and edge
RESERVE_SECONDS = 0.05
RESERVE_SECONDS_PER_ELEMENT = 2e-5

# --- exact reductions (`exact_reduction`) --------------------------------------------------------------------
#: work of a reduction step (a node's dominance check and elimination attempt), per unit of a dominance check's
#: and of a two-neighbour elimination's work, and of a separability check, once and per entry; ... of the set-up
#: per edge and matrix entry, and of building the reduced graph per node and edge. Scaled together so that a whole
#: `reduce_graph` is charged its process time on the examples' strategy graphs and LLaMA training steps
REDUCE_WORK_PER_STEP = 5.8e-5
DOMINANCE_WORK_PER_UNIT = 8.4e-10
ELIMINATION_WORK_PER_UNIT = 4.8e-9
SEPARABLE_WORK = 6.1e-6
SEPARABLE_WORK_PER_ENTRY = 2e-9
REDUCE_SETUP_WORK_PER_EDGE = 2.8e-6
REDUCE_SETUP_WORK_PER_ENTRY = 3.2e-9
REDUCE_RESULT_WORK_PER_ELEMENT = 1.3e-6
#: wall seconds per cost entry (`StrategyGraph.num_entries`) of a reduction run to its fixpoint (gate: whether it
#: reaches it in its share of the time; 3.4e-7 to 3.8e-7 measured on the LLaMA steps' graphs on 8x8, 4x2x2x4 and
#: 16x16 and a GPT step's on 2x2x2, whose seconds per node and edge differ twelvefold)
REDUCE_FIXPOINT_SECONDS_PER_ENTRY = 3.9e-7

# --- set-ups of the local search and of the contracted view ---------------------------------------------------
#: work per node, edge and matrix entry of setting up the local search and the contracted view (each scaled to
#: its set-up's process time on the examples' strategy graphs and LLaMA training steps)
SEARCH_SETUP_WORK = (5.9e-6, 7.6e-6, 1.6e-10)
VIEW_SETUP_WORK = (0.0, 5.9e-6, 4.7e-9)
#: wall seconds per reduced node to build the contracted view (gates the window phase)
VIEW_SECONDS_PER_NODE = 8e-5

# --- local search (`local_search`) ---------------------------------------------------------------------------
#: work of a single-node move per node and per incidence it reads, of a tree move per tree node (these three scaled
#: together to the process time of the heuristic's descents and tree sweeps on the examples' strategy graphs), and
#: of a cluster's two moves per member
NODE_MOVE_WORK = 2.5e-6
NODE_MOVE_WORK_PER_INCIDENCE = 1e-6
TREE_MOVE_WORK_PER_NODE = 1.25e-5
CLUSTER_MOVES_WORK_PER_MEMBER = 1.6e-4

# --- dual ascent (`dual_bound`) -----------------------------------------------------------------------------
#: wall seconds per matrix entry of one sweep: the diffusion phase's gate (and a part of the two below)
SWEEP_SECONDS_PER_ENTRY = 1.2e-8
#: work a sweep is charged per matrix entry it reads (each pair's matrix once from either end) and per incidence (an
#: edge seen from one end): of a min-sum diffusion sweep, of a message-passing sweep, and what a message-passing sweep
#: adds per incidence when it rounds (`labels`) and when it tracks potentials. Fitted by least squares on relative
#: error to the process time of sweeps over the examples' strategy graphs, a LLaMA-3-8B training step's on an 8x8
#: mesh, and chains of k-by-k matrices (k = 2 to 128), less the checkpoint ticks a sweep also counts (one per
#: `_SweepWork.CHECKPOINT_NODES` nodes); numpy's cost per entry falls on larger matrices, which are overcharged
SWEEP_WORK_PER_ENTRY = 1.5e-9
DIFFUSION_SWEEP_WORK_PER_INCIDENCE = 2.7e-6
MESSAGE_PASSING_WORK_PER_INCIDENCE = 3.4e-6
MESSAGE_PASSING_ROUNDING_WORK_PER_INCIDENCE = 6e-7
MESSAGE_PASSING_POTENTIALS_WORK_PER_INCIDENCE = 6e-7
#: work of the bound and the rounding's cost read after a sweep, per pair (merged edge), per node and per entry (pair
#: matrices' and node costs'), fitted likewise to their process time on those graphs before and after reduction
READOUT_WORK_PER_EDGE = 5e-7
READOUT_WORK_PER_NODE = 1.7e-6
READOUT_WORK_PER_ENTRY = 2.7e-10
#: wall seconds per incidence of one sweep, the Python overhead on graphs of small matrices (`sweep_wall_seconds`)
SWEEP_SECONDS_PER_INCIDENCE = 1.4e-5

# --- Lagrangian relaxation of the usage limit (`lagrangian_relaxation`) --------------------------------------
#: wall seconds of a rounding per variable (gate), and the work it is charged per variable
ROUNDING_SECONDS_PER_VAR = 2e-5
ROUNDING_WORK_PER_VAR = 8e-6

# --- window moves (`window_dp`, `window_search`) -------------------------------------------------------------
#: work of a window move per variable and per incidence (with and without time prices); the first two scaled
#: together to the process time of window moves without time prices on the examples' and LLaMA strategy graphs
WINDOW_MOVE_WORK_PER_VAR = 2.5e-5
WINDOW_MOVE_WORK_PER_INCIDENCE = 3.75e-6
WINDOW_MOVE_WORK_PER_INCIDENCE_PRICED = 7.3e-6
#: work of a usage repair per owner entry and per live variable
REPAIR_WORK_PER_ENTRY = 5e-9
REPAIR_WORK_PER_LIVE_VAR = 1.3e-5

# --- CP-SAT models (whole model and LNS windows) -------------------------------------------------------------
#: seconds per model term to build a CP-SAT model (gate and charge)
BUILD_SECONDS_PER_TERM = 1.2e-5
#: work of one LNS round's scans of the whole graph, per node
LNS_ROUND_WORK_PER_NODE = 1e-5

# --- repeated layers (`repeated_blocks`) ---------------------------------------------------------------------
#: wall seconds per node and edge to find the repeated blocks (gate), and the work charged for it (fitted to its
#: process time on the examples' strategy graphs and LLaMA training steps)
REPEAT_FIND_SECONDS_PER_ELEMENT = 3e-5
REPEAT_FIND_WORK_PER_ELEMENT = 4.3e-6

# --- spanning-forest bound (`spanning_forest_bound`) ---------------------------------------------------------
#: wall seconds per matrix entry and per edge of `spanning_forest_bound` (the time reserved for it)
FOREST_SECONDS_PER_ENTRY = 2e-8
FOREST_SECONDS_PER_EDGE = 4e-5


def sweep_gate_seconds(entries: int) -> float:
    """One diffusion sweep over `entries` matrix entries, per-incidence overhead left out: the diffusion phase's gate
    (it underestimates graphs of many small matrices, where the repeat phase then takes over)."""
    return SWEEP_SECONDS_PER_ENTRY * entries


def sweep_wall_seconds(entries: int, incidences: int) -> float:
    """Wall seconds of one diffusion sweep over `entries` matrix entries and `incidences` incidences (an edge seen
    from one end): the repeat phase's gate and the Lagrangian step's estimate."""
    return SWEEP_SECONDS_PER_ENTRY * entries + SWEEP_SECONDS_PER_INCIDENCE * incidences
