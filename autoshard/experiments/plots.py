"""PNG plots of an experiment (matplotlib, Agg backend): step time per mesh shape, compute/communication split,
solve time vs model size."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from autoshard.experiments.cells import PLANNER

PLOTS = ("step_time.png", "compute_communication.png", "solve_time.png")


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _planner_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if r.get("strategy") == PLANNER and r.get("step_time_s") not in (None, "")]


def _unique(values) -> list:
    return list(dict.fromkeys(values))


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return path


def plot_step_time(rows: Sequence[dict[str, Any]], path: Path, title: str = "") -> Path | None:
    """Grouped bars: the plan's modeled step time per model, one bar per mesh shape (log scale)."""
    rows = _planner_rows(rows)
    if not rows:
        return None
    plt = _pyplot()
    models, shapes = _unique(r["model"] for r in rows), _unique(r["mesh"] for r in rows)
    fig, ax = plt.subplots(figsize=(max(6.0, 1.3 * len(models) + 2), 4.2))
    width = 0.8 / len(shapes)
    for j, shape in enumerate(shapes):
        xs, ys = [], []
        for i, m in enumerate(models):
            hit = [float(r["step_time_s"]) for r in rows if r["model"] == m and r["mesh"] == shape]
            if hit:
                xs.append(i + (j - (len(shapes) - 1) / 2) * width)
                ys.append(min(hit) * 1e6)
        ax.bar(xs, ys, width, label=shape)
    ax.set_xticks(range(len(models)), models, rotation=20, ha="right")
    ax.set_yscale("log")
    ax.set_ylabel("modeled step time (µs, log)")
    ax.set_title(title or "Planned step time per mesh shape")
    ax.legend(title="mesh", fontsize=8)
    ax.grid(axis="y", alpha=0.3, which="both")
    out = _save(fig, path)
    plt.close(fig)
    return out


def plot_compute_communication(rows: Sequence[dict[str, Any]], path: Path, title: str = "") -> Path | None:
    """Stacked bars per (model, mesh): compute and communication time of the plan, normalized to 100%."""
    rows = _planner_rows(rows)
    if not rows:
        return None
    plt = _pyplot()
    labels, compute, comm = [], [], []
    for r in rows:
        total = float(r["step_time_s"]) or 1.0
        labels.append(f"{r['model']}\n{r['mesh_shape']}")
        compute.append(100 * float(r["compute_s"]) / total)
        comm.append(100 * float(r["communication_s"]) / total)
    fig, ax = plt.subplots(figsize=(max(6.0, 0.55 * len(labels) + 2), 4.4))
    xs = range(len(labels))
    ax.bar(xs, compute, label="compute", color="#4c72b0")
    ax.bar(xs, comm, bottom=compute, label="communication", color="#dd8452")
    ax.set_xticks(list(xs), labels, rotation=70, fontsize=7)
    ax.set_ylabel("share of modeled step time (%)")
    ax.set_ylim(0, 100)
    ax.set_title(title or "Compute / communication split of the plan")
    ax.legend(fontsize=8, loc="lower right")
    out = _save(fig, path)
    plt.close(fig)
    return out


def plot_solve_time(rows: Sequence[dict[str, Any]], path: Path, title: str = "") -> Path | None:
    """Scatter: solver wall time against model size (StableHLO ops), one series per mesh."""
    rows = [r for r in _planner_rows(rows) if r.get("num_ops") not in (None, "") and r.get("solve_time_s") not in (None, "")]
    if not rows:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.0, 4.2))
    for shape in _unique(r["mesh"] for r in rows):
        pts = sorted((float(r["num_ops"]), float(r["solve_time_s"])) for r in rows if r["mesh"] == shape)
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", linestyle="-" if len(pts) > 1 else "", label=shape)
    ax.set_xscale("log")
    ax.set_xlabel("model size (StableHLO ops, log)")
    ax.set_ylabel("solve time (s)")
    ax.set_title(title or "Solve time vs model size")
    ax.legend(title="mesh", fontsize=8)
    ax.grid(alpha=0.3, which="both")
    out = _save(fig, path)
    plt.close(fig)
    return out


def write_plots(rows: Sequence[dict[str, Any]], out_dir: Path, name: str = "") -> list[Path]:
    """All plots that have data, into `out_dir`."""
    made = [
        plot_step_time(rows, out_dir / PLOTS[0], f"{name}: planned step time per mesh" if name else ""),
        plot_compute_communication(rows, out_dir / PLOTS[1], f"{name}: compute / communication" if name else ""),
        plot_solve_time(rows, out_dir / PLOTS[2], f"{name}: solve time vs model size" if name else ""),
    ]
    return [p for p in made if p is not None]
