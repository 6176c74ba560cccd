"""`autoshard.jit(f, mesh=..., **plan options)`: plan `f` with autoshard and run the planned program with XLA.

On the first call with concrete arguments the returned `PlannedFunction` lowers `f` with jax (every pytree leaf
traced, as `jax.jit(f)` does by default), plans the StableHLO module (`autoshard.plan`), compiles exactly the text
`emit_plan(plan)` returns with XLA's Shardy partitioner, places the arguments on the planned input shardings and
returns `jax.Array`s with the planned output shardings. Later calls with the same argument structure, shapes and
dtypes reuse the compiled program.

Only jax's compile-and-run machinery is used below the plan: the module is parsed by jaxlib's MLIR, compiled by
`backend.compile_and_load` (SPMD, Shardy) and run by `execute_sharded`; the executable's own parameter and output
shardings are checked against the plan before anything runs.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

import autoshard.xla.compile_run as compile_run
import autoshard.xla.jaxlib_mlir as jaxlib_mlir
from autoshard.emit import emit_plan
from autoshard.errors import UserError
from autoshard.planner import api as planner_api
from autoshard.planner.plan import Plan
from autoshard.sharding import Mesh, TensorSharding
from autoshard.sharding.device_groups import mesh_coordinates, sub_axis_coordinate
from autoshard.xla.jax_runtime import require_jax

#: `autoshard.plan` parameters `jit` fills in itself (the module, its mesh, the function to plan).
_OWN_PLAN_PARAMETERS = ("module", "mesh", "function")
#: the plan options `jit` passes through to `autoshard.plan`
PLAN_OPTION_NAMES = tuple(name for name in inspect.signature(planner_api.plan).parameters
                          if name not in _OWN_PLAN_PARAMETERS)
#: custom calls that reach back into the Python process (jax.debug.print, pure_callback, io_callback).
_HOST_CALLBACK_MARKERS = ("python_cpu_callback", "python_gpu_callback", "xla_python_")


@dataclass(frozen=True)
class ArgumentSignature:
    """What a compiled program is specialized to: the pytree structure and each leaf's shape, dtype, weak type."""

    tree: Any
    leaves: tuple[tuple[tuple[int, ...], str, bool], ...]


@dataclass
class CompiledPlan:
    """One signature's plan and the XLA executable compiled from `module_text` (exactly `emit_plan(plan)`)."""

    plan: Plan
    module_text: str
    executable: Any
    in_shardings: tuple  # jax Shardings arguments are placed on
    out_shardings: tuple  # jax Shardings of the returned arrays
    out_shapes: tuple[tuple[int, ...], ...]
    out_dtypes: tuple[np.dtype, ...]
    out_tree: Any


@dataclass(frozen=True)
class _DeviceMesh:
    """The planner's mesh and the jax devices it runs on: `partitions` is the device of each XLA partition
    (logical device id), `jax_mesh` the same mesh as a `jax.sharding.Mesh` (the user's, when one was given)."""

    mesh: Mesh
    partitions: tuple
    jax_mesh: Any

    @property
    def by_position(self) -> tuple:
        """The device at each mesh position, row-major over the axes."""
        return tuple(self.jax_mesh.devices.flat)


