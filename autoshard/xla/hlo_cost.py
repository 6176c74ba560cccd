"""Per-device compute cost of compiled, partitioned HLO (`compiled.as_text()`, after XLA's optimizations): every
kernel XLA runs, priced with a profile's roofline. Pure text processing, like `hlo_loops`.

What counts as a kernel, per device per step:
- a `fusion` is one kernel. XLA's loop emitter computes each output element from just the elements it needs,
  so a fused op counts the FLOPs of the fraction of its elements the outputs need (all of them, unless a slice,
  dynamic-slice or gather downstream takes only part), and an operand is read only as far as it is needed; the
  buffer of an in-place dynamic-update-slice (or scatter) the fusion returns is not read, only its update is
  written; otherwise the fusion writes its outputs;
- outside fusions, dot, convolution, custom-call, copy and every elementwise / reduce / data-movement op is a
  kernel of its own, reading its operands and writing its result (a dynamic-slice reads only its slice, an
  in-place update writes only its update);
- parameters, constants, tuples, get-tuple-element, bitcasts, partition-id, control flow (while, call,
  conditional: their computations are priced themselves) cost nothing, and collectives are communication
  (`plan_vs_xla` prices them);
- loop bodies and conditions count once per run (`HloProgram.run_counts`: known trip counts, nested loops
  multiply); each of a conditional's n branches counts 1/n of its caller's runs.

FLOPs are the planner's rule, `costmodel.compute` (`dot_flops`, `convolution_flops`, `reduce_flops`, `op_work`: a
multiply-add is 2 FLOPs, elementwise ops 1 per element, a reduce one per folded element, transcendentals counted
apart, data movement none), read here from HLO text; only a reduce-window is HLO's own: it folds window - 1 elements
into each output (as XLA runs it: a cumulative sum written as one costs far more than a reduce). Each kernel's
time is the roofline of `costmodel.compute.roofline_time`: max(matrix FLOPs / peak(dtype) + vector FLOPs and
transcendentals / vector rate, bytes / memory bandwidth).

Against XLA's own `compiled.cost_analysis()` (HloCostAnalysis): it counts a while body once, not once per
iteration; it counts every fused op over its whole shape even where a slice downstream needs part of it; and it
charges an all-reduce one FLOP per element for its combine and its buffer as bytes read and written (here the
all-reduce is communication, priced by `plan_vs_xla`); a custom-call (TopK on CPU) costs its bytes and no
FLOPs here, while XLA reports FLOPs and bytes of such a program as unknown (-1). Otherwise the conventions agree
(compare, select, convert, clamp one FLOP per element; reduce-window window - 1 per output; a fusion's operand
read as far as the fusion uses it): on a loop-free partitioned MLP, FLOPs, transcendentals and bytes equal
XLA's once the all-reduce is taken out (`tests/xla/test_hlo_cost.py`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from costmodel.compute import OpWork, convolution_flops, dot_flops, op_work, reduce_flops, roofline_time
from costmodel.hardware import CostConfig, HardwareSpec

from autoshard.xla.hlo_collectives import COLLECTIVE_KINDS, nbytes, shape_list
from autoshard.xla.hlo_loops import HloInstruction, HloProgram

#: opcodes that run no kernel (plumbing, control flow whose callees are priced themselves, communication)
FREE_OPCODES = frozenset({
    "parameter", "constant", "tuple", "get-tuple-element", "bitcast", "partition-id", "replica-id", "after-all",
    "add-dependency", "opt-barrier", "domain", "while", "call", "conditional", "async-start", "async-update",
    "async-done", "copy-done", "send", "send-done", "recv", "recv-done", "infeed", "outfeed",
    *COLLECTIVE_KINDS, *(f"{k}-start" for k in COLLECTIVE_KINDS), *(f"{k}-done" for k in COLLECTIVE_KINDS),
})
#: ops that read only the part of their first operand they return
SLICING_OPCODES = frozenset({"slice", "dynamic-slice", "gather"})
#: ops that update their first operand (the buffer) in place: only the update is written
IN_PLACE_OPCODES = frozenset({"dynamic-update-slice", "scatter"})

_CALLS = re.compile(r"\bcalls=%?([\w.\-]+)")
_CALLED_COMPUTATIONS = re.compile(r"\bcalled_computations=\{([^}]*)\}")
_DIMS = r"=\{([0-9,]*)\}"
_WINDOW_SIZE = re.compile(r"window=\{[^}]*?size=([0-9x]+)")
_DIM_LABELS = re.compile(r"dim_labels=[^_]+_([^-]+)->")


@dataclass(frozen=True)
class KernelCost:
    """One kernel of the compiled program: what one run does, how often it runs per step, its time per run."""

    name: str
    computation: str
    opcode: str  # the instruction's opcode; a fusion's is `fusion:<root opcode>`
    runs: int
    flops: float
    transcendentals: float
    bytes_accessed: float
    matmul_flops: float
    dtype: str
    time_s: float

    @property
    def step_time_s(self) -> float:
        return self.time_s * self.runs


@dataclass
class HloCost:
    """A compiled program's compute per device per step: FLOPs (transcendentals apart), bytes, roofline seconds,
    and the kernels behind them (`kernels`, most expensive first)."""

    flops: float = 0.0
    transcendentals: float = 0.0
    bytes_accessed: float = 0.0
    compute_s: float = 0.0
    kernels: list[KernelCost] = field(default_factory=list)

    def top(self, n: int = 10) -> list[KernelCost]:
        return sorted(self.kernels, key=lambda k: -k.step_time_s)[:n]


def hlo_cost(hlo_text: str, config: CostConfig | HardwareSpec) -> HloCost:
    """Price every kernel of compiled HLO `hlo_text` on one device with `config`'s rates (module docstring)."""
    program = HloProgram.parse(hlo_text)
    inside_kernels = _kernel_internal_computations(program)
    runs = program.run_counts()
    cost = HloCost()
    for computation, instructions in program.computations.items():
        times = runs.get(computation, 0)
        if computation in inside_kernels or times == 0:
            continue
        by_name = {i.name: i for i in instructions}
        for inst in instructions:
            kernel = _kernel(program, inst, by_name, config, times)
            if kernel is None:
                continue
            cost.kernels.append(kernel)
            cost.flops += kernel.flops * times
            cost.transcendentals += kernel.transcendentals * times
            cost.bytes_accessed += kernel.bytes_accessed * times
            cost.compute_s += kernel.time_s * times
    return cost


