"""Hardware profiles: a device mesh, per-device compute and memory, and an alpha-beta link per mesh axis.

Conventions (used by every costmodel module):
- All numbers are SI: FLOP/s, bytes, bytes/s, seconds. Everything is *per device*.
- `AxisLink.bandwidth` is the rate at which one device can move bytes to its peers along that mesh axis when
  a collective runs over it, i.e. nccl-tests' *bus bandwidth* (for a torus axis: both ring directions together).
  A collective's time on one axis is `bytes_per_device / bandwidth + steps * latency` (see `collectives`).
- `AxisLink.topology` is `ring` (a unidirectional ring of n devices: n-1 steps), `torus` (rings per physical
  dimension given by `torus_dims`, whose product is the axis size) or `switch` (every device reaches every other
  through a switch: recursive halving/doubling, log2(n) steps; one step for all-to-all and permutes).
- A profile's `mesh` is ordered major to minor (like `jax.sharding.Mesh` and Shardy's `sdy.mesh`).

YAML form (`load_config`), more keys allowed as listed in `_TOP_KEYS`, `_HARDWARE_KEYS`, `_LINK_KEYS`:

    mesh:
      axes: {data: 2, model: 4}        # ordered, major to minor; optional device_ids: [...]
    hardware:
      peak_flops: 4.0e+14             # FLOP/s, or a per-dtype map {bf16: ..., f32: ..., default: ...}
      memory_bytes: 8.0e+10
      memory_bandwidth: 3.35e+12
      reshard_lowering: xla           # default; shardy: reshards priced as Shardy's reshard-to-collectives
      xla_backend: cpu                # default; gpu, tpu: whose compiler's facts the model of XLA applies
    axis_links:
      data:  {bandwidth: 5.0e+10, latency: 1.0e-5}            # topology defaults to ring
      model: {bandwidth: 4.5e+11, latency: 2.0e-6, topology: switch}

Named profiles live in the repository's `configs/hardware/<name>.yaml`; `load_config("h100-8")` finds them.
`with_mesh(config, mesh)` keeps a profile's hardware for another mesh (the CLI's `--mesh` with `--config`), and
`default_config(mesh)` is what `--mesh` alone uses.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from costmodel.errors import CostModelError, SourceLocation

TOPOLOGIES = ("ring", "torus", "switch")

#: Who lowers reshards to collectives (`hardware.reshard_lowering`): Shardy's pass or XLA's SPMD partitioner.
RESHARD_LOWERINGS = ("shardy", "xla")
#: The lowering a profile prices reshards with unless it names one: XLA's. jax compiles annotated modules with
#: XLA's Shardy pipeline, which (jaxlib 0.10) propagates with Shardy but partitions with XLA's SPMD partitioner,
#: so every reshard the plan leaves to the compiler is performed as that partitioner lowers it, on every backend
#: (CPU, GPU, TPU). `shardy` is for users of Shardy's own pipeline (`-sdy-reshard-to-collectives`, which
#: `--explicit-collectives` emits).
DEFAULT_RESHARD_LOWERING = "xla"

#: The XLA backends whose facts the model of XLA states (`hardware.xla_backend`; the facts themselves are
#: `autoshard.planner.xla_model.backend`'s).
XLA_BACKENDS = ("cpu", "gpu", "tpu")
#: The backend a profile is modeled with unless it names one: XLA:CPU, whose compiled programs the benches and tests
#: compare the model with (its facts are the measured ones; the other backends' are read from XLA's source where
#: they differ, else assumed the same), so every bundled profile, GPU and TPU ones included, prices as the model
#: those comparisons check.
DEFAULT_XLA_BACKEND = "cpu"

#: Where named profiles live: <repo>/configs/hardware/<name>.yaml.
PROFILE_DIR = Path(__file__).resolve().parents[1] / "configs" / "hardware"

#: The profile `--mesh` alone uses (NVLink inside 8-GPU nodes, InfiniBand across them).
DEFAULT_PROFILE = "h100-cluster"


# ------------------------------------------------------------------------------------------------------
# Plain data
# ------------------------------------------------------------------------------------------------------
class AxisSize(NamedTuple):
    """One named mesh axis and its device count."""

    name: str
    size: int


@dataclass(frozen=True)
class MeshShape:
    """A profile's device mesh as plain data: named axes, major to minor, and an optional device-id order (None:
    0..N-1). `str()` is `data=2,model=4`."""

    axes: tuple[AxisSize, ...]
    device_ids: tuple[int, ...] | None = None

    @staticmethod
    def from_sizes(sizes: Mapping[str, int] | Iterable[tuple[str, int]],
                   device_ids: Iterable[int] | None = None) -> MeshShape:
        """`MeshShape.from_sizes({"data": 2, "model": 4})`; checks names are distinct and sizes positive."""
        items = list(sizes.items()) if isinstance(sizes, Mapping) else list(sizes)
        axes = tuple(AxisSize(str(n), int(s)) for n, s in items)
        seen: set[str] = set()
        for axis in axes:
            if axis.name in seen:
                raise CostModelError(f"mesh axis '{axis.name}' appears twice")
            seen.add(axis.name)
            if axis.size <= 0:
                raise CostModelError(f"mesh axis '{axis.name}' has size {axis.size}; sizes must be positive")
        return MeshShape(axes, tuple(int(d) for d in device_ids) if device_ids is not None else None)

    @property
    def axis_names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.axes)

    @property
    def shape(self) -> dict[str, int]:
        """Axis sizes by name, in mesh order."""
        return {a.name: a.size for a in self.axes}

    @property
    def num_devices(self) -> int:
        return math.prod(a.size for a in self.axes)

    def axis_size(self, name: str) -> int:
        for axis in self.axes:
            if axis.name == name:
                return axis.size
        raise CostModelError(f"unknown mesh axis '{name}'; the mesh has {list(self.axis_names)}")

    def __str__(self) -> str:
        return ",".join(f"{a.name}={a.size}" for a in self.axes)


@dataclass(frozen=True)
class AxisLink:
    """The interconnect a collective along one mesh axis runs on (alpha-beta model)."""

    bandwidth: float  # bytes/s per device (bus bandwidth)
    latency: float  # seconds per algorithm step
    topology: str = "ring"
    torus_dims: tuple[int, ...] | None = None  # physical torus dimensions of the axis (torus only)

    def __post_init__(self) -> None:
        if not self.bandwidth > 0 or not math.isfinite(self.bandwidth):
            raise CostModelError(f"link bandwidth must be a positive number, got {self.bandwidth}")
        if not self.latency >= 0 or not math.isfinite(self.latency):
            raise CostModelError(f"link latency must be a non-negative number, got {self.latency}")
        if self.topology not in TOPOLOGIES:
            raise CostModelError(f"link topology '{self.topology}' is not one of {', '.join(TOPOLOGIES)}")
        if self.torus_dims is not None:
            if self.topology != "torus":
                raise CostModelError(f"torus_dims is only meaningful with topology torus, not {self.topology}")
            if any(d <= 0 for d in self.torus_dims):
                raise CostModelError(f"torus_dims {list(self.torus_dims)} must be positive")


@dataclass(frozen=True)
class HardwareSpec:
    """Per-device compute and memory.

    `peak_flops` is one number or a map from dtype (`bf16`, `f32`, `f8`, `s8`, ..., or `default`) to FLOP/s;
    `vector_flops` (optional) is the rate of non-matrix (elementwise) work, defaulting to `peak_flops`.
    """

    peak_flops: float | Mapping[str, float] = field(hash=False)
    memory_bytes: float
    memory_bandwidth: float
    vector_flops: float | Mapping[str, float] | None = field(default=None, hash=False)
    name: str = ""
    #: whether a reduce-scatter is priced as one (XLA's GPU compiler forms them from an all-reduce and a slice;
    #: XLA:CPU does not, and there it is priced as the all-reduce); the buffers a settle holds follow the
    #: `xla_backend`'s own fact, which the bundled GPU and TPU profiles, modeled with the cpu backend, do not share
    reduce_scatter: bool = True
    #: whose lowering turns a sharding change into collectives, i.e. how reshards are priced: `xla` (XLA's SPMD
    #: partitioner, which lowers an annotated module when jax compiles it; `autoshard.planner.xla_model.xla_reshard`) or
    #: `shardy` (`-sdy-reshard-to-collectives`, what `--explicit-collectives` emits); see DEFAULT_RESHARD_LOWERING
    reshard_lowering: str = DEFAULT_RESHARD_LOWERING
    #: whose compiler the model of XLA follows (fusion, buffer assignment, collectives formed): one of
    #: `XLA_BACKENDS`; see DEFAULT_XLA_BACKEND
    xla_backend: str = DEFAULT_XLA_BACKEND

    def __post_init__(self) -> None:
        for what, value in (("memory_bytes", self.memory_bytes), ("memory_bandwidth", self.memory_bandwidth)):
            if not value > 0 or not math.isfinite(value):
                raise CostModelError(f"hardware {what} must be a positive number, got {value}")
        if self.reshard_lowering not in RESHARD_LOWERINGS:
            raise CostModelError(f"hardware reshard_lowering '{self.reshard_lowering}' is not one of "
                            f"{', '.join(RESHARD_LOWERINGS)}")
        if self.xla_backend not in XLA_BACKENDS:
            raise CostModelError(f"hardware xla_backend '{self.xla_backend}' is not one of {', '.join(XLA_BACKENDS)}")
        for what, rate in (("peak_flops", self.peak_flops), ("vector_flops", self.vector_flops)):
            values = rate.values() if isinstance(rate, Mapping) else ([] if rate is None else [rate])
            if isinstance(rate, Mapping) and not rate:
                raise CostModelError(f"hardware {what} map is empty")
            for v in values:
                if not v > 0 or not math.isfinite(v):
                    raise CostModelError(f"hardware {what} must be positive, got {v}")

    def flops_for(self, dtype: str = "f32", *, matmul: bool = True) -> float:
        """Peak FLOP/s for work in `dtype` (matrix units if `matmul`, else the vector rate)."""
        rate = self.peak_flops if matmul or self.vector_flops is None else self.vector_flops
        return rate_for_dtype(rate, dtype)

    def peak_flops_for(self, dtype: str) -> float:
        """Peak (matrix-unit) FLOP/s for `dtype`: the planner's name for `flops_for(dtype)`."""
        return self.flops_for(dtype, matmul=True)