def jit(fn: Callable, mesh: Any = None, *, donate_argnums: int | Sequence[int] = (), **plan_options: Any
        ) -> PlannedFunction:
    """Plan `fn` with autoshard on `mesh` and run it with XLA: like `jax.jit(fn)`, with autoshard's shardings.

    `mesh`: a `jax.sharding.Mesh` (its axes and its devices, in its device order), a string like
    "data=2,model=4", a dict of axis sizes or an `autoshard.Mesh` (these run on the first devices of
    `jax.devices()`), or None to take the mesh of `config`. `plan_options` go to `autoshard.plan`: `config`,
    `time_limit`, `seed`, `memory_budget`, `options=autoshard.PlanOptions(...)`, ... (argument indices in
    `PlanOptions` count the flattened pytree leaves of `(args, kwargs)`, which are the module's arguments).

    `donate_argnums` as in `jax.jit`: each leaf of a donated argument whose result has its shape and dtype is
    written into that argument's buffer (the argument is deleted), and the plan gives the two one sharding, so a
    training step that donates its state returns it sharded as it came and the next step pays no reshard. Donate
    the state a training loop carries. Use `PlanOptions(carry_state=True)` instead when the caller keeps its
    inputs (no donation): it ties each result to the argument of its position and type, so results still come
    back sharded as that argument went in.

    Multi-process jax (`jax.distributed.initialize`): every process calls the function with the same arguments,
    as with `jax.jit`. A mesh string then spans the first devices of all processes' `jax.devices()`; a global
    `jax.Array` argument is resharded by jax, any other value (numpy, a scalar, an array on this process's
    devices) must be the whole value, the same in every process, and each process places its own shards. Each
    process plans for itself (the search is repeatable: `deterministic=True`, the default, and a fixed `seed`);
    the processes compare the planned programs and raise `UserError` if they differ. Results are global
    `jax.Array`s: each process holds its devices' shards.

    The result is called like `fn`; `.plan` is the `Plan` of the latest call's argument shapes.
    """
    require_jax("autoshard.jit")
    if not callable(fn):
        raise UserError(f"autoshard.jit needs a function, got {type(fn).__name__}")
    _check_plan_options(plan_options)
    donated = (donate_argnums,) if isinstance(donate_argnums, int) else tuple(donate_argnums)
    if not all(isinstance(i, int) and i >= 0 for i in donated):
        raise UserError(f"autoshard.jit: donate_argnums takes argument positions (ints >= 0), got {donate_argnums!r}")
    return PlannedFunction(fn, mesh, plan_options, donated)


def _check_plan_options(plan_options: Mapping[str, Any]) -> None:
    unknown = sorted(set(plan_options) - set(PLAN_OPTION_NAMES))
    if unknown:
        raise UserError(f"autoshard.jit: unknown plan option {', '.join(repr(u) for u in unknown)}; "
                        f"accepted: {', '.join(PLAN_OPTION_NAMES)}")


