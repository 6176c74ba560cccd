"""`autoshard experiment configs/experiments/NAME.yaml [-o DIR]`: run a sweep, write results.csv, a table, plots."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autoshard.errors import UserError
from autoshard.experiments.cells import expand
from autoshard.experiments.config import load_experiment
from autoshard.experiments.plots import write_plots
from autoshard.experiments.runner import run_experiment
from autoshard.experiments.table import markdown_table
from autoshard.fileio import write_text_atomic

NAME = "experiment"
HELP = "run a YAML sweep (models x meshes x hardware x budgets x solver settings); write CSV, Markdown and plots"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", help="experiment file, e.g. configs/experiments/zoo_vs_experts.yaml")
    p.add_argument("-o", "--output", help="results directory (default: results/NAME); reruns resume from it")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--no-plots", action="store_true", help="skip the PNG plots")


def run(args: argparse.Namespace) -> int:
    config = load_experiment(args.config)
    out_dir = Path(args.output) if args.output else Path("results") / config.name
    if out_dir.exists() and not out_dir.is_dir():
        raise UserError(f"{out_dir}: exists and is not a directory")
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    quiet = args.quiet or not sys.stderr.isatty()
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=console, disable=quiet, transient=False)
    counts = {"computed": 0, "resumed": 0}
    task = None

    def on_start(total: int, done: int) -> None:
        nonlocal task
        task = progress.add_task(config.name, total=total)

    def on_cell(cell, computed: bool) -> None:
        counts["computed" if computed else "resumed"] += 1
        progress.update(task, advance=1, description=f"{config.name}: {cell.model.label} {cell.mesh} {cell.strategy}")

    with progress:
        store = run_experiment(config, out_dir, on_cell=on_cell, on_start=on_start)
    keys = [c.key() for c in expand(config)]
    rows = [store.rows[k] for k in keys if k in store.rows]
    table = markdown_table(rows, config.baselines, config.description or config.name)
    write_text_atomic(out_dir / "results.md", table)
    plots = [] if args.no_plots else write_plots(rows, out_dir, config.name)
    errors = [r for r in rows if r.get("status") == "error"]
    print(table, end="")
    print(f"{len(rows)} cells ({counts['computed']} computed, {counts['resumed']} resumed) -> {out_dir}/results.csv, "
          f"results.md{''.join(', ' + p.name for p in plots)}", file=sys.stderr)
    for r in errors:
        print(f"warning: cell {r['model']} {r['mesh']} {r['strategy']} failed: {r['error']}", file=sys.stderr)
    return 1 if errors else 0