@dataclass(frozen=True)
class CostConfig:
    """Everything the cost model needs: a mesh, the devices' hardware and one link per mesh axis."""

    mesh: MeshShape
    hardware: HardwareSpec
    axis_links: Mapping[str, AxisLink] = field(hash=False)
    name: str = ""

    def __post_init__(self) -> None:
        names = self.mesh.axis_names
        for axis in self.axis_links:
            if axis not in names:
                raise CostModelError(f"axis_links names axis '{axis}' but the mesh has {list(names)}")
        missing = [a for a in names if a not in self.axis_links]
        if missing:
            raise CostModelError(f"mesh axis '{missing[0]}' has no entry in axis_links")
        for axis in self.mesh.axes:
            link = self.axis_links[axis.name]
            if link.torus_dims is not None and math.prod(link.torus_dims) != axis.size:
                raise CostModelError(f"axis '{axis.name}' has size {axis.size} but its torus_dims "
                                f"{list(link.torus_dims)} multiply to {math.prod(link.torus_dims)}")

    def link(self, axis: str) -> AxisLink:
        """The link of mesh axis `axis`."""
        try:
            return self.axis_links[axis]
        except KeyError:
            raise CostModelError(f"unknown mesh axis '{axis}'; the mesh has {list(self.mesh.axis_names)}") from None

    @property
    def num_devices(self) -> int:
        return self.mesh.num_devices

    @property
    def memory_bytes(self) -> float:
        """Memory capacity of one device (the planner's default memory budget)."""
        return self.hardware.memory_bytes