class PlannedFunction:
    """`fn` planned per argument signature and run with XLA (see `autoshard.jit`)."""

    def __init__(self, fn: Callable, mesh: Any, plan_options: Mapping[str, Any], donate_argnums: tuple[int, ...] = ()):
        self.fn = fn
        self.plan_options = dict(plan_options)
        self.donate_argnums = donate_argnums
        self._mesh = mesh
        self._planner_mesh = _planner_mesh(mesh, plan_options.get("config"))  # bad meshes fail here, early
        self._compiled: dict[ArgumentSignature, CompiledPlan] = {}
        self._latest: CompiledPlan | None = None
        functools.update_wrapper(self, fn, updated=())

    # -- what the latest call planned --------------------------------------------------------------
    @property
    def plan(self) -> Plan:
        """The `Plan` of the most recent call's argument signature."""
        return self._latest_or_error().plan

    @property
    def mlir(self) -> str:
        """The module XLA compiled for the most recent call: exactly `emit_plan(self.plan)` at planning time."""
        return self._latest_or_error().module_text

    @property
    def jax_mesh(self):
        """The `jax.sharding.Mesh` arguments and results are sharded over."""
        return self._device_mesh.jax_mesh

    @functools.cached_property
    def _device_mesh(self) -> _DeviceMesh:
        # on first use, as jax.jit does: creating the function leaves jax's backends (and XLA_FLAGS) alone
        return _device_mesh(self._mesh, self._planner_mesh)

    def _latest_or_error(self) -> CompiledPlan:
        if self._latest is None:
            raise UserError(f"{self._name()} has not been planned yet: call it (or .plan_for(*args)) first")
        return self._latest

    def _name(self) -> str:
        return f"autoshard.jit({getattr(self.fn, '__name__', type(self.fn).__name__)})"

    # -- planning, compiling, running --------------------------------------------------------------
    def plan_for(self, *args: Any, **kwargs: Any) -> Plan:
        """Plan and compile for these arguments' signature (cached) without running; returns the `Plan`."""
        return self._compiled_for(*_leaves_and_signature(args, kwargs, self._name())[1:]).plan

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        import jax  # noqa: PLC0415

        leaves, signature, abstract = _leaves_and_signature(args, kwargs, self._name())
        compiled = self._compiled_for(signature, abstract)
        try:
            placed = [_place(x, s, aval) for x, s, aval in zip(leaves, compiled.in_shardings,
                                                                jax.tree_util.tree_leaves(abstract), strict=True)]
        except Exception as e:  # noqa: BLE001 (jax raises ValueError/TypeError/XlaRuntimeError here)
            raise UserError(f"{self._name()}: cannot place the arguments on their planned shardings: "
                            f"{_first_line(e)}") from e
        per_result = compiled.executable.execute_sharded(placed).disassemble_into_single_device_arrays()
        outputs = [jax.make_array_from_single_device_arrays(shape, sharding, shards, dtype=dtype)
                   for shape, dtype, sharding, shards in zip(compiled.out_shapes, compiled.out_dtypes,
                                                             compiled.out_shardings, per_result, strict=True)]
        return jax.tree_util.tree_unflatten(compiled.out_tree, outputs)

    def _compiled_for(self, signature: ArgumentSignature, abstract: tuple[tuple, dict]) -> CompiledPlan:
        compiled = self._compiled.get(signature)
        if compiled is None:
            compiled = self._plan_and_compile(abstract)
            self._compiled[signature] = compiled
        self._latest = compiled
        return compiled

    def _plan_and_compile(self, abstract: tuple[tuple, dict]) -> CompiledPlan:
        import jax  # noqa: PLC0415

        abstract_args, abstract_kwargs = abstract
        try:
            lowered = jax.jit(self.fn, keep_unused=True, donate_argnums=self.donate_argnums).lower(
                *abstract_args, **abstract_kwargs)
        except UserError:
            raise
        except Exception as e:  # noqa: BLE001 (whatever the user's function raises while jax traces it)
            raise UserError(f"{self._name()}: jax could not trace the function: {_first_line(e)}") from e
        text = lowered.as_text()
        _reject_host_callbacks(lowered, text, self._name())

        device_mesh = self._device_mesh
        plan = planner_api.plan(text, mesh=device_mesh.mesh, function="main", **self.plan_options)
        sharded = plan.sharding_plan
        if sharded.mesh.axes != device_mesh.mesh.axes:
            raise UserError(f"{self._name()}: the plan's mesh {sharded.mesh} is not the requested {device_mesh.mesh}")
        module_text = emit_plan(sharded)
        _check_one_plan_across_processes(module_text, self._name())

        context = jaxlib_mlir.make_jaxlib_context()
        module = jaxlib_mlir.parse_with_jaxlib(module_text, context, "<planned>")
        in_signature, out_signature = compile_run._main_signature(module, context)
        executable = compile_run._compile(module, context, list(device_mesh.partitions))

        in_leaves = jax.tree_util.tree_leaves((abstract_args, abstract_kwargs))
        in_shapes = [tuple(leaf.shape) for leaf in in_leaves]
        if [(shape, np.dtype(leaf.dtype)) for shape, leaf in zip(in_shapes, in_leaves)] != list(in_signature):
            raise UserError(f"{self._name()}: the planned module's arguments {_types(in_signature)} are not the "
                            f"argument leaves {_types(zip(in_shapes, (leaf.dtype for leaf in in_leaves)))} "
                            "(functions with effects are not supported)")
        out_shapes = [shape for shape, _ in out_signature]
        in_shardings = _checked_shardings(
            "argument", list(sharded.arguments), executable.get_parameter_shardings(), in_shapes, device_mesh,
            self._name())
        out_shardings = _checked_shardings(
            "result", list(sharded.results), executable.get_output_shardings(), out_shapes, device_mesh,
            self._name())
        return CompiledPlan(plan, module_text, executable, tuple(in_shardings),
                            tuple(out_shardings), tuple(out_shapes), tuple(dt for _, dt in out_signature),
                            lowered.out_tree)


# --------------------------------------------------------------------------------------------------------
# Arguments


def _leaves_and_signature(args: tuple, kwargs: dict, name: str) -> tuple[list, ArgumentSignature, tuple]:
    """The argument leaves, their signature (the cache key) and abstract stand-ins to lower with."""
    import jax  # noqa: PLC0415

    leaves, tree = jax.tree_util.tree_flatten((args, kwargs))
    types = []
    for i, leaf in enumerate(leaves):
        if isinstance(leaf, jax.core.Tracer):
            raise UserError(f"{name} runs its compiled program eagerly: it cannot be called inside jax.jit, "
                            f"grad, vmap or another transformation (argument leaf {i} is a tracer)")
        try:
            aval = jax.typeof(leaf)
        except TypeError:
            raise UserError(f"{name}: argument leaf {i} of type {type(leaf).__name__} is not an array or a "
                            "number (every pytree leaf is traced; static arguments are not supported)") from None
        types.append((tuple(aval.shape), np.dtype(aval.dtype), bool(aval.weak_type)))
    signature = ArgumentSignature(tree, tuple((shape, str(dtype), weak) for shape, dtype, weak in types))
    abstract_leaves = [jax.ShapeDtypeStruct(shape, dtype, weak_type=weak) for shape, dtype, weak in types]
    abstract_args, abstract_kwargs = jax.tree_util.tree_unflatten(tree, abstract_leaves)
    return leaves, signature, (tuple(abstract_args), dict(abstract_kwargs))


