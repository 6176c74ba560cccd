"""`autoshard plan IN.mlir --mesh data=2,model=4`: choose every tensor's sharding and write annotated IR."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from autoshard.emit import emit_plan
from autoshard.errors import UserError
from autoshard.planner.api import DEFAULT_GAP_LIMIT, plan
from autoshard.planner.axis_groups import parse_axis_groups
from autoshard.planner.plan import Plan, PlanBasis
from autoshard.planner.sharding_plan import ShardingPlan
from autoshard.planner.user_constraints import PlanOptions
from autoshard.fileio import make_directory, read_text, write_text_atomic
from autoshard.gc_pause import cyclic_gc_paused
from autoshard.background import BackgroundCall, BackgroundCallFailed
from autoshard.tools.reference_plans import (
    ReferenceTime, SolveSettings, compares, not_priced, reference_time_limit, reference_times,
)
from autoshard.tools.summary import ProgressPrinter, print_summary
from autoshard.units import parse_bytes

#: plan graphs of fewer nodes are written in place: forking costs more than writing them (about 0.1 ms a node)
WRITE_BESIDE_MIN_NODES = 5000

NAME = "plan"
HELP = "choose the sharding of every tensor (CP-SAT over a collective cost model) and write annotated IR"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", help="StableHLO module (.mlir; - for stdin), e.g. from jax.jit(f).lower(*args).as_text()")
    p.add_argument("--mesh", help="mesh axes major to minor, e.g. data=2,model=4")
    p.add_argument("--config", help="hardware profile name (configs/hardware) or YAML file with mesh and links")
    p.add_argument("-o", "--output", help="output .mlir, its directory created if missing (default: IN.planned.mlir "
                                          "next to the input, stdout for stdin; - for stdout)")
    p.add_argument("--report", help="write the plan's cost, solver statistics and shardings as JSON")
    p.add_argument("--memory-budget", help="per-device memory limit, e.g. 16GiB (default: the profile's memory)")
    p.add_argument("--remat", choices=("off", "auto"), default="off",
                   help="auto: when no plan fits the memory budget, recompute the training step's layers under "
                        "jax's checkpoint policies (one policy for all layers) and keep the fastest plan that fits "
                        "(default off: plan the program as it is)")
    p.add_argument("--time-limit", type=float, default=30.0, help="solver time limit in seconds (default 30)")
    p.add_argument("--gap-limit", type=float, default=DEFAULT_GAP_LIMIT,
                   help="end the search once its plan is proven within this share of the optimum, "
                        f"(cost - bound) / cost (default {DEFAULT_GAP_LIMIT:g}; 0: only a proof of optimality "
                        "ends it before --time-limit)")
    p.add_argument("--seed", type=int, default=0, help="solver random seed (the same seed gives the same plan)")
    p.add_argument("--wall-clock", action="store_true",
                   help="stop the search on wall time instead of counted work: --time-limit is then exact, but "
                        "the plan may differ from run to run with the machine's load")
    p.add_argument("--workers", type=int, default=8, help="CP-SAT workers (default 8)")
    p.add_argument("--function", help="function to plan (default @main)")
    p.add_argument("--explicit-collectives", action="store_true", help="emit the partitioned form with sdy collectives")
    p.add_argument("--dialect", choices=("sdy", "mesh"), default="sdy", help="annotation dialect (default sdy)")
    p.add_argument("--replicate-args", default="", help="comma-separated argument indices kept fully replicated")
    p.add_argument("--batch-axes", default="", help="mesh axes that must shard dim 0 of the --batch-args")
    p.add_argument("--batch-args", default="", help="comma-separated argument indices that are batch inputs")
    p.add_argument("--axis-groups", default="auto",
                   help="neighbouring mesh axes searched as one, e.g. data+fsdp,seq+model; 'auto' (default) groups "
                        "axes that share a link when a many-axis mesh has too many strategies; 'none' never")
    p.add_argument("--carry-state", action="store_true",
                   help="tie each result to the next argument of the same type (training-step parameters and "
                        "optimizer state keep their sharding across steps)")
    p.add_argument("--no-compare", action="store_true",
                   help="do not price the one-device and data-parallel references the summary compares with")
    p.add_argument("--verbose", action="store_true", help="list every argument's sharding in the summary "
                                                          "(default: grouped by sharding)")
    p.add_argument("--quiet", action="store_true", help="no progress or summary on stderr")


def _indices(text: str, flag: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise UserError(f"{flag} takes comma-separated argument indices, got '{text}'") from None


def run(args: argparse.Namespace) -> int:
    with cyclic_gc_paused():  # planning, writing and pricing the references share one heap of long-lived objects
        return _plan_and_write(args)


def _plan_and_write(args: argparse.Namespace) -> int:
    if not args.mesh and not args.config:
        raise UserError("give --mesh (e.g. --mesh data=2,model=4) or --config FILE.yaml")
    if not (math.isfinite(args.time_limit) and args.time_limit > 0):
        raise UserError(f"--time-limit takes a positive number of seconds, got {args.time_limit:g}")
    if not (0 <= args.gap_limit < 1):
        raise UserError(f"--gap-limit takes a share of the cost in [0, 1), got {args.gap_limit:g}")
    if args.workers < 1:
        raise UserError(f"--workers takes a positive number, got {args.workers}")
    source = read_text(args.input)  # a clear error for a missing or unreadable input before any work
    from_stdin = args.input == "-"
    output = args.output or ("-" if from_stdin else str(Path(args.input).with_suffix("")) + ".planned.mlir")
    for path in (output, args.report):  # unwritable places fail before the search, not after it
        if path and path != "-":
            make_directory(Path(path).parent, f"{path}: cannot write")
    options = PlanOptions(
        replicate_arguments=_indices(args.replicate_args, "--replicate-args"),
        batch_axes=tuple(a for a in args.batch_axes.split(",") if a),
        batch_arguments=_indices(args.batch_args, "--batch-args"),
        carry_state=args.carry_state,
        axis_groups=parse_axis_groups(args.axis_groups),
    )
    progress = None if args.quiet else ProgressPrinter(sys.stderr)
    compare = not args.no_compare and bool(args.report or not args.quiet)
    settings = SolveSettings(options, reference_time_limit(args.time_limit), args.seed, args.workers, args.function,
                             deterministic=not args.wall_clock)
    started: tuple[PlanBasis, BackgroundCall[list[ReferenceTime]]] | None = None
    writing: tuple[PlanBasis, list[int], BackgroundCall[str]] | None = None

    def emit(plan_or_shardings: Plan | ShardingPlan) -> str:
        return emit_plan(plan_or_shardings, explicit_collectives=args.explicit_collectives, dialect=args.dialect,
                         in_place=True)

    def start_write(basis: PlanBasis, assignment: Sequence[int]) -> None:
        """Write the first search's plan out in a child process while its memory is accounted and its cost priced
        (`plan` calls this once): the text depends on the plan's shardings alone. The child annotates its own copy
        of the module."""
        nonlocal writing
        if len(basis.graph.nodes) < WRITE_BESIDE_MIN_NODES:
            return
        call = BackgroundCall(lambda: emit(basis.sharding_plan(assignment)))
        if call.in_background:
            writing = (basis, list(assignment), call)

    def start_references(basis: PlanBasis) -> None:
        """Price the references from what the first search starts with (`plan` calls this once), in a child
        process while the search runs: they depend on the program, its graph, the cost model and the budget, not
        on the plan."""
        nonlocal started
        started = (basis, BackgroundCall(lambda: reference_times(source, basis, settings)))

    try:
        result = plan(
            source if from_stdin else Path(args.input),  # stdin is read once, above
            mesh=args.mesh,
            config=args.config,
            memory_budget=parse_bytes(args.memory_budget) if args.memory_budget else None,
            time_limit=args.time_limit,
            gap_limit=args.gap_limit,
            seed=args.seed,
            num_workers=args.workers,
            options=options,
            function=args.function,
            on_progress=progress,
            deterministic=not args.wall_clock,
            remat=args.remat,
            on_basis=start_references if compare and compares(source) else None,
            on_assignment=start_write,
        )
        if progress:
            progress.close()
        references: list[ReferenceTime] = []
        from_search = _started_from(result, started) if compare else None
        if compare and from_search is None:
            with result.stages.stage("references"):  # before the write, which annotates the plan's module
                references = reference_times(source, result.basis(), settings)
        with result.stages.stage("write"):
            text = _written_by(writing, result)
            writing = None
            if text is None:
                text = emit(result)
            write_text_atomic(output, text, protect=(args.input,), make_parents=True)
        if from_search is not None:
            with result.stages.stage("references"):
                references = _collected(from_search)
    finally:
        if started is not None:
            started[1].cancel()
        if writing is not None:
            writing[2].cancel()
    if args.report:
        report = {**result.report(), "references": [r.to_json() for r in references]}
        write_text_atomic(args.report, json.dumps(report, indent=2) + "\n", protect=(args.input,),
                          make_parents=True)
    if not args.quiet:
        print_summary(result, sys.stderr, output, references, verbose=args.verbose)
    return 0


def _started_from(result: Plan, started: tuple[PlanBasis, BackgroundCall[list[ReferenceTime]]] | None
                  ) -> BackgroundCall[list[ReferenceTime]] | None:
    """The references a child prices from the basis of the search that made the plan (same graph and budget, no
    recomputation), if one does; one started from another search's basis is stopped."""
    if started is None:
        return None
    first, call = started
    basis = result.basis()
    if call.in_background and first.graph is basis.graph and basis.recomputed is None \
            and first.memory_budget_bytes == basis.memory_budget_bytes:
        return call
    call.cancel()
    return None


def _written_by(writing: tuple[PlanBasis, list[int], BackgroundCall[str]] | None, result: Plan) -> str | None:
    """The text the child wrote, when it wrote the plan `result` is (the same program, graph and assignment) and
    succeeded; else None, the child stopped (the plan is written in place)."""
    if writing is None:
        return None
    basis, assignment, call = writing
    if basis.module is result.module and basis.graph is result.graph and assignment == result.assignment:
        try:
            return call.result(in_place=False)
        except BackgroundCallFailed:  # written again here, where an error the child met is met again
            return None
    call.cancel()
    return None


def _collected(call: BackgroundCall[list[ReferenceTime]]) -> list[ReferenceTime]:
    """The references the child priced; where it failed, each says so (the plan's module has been annotated since:
    they cannot be priced here any more)."""
    try:
        return call.result(in_place=False)
    except BackgroundCallFailed as e:
        return not_priced(f"the process pricing it failed ({e})")