#: A loaded bundle is also called a profile.
Profile = CostConfig


# ------------------------------------------------------------------------------------------------------
# Per-dtype rates
# ------------------------------------------------------------------------------------------------------
def _dtype_family(dtype: str) -> list[str]:
    """Keys to try, most specific first, for a dtype in a per-dtype FLOP/s map."""
    d = dtype.strip().lower()
    aliases = {"pred": "i1", "s1": "i1", "c64": "complex<f32>", "c128": "complex<f64>", "float32": "f32",
               "bfloat16": "bf16", "float16": "f16", "float64": "f64", "tf32": "f32"}
    d = aliases.get(d, d)
    keys = [d]
    if d.startswith(("f8", "float8")):
        keys += ["f8", "fp8", "s8", "i8", "int8", "bf16"]
    elif re.fullmatch(r"f[46]e\d+m\d+\w*", d):
        keys += ["f4", "fp4", "f8", "fp8", "bf16"]
    elif re.fullmatch(r"[sui]i?8|ui8|si8", d):
        keys += ["s8", "i8", "int8", "u8"]
    elif re.fullmatch(r"[sui]i?4|ui4|si4", d):
        keys += ["s4", "i4", "int4", "s8", "i8", "int8"]
    elif d in ("bf16", "f16"):
        keys += ["bf16" if d == "f16" else "f16", "fp16"]
    elif d.startswith("complex<"):
        keys += [d[len("complex<"):-1]]
    elif d in ("f32", "fp32"):
        keys += ["f32", "fp32"]
    return keys + ["default", "f32"]


