"""Experiment files (`configs/experiments/*.yaml`): a sweep of models x meshes x hardware x budgets x solver settings.

    name: zoo_vs_experts                  # optional; default: the file's stem
    description: every zoo model vs the expert layouts
    models:                               # zoo paths, {path: ..., inputs: [-1]}, or generator specs
      - examples/mlp.mlir
      - {generator: gpt_train_step, layers: [2, 8], hidden: 64}
    meshes: ["8", "2x4", "2x2x2", "data=2,model=4"]
    hardware: [h100-8]                    # configs/hardware names or YAML paths
    memory_budgets: [null, 16GiB]         # null: the profile's device memory
    solver: {time_limit: [10], seed: [0], workers: [8]}
    baselines: [data_parallel, fsdp, megatron, 2d]

Every error is a `UserError` naming `file:line:col` of the offending entry.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from autoshard.errors import Location, UserError
from autoshard.experiments.meshes import parse_mesh_spec
from autoshard.sharding import Mesh
from autoshard.fileio import read_text
from autoshard.units import parse_bytes

REPO_ROOT = Path(__file__).resolve().parents[2]
GENERATORS = ("mlp", "transformer_block", "gpt_train_step", "moe", "convnet", "scan_layers")
GENERATOR_SIZES = ("layers", "hidden", "batch", "seq", "heads")
BASELINES = ("data_parallel", "fsdp", "megatron", "2d")
TOP_KEYS = ("name", "description", "models", "meshes", "hardware", "memory_budgets", "solver", "baselines")
SOLVER_KEYS = ("time_limit", "seed", "workers")


@dataclass(frozen=True)
class ModelSpec:
    """One model of a sweep: a module file, or a generator run (examples/generate_zoo.py) with sizes."""

    label: str
    path: Path | None = None
    generator: str | None = None
    sizes: tuple[tuple[str, int], ...] = ()
    large: bool = False
    #: argument indices that are batch inputs (None: inferred), negative counts from the end
    inputs: tuple[int, ...] | None = None
    #: a training step whose results feed back as its arguments (see `PlanOptions.carry_state`)
    carry_state: bool = False

    def key(self) -> dict[str, Any]:
        key = {"label": self.label, "path": str(self.path) if self.path else None, "generator": self.generator,
               "sizes": dict(self.sizes), "large": self.large, "inputs": list(self.inputs) if self.inputs else None}
        if self.carry_state:  # only when set, so older results keep their keys
            key["carry_state"] = True
        return key


@dataclass(frozen=True)
class SolverSetting:
    time_limit: float = 10.0
    seed: int = 0
    workers: int = 8


@dataclass(frozen=True)
class ExperimentConfig:
    name: str
    description: str
    source: Path
    models: tuple[ModelSpec, ...]
    meshes: tuple[Mesh, ...]
    hardware: tuple[str, ...]
    memory_budgets: tuple[int | None, ...]
    solver_settings: tuple[SolverSetting, ...]
    baselines: tuple[str, ...] = field(default_factory=tuple)


class _Reader:
    def __init__(self, filename: str):
        self.filename = filename

    def fail(self, node: yaml.Node, message: str) -> UserError:
        return UserError(message, Location(self.filename, node.start_mark.line + 1, node.start_mark.column + 1))

    def mapping(self, node: yaml.Node, what: str, allowed: tuple[str, ...]) -> dict[str, yaml.Node]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{what} must be a mapping")
        out: dict[str, yaml.Node] = {}
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode) or k.value not in allowed:
                raise self.fail(k, f"{what}: unknown key '{getattr(k, 'value', k)}'; expected one of {', '.join(allowed)}")
            if k.value in out:
                raise self.fail(k, f"{what}: key '{k.value}' appears twice")
            out[k.value] = v
        return out

    def items(self, node: yaml.Node) -> list[yaml.Node]:
        """A list node's items; a scalar counts as a one-item list."""
        if isinstance(node, yaml.SequenceNode):
            if not node.value:
                raise self.fail(node, "the list is empty")
            return list(node.value)
        return [node]

    def scalar(self, node: yaml.Node, what: str) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, f"{what} must be a single value")
        return yaml.constructor.SafeConstructor().construct_object(node)

    def integer(self, node: yaml.Node, what: str, minimum: int = 0) -> int:
        value = self.scalar(node, what)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(node, f"{what} must be an integer, got '{node.value}'")
        if value < minimum:
            raise self.fail(node, f"{what} must be at least {minimum}, got {value}")
        return value

    def number(self, node: yaml.Node, what: str) -> float:
        value = self.scalar(node, what)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise self.fail(node, f"{what} must be a positive number, got '{node.value}'")
        return float(value)

    def string(self, node: yaml.Node, what: str) -> str:
        value = self.scalar(node, what)
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise self.fail(node, f"{what} must be a string, got '{node.value}'")
        return str(value)


def resolve_path(text: str, base: Path) -> Path | None:
    """A model path as given, relative to the working directory, the experiment file, or the repository."""
    p = Path(text).expanduser()
    candidates = [p] if p.is_absolute() else [Path.cwd() / p, base / p, REPO_ROOT / p]
    return next((c for c in candidates if c.is_file()), None)


