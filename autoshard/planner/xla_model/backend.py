"""The facts of one XLA backend that the model of XLA reads: one frozen `XlaBackend` per backend (`CPU`, `GPU`,
`TPU`), each fact with where it comes from.

A profile names its backend (`hardware.xla_backend`, `costmodel.hardware.XLA_BACKENDS`, default `cpu`) and
`backend_for(config)` returns it; every module of `autoshard.planner.xla_model` takes the backend (or the profile it
comes from) as an argument and reads no XLA constant of its own.

Provenance, per fact (`Fact.source`):
- `MEASURED_CPU`: seen in what XLA:CPU (jaxlib 0.10) compiled, and checked by the tests and benches that compare
  the model with compiled programs;
- `read_from(...)`: read in XLA's source, the file and pass named;
- `ASSUMED_CPU`: not found in XLA's source or documentation for that backend: the cpu fact, assumed.

A new backend's facts go in a new `XlaBackend` instance here (and its name in `costmodel.hardware.XLA_BACKENDS`);
a new fact goes in `XlaBackend`, stated for every backend, and is read where the model applies it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Generic, TypeVar

from costmodel.hardware import CostConfig

T = TypeVar("T")

MEASURED_CPU = "measured on XLA:CPU jaxlib 0.10"
ASSUMED_CPU = "assumed, same as cpu"


def read_from(where: str) -> str:
    """The provenance of a fact read in XLA's source at `where` (a file and the pass or constant)."""
    return f"read from XLA source: {where}"


@dataclass(frozen=True)
class Fact(Generic[T]):
    """One fact of a backend and where it comes from (module docstring)."""

    value: T
    source: str


