"""A plan's collectives next to those XLA compiled from the written file: per (kind, mesh axes), count and bytes
per device per step on both sides, and whether they differ.

Conventions, the same on both sides:
- a collective inside a loop counts once per iteration (the plan's loop multiplier; XLA's `known_trip_count`);
- bytes are what one device sends, nccl-tests convention (`hlo_collectives.nccl_bytes_per_device`);
- XLA's combiners merge independent all-reduces (all-gathers, reduce-scatters) into one tuple collective: it
  counts as its number of operands;
- a plan priced for a backend that forms reduce-scatters (`hardware.reduce_scatter`) is compared with XLA's
  all-reduces whose result is only sliced to 1/n counted as the reduce-scatters that backend forms
  (`hlo_loops`); XLA:CPU itself leaves them as all-reduces;
- the plan's reshard of one value to one sharding counts once however many consumers take it (XLA's CSE
  merges identical constraints); `all_slice` (a local slice) and empty collectives are not communication;
- a collective-permute moves data between device pairs, not along mesh axes: compared by kind, count, bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from costmodel.collectives import collective

from autoshard.xla.hlo_collectives import collectives_in_hlo, groups_as_mesh_axes, nccl_bytes_per_device
from autoshard.xla.hlo_loops import HloProgram

PERMUTE_AXES = "(pairs)"


@dataclass(frozen=True)
class CollectiveTotal:
    """Collectives of one kind over one set of mesh axes, per step: how many, and bytes one device sends."""

    kind: str
    axes: str
    count: int
    bytes_per_device: float
    #: their time per step under the profile's links (alpha-beta, `costmodel.collectives`); NaN if not priced
    time_s: float = float("nan")


@dataclass(frozen=True)
class ComparisonRow:
    kind: str
    axes: str
    planned: CollectiveTotal | None
    compiled: CollectiveTotal | None

    @property
    def differs(self) -> bool:
        if self.planned is None or self.compiled is None:
            return True
        a, b = self.planned.bytes_per_device, self.compiled.bytes_per_device
        return self.planned.count != self.compiled.count or abs(a - b) > 1e-6 * max(a, b, 1.0)

    @property
    def verdict(self) -> str:
        if self.compiled is None:
            return "only planned"
        if self.planned is None:
            return "only compiled"
        if not self.differs:
            return "equal"
        ratio = (self.planned.bytes_per_device / self.compiled.bytes_per_device
                 if self.compiled.bytes_per_device else float("inf"))
        count = ("" if self.planned.count == self.compiled.count
                 else f", count {self.planned.count} vs {self.compiled.count}")
        return f"bytes x{ratio:.3g}{count}"


@dataclass
class Comparison:
    rows: list[ComparisonRow] = field(default_factory=list)

    @property
    def differing(self) -> list[ComparisonRow]:
        return [r for r in self.rows if r.differs]

    def communication_s(self, side: str) -> float:
        """Summed collective time per step of one side (`planned` or `compiled`)."""
        return sum(getattr(r, side).time_s for r in self.rows if getattr(r, side) is not None)

    def format(self) -> list[str]:
        lines = [f"  {'kind':<18} {'axes':<14} {'plan n':>7} {'plan B/dev':>13} {'XLA n':>7} {'XLA B/dev':>13}  verdict"]
        for r in self.rows:
            p = r.planned or CollectiveTotal(r.kind, r.axes, 0, 0.0)
            c = r.compiled or CollectiveTotal(r.kind, r.axes, 0, 0.0)
            lines.append(f"  {r.kind:<18} {r.axes:<14} {p.count:>7} {p.bytes_per_device:>13.0f} {c.count:>7} "
                         f"{c.bytes_per_device:>13.0f}  {r.verdict}")
        if not self.rows:
            lines.append("  (no collectives on either side)")
        return lines


def _totals(items: Iterable[tuple[str, str, int, float, float]]) -> dict[tuple[str, str], CollectiveTotal]:
    table: dict[tuple[str, str], CollectiveTotal] = {}
    for kind, axes, count, sent, seconds in items:
        axes = PERMUTE_AXES if kind == "collective-permute" else axes
        old = table.get((kind, axes), CollectiveTotal(kind, axes, 0, 0.0, 0.0))
        table[(kind, axes)] = CollectiveTotal(kind, axes, old.count + count, old.bytes_per_device + sent,
                                              old.time_s + seconds)
    return table


def planned_totals(collectives: Iterable[Mapping[str, Any]], axis_order: Sequence[str]
                   ) -> dict[tuple[str, str], CollectiveTotal]:
    """A plan's collectives per step, per (HLO kind, axes in mesh order), from the entries of its report
    (`Plan.report()["collectives"]`: kind, axes, bytes_per_device, count, one entry per distinct reshard)."""
    order = {name: i for i, name in enumerate(axis_order)}
    items = []
    for c in collectives:
        kind, sent, count = c["kind"], float(c["bytes_per_device"]), int(c["count"])
        if kind == "all_slice" or (sent == 0 and kind != "collective_permute"):
            continue
        axes = sorted(c["axes"], key=lambda a: order.get(a.split(":")[0], len(order)))
        seconds = float(c.get("time_s", float("nan"))) * count
        items.append((kind.replace("_", "-"), ",".join(axes), count, sent * count, seconds))
    return _totals(items)


def compiled_totals(hlo_text: str, mesh_axes: Sequence[tuple[str, int]], device_ids: Sequence[int] = (),
                    reduce_scatter: bool = True, config=None) -> dict[tuple[str, str], CollectiveTotal]:
    """XLA's collectives of compiled `hlo_text` per step, per (kind, mesh axes) (see module docstring), priced
    under `config` (a `CostConfig` whose mesh has `mesh_axes`) when given."""

    def price(kind: str, axes: Sequence[str] | None, buffer: float) -> float:
        if config is None or (axes is None and kind != "collective-permute"):
            return float("nan")
        refs = [name for name, _ in mesh_axes] if axes is None else [_axis_spec(a) for a in axes]
        return collective(kind, config, refs, buffer).time_s

    program = HloProgram.parse(hlo_text)
    runs = program.run_counts()
    computation_of = {i.name: i.computation for i in program.instructions()}
    items = []
    for c in collectives_in_hlo(hlo_text):
        computation = computation_of.get(c.name, program.entry or "")
        times = runs.get(computation) or 1  # a computation no run count reaches counts once
        axes = None if c.kind == "collective-permute" else groups_as_mesh_axes(c.replica_groups, mesh_axes,
                                                                                device_ids)
        axes_text = (",".join(axes) if axes is not None else
                     "" if c.kind == "collective-permute" else "{" + ",".join(map(str, c.replica_groups[0])) + "}...")
        if reduce_scatter and c.kind == "all-reduce" and c.group_size > 1:
            n = c.group_size
            element_bytes = program.element_bytes(computation, c.name) or [c.bytes]
            sliced = program.sliced_elements(computation, c.name, len(element_bytes), n)
            for size, is_sliced in zip(element_bytes, sliced):
                kind, sent = ("reduce-scatter", (n - 1) / n * size) if is_sliced else ("all-reduce", 2 * (n - 1) / n * size)
                items.append((kind, axes_text, times, sent * times, price(kind, axes, size) * times))
            continue
        buffer = (c.operand_bytes if c.operand_bytes is not None else c.bytes * c.group_size
                  ) if c.kind == "reduce-scatter" else c.bytes
        items.append((c.kind, axes_text, c.program_count * times, nccl_bytes_per_device(c) * times,
                      price(c.kind, axes, buffer) * times))
    return _totals(items)


def _axis_spec(axis: str) -> str | tuple[str, int, int]:
    """`model` or `model:(2)2` (as `groups_as_mesh_axes` names them) as a `costmodel.collectives` axis."""
    name, _, sub = axis.partition(":")
    if not sub:
        return name
    pre, _, size = sub.removeprefix("(").partition(")")
    return (name, int(pre), int(size))


def compare(planned: dict[tuple[str, str], CollectiveTotal],
            compiled: dict[tuple[str, str], CollectiveTotal]) -> Comparison:
    return Comparison([ComparisonRow(kind, axes, planned.get((kind, axes)), compiled.get((kind, axes)))
                       for kind, axes in sorted(set(planned) | set(compiled))])


def compare_plan_with_xla(plan, hlo_text: str) -> Comparison:
    """The plan's collectives against those of `hlo_text`, XLA's compilation of `emit_plan(plan)`."""
    sharded = plan.sharding_plan
    mesh_axes = tuple(zip(sharded.mesh.axis_names, sharded.mesh.shape.values()))
    planned = planned_totals([c.to_json() for c in sharded.collectives], sharded.mesh.axis_names)
    return compare(planned, compiled_totals(hlo_text, mesh_axes, reduce_scatter=plan.config.hardware.reduce_scatter,
                                            config=plan.config))