def _read_model(r: _Reader, node: yaml.Node, base: Path) -> list[ModelSpec]:
    if isinstance(node, yaml.ScalarNode):
        fields = {"path": node}
    else:
        fields = r.mapping(node, "model", ("path", "label", "inputs", "generator", "large", "carry_state",
                                           *GENERATOR_SIZES))
    inputs = None
    if "inputs" in fields:
        inputs = tuple(r.integer(n, "inputs entry", minimum=-10**9) for n in r.items(fields["inputs"]))
    label = r.string(fields["label"], "label") if "label" in fields else None
    carry = bool(r.scalar(fields["carry_state"], "carry_state")) if "carry_state" in fields else False
    if "path" in fields:
        if "generator" in fields:
            raise r.fail(fields["generator"], "a model has either 'path' or 'generator', not both")
        extra = [k for k in fields if k in GENERATOR_SIZES or k == "large"]
        if extra:
            raise r.fail(fields[extra[0]], f"'{extra[0]}' only applies to generator models")
        text = r.string(fields["path"], "model path")
        path = resolve_path(text, base)
        if path is None:
            raise r.fail(fields["path"], f"model file '{text}' not found")
        return [ModelSpec(label or path.stem, path=path.resolve(), inputs=inputs, carry_state=carry)]
    if "generator" not in fields:
        raise r.fail(node, "a model needs 'path' or 'generator'")
    gen = r.string(fields["generator"], "generator")
    if gen not in GENERATORS:
        raise r.fail(fields["generator"], f"unknown generator '{gen}'; expected one of {', '.join(GENERATORS)}")
    large = bool(r.scalar(fields["large"], "large")) if "large" in fields else False
    axes = [(k, [r.integer(n, k, minimum=1) for n in r.items(fields[k])]) for k in GENERATOR_SIZES if k in fields]
    out = []
    for combo in itertools.product(*[values for _, values in axes]):
        sizes = tuple((k, v) for (k, _), v in zip(axes, combo))
        tag = "_".join(f"{k[0]}{v}" for k, v in sizes)
        name = label or gen
        out.append(ModelSpec(f"{name}_{tag}" if tag else name, generator=gen, sizes=sizes, large=large, inputs=inputs,
                             carry_state=carry))
    return out


def parse_experiment(text: str, filename: str) -> ExperimentConfig:
    """Read and check an experiment file's text (errors carry `filename:line:col`)."""
    r = _Reader(filename)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        where = Location(filename, mark.line + 1, mark.column + 1) if mark else None
        raise UserError(f"not valid YAML: {e.problem}", where) from None
    if root is None:
        raise UserError(f"{filename}: the experiment file is empty")
    top = r.mapping(root, "experiment", TOP_KEYS)
    for key in ("models", "meshes"):
        if key not in top:
            raise r.fail(root, f"experiment: missing key '{key}'")
    base = Path(filename).resolve().parent
    name = r.string(top["name"], "name") if "name" in top else Path(filename).stem
    description = r.string(top["description"], "description") if "description" in top else ""
    models = [m for n in r.items(top["models"]) for m in _read_model(r, n, base)]
    labels = [m.label for m in models]
    dup = next((x for x in labels if labels.count(x) > 1), None)
    if dup:
        raise r.fail(top["models"], f"two models are labelled '{dup}'; give one a 'label'")
    meshes = []
    for n in r.items(top["meshes"]):
        try:
            meshes.append(parse_mesh_spec(r.string(n, "mesh")))
        except UserError as e:
            if e.location:
                raise
            raise r.fail(n, e.message) from None
    hardware = []
    for n in r.items(top["hardware"]) if "hardware" in top else []:
        hw = r.string(n, "hardware profile")
        from costmodel.hardware import available_profiles

        if hw not in available_profiles() and resolve_path(hw, base) is None:
            raise r.fail(n, f"unknown hardware profile '{hw}'; expected one of {', '.join(available_profiles())} or a YAML file")
        found = resolve_path(hw, base)
        hardware.append(str(found) if found and hw not in available_profiles() else hw)
    budgets: list[int | None] = []
    for n in r.items(top["memory_budgets"]) if "memory_budgets" in top else []:
        value = r.scalar(n, "memory budget")
        if value is None:
            budgets.append(None)
            continue
        try:
            budgets.append(parse_bytes(str(value)))
        except UserError as e:
            raise r.fail(n, e.message) from None
    settings = [SolverSetting()]
    if "solver" in top:
        s = r.mapping(top["solver"], "solver", SOLVER_KEYS)
        limits = [r.number(n, "time_limit") for n in r.items(s["time_limit"])] if "time_limit" in s else [10.0]
        seeds = [r.integer(n, "seed") for n in r.items(s["seed"])] if "seed" in s else [0]
        workers = [r.integer(n, "workers", minimum=1) for n in r.items(s["workers"])] if "workers" in s else [8]
        settings = [SolverSetting(t, sd, w) for t, sd, w in itertools.product(limits, seeds, workers)]
    baselines = []
    for n in r.items(top["baselines"]) if "baselines" in top else []:
        b = r.string(n, "baseline")
        if b not in BASELINES:
            raise r.fail(n, f"unknown baseline '{b}'; expected one of {', '.join(BASELINES)}")
        baselines.append(b)
    return ExperimentConfig(
        name=name, description=description, source=Path(filename),
        models=tuple(models), meshes=tuple(dict.fromkeys(meshes)),
        hardware=tuple(dict.fromkeys(hardware)) or ("h100-8",),
        memory_budgets=tuple(dict.fromkeys(budgets)) or (None,),
        solver_settings=tuple(dict.fromkeys(settings)), baselines=tuple(dict.fromkeys(baselines)),
    )


def load_experiment(path: str | Path) -> ExperimentConfig:
    """Read and check an experiment file."""
    return parse_experiment(read_text(path), str(path))
