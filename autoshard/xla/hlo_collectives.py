"""Read the collectives XLA inserted from compiled HLO text, and name their device groups by mesh axes.

Pure text processing (no jax needed), so a saved `.hlo` file can be inspected anywhere.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from autoshard.sharding.device_groups import axes_of_device_groups
from costmodel.compute import dtype_bytes
from costmodel.errors import CostModelError

#: HLO opcodes counted as collectives (async `-start` forms are folded into these; `-done` halves skipped).
COLLECTIVE_KINDS = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute")
#: kinds XLA's combiner passes merge into one tuple-shaped collective (a tuple all-to-all is one exchange)
COMBINED_KINDS = ("all-reduce", "all-gather", "reduce-scatter")

ARRAY_SHAPE = re.compile(r"(?P<dtype>[a-z][a-z0-9]*)\[(?P<dims>[0-9,]*)\](?:\{[^}]*\})?")
#: one HLO instruction line: `[ROOT] %name = shape opcode(operands), attrs`
INSTRUCTION = re.compile(
    r"^\s*(?:ROOT\s+)?%?(?P<name>[\w.\-]+)\s*=\s*(?P<shape>\([^=]*?\)|[a-z][a-z0-9]*\[[0-9,]*\](?:\{[^}]*\})?)"
    r"\s+(?P<opcode>[a-z][a-z0-9\-]*)\((?P<operands>[^)]*)\)(?P<attrs>.*)$"
)
_EXPLICIT_GROUPS = re.compile(r"replica_groups=\{(?P<body>(?:\{[0-9,\s]*\},?\s*)*)\}")
_IOTA_GROUPS = re.compile(
    r"replica_groups=\[(?P<shape>[0-9,]+)\]<=\[(?P<dims>[0-9,]+)\](?:T\((?P<perm>[0-9,]+)\))?")
_MESH_GROUPS = re.compile(
    r"replica_groups=mesh\[(?P<axes>[^\]]*)\](?:,\s*device_ids=\((?P<ids>\[[0-9,]+\](?:T\([0-9,]+\))?|[^)]*)\))?"
    r"\s*\{(?P<grouped>[^}]*)\}")
#: `/*index=5*/`-style comments inside HLO lines
COMMENT = re.compile(r"/\*.*?\*/")
_PAIRS = re.compile(r"source_target_pairs=\{(?P<body>(?:\{[0-9,\s]*\},?\s*)*)\}")
_INNER_BRACES = re.compile(r"\{([0-9,\s]*)\}")


class HloCollective(NamedTuple):
    """One collective in compiled HLO.

    `replica_groups` are the device (partition) id groups; for collective-permute they are the
    (source, target) pairs. `shape`/`dtype`/`bytes` describe the result buffer on one device (a tuple result,
    e.g. a combined all-reduce, has shape `()`, dtype "tuple" and the summed bytes); `operand_bytes` is the
    per-device input buffer size when the operands' shapes are known; `num_operands` counts the operands (more
    than one when XLA's combiner merged several all-reduces / all-gathers / reduce-scatters into one, or for
    the tuple form of an all-to-all, one operand per peer).
    """

    kind: str
    replica_groups: tuple[tuple[int, ...], ...]
    shape: tuple[int, ...]
    dtype: str
    bytes: int
    operand_bytes: int | None = None
    name: str = ""
    num_operands: int = 1

    @property
    def program_count(self) -> int:
        """How many collectives of the program it stands for: its operand count when XLA's combiner merged
        several (`COMBINED_KINDS`), else 1."""
        return self.num_operands if self.kind in COMBINED_KINDS else 1

    @property
    def group_size(self) -> int:
        return len(self.replica_groups[0]) if self.replica_groups else 0


def shape_list(shape_text: str) -> list[tuple[str, tuple[int, ...]]]:
    """(dtype, dims) of each array in an HLO shape (one, or a tuple's elements)."""
    return [(m["dtype"], tuple(int(d) for d in m["dims"].split(",") if d))
            for m in ARRAY_SHAPE.finditer(shape_text)]


@lru_cache(maxsize=None)
def hlo_dtype_bytes(dtype: str) -> int:
    """Bytes per element of an HLO primitive type: `costmodel.compute.dtype_bytes` (which reads XLA's names),
    except that a token takes none and a type it does not know is taken as 4 bytes."""
    if dtype == "token":
        return 0
    try:
        return dtype_bytes(dtype)
    except CostModelError:
        return 4


def nbytes(shapes: list[tuple[str, tuple[int, ...]]]) -> int:
    """Bytes of the arrays `shape_list` gives."""
    return sum(hlo_dtype_bytes(dtype) * math.prod(dims) for dtype, dims in shapes)


def _mesh_axes_groups(m: re.Match) -> tuple[tuple[int, ...], ...]:
    """Groups of XLA's mesh-axes form `mesh['a'=2,'b'=4][, device_ids=(...)] {'b', 'a':(1)2}`.

    The device array (iota, or the explicit ids) is reshaped to the mesh; each mesh dimension a sub-axis
    `(pre)size` refers to is split at its boundaries (major part first); the grouped pieces are moved last, in the
    order listed, and every row of the result is one group.
    """
    axes = []
    for entry in m["axes"].split(","):
        name, _, size = entry.rpartition("=")
        axes.append((name.strip().strip("'\""), int(size)))
    sizes = [size for _, size in axes]
    total = math.prod(sizes)
    iota = re.fullmatch(r"\[(?P<dims>[0-9,]+)\](?:T\((?P<perm>[0-9,]+)\))?", (m["ids"] or "").strip())
    if iota is not None:  # iota form `[2,4]T(1,0)`: arange reshaped to dims, transposed by perm
        dims = [int(x) for x in iota["dims"].split(",")]
        ids_array = np.arange(math.prod(dims)).reshape(dims)
        ids = [int(x) for x in (ids_array.transpose([int(x) for x in iota["perm"].split(",")])
                                if iota["perm"] else ids_array).ravel()]
    else:
        ids = [int(x) for x in re.findall(r"-?\d+", m["ids"] or "")]
    devices = np.array(ids[-total:] if len(ids) >= total else range(total)).reshape(sizes)
    refs = []  # (mesh dim, pre_size, size)
    for entry in (e.strip() for e in m["grouped"].split(",")):
        if not entry:
            continue
        sub = re.fullmatch(r"(?P<name>.+?):\((?P<pre>\d+)\)(?P<size>\d+)", entry)
        name = (sub["name"] if sub else entry).strip().strip("'\"")
        dim = next(i for i, (axis_name, _) in enumerate(axes) if axis_name == name)
        refs.append((dim, int(sub["pre"]), int(sub["size"])) if sub else (dim, 1, sizes[dim]))
    pieces: list[int] = []  # sizes of the split device array
    piece_of_ref: list[int] = []
    for dim, full in enumerate(sizes):
        cuts = sorted({1, full} | {c for d, pre, size in refs if d == dim for c in (pre, pre * size)})
        start = len(pieces)
        pieces.extend(cuts[i + 1] // cuts[i] for i in range(len(cuts) - 1))
        for d, pre, _size in refs:
            if d == dim:
                piece_of_ref.append(start + cuts.index(pre))
    order = [i for i in range(len(pieces)) if i not in piece_of_ref] + piece_of_ref
    group_size = math.prod(pieces[i] for i in piece_of_ref)
    grouped = devices.reshape(pieces).transpose(order).reshape(-1, group_size)
    return tuple(tuple(int(x) for x in row) for row in grouped)


def _parse_groups(attrs: str, num_devices: int | None) -> tuple[tuple[int, ...], ...]:
    if (m := _MESH_GROUPS.search(attrs)) is not None:
        return _mesh_axes_groups(m)
    if (m := _IOTA_GROUPS.search(attrs)) is not None:
        shape = [int(x) for x in m["shape"].split(",")]
        dims = [int(x) for x in m["dims"].split(",")]
        ids = np.arange(math.prod(dims)).reshape(dims)
        if m["perm"]:
            ids = ids.transpose([int(x) for x in m["perm"].split(",")])
        return tuple(tuple(int(x) for x in row) for row in ids.reshape(shape))
    if (m := _PAIRS.search(attrs)) is not None or (m := _EXPLICIT_GROUPS.search(attrs)) is not None:
        groups = tuple(tuple(int(x) for x in g.split(",") if x.strip()) for g in _INNER_BRACES.findall(m["body"]))
        if groups:
            return groups
    return (tuple(range(num_devices)),) if num_devices else ()


def _num_partitions(hlo_text: str) -> int | None:
    m = re.search(r"num_partitions=(\d+)", hlo_text)
    return int(m.group(1)) if m else None


def operand_list(operands_text: str) -> list[str]:
    """The instruction names in an HLO operand list (`%a, f32[2] %b` -> `a`, `b`)."""
    return [o.strip().split()[-1].lstrip("%") for o in operands_text.split(",") if o.strip()]


def collectives_in_hlo(hlo_text: str) -> list[HloCollective]:
    """Every all-reduce, all-gather, reduce-scatter, all-to-all and collective-permute in `hlo_text`, in order.

    Replica groups are read in explicit (`{{0,1},{2,3}}`), iota (`[2,2]<=[4]`, `[2,2]<=[2,2]T(1,0)`) and
    mesh-axes (`mesh['a'=2,'b'=4] {'b'}`) form; an empty group list means all partitions.
    """
    num_devices = _num_partitions(hlo_text)
    shapes_by_name: dict[str, list[tuple[str, tuple[int, ...]]]] = {}
    found: list[HloCollective] = []
    for line in hlo_text.splitlines():
        m = INSTRUCTION.match(COMMENT.sub("", line))
        if m is None:
            continue
        result_shapes = shape_list(m["shape"])
        shapes_by_name[m["name"]] = result_shapes
        opcode = m["opcode"]
        if opcode.endswith("-done"):
            continue
        kind = opcode.removesuffix("-start")
        if kind not in COLLECTIVE_KINDS:
            continue
        operand_names = operand_list(m["operands"])
        operand_shapes = [s for n in operand_names for s in shapes_by_name.get(n, [])]
        operand_bytes = nbytes(operand_shapes) if operand_shapes else None
        if opcode.endswith("-start") and kind in ("all-gather", "collective-permute") and len(result_shapes) > 1:
            result_shapes = result_shapes[1:2]  # (operand, output, [contexts]) -> output
        is_tuple = m["shape"].startswith("(") and len(result_shapes) != 1
        shape = () if is_tuple else result_shapes[0][1]
        dtype = "tuple" if is_tuple else result_shapes[0][0]
        found.append(HloCollective(kind, _parse_groups(m["attrs"], num_devices), shape, dtype,
                                   nbytes(result_shapes), operand_bytes, m["name"], max(len(operand_names), 1)))
    return found


def groups_as_mesh_axes(groups: Sequence[Sequence[int]], axes: Sequence[tuple[str, int]],
                        device_ids: Sequence[int] = ()) -> tuple[str, ...] | None:
    """The names of the mesh axes whose device groups are exactly `groups` (`model`, or `model:(1)4` for a
    sub-axis), or None when none match (`autoshard.sharding.device_groups`)."""
    refs = axes_of_device_groups(groups, axes, device_ids)
    if refs is None:
        return None
    return tuple(r.name if r.sub_axis is None else f"{r.name}:{r.sub_axis}" for r in refs)


def nccl_bytes_per_device(collective: HloCollective) -> float:
    """Bytes one device sends under the nccl-tests convention (issue 4): all-reduce 2(n-1)/n of the buffer,
    all-gather and reduce-scatter (n-1)/n of the full buffer, all-to-all (n-1)/n, collective-permute all of it."""
    n = collective.group_size
    if n <= 1 and collective.kind != "collective-permute":
        return 0.0
    if collective.kind == "all-reduce":
        return 2 * (n - 1) / n * collective.bytes
    if collective.kind == "all-gather":
        return (n - 1) / n * collective.bytes
    if collective.kind == "reduce-scatter":
        full = collective.operand_bytes if collective.operand_bytes is not None else collective.bytes * n
        return (n - 1) / n * full
    if collective.kind == "all-to-all":
        return (n - 1) / n * collective.bytes
    return float(collective.bytes)
