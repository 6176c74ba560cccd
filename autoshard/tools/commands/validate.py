"""`autoshard validate PLANNED.mlir`: run an annotated plan through XLA's Shardy partitioner and check it."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from autoshard.errors import UserError
from autoshard.fileio import read_text, write_text_atomic

NAME = "validate"
HELP = ("compile an annotated module with XLA's Shardy partitioner on N host CPU devices, run it and compare "
        "with the unsharded run (needs the [xla] extra)")

#: A cost-model hook: given the module text, the collectives it predicts (see autoshard.xla.report).
PredictCollectives = Callable[[str], Sequence["PredictedCollective"]]  # noqa: F821


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="StableHLO module with sdy.mesh / sdy.sharding annotations")
    parser.add_argument("--devices", type=int, help="number of host CPU devices (default: from the sdy.mesh)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random inputs (default 0)")
    parser.add_argument("--rtol", type=float, default=None, help="relative tolerance (default 1e-4)")
    parser.add_argument("--atol", type=float, default=None, help="absolute tolerance (default 1e-5)")
    parser.add_argument("--hlo-out", help="also write XLA's compiled (partitioned) HLO text to this file")
    parser.add_argument("--report", help="the plan's report (`autoshard plan --report R.json`): compare XLA's "
                                         "collectives with the ones it lists, exit 1 where they differ")


def validate_text(text: str, filename: str, devices: int | None = None, seed: int = 0,
                  rtol: float | None = None, atol: float | None = None,
                  predict_collectives: PredictCollectives | None = None):
    """Run the XLA cross-check on `text`; returns (XlaRun, report text). Raises UserError / MissingExtraError.

    `predict_collectives` is where the cost model plugs in: its collectives are listed next to XLA's.
    """
    from autoshard.xla import jaxlib_mlir  # noqa: PLC0415
    from autoshard.xla.compile_run import DEFAULT_ATOL, DEFAULT_RTOL, compile_and_run  # noqa: PLC0415
    from autoshard.xla.jax_runtime import require_jax  # noqa: PLC0415
    from autoshard.xla.report import format_report  # noqa: PLC0415

    require_jax("autoshard validate")
    rtol = DEFAULT_RTOL if rtol is None else rtol
    atol = DEFAULT_ATOL if atol is None else atol
    if rtol < 0 or atol < 0:
        raise UserError(f"tolerances must be non-negative, got rtol {rtol:g}, atol {atol:g}")
    module = jaxlib_mlir.parse_with_jaxlib(text, jaxlib_mlir.make_jaxlib_context(), filename)
    meshes = jaxlib_mlir.meshes_of(module)
    if devices is None:
        devices = jaxlib_mlir.mesh_device_count(meshes)
        if devices is None:
            raise UserError(f"{filename}: no sdy.mesh with more than one device; pass --devices N")
    if devices < 1:
        raise UserError(f"--devices must be positive, got {devices}")
    run = compile_and_run(text, devices, seed=seed, rtol=rtol, atol=atol, filename=filename)
    predicted = list(predict_collectives(text)) if predict_collectives is not None else None
    return run, format_report(run, meshes, rtol, atol, predicted)


def _read_plan_report(path: str) -> dict:
    text = read_text(path)
    try:
        report = json.loads(text)
    except json.JSONDecodeError as e:
        raise UserError(f"{path}:{e.lineno}:{e.colno}: not a JSON plan report: {e.msg}") from None
    if not isinstance(report, dict) or "collectives" not in report or "mesh" not in report:
        raise UserError(f"{path}: not a plan report (autoshard plan --report): no 'collectives' or 'mesh'")
    return report


def compare_with_report(compiled_hlo: str, report: dict):
    """XLA's collectives of `compiled_hlo` against those a plan report lists (`autoshard.xla.plan_vs_xla`)."""
    from autoshard.xla.plan_vs_xla import compare, compiled_totals, planned_totals  # noqa: PLC0415

    axes = list(report["mesh"]["axes"].items())
    reduce_scatter = report.get("hardware", {}).get("reduce_scatter", True)
    return compare(planned_totals(report["collectives"], [name for name, _ in axes]),
                   compiled_totals(compiled_hlo, axes, reduce_scatter=reduce_scatter))


def run(args: argparse.Namespace, predict_collectives: PredictCollectives | None = None) -> int:
    text = read_text(args.input)
    plan_report = _read_plan_report(args.report) if args.report else None
    xla_run, report = validate_text(text, args.input, args.devices, args.seed, args.rtol, args.atol,
                                    predict_collectives)
    if args.hlo_out:
        write_text_atomic(args.hlo_out, xla_run.compiled_hlo, protect=(args.input,))
    print(report)
    status = 0
    mismatch = xla_run.first_mismatch
    if mismatch is not None:
        print(f"autoshard validate: mismatch: result #{mismatch.index} {mismatch.dtype}{list(mismatch.shape)} "
              f"differs from the unsharded run: max abs error {mismatch.max_abs_error:.3g}, "
              f"max rel error {mismatch.max_rel_error:.3g}", file=sys.stderr)
        status = 1
    if plan_report is not None:
        comparison = compare_with_report(xla_run.compiled_hlo, plan_report)
        print(f"XLA's collectives vs the plan's report {args.report} (per step, loops per iteration):")
        print("\n".join(comparison.format()))
        if comparison.differing:
            print(f"autoshard validate: XLA's collectives differ from the plan's report in "
                  f"{len(comparison.differing)} (kind, axes) rows", file=sys.stderr)
            status = 1
    return status