def _kernel_internal_computations(program: HloProgram) -> set[str]:
    """Computations that run inside another kernel: fused computations, custom-call comparators, reducers."""
    inside: set[str] = set()
    for inst in program.instructions():
        if inst.opcode == "fusion" and (m := _CALLS.search(inst.attrs)):
            inside.add(m.group(1))
        if inst.opcode in ("custom-call", "sort", "map") and (m := _CALLED_COMPUTATIONS.search(inst.attrs)):
            inside.update(c.strip().lstrip("%") for c in m.group(1).split(",") if c.strip())
    return inside


def _bytes(shape: str) -> int:
    return nbytes(shape_list(shape))


def _elements(shape: str) -> int:
    return sum(math.prod(dims) for _, dims in shape_list(shape))


def _kernel(program: HloProgram, inst: HloInstruction, by_name: dict[str, HloInstruction],
            config: CostConfig | HardwareSpec, runs: int) -> KernelCost | None:
    if inst.opcode in FREE_OPCODES:
        return None
    operand_shapes = [by_name[o].shape if o in by_name else "" for o in inst.operands]
    if inst.opcode == "fusion" and (m := _CALLS.search(inst.attrs)) and program.computations.get(m.group(1)):
        fused = program.computations[m.group(1)]
        work, matmul_flops, dtype = _fusion_work(program, fused, [_bytes(s) for s in operand_shapes])
        opcode = "fusion:" + _root(fused).opcode
    else:
        work = _op_work(inst, operand_shapes)
        work = OpWork(work.flops, _op_bytes(inst, operand_shapes), work.transcendentals, work.matmul)
        matmul_flops = work.flops if work.matmul else 0.0
        dtype = _op_dtype(inst, operand_shapes)
        opcode = inst.opcode
    compute = (roofline_time(config, matmul_flops, 0.0, dtype, matmul=True)
               + roofline_time(config, work.flops - matmul_flops, 0.0, dtype, matmul=False,
                               transcendentals=work.transcendentals))
    time_s = max(compute, roofline_time(config, 0.0, work.bytes_accessed, dtype))
    return KernelCost(inst.name, inst.computation, opcode, runs, work.flops, work.transcendentals,
                      work.bytes_accessed, matmul_flops, dtype, time_s)


def _root(instructions: Sequence[HloInstruction]) -> HloInstruction:
    return next((i for i in instructions if i.is_root), instructions[-1])


# ----------------------------------------------------------------------------------------------------------
# Fusions