def rate_for_dtype(rate: float | Mapping[str, float], dtype: str) -> float:
    """A FLOP/s figure for `dtype` from a scalar or a per-dtype map (family aliases, then `default`, `f32`,
    else the smallest entry, which is the conservative choice)."""
    if not isinstance(rate, Mapping):
        return float(rate)
    for key in _dtype_family(dtype):
        if key in rate:
            return float(rate[key])
    return float(min(rate.values()))


# ------------------------------------------------------------------------------------------------------
# YAML loading with file:line:col errors
# ------------------------------------------------------------------------------------------------------
_TOP_KEYS = ("mesh", "hardware", "axis_links", "name", "description")
_REQUIRED_TOP = ("mesh", "hardware", "axis_links")
_MESH_KEYS = ("axes", "device_ids")
_HARDWARE_KEYS = ("peak_flops", "memory_bytes", "memory_bandwidth", "vector_flops", "name", "reduce_scatter",
                  "reshard_lowering", "xla_backend")
_REQUIRED_HARDWARE = ("peak_flops", "memory_bytes", "memory_bandwidth")
_LINK_KEYS = ("bandwidth", "latency", "topology", "torus_dims")
_REQUIRED_LINK = ("bandwidth", "latency")


_SCALARS = yaml.constructor.SafeConstructor()  # YAML 1.1 scalars: 0x10, 0o17, 1_000, 1.0e+3, .inf


