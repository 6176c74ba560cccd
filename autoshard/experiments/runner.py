"""Run an experiment's cells (resuming finished ones), then write the table and plots."""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autoshard.errors import InfeasibleError, MissingExtraError, UserError
from autoshard.experiments.baselines import analyze_arguments, baseline_argument_specs
from autoshard.experiments.cells import PLANNER, Cell, expand
from autoshard.experiments.config import REPO_ROOT, ExperimentConfig, ModelSpec
from autoshard.experiments.meshes import mesh_shape_label
from autoshard.experiments.results import ResultStore
from autoshard.planner.api import load, plan
from autoshard.planner.user_constraints import PlanOptions
from autoshard.fileio import read_text

GENERATOR_SCRIPT = REPO_ROOT / "examples" / "generate_zoo.py"


@dataclass
class ModelText:
    """A model's text with what every cell of it needs (parsed once per model)."""

    text: str
    num_ops: int
    facts: Any = None


class ModelCache:
    """Materializes models (generating them when asked) and keeps their text and argument facts."""

    def __init__(self, work_dir: Path):
        self.work_dir = work_dir
        self._texts: dict[ModelSpec, ModelText] = {}

    def path_of(self, model: ModelSpec) -> Path:
        if model.path is not None:
            return model.path
        out = self.work_dir / "models"
        path = out / f"{model.generator}_{model.label}.mlir"
        if path.exists():
            return path
        if importlib.util.find_spec("jax") is None:
            raise MissingExtraError(f"model '{model.label}' is generated with jax; install the [xla] extra")
        if not GENERATOR_SCRIPT.is_file():
            raise UserError(f"generator script {GENERATOR_SCRIPT} not found")
        cmd = [sys.executable, str(GENERATOR_SCRIPT), "--only", model.generator, "--out", str(out),
               "--tag", model.label, "--variants", "pretty"]
        if model.large:
            cmd.append("--large")
        for k, v in model.sizes:
            cmd += [f"--{k}", str(v)]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0 or not path.exists():
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise UserError(f"generating model '{model.label}' failed: {last}")
        return path

    def get(self, model: ModelSpec) -> ModelText:
        cached = self._texts.get(model)
        if cached is None:
            path = self.path_of(model)
            text = read_text(path)
            module = load(text, str(path))
            cached = ModelText(text, sum(1 for op in module.walk() if op.name.startswith("stablehlo.")))
            cached.facts = analyze_arguments(module, model.inputs)
            self._texts[model] = cached
        return cached


def _base_row(cell: Cell, experiment: str) -> dict[str, Any]:
    return {
        "key": cell.key(), "experiment": experiment, "model": cell.model.label, "mesh": str(cell.mesh),
        "mesh_shape": mesh_shape_label(cell.mesh), "num_devices": cell.mesh.num_devices, "hardware": cell.hardware,
        "memory_budget_bytes": cell.memory_budget, "time_limit": cell.solver.time_limit, "seed": cell.solver.seed,
        "workers": cell.solver.workers, "strategy": cell.strategy,
    }


def run_cell(cell: Cell, models: ModelCache, experiment: str = "") -> dict[str, Any]:
    """Plan one cell; returns its results row (infeasible and inapplicable cells are rows too)."""
    from autoshard.xla.hand_annotate import annotate_arguments

    row = _base_row(cell, experiment)
    model = models.get(cell.model)
    row["num_ops"] = model.num_ops
    text = model.text
    if cell.strategy != PLANNER:
        specs = baseline_argument_specs(cell.strategy, model.facts, cell.mesh)
        if specs is None:
            row.update(status="not_applicable", error=f"{cell.strategy} needs a mesh with two or more axes")
            return row
        text = annotate_arguments(text, cell.mesh.shape, specs)
    try:
        result = plan(text, mesh=cell.mesh, config=cell.hardware, memory_budget=cell.memory_budget,
                      time_limit=cell.solver.time_limit, seed=cell.solver.seed, num_workers=cell.solver.workers,
                      options=PlanOptions(carry_state=cell.model.carry_state))
    except InfeasibleError as e:
        row.update(status="infeasible", error=str(e))
        return row
    c, s = result.sharding_plan.cost, result.solver
    row.update(
        status=s.status, step_time_s=c.step_time_s, compute_s=c.compute_s, communication_s=c.communication_s,
        collectives=json.dumps({k: v for k, v in sorted(c.collectives_s.items()) if v}),
        peak_memory_bytes=c.peak_memory_bytes, solve_time_s=s.wall_time_s,
        gap=s.gap if not math.isnan(s.gap) else None, objective_s=s.objective_s, best_bound_s=s.best_bound_s,
        num_nodes=s.num_nodes, error="",
    )
    return row


def run_experiment(config: ExperimentConfig, out_dir: Path, *, on_cell: Callable[[Cell, bool], None] | None = None,
                   on_start: Callable[[int, int], None] | None = None) -> ResultStore:
    """Run every unfinished cell of `config`, storing rows in `out_dir/results.csv` as they finish.

    `on_start(total, already_done)` is called once, `on_cell(cell, computed)` after each cell. A cell whose
    planning fails with an internal error gets status `error` (retried next time); user errors stop the run.
    """
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"{out_dir}: cannot create the output directory: {e.strerror}") from None
    store = ResultStore(out_dir / "results.csv")
    models = ModelCache(out_dir)
    cells = expand(config)
    done = sum(1 for c in cells if store.finished(c.key()))
    if on_start:
        on_start(len(cells), done)
    for cell in cells:
        key = cell.key()
        if store.finished(key):
            if on_cell:
                on_cell(cell, False)
            continue
        try:
            row = run_cell(cell, models, config.name)
        except UserError:
            raise
        except Exception as e:  # record and go on: one broken cell must not lose a long sweep
            row = _base_row(cell, config.name)
            row.update(status="error", error=f"{type(e).__name__}: {e}")
        store.put(row)
        if on_cell:
            on_cell(cell, True)
    return store