def _fusion_work(program: HloProgram, fused: Sequence[HloInstruction], operand_bytes: Sequence[int]
                 ) -> tuple[OpWork, float, str]:
    """One fusion's work (FLOPs of the elements it evaluates, bytes it reads and writes), its matrix-unit FLOPs,
    and the dtype its rate is read for (the first dot's or convolution's operand dtype, else the root's)."""
    by_name = {i.name: i for i in fused}
    written, in_place_buffers = _fusion_writes(fused, by_name)
    evaluated = _evaluated_fractions(fused, by_name, in_place_buffers)
    flops = transcendentals = matmul_flops = read = 0.0
    matmul_dtype = None
    for inst in fused:
        fraction = evaluated.get(inst.name, 0.0)
        operand_shapes = [by_name[o].shape if o in by_name else "" for o in inst.operands]
        if inst.opcode == "parameter":
            index = int(inst.operands[0]) if inst.operands and inst.operands[0].isdigit() else -1
            read += fraction * (operand_bytes[index] if 0 <= index < len(operand_bytes) else _bytes(inst.shape))
            continue
        if inst.opcode == "fusion" and (m := _CALLS.search(inst.attrs)) and program.computations.get(m.group(1)):
            inner, inner_matmul, inner_dtype = _fusion_work(program, program.computations[m.group(1)],
                                                            [_bytes(s) for s in operand_shapes])
            work = OpWork(inner.flops, 0.0, inner.transcendentals, inner_matmul > 0)
            matmul = inner_matmul
            dtype = inner_dtype
        else:
            work = _op_work(inst, operand_shapes)
            matmul = work.flops if work.matmul else 0.0
            dtype = _op_dtype(inst, operand_shapes)
        flops += fraction * work.flops
        transcendentals += fraction * work.transcendentals
        matmul_flops += fraction * matmul
        if matmul and matmul_dtype is None:
            matmul_dtype = dtype
    dtype = matmul_dtype or _op_dtype(_root(fused), [])
    return OpWork(flops, read + written, transcendentals, matmul_flops > 0), matmul_flops, dtype


def _source(name: str, by_name: dict[str, HloInstruction]) -> HloInstruction | None:
    """The instruction `name` is a bitcast (chain) of."""
    inst = by_name.get(name)
    while inst is not None and inst.opcode == "bitcast" and inst.operands:
        inst = by_name.get(inst.operands[0])
    return inst


def _fusion_outputs(fused: Sequence[HloInstruction], by_name: dict[str, HloInstruction]) -> list[HloInstruction]:
    root = _root(fused)
    return [by_name[o] for o in root.operands if o in by_name] if root.opcode == "tuple" else [root]


def _fusion_writes(fused: Sequence[HloInstruction], by_name: dict[str, HloInstruction]) -> tuple[float, set[str]]:
    """Bytes a fusion writes, and the parameters it updates in place: an output that is a dynamic-update-slice
    or scatter of a parameter writes only its update, into that parameter's buffer."""
    written = 0.0
    in_place: set[str] = set()
    for out in _fusion_outputs(fused, by_name):
        producer = _source(out.name, by_name) or out
        if producer.opcode in IN_PLACE_OPCODES:
            buffers, updates = _in_place_operands(producer)
            sources = [_source(producer.operands[i], by_name) for i in buffers if i < len(producer.operands)]
            if sources and all(b is not None and b.opcode == "parameter" for b in sources):
                in_place.update(b.name for b in sources)
                written += sum(_bytes(by_name[producer.operands[i]].shape) for i in updates
                               if i < len(producer.operands) and producer.operands[i] in by_name)
                continue
        written += _bytes(out.shape)
    return written, in_place


def _evaluated_fractions(fused: Sequence[HloInstruction], by_name: dict[str, HloInstruction],
                         in_place_buffers: set[str]) -> dict[str, float]:
    """Per instruction of a fused computation, the fraction of its elements the fusion evaluates (or, for a
    parameter, reads). XLA's loop emitter computes each output element from the elements it needs: outputs are
    evaluated whole; a slice, dynamic-slice or gather needs only the elements it returns of its first operand; a
    broadcast needs one operand element per element it evaluates, at most all of them (a row broadcast to a
    matrix of which a few rows are kept is read whole); an in-place update never reads its buffer; any other op
    (elementwise, reduce, transpose, ...) needs the same fraction of its operands as it evaluates of itself. An
    element several users need is evaluated once (the largest fraction any user needs)."""
    fraction: dict[str, float] = {out.name: 1.0 for out in _fusion_outputs(fused, by_name)}
    root = _root(fused)
    fraction[root.name] = 1.0
    for inst in reversed(fused):  # users before the operands they read (HLO lists definitions first)
        own = fraction.get(inst.name, 0.0)
        if own == 0.0:
            continue
        for k, operand in enumerate(inst.operands):
            if operand not in by_name:
                continue
            if (inst.opcode in SLICING_OPCODES and k == 0) or inst.opcode == "broadcast":
                total = _elements(by_name[operand].shape)
                need = min(1.0, own * _elements(inst.shape) / total) if total else own
            elif (inst.opcode in IN_PLACE_OPCODES and k in _in_place_operands(inst)[0]
                  and (_source(operand, by_name) or by_name[operand]).name in in_place_buffers):
                need = 0.0
            else:
                need = own
            fraction[operand] = max(fraction.get(operand, 0.0), need)
    return fraction