class _Reader:
    """Walks a composed YAML node tree, raising `CostModelError` at the offending node's location."""

    def __init__(self, filename: str):
        self.filename = filename

    def where(self, node: yaml.Node) -> Location:
        return SourceLocation(self.filename, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, node: yaml.Node, message: str) -> CostModelError:
        return CostModelError(message, self.where(node))

    def mapping(self, node: yaml.Node, what: str, allowed: Iterable[str], required: Iterable[str] = ()
                ) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        """Keys of a mapping node, in order, each with its key and value node; checks unknown and missing keys."""
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{what} must be a mapping, got {self._kind(node)}")
        allowed = tuple(allowed)
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key, str):
                raise self.fail(key_node, f"{what}: keys must be names")
            if allowed and key not in allowed:
                raise self.fail(key_node, f"{what}: unknown key '{key}'; expected one of {', '.join(allowed)}")
            if key in out:
                raise self.fail(key_node, f"{what}: key '{key}' appears twice")
            out[key] = (key_node, value_node)
        for key in required:
            if key not in out:
                raise self.fail(node, f"{what}: missing key '{key}'")
        return out

    def number(self, node: yaml.Node, what: str) -> float:
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith((":int", ":float")):
            return float(_SCALARS.construct_object(node))
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":str") and node.style is None:
            try:  # PyYAML reads `5e10` (no dot) as a string; accept it as the number it is
                return float(node.value)
            except ValueError:
                pass
        raise self.fail(node, f"{what} must be a number, got {self._show(node)}")

    def positive(self, node: yaml.Node, what: str) -> float:
        value = self.number(node, what)
        if not value > 0 or not math.isfinite(value):
            raise self.fail(node, f"{what} must be positive, got {self._show(node)}")
        return value

    def boolean(self, node: yaml.Node, what: str) -> bool:
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":bool"):
            return bool(_SCALARS.construct_object(node))
        raise self.fail(node, f"{what} must be true or false, got {self._show(node)}")

    def integer(self, node: yaml.Node, what: str) -> int:
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":int"):
            return int(_SCALARS.construct_object(node))
        raise self.fail(node, f"{what} must be an integer, got {self._show(node)}")

    def string(self, node: yaml.Node, what: str) -> str:
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":str"):
            return node.value
        raise self.fail(node, f"{what} must be a string, got {self._show(node)}")

    def int_list(self, node: yaml.Node, what: str) -> list[int]:
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, f"{what} must be a list of integers, got {self._kind(node)}")
        return [self.integer(item, f"{what} entry") for item in node.value]

    @staticmethod
    def _kind(node: yaml.Node) -> str:
        if isinstance(node, yaml.MappingNode):
            return "a mapping"
        if isinstance(node, yaml.SequenceNode):
            return "a list"
        return f"'{node.value}'" if node.value != "" else "nothing"

    def _show(self, node: yaml.Node) -> str:
        return self._kind(node)


def _read_rate(reader: _Reader, node: yaml.Node, what: str) -> float | dict[str, float]:
    if isinstance(node, yaml.MappingNode):
        entries = reader.mapping(node, what, allowed=())
        if not entries:
            raise reader.fail(node, f"{what} map is empty")
        return {k: reader.positive(v, f"{what}.{k}") for k, (_, v) in entries.items()}
    return reader.positive(node, what)


def _read_mesh(reader: _Reader, node: yaml.Node) -> tuple[MeshShape, dict[str, yaml.Node]]:
    fields = reader.mapping(node, "mesh", _MESH_KEYS, required=("axes",))
    axes_node = fields["axes"][1]
    entries = reader.mapping(axes_node, "mesh.axes", allowed=())
    if not entries:
        raise reader.fail(axes_node, "mesh.axes is empty; give at least one axis, e.g. {data: 8}")
    axes = []
    key_nodes = {}
    for name, (key_node, value_node) in entries.items():
        size = reader.integer(value_node, f"mesh axis '{name}' size")
        if size <= 0:
            raise reader.fail(value_node, f"mesh axis '{name}' has size {size}; sizes must be positive")
        axes.append(AxisSize(name, size))
        key_nodes[name] = key_node
    device_ids = None
    if "device_ids" in fields:
        ids_node = fields["device_ids"][1]
        device_ids = tuple(reader.int_list(ids_node, "mesh.device_ids"))
        n = math.prod(a.size for a in axes)
        if len(device_ids) != n:
            sizes = "x".join(str(a.size) for a in axes)
            raise reader.fail(ids_node, f"mesh.device_ids lists {len(device_ids)} devices but the axes "
                                        f"({sizes}) make {n}")
        if sorted(device_ids) != list(range(n)):
            raise reader.fail(ids_node, f"mesh.device_ids is not a permutation of 0..{n - 1}")
    return MeshShape(tuple(axes), device_ids), key_nodes