@dataclass(frozen=True)
class XlaBackend:
    """What one XLA backend does with a partitioned program, as far as the model of XLA needs it."""

    name: str
    #: bytes every buffer in the temporary heap is aligned to
    heap_alignment: Fact[int]
    #: bytes of a pointer in a tuple (a loop's carried values, a combined all-reduce's results, the results)
    tuple_entry_bytes: Fact[int]
    #: bytes of the partition id a partitioned program keeps (a u32 scalar)
    partition_id_bytes: Fact[int]
    #: whether XLA forms reduce-scatters from an all-reduce and the slice that follows it; without, the
    #: all-reduce writes the unscattered sum and is combined with the other all-reduces
    reduce_scatter: Fact[bool]
    #: whether a dot reduce-scattering onto a free dimension, on a mesh with axes idle for it, computes only its
    #: part of the result from a slice of the operand written where the operand is ready (`idle_axis_scatter`)
    idle_axis_dot_scatter: Fact[bool]
    #: whether `jax.checkpoint`'s optimization barriers are gone before common-subexpression elimination, which
    #: then merges the recomputation with the forward pass (`merged_values`)
    merges_recomputation: Fact[bool]
    #: whether a dot_general operand not laid out as [batch, free, contracting] / [batch, contracting, free] is
    #: read from a transposed copy (`dot_layout`)
    dot_operand_copies: Fact[bool]
    #: whether a convolution operand not laid out as input [batch, spatial, feature] / kernel [spatial, input
    #: feature, output feature] is read from a transposed copy (`conv_layout`)
    convolution_operand_copies: Fact[bool]
    #: whether a dot_general operand that is a vector on the device (its one free dim of local size 1) is read
    #: from a copy (`dot_layout.vector_ports`)
    dot_vector_operand_copies: Fact[bool]
    #: whether instruction fusion keeps a producer with more than one large operand out of every reader it cannot
    #: fuse into along every path (`unfusible_producers`), instead of computing it in each reader
    globally_unfusible: Fact[bool]
    #: whether reductions run as library fusions that take a producer only when all its readers are in the fusion,
    #: the others reading it from memory (`library_reductions`)
    library_reductions: Fact[bool]
    #: whether a convolution computes its input's elementwise or reduce_window producer inside its own kernel
    convolution_fuses_input: Fact[bool]
    #: whether a result aliased to a donated argument is computed in place into the argument's buffer once
    #: nothing reads the argument any more
    in_place_donated_updates: Fact[bool]
    #: whether `select_and_scatter` is expanded into iotas, a variadic reduce_window and a scatter
    #: (`select_and_scatter_expansion`), and the bytes of one index it computes
    select_and_scatter_expanded: Fact[bool]
    index_bytes: Fact[int]
    #: whether the scheduler runs the expansion's indices where the pooled value is first read and holds them,
    #: with the zero-filled result, until the scatter (`select_and_scatter_expansion.indices_position`)
    select_and_scatter_indices_early: Fact[bool]
    #: whether a reshard that moves data along an inner dimension stages the source in a transposed layout and
    #: its result before the copy back (copy, collective, copy)
    reshard_staging_copies: Fact[bool]
    #: times an all-to-all's local buffer goes through memory in the copy kernels around it (pack, concatenate)
    all_to_all_copy_passes: Fact[float]
    #: whether an all-gather along an inner dimension copies its operand into and its result out of a layout
    #: with that dimension outermost
    all_gather_layout_copies: Fact[bool]
    #: whether a loop body writes a carried value's new value into the loop's state buffer, copying the carry each
    #: iteration only when a body reader does not feed that write (`loop_state`); without, every updated carry
    #: is copied and the new value is a buffer of its own
    loop_state_in_place: Fact[bool]
    #: whether a conditional's branches compute the values they yield into its result buffers (`case_results`);
    #: without, each yielded value is a buffer of its own beside the result
    case_results_in_place: Fact[bool]
    #: whether a dot reads a transpose of its operand through permuted dimension numbers instead of the transpose's
    #: result (`transpose_folding`), which is then never computed
    dot_transpose_folding: Fact[bool]
    #: whether the scheduler writes a dot's transposed operand copy right after the op computing the operand, which
    #: the dot then no longer reads (`memory_accounting._copies_written_early`); without, the copy reads its operand
    #: where the dot runs
    copies_written_early: Fact[bool]
    #: whether instruction fusion writes out an expensive op (a divide, a transcendental) rather than duplicate it
    #: into a second reader that recomputes the cheap op it is fused into (`memory_accounting`)
    expensive_ops_not_duplicated: Fact[bool]
    #: whether a loop fusion reading a locally sliced reshard computes the dynamic-slice inside its loop (no buffer
    #: for the slice); without, the slice is written for every reader
    local_slices_fused: Fact[bool]
    #: whether the memory scheduler runs an op computing a donated argument's new value into its buffer as soon as
    #: its operands are ready and the argument's other readers have run (`early_updates`); without, in program order
    early_donated_updates: Fact[bool]
    #: whether the scheduler computes the values of constants alone (a broadcast, an iota) at the step's start,
    #: wherever the program writes them (breadth first; `constants_first`); without, in program order
    constants_computed_first: Fact[bool]
    #: whether the memory scheduler orders instructions breadth first (`bfs_schedule`): the ops computing only the
    #: loss run where their operands are ready, not after every other reader of those (`deferred_positions`)
    breadth_first_schedule: Fact[bool]
    #: whether an add reading a scatter into zeros, its only reader, runs as a scatter into the add's other operand
    #: (`scatter_add`): no zeros and no scatter result are held
    scatter_add_folding: Fact[bool]
    #: whether copy insertion copies a donated argument written in place that a reader outside its new value's
    #: ancestors reads, and whether the buffer assigner places temporaries in the argument's buffer while it is free
    #: (`donated_copies`)
    donated_argument_copies: Fact[bool]
    temporaries_in_donated_buffers: Fact[bool]
    #: whether the compiler computes bf16 values in f32 (float normalization: converts around the ops it runs in
    #: f32): every value an op computes, and every collective moving it, takes 4 bytes an element; the step's
    #: arguments and results keep their bf16 buffers (`build_graph.computed_dtypes`)
    computes_bf16_as_f32: Fact[bool]

    def aligned(self, nbytes: int) -> int:
        """`nbytes` rounded up to the heap alignment (0 stays 0)."""
        alignment = self.heap_alignment.value
        return -(-nbytes // alignment) * alignment

    def facts(self) -> dict[str, Fact]:
        """Every fact by name."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "name"}


_INSTRUCTION_FUSION = "xla/service/instruction_fusion.cc"
#: passes every backend runs
_DONATED_ARGUMENT_COPIES = Fact(True, read_from("xla/service/copy_insertion.cc, AddCopiesForAliasedInputOutputs and "
                                                "RemoveUnnecessaryCopies under the dependency ordering (before "
                                                "scheduling)"))
_TEMPORARIES_IN_DONATED_BUFFERS = Fact(True, read_from("xla/service/buffer_assignment.cc, "
                                                       "BufferAssigner::AssignSingleHloBuffer: an aliased entry "
                                                       "parameter's allocation is reused before the heap"))

CPU = XlaBackend(
    name="cpu",
    heap_alignment=Fact(64, MEASURED_CPU),
    tuple_entry_bytes=Fact(8, MEASURED_CPU),
    partition_id_bytes=Fact(4, MEASURED_CPU),
    reduce_scatter=Fact(False, MEASURED_CPU),
    idle_axis_dot_scatter=Fact(True, MEASURED_CPU),
    merges_recomputation=Fact(True, MEASURED_CPU),
    dot_operand_copies=Fact(True, MEASURED_CPU),
    dot_vector_operand_copies=Fact(True, MEASURED_CPU),
    convolution_operand_copies=Fact(True, read_from("xla/service/cpu/conv_canonicalization.cc, ConvCanonicalization "
                                                    "(run by xla/service/cpu/cpu_compiler.cc)")),
    globally_unfusible=Fact(True, read_from(f"{_INSTRUCTION_FUSION}, ComputeGloballyUnfusible, run by "
                                            "CpuInstructionFusion (xla/service/cpu/cpu_instruction_fusion.cc)")),
    library_reductions=Fact(True, read_from("xla/backends/cpu/transforms/library_rewriter.cc, LibraryRewriter with "
                                            "YnnMatcher (xla/backends/cpu/transforms/ynn_matcher.h)")),
    convolution_fuses_input=Fact(True, MEASURED_CPU),
    in_place_donated_updates=Fact(True, MEASURED_CPU),
    select_and_scatter_expanded=Fact(True, read_from("xla/service/cpu/cpu_compiler.cc, SelectAndScatterExpander "
                                                     "(xla/service/select_and_scatter_expander.cc)")),
    index_bytes=Fact(4, read_from("xla/service/select_and_scatter_expander.cc, S32 iotas")),
    select_and_scatter_indices_early=Fact(True, MEASURED_CPU),
    reshard_staging_copies=Fact(True, MEASURED_CPU),
    all_to_all_copy_passes=Fact(4.0, MEASURED_CPU),
    all_gather_layout_copies=Fact(True, MEASURED_CPU),
    loop_state_in_place=Fact(True, MEASURED_CPU),
    case_results_in_place=Fact(True, MEASURED_CPU),
    dot_transpose_folding=Fact(True, read_from("xla/service/cpu/cpu_compiler.cc, TransposeFolding with "
                                               "TransposeFolding::IsRowColumnTransposeDotOperand "
                                               "(xla/service/transpose_folding.cc)")),
    copies_written_early=Fact(True, MEASURED_CPU),
    expensive_ops_not_duplicated=Fact(True, read_from(f"{_INSTRUCTION_FUSION}, InstructionFusion::ShouldFuse: an "
                                                      "expensive producer is not fused where FusionWouldDuplicate")),
    local_slices_fused=Fact(True, MEASURED_CPU),
    early_donated_updates=Fact(True, MEASURED_CPU),
    constants_computed_first=Fact(True, read_from("xla/service/cpu/cpu_compiler.cc, BFSMemoryScheduler when "
                                               "xla_cpu_enable_concurrency_optimized_scheduler (default true, "
                                               "xla/debug_options_flags.cc)")),
    scatter_add_folding=Fact(True, MEASURED_CPU),
    breadth_first_schedule=Fact(True, read_from("xla/service/cpu/cpu_compiler.cc, BFSMemoryScheduler "
                                                "(xla/hlo/transforms/simplifiers/hlo_memory_scheduler.cc) when "
                                                "xla_cpu_enable_concurrency_optimized_scheduler (default true)")),
    donated_argument_copies=_DONATED_ARGUMENT_COPIES,
    temporaries_in_donated_buffers=_TEMPORARIES_IN_DONATED_BUFFERS,
    computes_bf16_as_f32=Fact(True, MEASURED_CPU),
)


def _assumed_like_cpu(name: str, **stated: Fact) -> XlaBackend:
    """A backend with the facts `stated` and every other fact the cpu one's, marked assumed."""
    assumed = {key: Fact(fact.value, ASSUMED_CPU) for key, fact in CPU.facts().items()}
    return replace(CPU, name=name, **{**assumed, **stated})


_GPU_COMPILER = "xla/service/gpu/gpu_compiler.cc"

GPU = _assumed_like_cpu(
    "gpu",
    heap_alignment=Fact(128, read_from("xla/service/gpu/gpu_constants.h, kXlaAllocatedBufferAlignBytes "
                                       "(temporary and result buffers)")),
    reduce_scatter=Fact(True, read_from(f"{_GPU_COMPILER}, ReduceScatterCreator in the collective-optimizations "
                                        "pipeline")),
    merges_recomputation=Fact(False, read_from(f"{_GPU_COMPILER}, OptimizationBarrierExpander runs after "
                                               "scheduling and HloRematerialization, after common-subexpression "
                                               "elimination")),
    select_and_scatter_expanded=Fact(True, read_from(f"{_GPU_COMPILER}, SelectAndScatterExpander (the pass "
                                                     "XLA:CPU runs)")),
    loop_state_in_place=Fact(True, read_from("xla/service/copy_insertion.cc, AddCopiesForWhile and "
                                             "RemoveUnnecessaryCopies (the pass every backend runs)")),
    # PriorityFusion, XLA:GPU's default fusion pass, is not an InstructionFusion: it fuses a producer only when it
    # can fuse it into every non-bitcast user (CanFuseWithAllNonBitcastUsers), so every producer the rule keeps
    # out is kept out there too; it also keeps out producers the rule would duplicate (not modeled)
    globally_unfusible=Fact(True, read_from("xla/backends/gpu/transforms/priority_fusion.cc, "
                                            "CalculateProducerPriority: CanFuseWithAllNonBitcastUsers")),
    donated_argument_copies=_DONATED_ARGUMENT_COPIES,
    temporaries_in_donated_buffers=_TEMPORARIES_IN_DONATED_BUFFERS,
    breadth_first_schedule=Fact(False, read_from("xla/service/gpu/gpu_hlo_schedule.cc, ScheduleGpuModule: the "
                                                 "latency-hiding scheduler, not BFSMemoryScheduler")),
    dot_transpose_folding=Fact(True, read_from(f"{_GPU_COMPILER}, TransposeFolding with "
                                               "CanFoldTransposeOperandIntoDot; the model folds only what "
                                               "XLA:CPU's condition folds")),
    computes_bf16_as_f32=Fact(False, read_from("xla/service/gpu/gpu_float_support.cc, GpuFloatSupport: bf16 "
                                               "kept where the device computes it (Ampere and later)")),
)

#: XLA's TPU compiler is not public: every fact is the cpu one's, assumed
TPU = _assumed_like_cpu("tpu")

#: every backend by name: the names of `costmodel.hardware.XLA_BACKENDS`
BACKENDS: dict[str, XlaBackend] = {b.name: b for b in (CPU, GPU, TPU)}


def backend_named(name: str) -> XlaBackend:
    """The backend called `name` (one of `costmodel.hardware.XLA_BACKENDS`, which the profile parser checks)."""
    return BACKENDS[name]


def backend_for(config: CostConfig) -> XlaBackend:
    """The backend the profile compiles with (`hardware.xla_backend`)."""
    return backend_named(config.hardware.xla_backend)
