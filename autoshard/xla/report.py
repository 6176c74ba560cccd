"""Human-readable report of an XLA cross-check: result comparison, and XLA's collectives next to predicted ones."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from autoshard.xla.compile_run import XlaRun
from autoshard.xla.hlo_collectives import HloCollective, groups_as_mesh_axes, nccl_bytes_per_device
from autoshard.xla.jaxlib_mlir import MeshInfo


@dataclass(frozen=True)
class PredictedCollective:
    """A collective our cost model expects (the hook `validate` leaves for it): kind in HLO spelling
    (`all-reduce`, `all-gather`, ...), mesh axes, and bytes one device sends (nccl-tests convention)."""

    kind: str
    axes: tuple[str, ...]
    bytes_per_device: float


@dataclass(frozen=True)
class ObservedCollective:
    """One collective XLA inserted, with its device groups named by mesh axes where they match."""

    collective: HloCollective
    axes: tuple[str, ...] | None
    bytes_per_device: float

    def axes_text(self) -> str:
        if self.axes is not None:
            return ",".join(self.axes)
        groups = self.collective.replica_groups
        shown = ",".join("{" + ",".join(map(str, g)) + "}" for g in groups[:2])
        return shown + (",..." if len(groups) > 2 else "")


def observed_collectives(run: XlaRun, meshes: Sequence[MeshInfo]) -> list[ObservedCollective]:
    """XLA's collectives of `run`, each named by the axes of the first mesh whose groups they match."""
    candidates = [m for m in meshes if m.num_devices == run.num_devices]
    out = []
    for c in run.collectives():
        axes = None
        if c.kind != "collective-permute":
            for mesh in candidates:
                axes = groups_as_mesh_axes(c.replica_groups, mesh.axes, mesh.device_ids)
                if axes is not None:
                    break
        out.append(ObservedCollective(c, axes, nccl_bytes_per_device(c)))
    return out


def _shape_text(c: HloCollective) -> str:
    return f"{c.dtype}[{','.join(map(str, c.shape))}]" if c.dtype != "tuple" else "tuple"


def format_report(run: XlaRun, meshes: Sequence[MeshInfo], rtol: float, atol: float,
                  predicted: Sequence[PredictedCollective] | None = None) -> str:
    """The text `autoshard validate` prints: verdict per result, then XLA's collectives (and predicted ones)."""
    lines = [f"XLA (Shardy partitioner) on {run.num_devices} host CPU devices vs unsharded run "
             f"(rtol {rtol:g}, atol {atol:g}):"]
    for c in run.comparisons:
        verdict = "ok" if c.matches else "MISMATCH"
        lines.append(f"  result #{c.index} {c.dtype}{list(c.shape)}: {verdict} "
                     f"(max abs error {c.max_abs_error:.3g}, max rel error {c.max_rel_error:.3g})")
    observed = observed_collectives(run, meshes)
    lines.append(f"collectives XLA inserted: {len(observed)}")
    for o in observed:
        c = o.collective
        lines.append(f"  {c.kind:<18} axes {o.axes_text():<16} {_shape_text(c):<20} buffer {c.bytes} B, "
                     f"sends {o.bytes_per_device:.0f} B/device")
    if predicted is not None:
        lines.append(f"collectives predicted: {len(predicted)}")
        for p in predicted:
            lines.append(f"  {p.kind:<18} axes {','.join(p.axes):<16} sends {p.bytes_per_device:.0f} B/device")
        lines.extend(compare_collectives(observed, predicted))
    return "\n".join(lines)


def compare_collectives(observed: Sequence[ObservedCollective],
                        predicted: Sequence[PredictedCollective]) -> list[str]:
    """Per (kind, axes): count and total bytes per device, XLA vs predicted, flagging differences."""
    def totals(items):
        table: dict[tuple[str, str], list[float]] = {}
        for kind, axes, sent in items:
            entry = table.setdefault((kind, axes), [0, 0.0])
            entry[0] += 1
            entry[1] += sent
        return table

    xla = totals((o.collective.kind, o.axes_text(), o.bytes_per_device) for o in observed)
    ours = totals((p.kind, ",".join(p.axes), p.bytes_per_device) for p in predicted)
    lines = ["XLA vs predicted per (kind, axes): count, bytes/device"]
    for key in sorted(set(xla) | set(ours)):
        a, b = xla.get(key, [0, 0.0]), ours.get(key, [0, 0.0])
        flag = "" if a[0] == b[0] and abs(a[1] - b[1]) <= 1e-6 * max(a[1], b[1], 1.0) else "  <-- differs"
        lines.append(f"  {key[0]:<18} {key[1]:<16} XLA {a[0]} x {a[1]:.0f} B   predicted {b[0]} x {b[1]:.0f} B{flag}")
    return lines