def _read_link(reader: _Reader, axis: str, node: yaml.Node, axis_size: int) -> AxisLink:
    what = f"axis_links.{axis}"
    fields = reader.mapping(node, what, _LINK_KEYS, required=_REQUIRED_LINK)
    bandwidth = reader.positive(fields["bandwidth"][1], f"{what}.bandwidth")
    latency_node = fields["latency"][1]
    latency = reader.number(latency_node, f"{what}.latency")
    if latency < 0 or not math.isfinite(latency):
        raise reader.fail(latency_node, f"{what}.latency must be non-negative, got {latency_node.value}")
    topology = "ring"
    if "topology" in fields:
        topo_node = fields["topology"][1]
        topology = reader.string(topo_node, f"{what}.topology")
        if topology not in TOPOLOGIES:
            raise reader.fail(topo_node, f"{what}.topology '{topology}' is not one of {', '.join(TOPOLOGIES)}")
    torus_dims = None
    if "torus_dims" in fields:
        dims_node = fields["torus_dims"][1]
        torus_dims = tuple(reader.int_list(dims_node, f"{what}.torus_dims"))
        if topology != "torus":
            raise reader.fail(dims_node, f"{what}.torus_dims needs topology: torus (got {topology})")
        if any(d <= 0 for d in torus_dims) or math.prod(torus_dims) != axis_size:
            raise reader.fail(dims_node, f"{what}.torus_dims {list(torus_dims)} must be positive and multiply "
                                         f"to the axis size {axis_size}")
    return AxisLink(bandwidth, latency, topology, torus_dims)


def _read_choice(reader: _Reader, node: yaml.Node, what: str, choices: tuple[str, ...]) -> str:
    value = reader.string(node, what)
    if value not in choices:
        raise reader.fail(node, f"{what} '{value}' is not one of {', '.join(choices)}")
    return value