# ----------------------------------------------------------------------------------------------------------
# One op


def _op_dtype(inst: HloInstruction, operand_shapes: Sequence[str]) -> str:
    """The dtype an op's rate is read for: a dot's or convolution's lhs, else its (first) result's."""
    source = operand_shapes[0] if inst.opcode in ("dot", "convolution") and operand_shapes else inst.shape
    arrays = shape_list(source) or shape_list(inst.shape)
    return arrays[0][0] if arrays else "f32"


def _dims(attrs: str, key: str) -> list[int]:
    m = re.search(key + _DIMS, attrs)
    return [int(d) for d in m.group(1).split(",") if d] if m else []


def _op_work(inst: HloInstruction, operand_shapes: Sequence[str]) -> OpWork:
    """FLOPs and transcendentals of one op on all its elements (its bytes are the kernel's business)."""
    if inst.opcode in FREE_OPCODES or inst.opcode == "custom-call":
        return OpWork()
    operands = [a for s in operand_shapes for a in shape_list(s)]
    results = shape_list(inst.shape)
    if inst.opcode == "dot" and len(operands) >= 2:
        (_, lhs), (_, rhs) = operands[0], operands[1]
        lhs_used = _dims(inst.attrs, "lhs_batch_dims") + _dims(inst.attrs, "lhs_contracting_dims")
        rhs_used = _dims(inst.attrs, "rhs_batch_dims") + _dims(inst.attrs, "rhs_contracting_dims")
        iteration = ([lhs[d] for d in lhs_used] + [s for d, s in enumerate(lhs) if d not in lhs_used]
                     + [s for d, s in enumerate(rhs) if d not in rhs_used])
        return OpWork(dot_flops(iteration), 0.0, 0.0, True)
    if inst.opcode == "convolution" and len(operands) >= 2 and results:
        labels = _DIM_LABELS.search(inst.attrs)
        kernel_labels = labels.group(1) if labels else ""
        if "i" in kernel_labels and "o" in kernel_labels:
            kernel = operands[1][1]
            flops = convolution_flops(math.prod(results[0][1]), math.prod(kernel), kernel[kernel_labels.index("o")])
            return OpWork(flops, 0.0, 0.0, True)
    if inst.opcode == "reduce-window" and results:
        window = _WINDOW_SIZE.search(inst.attrs)
        size = math.prod(int(x) for x in window.group(1).split("x")) if window else 1
        return OpWork(float(sum(math.prod(d) for _, d in results) * (size - 1)), 0.0)
    if inst.opcode == "reduce" and results:  # reduce(inputs..., init values...): init values fold into nothing
        inputs = operands[:max(len(operands) // 2, 1)]
        return OpWork(reduce_flops([math.prod(d) for _, d in inputs], [math.prod(d) for _, d in results]))
    return op_work(inst.opcode, [math.prod(d) for _, d in operands], [math.prod(d) for _, d in results])


def _op_bytes(inst: HloInstruction, operand_shapes: Sequence[str]) -> float:
    """Bytes an op outside any fusion reads and writes (module docstring: slices read their slice, in-place
    updates write their update)."""
    sizes = [_bytes(s) for s in operand_shapes]
    if inst.opcode in SLICING_OPCODES and sizes:
        return float(_bytes(inst.shape) + sum(sizes[1:]) + _bytes(inst.shape))
    if inst.opcode in IN_PLACE_OPCODES and sizes:
        buffers, updates = _in_place_operands(inst)
        return float(sum(sizes[i] for i in range(len(sizes)) if i not in buffers)
                     + sum(sizes[i] for i in updates if i < len(sizes)))
    return float(sum(sizes) + _bytes(inst.shape))


def _in_place_operands(inst: HloInstruction) -> tuple[list[int], list[int]]:
    """(buffer operand indices, update operand indices) of a dynamic-update-slice or (variadic) scatter."""
    if inst.opcode == "dynamic-update-slice":
        return [0], [1]
    n = max((len(inst.operands) - 1) // 2, 1)  # scatter(buffers..., indices, updates...)
    return list(range(n)), list(range(n + 1, 2 * n + 1))