def _reject_host_callbacks(lowered, text: str, name: str) -> None:
    """Host callbacks keep Python objects alive next to jax's own executable; a bare XLA executable cannot."""
    compile_args = getattr(getattr(lowered, "_lowering", None), "compile_args", None) or {}
    if compile_args.get("host_callbacks") or any(marker in text for marker in _HOST_CALLBACK_MARKERS):
        raise UserError(f"{name}: the function calls back into Python (jax.debug.print, pure_callback, "
                        "io_callback), which autoshard.jit cannot run")
    if compile_args.get("ordered_effects"):
        raise UserError(f"{name}: the function has ordered side effects, which autoshard.jit cannot run")


def _place(leaf: Any, sharding: Any, aval: Any) -> Any:
    """`leaf` as a jax.Array on `sharding`. A sharding that spans other processes' devices (multi-process jax)
    takes a global jax.Array as it is (jax reshards it); any other value, a host value or an array of this
    process's devices, is the whole value, the same in every process (as `jax.jit` takes it), and this process
    puts its own shards of it on its own devices."""
    import jax  # noqa: PLC0415

    if sharding.is_fully_addressable or (isinstance(leaf, jax.Array) and not leaf.is_fully_addressable):
        return jax.device_put(leaf, sharding)
    whole = np.asarray(leaf, dtype=aval.dtype)
    return jax.make_array_from_callback(whole.shape, sharding, lambda index: whole[index])


def _check_one_plan_across_processes(module_text: str, name: str) -> None:
    """In multi-process jax every process plans for itself (the search is repeatable: counted work, a fixed seed)
    and they must compile one program: compare the planned texts' digests across processes."""
    import jax  # noqa: PLC0415

    if jax.process_count() == 1:
        return
    from jax.experimental import multihost_utils  # noqa: PLC0415

    digest = np.frombuffer(hashlib.sha256(module_text.encode()).digest(), dtype=np.uint8)
    digests = np.asarray(multihost_utils.process_allgather(digest)).reshape(jax.process_count(), -1)
    differ = [p for p in range(len(digests)) if not np.array_equal(digests[p], digests[0])]
    if differ:
        raise UserError(f"{name}: process{'es' if len(differ) > 1 else ''} {', '.join(map(str, differ))} "
                        "planned another program than process 0; every process must call it with the same "
                        "arguments and plan options, with deterministic=True (the default)")


def _types(signature) -> str:
    return "(" + ", ".join(f"{np.dtype(dtype).name}{list(shape)}" for shape, dtype in signature) + ")"


def _first_line(error: Exception) -> str:
    text = str(error).strip()
    return f"{type(error).__name__}: {text.splitlines()[0]}" if text else type(error).__name__


# --------------------------------------------------------------------------------------------------------
# Meshes and devices


def _planner_mesh(mesh: Any, config: Any) -> Mesh:
    """The planner's mesh for `mesh` (a jax Mesh's axes; the config's mesh when `mesh` is None)."""
    import jax  # noqa: PLC0415
    from autoshard.sharding.hardware_profiles import profile_mesh, resolve_config  # noqa: PLC0415

    if isinstance(mesh, jax.sharding.Mesh):
        return Mesh.from_sizes([(str(name), int(size)) for name, size in mesh.shape.items()])
    if mesh is not None and not isinstance(mesh, (str, Mapping, Mesh)):
        raise UserError(f"autoshard.jit: mesh must be a jax.sharding.Mesh, a string like 'data=2,model=4', a "
                        f"dict of axis sizes or an autoshard.Mesh, got {type(mesh).__name__}")
    return profile_mesh(resolve_config(mesh, config))