def parse_config(text: str, filename: str = "<config>") -> CostConfig:
    """Read a cost configuration from YAML text; errors name `filename`, the line and the offending key."""
    reader = _Reader(filename)
    try:
        root = yaml.compose(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        loc = SourceLocation(filename, mark.line + 1, mark.column + 1) if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise CostModelError(f"not valid YAML: {problem}", loc) from None
    if root is None:
        raise CostModelError(f"{filename}: empty configuration; expected mesh, hardware and axis_links")
    top = reader.mapping(root, "configuration", _TOP_KEYS, required=_REQUIRED_TOP)

    mesh, _ = _read_mesh(reader, top["mesh"][1])

    hw = reader.mapping(top["hardware"][1], "hardware", _HARDWARE_KEYS, required=_REQUIRED_HARDWARE)
    hardware = HardwareSpec(
        peak_flops=_read_rate(reader, hw["peak_flops"][1], "hardware.peak_flops"),
        memory_bytes=reader.positive(hw["memory_bytes"][1], "hardware.memory_bytes"),
        memory_bandwidth=reader.positive(hw["memory_bandwidth"][1], "hardware.memory_bandwidth"),
        vector_flops=_read_rate(reader, hw["vector_flops"][1], "hardware.vector_flops") if "vector_flops" in hw else None,
        name=reader.string(hw["name"][1], "hardware.name") if "name" in hw else "",
        reduce_scatter=reader.boolean(hw["reduce_scatter"][1], "hardware.reduce_scatter") if "reduce_scatter" in hw else True,
        reshard_lowering=_read_choice(reader, hw["reshard_lowering"][1], "hardware.reshard_lowering", RESHARD_LOWERINGS)
        if "reshard_lowering" in hw else DEFAULT_RESHARD_LOWERING,
        xla_backend=_read_choice(reader, hw["xla_backend"][1], "hardware.xla_backend", XLA_BACKENDS)
        if "xla_backend" in hw else DEFAULT_XLA_BACKEND,
    )

    links_node = top["axis_links"][1]
    entries = reader.mapping(links_node, "axis_links", allowed=())
    sizes = mesh.shape
    links: dict[str, AxisLink] = {}
    for axis, (key_node, value_node) in entries.items():
        if axis not in sizes:
            raise reader.fail(key_node, f"axis_links: unknown axis '{axis}'; the mesh has {list(sizes)}")
        links[axis] = _read_link(reader, axis, value_node, sizes[axis])
    for axis in sizes:
        if axis not in links:
            raise reader.fail(links_node, f"axis_links: mesh axis '{axis}' has no link "
                                          f"(give {axis}: {{bandwidth: ..., latency: ...}})")
    name = reader.string(top["name"][1], "name") if "name" in top else Path(filename).stem
    return CostConfig(mesh, hardware, links, name)


def profile_path(name_or_path: str | Path) -> Path:
    """The file for a profile name (`configs/hardware/<name>.yaml`) or an explicit path."""
    text = str(name_or_path)
    path = Path(text)
    if path.suffix in (".yaml", ".yml") or path.exists() or "/" in text:
        if not path.is_file():
            raise CostModelError(f"config file '{text}' does not exist")
        return path
    for stem in (text, PROFILE_ALIASES.get(text, text), text.replace("_", "-")):
        candidate = PROFILE_DIR / f"{stem}.yaml"
        if candidate.is_file():
            return candidate
    raise CostModelError(f"unknown hardware profile '{text}'; known profiles: {', '.join(available_profiles())} "
                    f"(or give a path to a .yaml file)")


def available_profiles() -> list[str]:
    """Names of the shipped profiles."""
    return sorted(p.stem for p in PROFILE_DIR.glob("*.yaml")) if PROFILE_DIR.is_dir() else []


#: Other spellings of the shipped profile names (`tpu_v5p` works like `tpu-v5p` without an entry here).
PROFILE_ALIASES = {"a100_8x": "a100-8", "h100_8x": "h100-8", "cpu_host": "host-cpu", "a100-8x": "a100-8",
                   "h100-8x": "h100-8", "cpu-host": "host-cpu"}

list_profiles = available_profiles


def load_config(name_or_path: str | Path) -> CostConfig:
    """Load a named profile (`tpu-v5p`, `h100-8`, ...) or a YAML file."""
    path = profile_path(name_or_path)
    try:
        text = path.read_text()
    except OSError as exc:
        raise CostModelError(f"cannot read config '{path}': {exc.strerror}") from None
    return parse_config(text, str(path))


load_profile = load_config


# ------------------------------------------------------------------------------------------------------
# Profiles on other meshes
# ------------------------------------------------------------------------------------------------------
def _link_for_span(config: CostConfig, offset: int, size: int) -> AxisLink:
    """The link for a new mesh axis covering device strides [offset, offset*size) of the profile's mesh.

    The profile's axes are levels, minor to major, each spanning `level.size` devices at stride `prod(minor)`.
    The new axis uses every level it overlaps: torus/ring levels combine into a torus over the overlapped
    factors; otherwise the slowest overlapped level is used as is. Beyond the profile's device count the
    major-most level applies.
    """
    levels = [(a.size, config.axis_links[a.name]) for a in reversed(config.mesh.axes)]
    stride, touched = 1, []
    lo, hi = offset, offset * size
    for level_size, link in levels:
        level_lo, level_hi = stride, stride * level_size
        overlap_lo, overlap_hi = max(lo, level_lo), min(hi, level_hi)
        if overlap_hi > overlap_lo:
            touched.append((max(1, overlap_hi // overlap_lo), link))
        stride = level_hi
    if hi > stride:  # bigger than the profile: the major-most level extends over the rest
        extra = max(1, hi // max(lo, stride))
        if touched and touched[-1][1] is levels[-1][1]:
            touched[-1] = (touched[-1][0] * extra, touched[-1][1])
        else:
            touched.append((extra, levels[-1][1]))
    touched = [(f, link) for f, link in touched if f > 1] or [(1, levels[0][1])]
    slowest = min((link for _, link in touched), key=lambda link: (link.bandwidth, -link.latency))
    factors = tuple(reversed([f for f, _ in touched]))  # major to minor, like torus_dims
    if len(touched) == 1:
        link = touched[0][1]
        if link.topology == "torus":
            return replace(link, torus_dims=None)
        return link
    latency = max(link.latency for _, link in touched)
    if all(link.topology in ("ring", "torus") for _, link in touched) and math.prod(factors) == size:
        return AxisLink(slowest.bandwidth, latency, "torus", factors)
    return replace(slowest, latency=latency, torus_dims=None)


def with_mesh(config: CostConfig, mesh: MeshShape | Mapping[str, int]) -> CostConfig:
    """The profile's hardware on another mesh.

    When every axis name is one of the profile's and no bigger there, each axis keeps its link. Otherwise links are assigned by position: walking
    the new mesh minor to major, each axis gets the link of the profile levels its devices span (so minor axes
    get the fast intra-node link, and an axis reaching across nodes the slower inter-node one).
    """
    if not isinstance(mesh, MeshShape):
        mesh = MeshShape.from_sizes(dict(mesh))
    if mesh == config.mesh:
        return config
    names = mesh.axis_names
    if all(n in config.axis_links and mesh.axis_size(n) <= config.mesh.axis_size(n) for n in names):
        links = {}
        for n in names:
            link = config.axis_links[n]
            same_size = mesh.axis_size(n) == config.mesh.axis_size(n)
            links[n] = link if same_size or link.torus_dims is None else replace(link, torus_dims=None)
    else:
        links, offset = {}, 1
        for axis in reversed(mesh.axes):
            links[axis.name] = _link_for_span(config, offset, axis.size)
            offset *= axis.size
        links = {n: links[n] for n in names}
    return CostConfig(mesh, config.hardware, links, f"{config.name}@{mesh}" if config.name else str(mesh))


def default_config(mesh: MeshShape | Mapping[str, int]) -> CostConfig:
    """The default profile (`DEFAULT_PROFILE`) on `mesh`: what `--mesh` without `--config` prices with."""
    return with_mesh(load_config(DEFAULT_PROFILE), mesh)


def resolve_config(mesh: MeshShape | Mapping[str, int] | None = None,
                   config: CostConfig | str | Path | None = None) -> CostConfig:
    """The configuration for CLI options `--mesh` and/or `--config` (either may be missing, not both)."""
    if config is None:
        if mesh is None:
            raise CostModelError("give a mesh (e.g. --mesh data=2,model=4) or a config with one")
        return default_config(mesh)
    cfg = config if isinstance(config, CostConfig) else load_config(config)
    return with_mesh(cfg, mesh) if mesh is not None else cfg


def config_from_dict(data: Mapping[str, Any], name: str = "<dict>", *, source: str | None = None) -> CostConfig:
    """Build a configuration from plain Python data of the YAML form (same checks and messages); `source`
    (an alias of `name`) is what errors name."""
    if not isinstance(data, Mapping):
        raise CostModelError(f"{source or name}: a configuration must be a mapping, got {type(data).__name__}")
    try:
        text = yaml.safe_dump(_plain(data), sort_keys=False)
    except yaml.YAMLError as exc:
        raise CostModelError(f"{source or name}: cannot read configuration value: {exc}") from None
    return parse_config(text, source or name)


def _plain(value: Any) -> Any:
    """Plain YAML-representable data: mappings to dicts, tuples to lists, numpy scalars to Python numbers."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "item") and callable(value.item) and not isinstance(value, (str, bytes)):
        try:
            return value.item()
        except (TypeError, ValueError):
            return value
    return value
