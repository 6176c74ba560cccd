"""The Markdown table of an experiment: the planner's plan per setting, and its cost over each expert baseline's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from autoshard.experiments.cells import PLANNER
from autoshard.units import fmt_bytes, fmt_time

SETTING = ("model", "mesh", "hardware", "memory_budget_bytes", "time_limit", "seed", "workers")


def setting_of(row: dict[str, Any]) -> tuple:
    return tuple(row.get(k) for k in SETTING)


def _num(row: dict[str, Any] | None, key: str) -> float | None:
    if row is None:
        return None
    v = row.get(key)
    return None if v in (None, "") else float(v)


def ratio_text(plan_row: dict[str, Any] | None, base_row: dict[str, Any] | None) -> str:
    """`plan cost / baseline cost` (below 1: the planner is cheaper), or why there is none."""
    if base_row is None:
        return ""
    if base_row.get("status") == "not_applicable":
        return "n/a"
    if base_row.get("status") == "infeasible":
        return "infeasible"
    p, b = _num(plan_row, "step_time_s"), _num(base_row, "step_time_s")
    if p is None or b is None:
        return base_row.get("status") or "?"
    return f"{p / b:.3f}" if b > 0 else ("1.000" if p == 0 else "inf")


def markdown_table(rows: Sequence[dict[str, Any]], baselines: Sequence[str], title: str = "") -> str:
    """One line per setting: the planner's modeled step time, split, memory, solver status, and ratios."""
    by_setting: dict[tuple, dict[str, dict[str, Any]]] = {}
    for row in rows:
        by_setting.setdefault(setting_of(row), {})[row["strategy"]] = row
    multi_hw = len({r.get("hardware") for r in rows}) > 1
    multi_budget = len({r.get("memory_budget_bytes") for r in rows}) > 1
    multi_solver = len({(r.get("time_limit"), r.get("seed"), r.get("workers")) for r in rows}) > 1
    header = ["model", "mesh"]
    if multi_hw:
        header.append("hardware")
    if multi_budget:
        header.append("budget")
    if multi_solver:
        header.append("solver")
    header += ["step time", "compute", "communication", "peak memory", "solve", "gap", "status"]
    header += [f"/ {b}" for b in baselines]
    lines = []
    if title:
        lines += [f"# {title}", ""]
    if baselines:
        lines += ["`/ X` columns: the plan's modeled step time divided by that of expert layout X (argument "
                  "shardings fixed, the rest planned); at most 1 means the plan is no worse.", ""]
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for setting, cells in by_setting.items():
        p = cells.get(PLANNER)
        budget = setting[3]
        line = [str(setting[0]), str(setting[1])]
        if multi_hw:
            line.append(str(setting[2]))
        if multi_budget:
            line.append(fmt_bytes(float(budget)) if budget not in (None, "") else "device")
        if multi_solver:
            line.append(f"{setting[4]:g}s seed {int(setting[5])} w{int(setting[6])}")
        if p is None or _num(p, "step_time_s") is None:
            status = p.get("status") if p else "missing"
            line += ["", "", "", "", "", "", str(status)]
        else:
            gap = _num(p, "gap")
            line += [fmt_time(_num(p, "step_time_s")), fmt_time(_num(p, "compute_s")),
                     fmt_time(_num(p, "communication_s")), fmt_bytes(_num(p, "peak_memory_bytes") or 0),
                     f"{_num(p, 'solve_time_s'):.1f} s", "" if gap is None else f"{gap:.1%}", str(p.get("status"))]
        line += [ratio_text(p, cells.get(b)) for b in baselines]
        lines.append("| " + " | ".join(line) + " |")
    return "\n".join(lines) + "\n"
