"""`results.csv`: one row per finished cell, rewritten atomically after each cell so a sweep can resume."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from autoshard.errors import UserError
from autoshard.fileio import write_text_atomic

COLUMNS = (
    "key", "experiment", "model", "mesh", "mesh_shape", "num_devices", "hardware", "memory_budget_bytes",
    "time_limit", "seed", "workers", "strategy", "status", "step_time_s", "compute_s", "communication_s",
    "collectives", "peak_memory_bytes", "solve_time_s", "gap", "objective_s", "best_bound_s", "num_nodes",
    "num_ops", "error",
)
NUMERIC = ("num_devices", "memory_budget_bytes", "time_limit", "seed", "workers", "step_time_s", "compute_s",
           "communication_s", "peak_memory_bytes", "solve_time_s", "gap", "objective_s", "best_bound_s",
           "num_nodes", "num_ops")
#: Statuses of cells that are finished (an internal `error` is retried on the next run).
FINISHED = ("OPTIMAL", "FEASIBLE", "infeasible", "not_applicable")


def _typed(row: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = dict(row)
    for k in NUMERIC:
        v = row.get(k, "")
        if v in ("", None):
            out[k] = None
        else:
            try:
                out[k] = float(v)
            except ValueError:
                out[k] = None
    return out


class ResultStore:
    """Rows by cell key, backed by `DIR/results.csv`."""

    def __init__(self, path: Path):
        self.path = path
        self.rows: dict[str, dict[str, Any]] = {}
        if path.exists():
            try:
                reader = csv.DictReader(io.StringIO(path.read_text()))
                if reader.fieldnames is None or "key" not in reader.fieldnames:
                    raise UserError(f"{path}: not a results file of `autoshard experiment` (no 'key' column)")
                for row in reader:
                    self.rows[row["key"]] = _typed(row)
            except (OSError, csv.Error) as e:
                raise UserError(f"{path}: cannot read previous results: {e}") from None

    def finished(self, key: str) -> bool:
        row = self.rows.get(key)
        return row is not None and row.get("status") in FINISHED

    def put(self, row: dict[str, Any]) -> None:
        self.rows[row["key"]] = row
        self.save()

    def save(self) -> None:
        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        for row in self.rows.values():
            writer.writerow({k: "" if row.get(k) is None else row.get(k) for k in COLUMNS})
        write_text_atomic(self.path, buf.getvalue())