def _device_mesh(mesh: Any, planner_mesh: Mesh) -> _DeviceMesh:
    """The jax devices that run `planner_mesh`: a jax Mesh's own, else the first of `jax.devices()`."""
    import jax  # noqa: PLC0415

    if isinstance(mesh, jax.sharding.Mesh):
        # jax compiles a mesh's partitions in its flat device order, on the iota (default) Shardy mesh
        return _DeviceMesh(planner_mesh, tuple(mesh.devices.flat), mesh)
    available = jax.devices()
    if len(available) < planner_mesh.num_devices:
        raise UserError(f"autoshard.jit: mesh {planner_mesh} needs {planner_mesh.num_devices} devices, jax has "
                        f"{len(available)} (on CPU, set XLA_FLAGS=--xla_force_host_platform_device_count="
                        f"{planner_mesh.num_devices} before jax starts, or pass a jax.sharding.Mesh)")
    partitions = tuple(available[: planner_mesh.num_devices])
    sizes = tuple(a.size for a in planner_mesh.axes)
    # an sdy mesh's device ids name the partition at each mesh position (iota when it has none)
    by_position = np.array([partitions[i] for i in planner_mesh.device_id_order()], dtype=object).reshape(sizes)
    return _DeviceMesh(planner_mesh, partitions, jax.sharding.Mesh(by_position, planner_mesh.axis_names))


# --------------------------------------------------------------------------------------------------------
# Shardings: the plan's, XLA's, and the jax Sharding handed to device_put / returned arrays


def _checked_shardings(kind: str, planned: Sequence[TensorSharding | None], compiled_protos,
                       shapes: Sequence[tuple[int, ...]], device_mesh: _DeviceMesh, name: str) -> list:
    """One jax Sharding per planned value, after checking XLA's executable places every shard as planned."""
    import jax  # noqa: PLC0415
    from jax._src import sharding_impls  # noqa: PLC0415
    from jax._src.lib import xla_client as xc  # noqa: PLC0415

    if len(planned) != len(shapes):
        raise UserError(f"{name}: the plan has {len(planned)} {kind}s, the module {len(shapes)}")
    if compiled_protos is None:  # an unpartitioned executable reports no shardings: everything replicated
        compiled = [xc.HloSharding.replicate()] * len(shapes)
    else:
        compiled = [xc.HloSharding.from_proto(p) for p in compiled_protos]
    out = []
    for index, (sharding, hlo, shape) in enumerate(zip(planned, compiled, shapes, strict=True)):
        sharding = sharding or TensorSharding.replicated_of("mesh", len(shape))
        if sharding.unreduced:
            raise UserError(f"{name}: {kind} {index} is planned unreduced over {sharding.unreduced}; a jax.Array "
                            "cannot hold partial sums")
        xla_sharding = sharding_impls.GSPMDSharding(device_mesh.partitions, hlo)
        want = _planned_index_map(sharding, shape, device_mesh)
        got = {d: _normalized(idx, shape) for d, idx in xla_sharding.devices_indices_map(shape).items()}
        if want != got:
            raise UserError(f"{name}: XLA compiled {kind} {index} as {hlo}, the plan says {sharding} (the "
                            "planned module does not pin it)")
        if any(not ref.is_full() for ref in sharding.all_axes()):
            out.append(xla_sharding)  # sub-axes have no PartitionSpec; XLA's sharding places the same shards
        else:
            spec = jax.sharding.PartitionSpec(*sharding.partition_spec())
            out.append(jax.sharding.NamedSharding(device_mesh.jax_mesh, spec))
    return out


def _planned_index_map(sharding: TensorSharding, shape: Sequence[int], device_mesh: _DeviceMesh) -> dict:
    """Which slice of a `shape` tensor each device holds under `sharding` (Shardy pads uneven shards)."""
    mesh = device_mesh.mesh
    sizes = tuple(a.size for a in mesh.axes)
    if sharding.rank != len(shape):
        raise UserError(f"sharding {sharding} has rank {sharding.rank} for a tensor of shape {list(shape)}")
    out = {}
    for position, device in enumerate(device_mesh.by_position):
        coordinates = dict(zip(mesh.axis_names, mesh_coordinates(position, sizes)))
        index = []
        for dim_size, dim in zip(shape, sharding.dims):
            shard, count = 0, 1
            for ref in dim.axes:
                ref_size = ref.size(mesh)
                shard = shard * ref_size + sub_axis_coordinate(coordinates[ref.name], mesh.axis_size(ref.name),
                                                                ref.pre_size, ref_size)
                count *= ref_size
            length = -(-dim_size // count)
            index.append((min(shard * length, dim_size), min((shard + 1) * length, dim_size)))
        out[device] = tuple(index)
    return out


def _normalized(index: tuple, shape: Sequence[int]) -> tuple[tuple[int, int], ...]:
    return tuple(s.indices(n)[:2] for s, n in zip(index, shape))
