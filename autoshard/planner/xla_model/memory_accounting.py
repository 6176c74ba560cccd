"""Per-device memory of a plan, counted the way XLA lays out a compiled step's buffers on one backend.

Rules (`costmodel.memory` holds the arithmetic; this module says which buffer each plan value becomes). Where a
rule depends on the backend, the fact is named (`XlaBackend`, from the profile's `hardware.xla_backend`); the
figures given are the cpu backend's, measured on XLA:CPU.
Held by one node under its own strategy (`node_usage` over `node_interval`, what the solver's limit sees):
- every argument is held for the whole step (the caller's buffer);
- every result is an output buffer held for the whole step in the result's sharding, unless the result is
  aliased to a donated argument (`tf.aliasing_output` on that argument: XLA writes it into the argument's
  buffer); the op computing a returned value writes into that buffer, so its own copy lives only as long as
  other ops read it; so does the op computing an aliased result's value into the donated argument's buffer
  when nothing reads the argument after it (an in-place update, seen for optimizer steps,
  `in_place_donated_updates`; otherwise the value is a temporary until the step ends);
- every other value is a temporary from the op that defines it to its last reader in program order (loop
  bodies are flattened between the loop's start and end; a loop-carried value the body updates is the loop's
  state buffer, which the body op writing the new value computes into, and a second buffer where XLA's copy
  insertion copies the carry each iteration (`loop_state`, `loop_state_in_place`; without, always two buffers
  beside the new value's); the carried values' tuple (8 bytes an entry, `tuple_entry_bytes`) is one buffer held
  over the loop (`loop_tuples`); each temporary takes a multiple of 64 bytes (`heap_alignment`);
- a value XLA computes inside its consumers' loop fusions (`fusion_groups`: a broadcast or cheap elementwise op
  whose readers all fuse it), or a transpose its dots read through their dimension numbers (`transpose_folding`,
  `dot_transpose_folding`), has no buffer; the values it reads are read where its consumers run, so they live
  until the last of those;
- a scatter into zeros that an add alone reads, in the sharding it writes, is computed inside the add: XLA
  scatters into the add's other operand (`scatter_add`, `scatter_add_folding`), and the add is written once and
  recomputed by none of its readers;
- a sharding constraint is its operand's buffer (its readers read the operand), and so is an op XLA removes (a
  pad adding no padding, a slice of the whole operand: `no_op_ops`); a loop-carried value the body
  passes back unchanged is the loop operand's buffer (XLA copies no invariant
  state), read until the loop's results are last read;
- a `stablehlo.case`'s result is one buffer from the case on, which the branch op computing the yielded value
  writes (no buffer of its own: `case_results`, `case_results_in_place`); the case's result and operand tuples
  are held while it runs;
- an elementwise op's result takes over the buffer of an operand of its shape that it reads last (XLA's buffer
  sharing with a dying operand), reached through the elementwise ops fused into it: its own buffer starts after
  it; an in-place update (`scatter`, `dynamic_update_slice`) takes over the buffer it updates the same way; not
  the result of a dot XLA runs on flattened 2-D operands (`flattened_dot`: read through a bitcast, no sharing),
  nor into an op every reader of which is a dot reading it flattened (`flattened_operand`: XLA fuses the bitcast
  into the op's kernel, which writes the 2-D shape) when that kernel reads several buffers of the op's shape;
- a cheap elementwise op written out for a reader that cannot fuse it is recomputed inside its fusing readers
  (not an op fused into a library fusion, which reads it from memory; also a merged recomputation's loop-fused
  readers) and by the transposed copy a dot reads it through: those read its inputs where they run, its own buffer
  lives until its last other reader; but not one XLA's globally-unfusible rule keeps out of its readers, its
  duplication reading more (`FusionPlan.written_once`: a residual add read by a dot and by an add of that dot's
  gradient), which every reader reads from its buffer; an expensive op (a divide, a transcendental) fused into it
  is written out rather than recomputed again (`expensive_ops_not_duplicated`); a convolution computes its input's
  elementwise or reduce_window producer inside its kernel and reads that producer's inputs
  (`_read_through_producers`).
Transient: an op's own under its strategy (partial sums, from where an in-place update's updated buffer is
written: the zeros a scatter adds into, at the step's start; operand copies, a `select_and_scatter`'s expansion:
`transient_bytes` over `transient_span`, which the solver's limit sees as usage pieces), or depending on two nodes,
or on a recomputation the plan partitions otherwise than the forward value it repeats (only in `plan_live_values`;
the solver's view merges every repeat; `plan()` searches again with a tighter limit when they push a plan over its
budget):
- where a result takes over a dying operand's buffer that is smaller (sharded more), the overlap is counted;
- a reshard writes a new buffer beside its source: one per distinct (value, source, target), live from its
  first to its last consumer, or from where its source is ready on a backend scheduling breadth first (XLA:CPU
  runs the collective once the value it reads is ready: `reshard_written_at`); a returned value resharded for
  its result keeps its source until the end; a fused value resharded beyond a local slice is written first. A local slice into a reader that takes it inside
  its own loop fusion (`slice_fusing_nodes`, as the time model prices it) writes no buffer (`local_slices_fused`). A
  reshard that only slices locally, or moves data only along the outermost dimension of the layout, writes just
  the target; any other also stages the source in a transposed layout and the result before its copy back
  (`copy`, collective, `copy`: `reshard_staging_copies`), counted as source + 2 x target;
- a dot reduce-scattering onto a free dimension with mesh axes idle for it reads a slice of the operand holding
  that dimension, written where the operand is ready, one per operand sliced alike (`idle_axis_scatter`,
  `operand_slices`; only in the full accounting), and its partial sums are the part of the result XLA computes;
- a dot_general operand XLA's dot decomposer lays out again (`dot_layout.copied_ports`, `dot_operand_copies`) is
  read from a transposed copy XLA makes beside it (layout assignment: a `copy` fusion, fused with the operand's
  producer), live from that producer to the dot; XLA's scheduler writes the copy right after the op computing
  the operand, which the dot then no longer reads (`copies_written_early`, `_copies_written_early`): nor the
  input of a cheap one-input producer (a reshape, a transpose) the copy recomputes, which that producer then
  takes over no buffer of;
  none where the operand comes from another dot and only the order of its contracting block differs (that dot
  writes its result in the order wanted: `copied_operands`); an operand that is a vector on the device (one free
  dim of local size 1: `dot_layout.vector_ports`, `dot_vector_operand_copies`) is read from a copy the same way;
  a convolution's operand not in the layout its kernels take (`conv_layout`, `convolution_operand_copies`) is read
  from a transposed copy made where the operand is computed (a kernel gradient's input: in the forward pass), and
  the convolution reads nothing else of it;
- XLA's scheduler may run the ops feeding only scalar results (the loss) after the gradient: they read their
  operands after the last reader of the same-shape elementwise values computed from them that the schedule runs
  first (`deferred_positions`; on a breadth-first backend the readers `bfs_schedule` ranks before them, every such
  reader otherwise); the note gives the figure without this too (the range the schedule decides);
- XLA's all-reduce combiner merges independent all-reduces over the same axes, in XLA's post order
  (`all_reduce_combiner.combined_groups`): an op settling partial sums
  computes them where it stands (its operands die there) and holds them until the last all-reduce merged with
  its own (`combined_positions`); everything reading its result reads its operands no earlier than that
  (`operand_positions`; their lifetimes extend, nothing starts earlier);
- an op that settles partial sums holds the partial buffer (before a reduce-scatter: the unscattered one)
  beside its result while the collective runs; a reduce-scatter is an all-reduce on a backend that forms no
  reduce-scatter (`reduce_scatter`; XLA:CPU): it writes the unscattered sum, which lives from the collective until the op's readers have run
  (the slice is fused into them, and into their readers where they are computed inside those or recomputed by
  them: `last_direct_read`), beside the partial buffer at the collective and beside the result; the
  all-reduce runs after the op (the operands it reads last are dead by then: half steps, `plan_live_values`);
  all-reduces XLA combines run as one returning a tuple of their sums (8 bytes an entry);
- XLA:CPU removes `jax.checkpoint`'s optimization barriers after partitioning and merges the recomputation with
  the forward pass (`merged_values`, `merges_recomputation`): a barrier's value is its operand's buffer; a recomputed op is the forward
  op's buffer, which lives until the recomputation's readers have run, except that a cheap op computed inside
  its readers' fusions is computed inside the recomputation's readers too (reading its operands there), an
  expensive one read after the merge, or a cheap one a recomputation's reader cannot compute (one kept out of its
  readers' fusions), is written out once where the forward computes it, and a recomputation nothing computed
  reads is dead;
  a merged op holds no partial sums, copies or reshards of its own; a recomputation the plan partitions
  otherwise than its forward value does not merge, and XLA computes it beside the forward value (nothing holds
  it back any more), reading its operands (and their reshards) there, and holds it until its readers have run
  (`GraphLiveness.hoisted`);
- XLA expands a `select_and_scatter` (a max pool's gradient, `select_and_scatter_expanded`) into an s32 iota of
  the operand's shape per dimension, a variadic `reduce_window` selecting each window's element and coordinates,
  their concatenation into the scatter's indices and a `scatter` into a zero-filled result: the iotas, the
  selection and the pooled value it reads are held where the pooled value is first read, the indices and the
  zero-filled result from there until the scatter (`select_and_scatter_expansion`,
  `select_and_scatter_indices_early`);
- XLA's memory scheduler runs the ops computing a donated argument's new value (an optimizer's updates) as soon as
  what they read is ready and the argument's other readers have run, not in program order: a moment is updated
  right after its gradient, which dies there (`early_updates`, `early_donated_updates`);
- copy insertion copies a donated argument written in place that a reader outside its new value's ancestors reads
  (a weight a backward dot reads; a combined all-reduce reads what each of its members reads): the copy is a
  temporary from the argument's first reader to its last, and the buffer assigner places temporaries, largest
  first, in the argument's buffer while it is free (`donated_copies`, `donated_argument_copies`,
  `temporaries_in_donated_buffers`);
- XLA:CPU schedules breadth first: an op of constants alone runs at the step's start, and a scatter into such
  zeros holds its buffer from there (`constants_first`, `constants_computed_first`);
- a repeat XLA's common-subexpression elimination merges with a cheap fused value is a buffer of its own where
  it is written (`library_reductions`: a shared zero a reduction's fusion reads); a written broadcast of a
  constant is held from the step's start (XLA's scheduler runs what reads no computed value first);
- several results add their tuple (8 bytes each) to the outputs; a program partitioned over more than one
  device keeps its partition id (a 4-byte scalar, `partition_id_bytes`) for the whole step.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
from xdsl.dialects.builtin import DictionaryAttr, IntegerAttr
from xdsl.dialects.func import FuncOp
from xdsl.ir import OpResult

from costmodel.memory import LiveValue, StepMemory, step_memory

from autoshard.dialects.op_traits import Elementwise, FusionRoot, InPlaceUpdate
from autoshard.dialects.ops_by_name import has_trait
from autoshard.dialects.stablehlo import ReduceWindowOp
from autoshard.planner.plan_graph import NodeKind, NodeStrategy, PlanEdge, PlanGraph, PlanNode, TensorInfo
from autoshard.planner.xla_model.all_reduce_combiner import combined_groups
from autoshard.planner.xla_model.backend import XlaBackend
from autoshard.planner.xla_model.bfs_schedule import LIBRARY_OPS, library_fusion, scheduled_ranks
from autoshard.planner.xla_model.case_results import branch_writers, case_tuples
from autoshard.planner.xla_model.chlo_expansion import expanded_ops, written_buffers
from autoshard.planner.xla_model.constants_first import constants_first_positions, scatters_into_constants
from autoshard.planner.xla_model.dot_layout import (copied_operands, copied_ports, flattened_dot, flattened_operand,
                                                    makes_layout_copies, vector_ports)
from autoshard.planner.xla_model.donated_copies import DonatedCopy, donated_copies, outside_donated_buffers
from autoshard.planner.xla_model.early_updates import early_update_positions
from autoshard.planner.xla_model.idle_axis_scatter import idle_axis_scatter, scatter_performed, sliced_operands
from autoshard.planner.xla_model.fusion_groups import (
    TRANSPARENT_KINDS, cheap_to_recompute, loop_fusible, plan_fusion, slice_fusing_nodes,
)
from autoshard.planner.xla_model.loop_state import loop_state, loop_tuples
from autoshard.planner.xla_model.merged_values import constant_broadcasts, is_barrier_value, merged_values
from autoshard.planner.xla_model.no_op_ops import is_no_op
from autoshard.planner.xla_model.scatter_add import scatters_into_adds
from autoshard.planner.xla_model.select_and_scatter_expansion import (buffer_bytes, early_operand_reads, expansion,
                                                                      expansion_spans)
from autoshard.planner.xla_model.transpose_folding import folded_transposes
from autoshard.sharding import DimSharding, Mesh, TensorSharding
from autoshard.sharding.hardware_profiles import element_bytes
from autoshard.sharding.tensor_sharding import is_local_slice

ALIAS_ATTR = "tf.aliasing_output"

NOTE = ("estimate, not a bound: arguments and outputs held all step, temporaries live from definition to last "
        "use in program order with XLA's fusion, buffer sharing, layout copies and reshard staging")
#: added when the plan settles partial sums more than once: XLA's all-reduce combiner merges independent
#: all-reduces, so readers of an early one wait for the last and keep their other operands live longer
COMBINER_NOTE = ("; may be low: the plan has {n} settling all-reduces XLA can combine, which keeps their readers' "
                 "operands live longer than program order (bench/memory_vs_xla.py measures)")


#: added when the output-only readers' schedule decides the peak (`deferred_positions`) on a backend whose schedule
#: the model does not follow (`XlaBackend.breadth_first_schedule`: where it does, the readers run where it puts them)
DEFERRED_NOTE = ("; {low:.1f} to {high:.1f} MiB depending on where XLA's scheduler runs the readers feeding only the "
                 "results (the loss): the higher figure counted")


def sharded_bytes(info: TensorInfo | None, sharding: TensorSharding, mesh: Mesh) -> int:
    """Per-device bytes of one value under `sharding` (uneven shards padded)."""
    if info is None:
        return 0
    n = int(np.prod(sharding.local_shape(info.shape, mesh), dtype=np.int64)) if info.shape else 1
    return n * element_bytes(info.dtype)


@dataclass(frozen=True)
class GraphLiveness:
    """Facts of a plan graph the accounting needs, independent of the assignment, and the backend they hold on."""

    #: the XLA backend whose buffer assignment the accounting follows
    backend: XlaBackend
    #: result node indices whose value XLA writes into a donated argument's buffer
    aliased_results: frozenset[int]
    #: per (node, output port): returned as a non-aliased result, or computed in place into the buffer of the
    #: donated argument its aliased result names
    returned: frozenset[tuple[int, int]]
    #: per (node, output port): computed inside its consumers' fusions, never written to memory
    fused: frozenset[tuple[int, int]]
    #: per node: the last position a non-result consumer reads any of its outputs (its own position if none),
    #: a fused consumer counting as reading where its own consumers run
    last_non_result_use: tuple[int, ...]
    #: loop-carried value nodes the body passes back unchanged and sharding constraints (no buffer of their own)
    invariant: frozenset[int] = frozenset()
    #: per node: the last position its work is needed (fused and pass-through nodes: where their readers run)
    runs_until: tuple[int, ...] = ()
    #: elementwise op node -> the (producer, port) whose dying buffer its result takes over
    reuses: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: sharding constraint node -> the (producer, port) it constrains
    constrains: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: per node: the position it reads its operands at (its own, or later where XLA combines an all-reduce it
    #: waits for with a later one: `operand_positions`)
    runs_at: tuple[int, ...] = ()
    #: (dot, operand) whose transposed copy recomputes a cheap producer from its inputs where the dot runs
    recomputed_copies: frozenset[tuple[int, int]] = frozenset()
    #: (dot, operand) read through a transposed copy (`copied_operands`)
    copied: frozenset[tuple[int, int]] = frozenset()
    #: per node: where the all-reduce settling its partial sums runs (`combined_positions`; no earlier than
    #: `runs_at`)
    settles_at: tuple[int, ...] = ()
    #: nodes XLA does not compute (a barrier's value, a repeated recomputation): the (node, port) whose
    #: buffer they are (`merged_values`)
    merged: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: per node: where its last reader in the program runs (not counting the readers of a reader that writes its
    #: result, nor recomputations reading its value; a reader computed inside its own readers' loops, or a
    #: recomputation merged with the value, reads it where those readers run), before any reader recomputes a
    #: producer written out for another: how long an unscattered sum lives
    last_direct_read: tuple[int, ...] = ()
    #: recomputations XLA cannot merge (the plan partitions them otherwise) -> where it computes them: beside
    #: the forward values they repeat, the barrier that would have held them back being gone; a written broadcast
    #: of a constant -> 0 (XLA's scheduler runs what reads no computed value first)
    hoisted: dict[int, int] = field(default_factory=dict)
    #: loop-carried value nodes held twice: the loop state and the copy the body reads (`loop_state`)
    held_twice: frozenset[int] = frozenset()
    #: (dot, operand) -> where XLA writes that transposed copy, before the dot (`_copies_written_early`)
    copies_written_at: dict[tuple[int, int], int] = field(default_factory=dict)
    #: expanded select_and_scatter -> its expansion's buffers' half-step spans (`expansion_spans`)
    expansion_spans: dict[int, dict[str, tuple[int, int]]] = field(default_factory=dict)
    #: CHLO ops whose written result XLA holds as its expansion's values (`chlo_expansion.expanded_ops`)
    expanded_ops: frozenset[int] = frozenset()
    #: (dot, operand) read from a slice XLA writes where the operand is ready (`idle_axis_scatter`; under a plan)
    sliced: frozenset[tuple[int, int]] = frozenset()

    def origin(self, node: int, port: int) -> tuple[int, int]:
        """The value behind a chain of sharding constraints."""
        while node in self.constrains:
            node, port = self.constrains[node]
        return node, port

    @staticmethod
    def of(graph: PlanGraph, backend: XlaBackend, runs_at: Sequence[int] | None = None,
           settles_at: Sequence[int] | None = None, assignment: Sequence[int] | None = None,
           sliced: frozenset[tuple[int, int]] = frozenset()) -> GraphLiveness:
        """The liveness of `graph`'s values on `backend`: on a backend that merges `jax.checkpoint`'s recomputation
        with the forward pass, every repeat merges as if partitioned like its forward value (the solver's view), or,
        with the plan's `assignment`, only the repeats it partitions so (`merged_values`); on one that keeps the
        barriers through common-subexpression elimination, the recomputation stays apart. A dot's transposed copy
        reads its operand right after the operand's producer, not where the dot runs (`_copies_written_early`), in
        the solver's view as in the full accounting; so does a dot reading a slice of its operand (`sliced`, the
        plan's `idle_axis_scatter.sliced_operands`)."""
        nodes = graph.nodes
        runs_at = tuple(runs_at) if runs_at is not None else tuple(n.position for n in nodes)
        settles_at = tuple(max(a, b) for a, b in zip(settles_at, runs_at)) if settles_at is not None else runs_at
        moved = _scheduled_first(graph, backend, runs_at, settles_at)
        runs_at = tuple(moved.get(i, at) for i, at in enumerate(runs_at))
        settles_at = tuple(moved.get(i, at) for i, at in enumerate(settles_at))
        facts = _merge_facts(graph, backend, assignment)
        aliased, repeats, merged, dead = facts.aliased, facts.repeats, facts.merged, facts.dead
        # a recomputation the plan partitions otherwise than its forward value is computed beside that value, and
        # reads its operands there (a reshard into it too: seen on XLA:CPU, an 8B step on 16x16 gathers each layer's
        # normalized input in the forward pass for the recomputed weight multiply and holds only the product)
        apart_at = {i: min(runs_at[i], runs_at[source]) for i, (source, _) in facts.apart.items()}
        runs_at = tuple(apart_at.get(i, at) for i, at in enumerate(runs_at))
        settles_at = tuple(apart_at.get(i, at) for i, at in enumerate(settles_at))
        fused, invariant = set(facts.fused), set(facts.invariant)
        # a scatter folded into the add reading it is computed there, and the add is a scatter: written once, read
        # by every reader, not recomputed by any
        folded = scatters_into_adds(graph, assignment) if backend.scatter_add_folding.value else frozenset()
        fused |= {(i, 0) for i in folded}
        # an expanded select_and_scatter reads the value it pools where its indices are computed, through no-op
        # pads (no buffers of their own)
        early = early_operand_reads(graph, runs_at, backend)
        no_ops = {n.index for n in nodes if is_no_op(n)}  # XLA removes them: their operand's buffer
        invariant |= set(early.chain) | no_ops
        runs_at = tuple(early.chain.get(i, at) for i, at in enumerate(runs_at))
        # a convolution reads its canonicalized operands from transposed copies made where the operands are
        # computed (`plan_live_values`), not the operands themselves
        copied = {(n, port) for n, port in copied_operands(graph) if makes_layout_copies(nodes[n], backend)}
        read_from_copies = {(n, port) for n, port in copied if nodes[n].label == "stablehlo.convolution"}
        passed_on = fused | {(i, 0) for i in invariant}  # values read where their readers' readers run
        returned: set[tuple[int, int]] = set()
        consumers: dict[int, list[tuple[int, int]]] = {}  # producer -> (consumer, producer's out port)
        sources: dict[int, list[tuple[int, int, int]]] = {}  # consumer -> (producer, out port, in port)
        for e in graph.edges:
            if nodes[e.consumer].kind == NodeKind.RESULT and e.consumer not in aliased:
                returned.add((e.producer, e.out_port))
            elif e.consumer in merged or e.consumer in dead:
                continue  # not computed: the value it stands for is read where its readers run
            elif (e.consumer in early.readers and e.in_port == 0) or (e.consumer, e.in_port) in read_from_copies:
                continue  # read earlier: where its indices are computed (`early.chain`), by its copy
            else:
                consumers.setdefault(e.producer, []).append((e.consumer, e.out_port))
            sources.setdefault(e.consumer, []).append((e.producer, e.out_port, e.in_port))
        for node, (source, port) in merged.items():
            consumers.setdefault(source, []).append((node, port))
        # an aliased result's value is computed into its donated argument's buffer when nothing reads the
        # argument after that value is computed (XLA's in-place update): like a returned value, no buffer of its own
        donors = graph.derived("donated arguments", _donated_arguments)
        last_read = _last_reads(nodes, consumers, fused, runs_at)
        for e in graph.edges if backend.in_place_donated_updates.value else ():
            if e.consumer in donors and last_read(donors[e.consumer]) <= runs_at[e.producer]:
                returned.add((e.producer, e.out_port))
        held_twice = frozenset(n.index for n in nodes if n.loop_carried)
        if backend.loop_state_in_place.value:  # the body writes each carried value's new value into the loop state
            state = loop_state(graph)
            returned.update(w for c, w in state.writers.items() if c not in state.written_apart)
            held_twice = state.copied_each_iteration
        if backend.case_results_in_place.value:  # a branch computes what it yields into the case's result
            returned.update(branch_writers(graph))
        fusion = plan_fusion(graph, backend)
        kept_out = fusion.kept_out | fusion.written_once | {e.consumer for e in graph.edges if e.producer in folded}
        # an op fused into a library fusion (a reduction's `__ynn_fusion`) reads what the fusion does not take
        in_library = {i for i, root in enumerate(fusion.group)
                      if root is not None and library_fusion(nodes[root], backend)}
        # the readers before any recomputes a producer from its inputs: an unscattered sum's (below)
        direct_consumers = {i: list(readers) for i, readers in consumers.items()}
        direct_passed_on = set(passed_on)
        recomputed, written_out = _read_through_producers(nodes, sources, consumers, fused, returned, copied,
                                                          kept_out, merged, in_library,
                                                          backend.convolution_fuses_input.value,
                                                          backend.expensive_ops_not_duplicated.value)
        passed_on -= written_out
        written_at: dict[tuple[int, int], int] = {}
        keep_inputs: set[int] = set()
        if backend.copies_written_early.value:
            written_at, keep_inputs = _copies_written_early(nodes, sources, consumers,
                                                            fused | {(i, 0) for i in (*merged, *dead)},
                                                            copied | sliced, recomputed, runs_at, settles_at, merged)
        # a returned sharding constraint or merged value returns the value it stands for
        through = {e.consumer: (e.producer, e.out_port) for e in graph.edges
                   if nodes[e.consumer].kind in TRANSPARENT_KINDS or (e.consumer in no_ops and e.in_port == 0)}
        through.update(merged)
        for node, port in list(returned):
            while node in through:
                node, port = through[node]
                returned.add((node, port))
        # where each node's work runs last: its own position, or its passed-on outputs' readers' (reverse order:
        # readers come later in the program; a loop's own yield is the one earlier reader and passes nothing on)
        def running_until(readers_of: dict[int, list[tuple[int, int]]], passing: set[tuple[int, int]]) -> list[int]:
            until = list(runs_at)
            for i in (*merged, *dead):  # not computed: needed only where something live reads the value
                until[i] = 0
            for n in sorted(nodes, key=lambda n: runs_at[n.index], reverse=True):
                for c, port in readers_of.get(n.index, ()):
                    if (n.index, port) in passing and c != n.index:
                        until[n.index] = max(until[n.index], until[c])
            return until

        runs_until = running_until(consumers, passed_on)
        # a node may read its operands before its program position (`early_updates`): it is computed there
        starts = [min(n.position, runs_at[n.index]) for n in nodes]
        last = [max([starts[n.index]] + [runs_until[c] for c, _ in consumers.get(n.index, ())]) for n in nodes]
        # an unscattered sum is read as its readers read it before any recomputes a producer of theirs (which reads
        # its inputs, `_read_through_producers`): XLA does not recompute a producer whose fused slice reads a sum
        # larger than its result in any reader (`unfusible_producers` on the partitioned shapes); a recomputation
        # merged with it is read where the recomputation's readers run (their fused slices read the sum)
        reads_moved = consumers != direct_consumers or passed_on != direct_passed_on
        direct_until = running_until(direct_consumers, direct_passed_on) if reads_moved else runs_until
        read_at = list(starts)
        for n in nodes:
            for c, _ in direct_consumers.get(n.index, ()):
                if (c not in repeats or merged.get(c, (None,))[0] == n.index) and nodes[c].kind != NodeKind.RESULT:
                    # a reader computed inside its own readers' loops reads the value where those run
                    passes_on = any((c, j) in direct_passed_on for j in range(len(nodes[c].outputs)))
                    read_at[n.index] = max(read_at[n.index], direct_until[c] if passes_on else runs_at[c])
        reuses = {i: donor for i, donor in _buffer_reuses(nodes, sources, fused, returned, last, runs_at).items()
                  if i not in keep_inputs}
        hoisted = {i: start for i, start in enumerate(starts) if start < nodes[i].position}
        if backend.constants_computed_first.value:  # the zeros it updates are written at the start
            hoisted.update({i: 0 for i in scatters_into_constants(graph, folded)})
        hoisted.update({i: min(nodes[i].position, runs_at[source]) for i, (source, _) in facts.apart.items()})
        # XLA's scheduler runs a written broadcast of a constant (it reads no computed value) at the step's start
        hoisted.update({i: 0 for i in constant_broadcasts(graph) if (i, 0) not in fused})
        expanded = {n.index: expansion_spans(graph, n, runs_at, fused, returned, backend) for n in nodes
                    if n.kind == NodeKind.OP and expansion(n, [i.shape if i is not None else () for i in n.inputs],
                                                           backend) is not None}
        return GraphLiveness(backend, frozenset(aliased), frozenset(returned), frozenset(fused), tuple(last),
                             frozenset(invariant), tuple(runs_until), reuses, through, runs_at, frozenset(recomputed),
                             frozenset(copied), settles_at, merged, tuple(read_at), hoisted, held_twice, written_at,
                             expanded, graph.derived(f"expanded CHLO ops on {backend.name}",
                                                     lambda g: expanded_ops(g, plan_fusion(g, backend).kernels,
                                                                            lambda n: not library_fusion(n, backend))),
                             sliced)


@dataclass(frozen=True)
class _GraphFacts:
    """What `GraphLiveness.of` reads off the graph and the merged recomputation (`_merge_facts`)."""

    aliased: frozenset[int]
    fused: frozenset[tuple[int, int]]
    invariant: frozenset[int]
    repeats: dict[int, tuple[int, int]]
    merged: dict[int, tuple[int, int]]
    dead: frozenset[int]
    #: repeats the plan partitions otherwise than the value they repeat: XLA computes them apart
    apart: dict[int, tuple[int, int]] = field(default_factory=dict)


def _graph_facts(graph: PlanGraph, backend: XlaBackend) -> tuple[_GraphFacts, dict]:
    """The facts of the graph alone on `backend` (its aliased results, fused outputs and invariant nodes: fusion is
    the costly part; every repeat as if merged) and a cache of the merge facts per set of merged repeats."""
    nodes = graph.nodes
    traffic = plan_fusion(graph, backend).traffic
    fused = {(n.index, j) for n in nodes if n.kind == NodeKind.OP and traffic[n.index] is not None
             for j, info in enumerate(n.outputs) if info is not None and traffic[n.index].writes[j] is None}
    if backend.dot_transpose_folding.value:  # read by its dots through their dimension numbers
        fused |= {(i, 0) for i in folded_transposes(graph)}
    invariant = {e.producer for e in graph.edges
                 if e.producer == e.consumer and nodes[e.producer].loop_carried and e.in_port == 1}
    invariant |= {n.index for n in nodes if n.kind in TRANSPARENT_KINDS}
    base = _GraphFacts(frozenset(_aliased_results(graph)), frozenset(fused), frozenset(invariant), {}, {},
                       frozenset(), merged_values(graph))
    return base, {}


def _merge_facts(graph: PlanGraph, backend: XlaBackend, assignment: Sequence[int] | None = None) -> _GraphFacts:
    base, by_repeats = graph.derived(f"liveness facts on {backend.name}", lambda g: _graph_facts(g, backend))
    repeats = merged_values(graph, assignment) if backend.merges_recomputation.value else {}
    key = tuple(sorted(repeats.items()))
    if key in by_repeats:
        return by_repeats[key]
    nodes = graph.nodes
    fused = set(base.fused)
    merged = dict(repeats)
    # a repeat of an op XLA computes inside its readers' fusions (no buffer) is computed inside its own readers'
    # fusions too, from its (merged) operands, where the op is cheap; an expensive one read again after the
    # merge is written out once (XLA duplicates only cheap producers) and read; one the forward writes is read
    refused = {i for i, source in merged.items() if nodes[i].kind == NodeKind.OP and source in fused}
    merged = {i: source for i, source in merged.items() if i not in refused}
    readers: dict[int, set[int]] = {}
    for e in graph.edges:
        readers.setdefault(e.producer, set()).add(e.consumer)
    # readers first (reverse program order): a repeat that only values XLA does not compute read (merged, dead, or
    # written below: read from the forward's buffer) is dead code XLA removes; an expensive one read by something
    # computed is written (so a sigmoid's written divide reads its exponential inside its fusion: nothing else does)
    dead: set[int] = set()
    written: dict[int, tuple[int, int]] = {}
    for i in sorted(refused, key=lambda i: nodes[i].position, reverse=True):
        if all(c in merged or c in dead or c in written for c in readers.get(i, ())):
            dead.add(i)
        elif not cheap_to_recompute(nodes[repeats[i][0]]):
            written[i] = repeats[i]
    # a repeat of a cheap fused op that a reader cannot compute (one kept out of its readers, one a reduction's
    # library fusion reads) is written too: XLA's common-subexpression elimination leaves the forward op, whose
    # readers are then the repeat's as well, so it writes it where the forward pass computes it (seen on XLA:CPU:
    # both RMSNorms' x * rsqrt(...) of every LLaMA layer, Gemma's GeGLU product, held from the forward pass on)
    written.update({i: repeats[i] for i in refused if i not in dead and i not in written and (i, 0) not in fused})
    fused -= set(written.values())
    merged.update(written)
    apart = ({i: source for i, source in base.apart.items() if i not in repeats}
             if backend.merges_recomputation.value else {})
    facts = _GraphFacts(base.aliased, frozenset(fused), base.invariant | set(repeats), repeats, merged,
                        frozenset(dead), apart)
    by_repeats[key] = facts
    return facts


def _recomputes_producers(node: PlanNode) -> bool:
    """Whether the node computes a cheap loop-fusible producer inside its own loop instead of reading its buffer:
    a loop-fusible op, or a fusion root that is not an in-place update (reduce, reduce_window)."""
    return loop_fusible(node) or (node.kind == NodeKind.OP and has_trait(node.label, FusionRoot)
                                  and not has_trait(node.label, InPlaceUpdate))


def _fused_into_convolution(node: PlanNode) -> bool:
    """Whether a backend that fuses a convolution's input producer into the convolution's kernel
    (`XlaBackend.convolution_fuses_input`; XLA:CPU's `__ynn_fusion`) fuses the node: a loop-fusible op or a
    reduce_window."""
    return loop_fusible(node) or (node.kind == NodeKind.OP and node.label == ReduceWindowOp.name)


def _read_through_producers(nodes: Sequence[PlanNode], sources: dict[int, list[tuple[int, int, int]]],
                            consumers: dict[int, list[tuple[int, int]]], fused: set[tuple[int, int]],
                            returned: set[tuple[int, int]], copied: set[tuple[int, int]],
                            kept_out: Collection[int], merged: Mapping[int, tuple[int, int]],
                            in_library: Collection[int],
                            convolution_fuses_input: bool, expensive_not_duplicated: bool
                            ) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Readers that compute a producer themselves read the producer's inputs (added to `consumers`); returns the
    (dot, operand) pairs of `copied` (transposed operand copies) that recompute their producer, and the fused values
    written out instead of duplicated:
    - a cheap loop-fusible op written out for a reader that cannot fuse it (a dot, a collective), unless XLA keeps
      it out of every reader (`kept_out`: `FusionPlan.kept_out`), is recomputed inside each reader that can
      (`_recomputes_producers`), and by the loop fusion writing a dot's transposed copy of it where that dot runs:
      those read its inputs, not its buffer, which lives only until its last other reader; not a reader fused into a
      library fusion (`in_library`: a reduction's `__ynn_fusion` reads it from memory; seen on XLA:CPU, an
      unchecked LLaMA-shaped step holds each RMSNorm's x * rsqrt(...) until its weight's gradient reduces it);
    - where recomputing it would recompute an expensive op fused into it (not `cheap_to_recompute`: a divide, a
      transcendental), a backend that does not duplicate expensive ops (`expensive_not_duplicated`) writes that
      op out instead (`_expensive_fused_producers`): it is taken out of `fused` (returned as well), read where the
      recomputing readers run, its inputs where it runs;
    - a convolution computes its input operand's loop-fusible or reduce_window producer inside its own kernel
      (`convolution_fuses_input`): it reads that producer's inputs too (the producer's buffer is kept: an
      over-count of that one buffer); not one reading its input from a transposed copy (`copied`)."""
    copies: set[tuple[int, int]] = set()
    written: set[tuple[int, int]] = set()
    not_computed = set(merged)
    for node in nodes:
        if (node.kind != NodeKind.OP or len(node.outputs) != 1
                or (node.index, 0) in fused or (node.index, 0) in returned
                or not loop_fusible(node) or not cheap_to_recompute(node) or node.index in not_computed
                or node.index in kept_out):
            continue
        readers = consumers.get(node.index, [])
        via_copy = {(c, port) for c, _ in readers for src, _, port in sources.get(c, ())
                    if src == node.index and (c, port) in copied}
        moved = {c for c, _ in readers if c != node.index and c not in not_computed and c not in in_library
                 and _recomputes_producers(nodes[c])} | {c for c, _ in via_copy}
        for repeat in {i for i, _ in readers if merged.get(i, (None,))[0] == node.index}:
            recomputing = {c for c, _ in consumers.get(repeat, ()) if c not in not_computed and c not in in_library
                           and _recomputes_producers(nodes[c])}
            consumers[repeat] = [(c, p) for c, p in consumers.get(repeat, ()) if c not in recomputing]
            moved |= recomputing
        if moved:
            copies |= via_copy
            consumers[node.index] = [(c, p) for c, p in readers if c not in moved]
            for source, port, _ in sources.get(node.index, ()):
                consumers.setdefault(source, []).extend((c, port) for c in sorted(moved))
            if expensive_not_duplicated:
                written |= _expensive_fused_producers(nodes, node.index, sources, fused)
    fused -= written
    for node in nodes if convolution_fuses_input else ():
        if (node.kind == NodeKind.OP and node.label == "stablehlo.convolution" and node.index not in not_computed
                and (node.index, 0) not in copied):  # a transposed copy of its input is read, nothing computed
            producer = next((src for src, _, in_port in sources.get(node.index, ()) if in_port == 0), None)
            if producer is not None and _fused_into_convolution(nodes[producer]) and (producer, 0) not in fused:
                for source, port, _ in sources.get(producer, ()):
                    consumers.setdefault(source, []).append((node.index, port))
    return copies, written


def _copies_written_early(nodes: Sequence[PlanNode], sources: dict[int, list[tuple[int, int, int]]],
                          consumers: dict[int, list[tuple[int, int]]], not_written: set[tuple[int, int]],
                          copies: set[tuple[int, int]], recomputing: set[tuple[int, int]], runs_at: Sequence[int],
                          settles_at: Sequence[int], merged: Mapping[int, tuple[int, int]]
                          ) -> tuple[dict[tuple[int, int], int], set[int]]:
    """Where XLA writes the transposed copies of `copies` before their dot: right after the op computing the operand
    (seen on XLA:CPU, jaxlib 0.10: a projection's transposed copy right after its dot, the probabilities' right after
    the softmax). The copy reads the operand there, or, where it recomputes the operand's cheap producer of one input
    (`recomputing`: a reshape, a transpose), that input, after the producer ran: the dot no longer reads it
    (`consumers` rewired) and the producer takes over no buffer of it (returned, with the positions). Only where
    the producer is an op written where it stands (not in `not_written`, no all-reduce combined later) and the dot
    reads none of what the copy reads otherwise. A recomputation merged with the forward value (`merged`) is that
    value: its copy is written right after the forward op, and the dot no longer reads the merged value (seen on
    XLA:CPU: a LLaMA-shaped step holds the transposed copies its backward attention dots read of the forward's
    keys, values and queries from the forward pass on, not the values themselves). Any other copy is written where
    the dot runs (an upper bound: a copy recomputing an op of several inputs, a logits gradient, was seen written
    right before or right after that op, its inputs dying there)."""
    out: dict[tuple[int, int], int] = {}
    keep_inputs: set[int] = set()
    by_dot: dict[int, list[tuple[int, int, list[int]]]] = {}  # dot -> (port, producer, values it stops reading)
    for dot, port in sorted(copies):
        operand = next(((src, o) for src, o, in_port in sources.get(dot, ()) if in_port == port), None)
        repeat = operand[0] if operand is not None and operand[0] in merged else None
        if repeat is not None:
            operand = merged[repeat]
        if (operand is None or operand in not_written or nodes[operand[0]].kind != NodeKind.OP
                or not nodes[operand[0]].position == runs_at[operand[0]] == settles_at[operand[0]]
                or (repeat is not None and (dot, port) in recomputing)):
            continue
        producer = operand[0]
        read = ([src for src, _, _ in sources.get(producer, ())] if (dot, port) in recomputing
                else [producer if repeat is None else repeat])
        if len(read) != 1:
            continue  # a copy recomputing an op of several inputs: seen written before or after that op
        others = {src for src, _, in_port in sources[dot] if (dot, in_port) not in copies}
        if not set(read) & others:
            by_dot.setdefault(dot, []).append((port, producer, read))
    for dot, plans in by_dot.items():
        shared = [src for _, _, read in plans for src in set(read)]
        for port, producer, read in plans:
            if any(shared.count(src) > 1 for src in read):
                continue  # two copies of one dot read it: their reads cannot be told apart
            for src in read:
                consumers[src] = [(c, p) for c, p in consumers.get(src, ()) if c != dot]
            if (dot, port) in recomputing:
                keep_inputs.add(producer)
            out[(dot, port)] = nodes[producer].position
    return out, keep_inputs


def _expensive_fused_producers(nodes: Sequence[PlanNode], node: int, sources: dict[int, list[tuple[int, int, int]]],
                               fused: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The expensive ops (not `cheap_to_recompute`) fused into `node`, reached through the cheap ones fused into
    it: a reader recomputing `node` would duplicate them, which XLA's instruction fusion does not do."""
    out: set[tuple[int, int]] = set()
    stack, seen = [node], {node}
    while stack:
        for source, port, _ in sources.get(stack.pop(), ()):
            if (source, port) not in fused or source in seen:
                continue
            seen.add(source)
            if cheap_to_recompute(nodes[source]):
                stack.append(source)
            else:
                out.add((source, port))
    return out


def _elementwise(node: PlanNode) -> bool:
    return (node.kind == NodeKind.OP and has_trait(node.label, Elementwise) and len(node.outputs) == 1
            and node.outputs[0] is not None)


def _buffer_reuses(nodes: Sequence[PlanNode], sources: dict[int, list[tuple[int, int, int]]],
                   fused: set[tuple[int, int]], returned: set[tuple[int, int]], last: list[int],
                   runs_at: Sequence[int]) -> dict[int, tuple[int, int]]:
    """Per materialized elementwise op: an op-defined operand buffer of its shape and dtype, reached through
    elementwise fused producers of that shape, that nothing reads after it. None where every reader is a dot
    reading the op flattened to 2-D (`flattened_operand`: XLA's kernel writes that shape) and its kernel reads
    several buffers of its shape (seen on XLA:CPU: one such operand is taken over, none of several)."""
    out: dict[int, tuple[int, int]] = {}
    readers: dict[int, list[tuple[int, int]]] = {}
    for consumer, operands in sources.items():
        for producer, _, in_port in operands:
            readers.setdefault(producer, []).append((consumer, in_port))
    for node in nodes:
        in_place = node.kind == NodeKind.OP and has_trait(node.label, InPlaceUpdate) and len(node.outputs) == 1
        if not (_elementwise(node) or in_place) or (node.index, 0) in fused or (node.index, 0) in returned:
            continue
        want = node.outputs[0]
        flattened = _elementwise(node) and bool(readers.get(node.index)) and all(
            flattened_operand(nodes[c], port) for c, port in readers[node.index])
        read: set[tuple[int, int]] = set()  # the buffers of its shape its kernel reads (counted where flattened)
        donor = None
        stack, seen = [node.index], {node.index}
        while stack and (donor is None or flattened):
            here = stack.pop()
            # an in-place update reuses only the buffer it updates (operand 0), not its updates' buffers
            operands = sources.get(here, ())
            if in_place and here == node.index:
                operands = [src for src in operands if src[2] == 0]
            for producer, port, _ in operands:
                source = nodes[producer]
                if source.outputs[port] != want:
                    continue
                if (producer, port) in fused or source.kind in TRANSPARENT_KINDS:
                    if (_elementwise(source) or source.kind in TRANSPARENT_KINDS) and producer not in seen:
                        seen.add(producer)
                        stack.append(producer)
                    continue
                read.add((producer, port))
                if (donor is None and source.kind == NodeKind.OP and last[producer] == runs_at[node.index]
                        and (producer, port) not in returned and len(source.outputs) == 1
                        and not flattened_dot(source)):
                    donor = (producer, port)
        if donor is not None and not (flattened and len(read) > 1):
            out[node.index] = donor
    return out


def _donated_arguments(graph: PlanGraph) -> dict[int, int]:
    """Result node -> the argument node whose `tf.aliasing_output` names it (a donated argument XLA reuses)."""
    func = next((n.ir[0] for n in graph.nodes if n.kind in (NodeKind.ARGUMENT, NodeKind.RESULT) and n.ir), None)
    if func is None or func.arg_attrs is None:
        return {}
    donor_of = {}
    for index, attrs in enumerate(func.arg_attrs.data):
        alias = attrs.data.get(ALIAS_ATTR) if isinstance(attrs, DictionaryAttr) else None
        if isinstance(alias, IntegerAttr):
            donor_of[alias.value.data] = index
    arguments = {n.ir[1]: n.index for n in graph.nodes if n.kind == NodeKind.ARGUMENT and n.ir}
    return {n.index: arguments[donor_of[n.ir[1]]] for n in graph.nodes
            if n.kind == NodeKind.RESULT and n.ir and n.ir[1] in donor_of and donor_of[n.ir[1]] in arguments}


def _aliased_results(graph: PlanGraph) -> set[int]:
    """Result nodes named by an argument's `tf.aliasing_output` (`_donated_arguments`)."""
    return set(graph.derived("donated arguments", _donated_arguments))


def _last_reads(nodes: Sequence[PlanNode], consumers: dict[int, list[tuple[int, int]]],
                fused: set[tuple[int, int]], runs_at: Sequence[int]):
    """`last_read(i)`: the last position a non-result reader reads node `i`'s value, a reader computed inside its
    own readers' fusions reading it where those run."""
    memo: dict[int, int] = {}

    def last_read(i: int) -> int:
        if i not in memo:
            # a value read by nothing else (and loops through back edges) end where it is computed (an argument
            # before the first op)
            memo[i] = 0 if nodes[i].kind == NodeKind.ARGUMENT else min(nodes[i].position, runs_at[i])
            at = memo[i]
            for c, _ in consumers.get(i, ()):
                if nodes[c].kind == NodeKind.RESULT or c == i:
                    continue
                at = max(at, runs_at[c], *(last_read(c) for p in range(len(nodes[c].outputs)) if (c, p) in fused))
            memo[i] = at
        return memo[i]

    return last_read


def held_ports(node: PlanNode) -> range:
    """The output ports whose buffers a node owns (a data-flow or constraint node aliases one value)."""
    aliases_one = node.kind in (NodeKind.DATA_FLOW, NodeKind.CONSTRAINT) and node.outputs
    return range(1) if aliases_one else range(len(node.outputs))


def node_usage(node: PlanNode, strategy: NodeStrategy, mesh: Mesh, liveness: GraphLiveness) -> int:
    """Per-device bytes a node holds over `node_interval` under one strategy: an argument's buffer, a
    non-aliased result's output buffer, or the outputs of anything else that are not returned."""
    if node.kind == NodeKind.RESULT:
        if node.index in liveness.aliased_results:
            return 0
        return sharded_bytes(node.inputs[0], strategy.inputs[0], mesh)
    if node.index in liveness.invariant:
        return 0
    if node.kind == NodeKind.ARGUMENT:  # the caller's buffer, outside XLA's temporary heap
        return sharded_bytes(node.outputs[0], strategy.outputs[0], mesh)
    backend = liveness.backend
    own = sum(backend.aligned(size) for p in held_ports(node)
              if (node.index, p) not in liveness.returned and (node.index, p) not in liveness.fused
              for size in written_buffers(node, sharded_bytes(node.outputs[p], strategy.outputs[p], mesh),
                                          liveness.expanded_ops))
    # a carried value copied each iteration is held twice, returned or not: XLA's copy insertion gives the body a
    # copy to read while the new value is written (`loop_state`)
    if node.index not in liveness.held_twice:
        return own
    return own + sum(backend.aligned(sharded_bytes(node.outputs[p], strategy.outputs[p], mesh))
                     for p in held_ports(node))


def node_interval(node: PlanNode, graph: PlanGraph, liveness: GraphLiveness) -> tuple[int, int]:
    """Half-open positions [start, end) over which `node_usage` is held."""
    if node.kind == NodeKind.ARGUMENT or node.kind == NodeKind.RESULT:
        return 0, graph.num_positions
    computed = liveness.hoisted.get(node.index, node.position)  # where XLA computes it
    return computed + (node.index in liveness.reuses), max(liveness.last_non_result_use[node.index], computed) + 1


def layout_copies(node: PlanNode, strategy: NodeStrategy, mesh: Mesh) -> list[tuple[int, int]]:
    """(operand index, per-device bytes) of the transposed operand copies a dot_general reads (module docstring)."""
    return [(port, sharded_bytes(node.inputs[port], strategy.inputs[port], mesh)) for port in copied_ports(node)]


def vector_copies(node: PlanNode, strategy: NodeStrategy, mesh: Mesh, backend: XlaBackend) -> list[tuple[int, int]]:
    """(operand index, per-device bytes) of the copies of the operands a dot_general reads as vectors on the device
    (`dot_layout.vector_ports`), on a backend that makes them (`dot_vector_operand_copies`)."""
    if (not backend.dot_vector_operand_copies.value or node.label != "stablehlo.dot_general"
            or None in node.inputs or len(node.inputs) != 2):
        return []
    local = [strategy.inputs[p].local_shape(info.shape, mesh) for p, info in enumerate(node.inputs)]
    return [(port, sharded_bytes(node.inputs[port], strategy.inputs[port], mesh)) for port in vector_ports(node, local)]


def layout_copy_bytes(node: PlanNode, strategy: NodeStrategy, mesh: Mesh) -> int:
    """The bytes of all `layout_copies` of a node under one strategy."""
    return sum(nbytes for _, nbytes in layout_copies(node, strategy, mesh))


def settle_buffer_bytes(node: PlanNode, strategy: NodeStrategy, mesh: Mesh) -> int:
    """The partial-sum buffers a settling op holds beside its results (unscattered before a reduce-scatter)."""
    settle = strategy.settle
    if settle is None:
        return 0
    total = 0
    for sharding, info in zip(strategy.outputs, node.outputs):
        if info is None:
            continue
        if settle.kind == "reduce_scatter" and settle.dim is not None:
            dims = list(sharding.dims)
            kept = dims[settle.dim].axes[: len(dims[settle.dim].axes) - len(settle.axes)]
            dims[settle.dim] = DimSharding(kept)
            sharding = sharding.with_dims(dims)
        total += sharded_bytes(info, sharding, mesh)
    return total


def combined_positions(graph: PlanGraph, assignment: Sequence[int], backend: XlaBackend,
                       groups: Sequence[Sequence[int]] | None = None) -> list[int]:
    """Where each node's results are ready once XLA's combiners have merged independent collectives
    (`combined_groups`, or its `groups` where already worked out): an op settling partial sums settles them at the
    last collective merged with its own, and everything downstream of it runs no earlier. A member XLA's scheduler
    may run anywhere (`_movable_settles`: computed from the arguments without a costly op or another settled value,
    such as a count of the labels beside the embedding's gather) delays no other member: the collective runs at
    the last other member, or at the first member where all of them may run anywhere. Program positions where
    nothing is merged."""
    nodes = graph.nodes
    runs_at = [n.position for n in nodes]
    sources, readers = graph.forward_neighbours()
    groups = combined_groups(graph, assignment, backend) if groups is None else groups
    if not groups:
        return runs_at
    movable = _movable_settles(graph, assignment, sources)
    for members in groups:
        anchored = [nodes[i].position for i in members if i not in movable]
        at = max(anchored) if anchored else min(nodes[i].position for i in members)
        for i in members:
            runs_at[i] = max(runs_at[i], at)
    for n in sorted(nodes, key=lambda n: n.position):  # downstream of a delayed op runs no earlier than it
        for c in readers.get(n.index, ()):
            runs_at[c] = max(runs_at[c], runs_at[n.index])
    return runs_at


#: ops XLA's scheduler does not move for a combined collective: the costly ones and control flow
_ANCHORING_OPS = frozenset({"stablehlo.dot_general", "stablehlo.convolution", "stablehlo.while", "stablehlo.case",
                            "stablehlo.if", "stablehlo.custom_call", "stablehlo.sort", "stablehlo.fft"})


def _movable_settles(graph: PlanGraph, assignment: Sequence[int], sources: dict[int, list[int]]) -> set[int]:
    """The settling ops XLA's scheduler may run wherever a combined collective needs them: ops computed from the
    arguments and constants without a costly op (`_ANCHORING_OPS`) or another settled value."""
    nodes = graph.nodes
    free: set[int] = set()  # nodes computed from the arguments without a costly op or a settled value
    for n in sorted(nodes, key=lambda n: n.position):
        if n.kind in (NodeKind.ARGUMENT, NodeKind.CONSTANT):
            free.add(n.index)
        elif n.kind == NodeKind.OP and n.label not in _ANCHORING_OPS and all(
                p in free and (nodes[p].kind != NodeKind.OP or not nodes[p].strategies[assignment[p]].settle)
                for p in sources.get(n.index, ())):
            free.add(n.index)
    return {i for i in free if nodes[i].kind == NodeKind.OP and nodes[i].strategies[assignment[i]].settle}


def operand_positions(graph: PlanGraph, combined: Sequence[int]) -> list[int]:
    """Where each node reads its operands given where its producers' results are ready (`combined_positions`):
    its own position or a producer's later one. An op settling partial sums computes them where it stands and
    only its all-reduce waits for the combined one (seen in XLA's schedule: a weight gradient's dot runs at its
    place, its operands die there, its partial sums live until the combined all-reduce)."""
    nodes = graph.nodes
    reads = [n.position for n in nodes]
    for e in graph.edges:
        if nodes[e.consumer].position > nodes[e.producer].position:  # not a loop's back edge
            reads[e.consumer] = max(reads[e.consumer], combined[e.producer])
    return reads


def plan_liveness(graph: PlanGraph, assignment: Sequence[int], mesh: Mesh, backend: XlaBackend,
                  deferred: bool = True) -> GraphLiveness:
    """The plan's `GraphLiveness` on `backend`: XLA's combined all-reduces, the dot operands it slices on `mesh`
    (`idle_axis_scatter`), and (`deferred`) the output-only readers run as late as XLA's scheduler may run them
    (`deferred_positions`, in the plan's breadth-first order on a backend scheduling so)."""
    reads, combined = _read_and_settle_positions(graph, assignment, backend, deferred)
    sliced = sliced_operands(graph, assignment, mesh, backend)
    return GraphLiveness.of(graph, backend, reads, combined, assignment=assignment, sliced=sliced)


def solver_liveness(graph: PlanGraph, backend: XlaBackend, around: Sequence[int] | None = None) -> GraphLiveness:
    """The liveness the solver's memory limit sees: every recomputation merged as if partitioned like the value it
    repeats, the output-only readers deferred (`deferred_positions`); partial sums settled where XLA's combiners
    run the collectives of the plan `around` (`combined_positions`, exact for it and for any plan settling the
    same ops alike), or, without one, where each op runs (no collective combined: the breadth-first order of the
    kernels alone)."""
    if around is None:
        ranks = scheduled_ranks(graph, None, backend) if backend.breadth_first_schedule.value else None
        return GraphLiveness.of(graph, backend, deferred_positions(graph, [n.position for n in graph.nodes], ranks))
    reads, combined = _read_and_settle_positions(graph, around, backend, True)
    return GraphLiveness.of(graph, backend, reads, combined)


def _read_and_settle_positions(graph: PlanGraph, assignment: Sequence[int], backend: XlaBackend,
                                deferred: bool) -> tuple[list[int], list[int]]:
    """(where each node reads its operands, where its partial sums settle) once XLA's combiners have merged the
    plan's collectives (`combined_groups`), the output-only readers deferred where `deferred`."""
    groups = combined_groups(graph, assignment, backend)
    combined = combined_positions(graph, assignment, backend, groups)
    reads = operand_positions(graph, combined)
    if deferred:
        ranks = scheduled_ranks(graph, assignment, backend, groups) if backend.breadth_first_schedule.value else None
        reads = deferred_positions(graph, reads, ranks)
    return reads, combined


def _scheduled_first(graph: PlanGraph, backend: XlaBackend, runs_at: Sequence[int],
                     settles_at: Sequence[int]) -> dict[int, int]:
    """Node -> the earlier position XLA's scheduler runs it at: an op of constants alone at the start
    (`constants_first`), an op computing a donated argument's new value once what it reads is ready
    (`early_updates`)."""
    moved: dict[int, int] = {}
    if backend.constants_computed_first.value:
        moved.update(constants_first_positions(graph, runs_at))
    if backend.early_donated_updates.value:
        moved.update(early_update_positions(graph, graph.derived("donated arguments", _donated_arguments), runs_at,
                                            settles_at))
    return moved


def output_only(graph: PlanGraph) -> frozenset[int]:
    """Op nodes whose results reach only scalar results of the step (the loss and what computes it)."""
    nodes = graph.nodes
    readers: dict[int, list[int]] = {}
    for e in graph.edges:
        if e.consumer != e.producer:
            readers.setdefault(e.producer, []).append(e.consumer)
    out: set[int] = set()
    for n in sorted(nodes, key=lambda n: n.position, reverse=True):
        users = readers.get(n.index, ())
        if n.kind == NodeKind.OP and users and all(
                c in out or (nodes[c].kind == NodeKind.RESULT and nodes[c].inputs and nodes[c].inputs[0] is not None
                             and nodes[c].inputs[0].rank == 0) for c in users):
            out.add(n.index)
    return frozenset(out)


def deferred_positions(graph: PlanGraph, runs_at: Sequence[int], ranks: Sequence[int | None] | None = None
                       ) -> list[int]:
    """`runs_at` with every output-only op (`output_only`) reading its operands as late as XLA's scheduler may run
    it: after the last reader of the same-shape elementwise values computed from each operand (seen: the large
    GPT's loss gathers the label logits after the logits gradient and its transposed copy, so the logits stay
    live beside them), and its own readers no earlier than it. With the breadth-first schedule's `ranks`
    (`bfs_schedule.scheduled_ranks`), only after those of the readers it schedules before the op: at the position
    after the last of them, which then takes over no buffer the op still reads."""
    nodes = graph.nodes
    runs_at = list(runs_at)
    late = output_only(graph)
    sources, readers = graph.forward_neighbours()
    for op in sorted(late, key=lambda i: nodes[i].position):
        until = runs_at[op]
        for producer in sources.get(op, ()):
            shape = nodes[producer].outputs[0] if nodes[producer].outputs else None
            # up through the same-shape elementwise chain the operand is computed by, then down from all of it
            stack, seen = [producer], {producer}
            while stack:
                here = stack.pop()
                if loop_fusible(nodes[here]):
                    for up in sources.get(here, ()):
                        if up not in seen and nodes[up].outputs and nodes[up].outputs[0] == shape:
                            seen.add(up)
                            stack.append(up)
            stack = list(seen)
            while stack:
                here = stack.pop()
                for c in readers.get(here, ()):
                    if c in late:
                        continue
                    if ranks is None or ranks[c] is None or ranks[op] is None:
                        until = max(until, runs_at[c])
                    elif ranks[c] < ranks[op]:  # after it: it takes over no buffer the op still reads
                        until = max(until, min(runs_at[c] + 1, graph.num_positions - 1))
                    if (c not in seen and loop_fusible(nodes[c])
                            and shape is not None and nodes[c].outputs and nodes[c].outputs[0] == shape):
                        seen.add(c)
                        stack.append(c)
        runs_at[op] = until
        for c in readers.get(op, ()):
            runs_at[c] = max(runs_at[c], until)
    return runs_at


def operand_producers(graph: PlanGraph, liveness: GraphLiveness) -> dict[tuple[int, int], int]:
    """(consumer, operand index) -> the node whose buffer the operand reads (behind sharding constraints)."""
    return {(e.consumer, e.in_port): liveness.origin(e.producer, e.out_port)[0] for e in graph.edges}


def settle_half_step(node: PlanNode, liveness: GraphLiveness) -> int:
    """The half step where the all-reduce settling a node's partial sums runs: after the op (its operands read for
    the last time are dead by then), or at the combined all-reduce it waits for."""
    return 2 * max(node.position, liveness.settles_at[node.index]) + 1


#: the kinds of transient buffer an op may hold beside its own (`transient_bytes`); a copy's kind ends in its operand
PARTIAL_SUMS, UNSCATTERED_SUM, EXPANDED, OPERAND_COPY = "partial sums", "unscattered sum", "expanded", "transposed operand"


def transient_bytes(node: PlanNode, strategy: NodeStrategy, mesh: Mesh, liveness: GraphLiveness
                    ) -> list[tuple[str, int]]:
    """(kind, per-device bytes) of each transient buffer an op XLA computes holds under one strategy beside its
    own (module docstring): its partial sums until they are settled (and the unscattered sum an all-reduce
    standing for a reduce-scatter writes), a `select_and_scatter`'s expansion, its dot operands' transposed and
    vector copies (kind `OPERAND_COPY` and the operand index), but of an operand it reads sliced instead
    (`liveness.sliced`: `operand_slices` holds the slice), the partial sums then of the part of the result XLA
    computes (`idle_axis_scatter`). Where they are live is `transient_span`'s."""
    backend = liveness.backend
    aligned = backend.aligned
    out: list[tuple[str, int]] = []
    scatter = scatter_performed(node, strategy, mesh, backend)
    parts = scatter.parts if scatter is not None else 1
    extra = aligned(settle_buffer_bytes(node, strategy, mesh) // parts)
    if extra:
        out.append((PARTIAL_SUMS, extra))
    if extra and strategy.settle.kind == "reduce_scatter" and not backend.reduce_scatter.value:
        out.append((UNSCATTERED_SUM, extra))
    sizes = expansion(node, [s.local_shape(i.shape, mesh) if i is not None else ()
                             for s, i in zip(strategy.inputs, node.inputs)], backend)
    if sizes is not None:
        out += [(f"{EXPANDED} {name}", aligned(buffer_bytes(sizes, name)))
                for name in liveness.expansion_spans.get(node.index, {})]
    sliced = scatter.port if scatter is not None and (node.index, scatter.port) in liveness.sliced else None
    copies = [(port, nbytes) for port, nbytes in layout_copies(node, strategy, mesh)
              if (node.index, port) in liveness.copied and port != sliced]
    copies += [c for c in vector_copies(node, strategy, mesh, backend) if c[0] not in dict(copies) and c[0] != sliced]
    out += [(f"{OPERAND_COPY} {port}", aligned(nbytes)) for port, nbytes in copies]
    return out


def transient_span(node: PlanNode, kind: str, liveness: GraphLiveness, operand_of: dict[tuple[int, int], int]
                   ) -> tuple[int, int]:
    """The half steps (inclusive, `plan_live_values`) over which a node's transient buffer of `kind`
    (`transient_bytes`) lives, whatever the strategy; `operand_of` is `operand_producers`."""
    at = settle_half_step(node, liveness)
    runs_at = liveness.runs_at[node.index]
    if kind == PARTIAL_SUMS:
        # an in-place update sums into the buffer it updates, from where that buffer is written (`hoisted`: XLA
        # writes the zeros a scatter adds into at the step's start, at the operand's sharding)
        in_place = node.kind == NodeKind.OP and has_trait(node.label, InPlaceUpdate)
        return 2 * (liveness.hoisted.get(node.index, node.position) if in_place else node.position), at
    if kind == UNSCATTERED_SUM:
        # the all-reduce it runs as writes the whole sum; the readers slice their part out of it until its
        # readers have run (anything reading them later reads what they wrote)
        return at, max(at, 2 * liveness.last_direct_read[node.index])
    if kind.startswith(EXPANDED):
        return liveness.expansion_spans[node.index][kind[len(EXPANDED) + 1:]]
    # an operand copy: XLA writes it with (or instead of re-reading) the operand's producer, from there on
    port = int(kind.rsplit(" ", 1)[1])
    producer = operand_of.get((node.index, port))
    start = (min(runs_at, liveness.runs_at[producer])
             if producer is not None and (node.index, port) not in liveness.recomputed_copies else runs_at)
    start = min(start, liveness.copies_written_at.get((node.index, port), start))
    return 2 * start, 2 * runs_at


def operand_slices(graph: PlanGraph, assignment: Sequence[int], mesh: Mesh, liveness: GraphLiveness
                   ) -> list[LiveValue]:
    """The slices of operands dots read under the plan (`liveness.sliced`, `idle_axis_scatter`): one buffer per
    operand sliced alike (seen on XLA:CPU: the query, key and value projections' weight gradients read one slice of
    the normalized input), from where XLA writes it (where the operand is ready: `copies_written_at`; else where the
    dot runs) to its last reader, program positions inclusive."""
    spans: dict[tuple[tuple[int, int], int], list[int]] = {}  # per (operand, slice bytes)
    for e in graph.edges:
        if (e.consumer, e.in_port) not in liveness.sliced:
            continue
        dot = graph.nodes[e.consumer]
        strategy = dot.strategies[assignment[e.consumer]]
        origin = liveness.origin(e.producer, e.out_port)
        origin = liveness.merged.get(origin[0], origin)
        at = liveness.runs_at[e.consumer]
        nbytes = (sharded_bytes(dot.inputs[e.in_port], strategy.inputs[e.in_port], mesh)
                  // idle_axis_scatter(dot, strategy, mesh).parts)
        span = spans.setdefault((origin, nbytes), [at, at])
        span[0] = min(span[0], liveness.copies_written_at.get((e.consumer, e.in_port), at))
        span[1] = max(span[1], at)
    out = []
    for ((node, _), nbytes), (lo, hi) in spans.items():
        out.append(LiveValue(f"{graph.nodes[node].label} sliced", liveness.backend.aligned(nbytes), lo, hi,
                             kind="temporary"))
    return out


def node_transients(node: PlanNode, strategy: NodeStrategy, mesh: Mesh, liveness: GraphLiveness,
                    operand_of: dict[tuple[int, int], int]) -> list[LiveValue]:
    """The transient buffers an op holds under one strategy (`transient_bytes`) where they live
    (`transient_span`), positions inclusive in half steps."""
    return [LiveValue(f"{node.label} {kind}", nbytes, *transient_span(node, kind, liveness, operand_of),
                      kind="temporary")
            for kind, nbytes in transient_bytes(node, strategy, mesh, liveness)]


def plan_live_values(graph: PlanGraph, assignment: Sequence[int], mesh: Mesh,
                     liveness: GraphLiveness) -> list[LiveValue]:
    """Every buffer of the plan as a `LiveValue` on the backend of `liveness` (`plan_liveness`), positions
    inclusive in half steps (`half_steps`): 2 x p is the op at program position p, 2 x p + 1 the moment after it,
    where a settling all-reduce runs."""
    backend = liveness.backend
    aligned = backend.aligned
    values: list[LiveValue] = []
    transients: list[LiveValue] = []  # in half steps already
    merged: dict[tuple[int, str, tuple], int] = {}  # (half step, kind, axes) -> collectives XLA runs there as one
    operand_of = operand_producers(graph, liveness)
    for node in graph.nodes:
        strategy = node.strategies[assignment[node.index]]
        size = node_usage(node, strategy, mesh, liveness)
        if node.kind == NodeKind.ARGUMENT:
            values.append(LiveValue(node.label, size, 0, 0, kind="parameter"))
        elif node.kind == NodeKind.RESULT:
            if size:
                values.append(LiveValue(node.label, size, 0, 0, kind="output"))
        else:
            lo, hi = node_interval(node, graph, liveness)
            if size and hi > lo:
                values.append(LiveValue(node.label, size, lo, hi - 1))
            if node.index in liveness.merged:
                continue  # XLA does not compute it: no partial sums, no operand copies
            donor = liveness.reuses.get(node.index)
            if size and donor is not None:
                source = graph.nodes[donor[0]]
                room = aligned(sharded_bytes(source.outputs[donor[1]],
                                             source.strategies[assignment[donor[0]]].outputs[donor[1]], mesh))
                if room < size:  # the dying operand's buffer is too small to take the result over
                    at = liveness.runs_at[node.index]
                    values.append(LiveValue(f"{node.label} beside its smaller operand", size, at, at))
            transients.extend(node_transients(node, strategy, mesh, liveness, operand_of))
            if settle_buffer_bytes(node, strategy, mesh):
                key = (settle_half_step(node, liveness),
                       strategy.settle.kind if backend.reduce_scatter.value else "all_reduce", tuple(strategy.settle.axes))
                merged[key] = merged.get(key, 0) + 1
    # a combined all-reduce returns a tuple of its sums (a pointer an entry) while it runs
    transients += [LiveValue("combined all-reduce tuple", aligned(backend.tuple_entry_bytes.value * n), at, at,
                             kind="temporary")
                   for (at, _, _), n in merged.items() if n > 1]
    values.extend(_reshard_buffers(graph, assignment, mesh, liveness))
    values.extend(operand_slices(graph, assignment, mesh, liveness))
    values.extend(fixed_values(graph, mesh, backend))
    out = [replace(v, def_index=2 * v.def_index, last_use_index=2 * v.last_use_index) for v in values] + transients
    return _with_donated_copies(graph, assignment, mesh, liveness, out)


def _with_donated_copies(graph: PlanGraph, assignment: Sequence[int], mesh: Mesh, liveness: GraphLiveness,
                         values: list[LiveValue]) -> list[LiveValue]:
    """`values` (half steps) with the copies XLA keeps of donated arguments, less the temporaries it places in the
    buffers those copies free (`donated_copies`)."""
    backend = liveness.backend
    if not backend.donated_argument_copies.value:
        return values
    copies = plan_donated_copies(graph, assignment, liveness)
    nodes = graph.nodes
    sizes = {c.argument: backend.aligned(node_usage(nodes[c.argument], nodes[c.argument].strategies[
        assignment[c.argument]], mesh, liveness)) for c in copies}
    values = values + [LiveValue(f"{nodes[c.argument].label} copy", sizes[c.argument], c.copy_from, c.copy_until,
                                 kind="temporary") for c in copies]
    if not backend.temporaries_in_donated_buffers.value:
        return values
    return outside_donated_buffers(values, [(sizes[c.argument], c.free_from, c.free_until) for c in copies])


def plan_donated_copies(graph: PlanGraph, assignment: Sequence[int], liveness: GraphLiveness) -> list[DonatedCopy]:
    """The donated arguments XLA's copy insertion copies in the plan (`donated_copies`): those whose new value is
    computed into their buffer (`GraphLiveness.returned`), after XLA's combiner (`combined_groups`)."""
    donors = graph.derived("donated arguments", _donated_arguments)
    written = {e.consumer: e.producer for e in graph.edges
               if e.consumer in donors and (e.producer, e.out_port) in liveness.returned}
    if not written:
        return []
    return donated_copies(graph, donors, written, liveness.runs_at,
                          combined_groups(graph, assignment, liveness.backend))


def fixed_values(graph: PlanGraph, mesh: Mesh, backend: XlaBackend) -> list[LiveValue]:
    """What every plan of `graph` holds whatever its shardings: the results' tuple (several results) and the
    partition id (more than one device) all step, each loop's tuple over the loop (`loop_tuples`). The solver's
    limit leaves room for them (`fixed_bytes`)."""
    entry = backend.tuple_entry_bytes.value
    values = [LiveValue("loop tuple", backend.aligned(entry * t.entries), t.first, t.last, kind="temporary")
              for t in loop_tuples(graph)]
    values += [LiveValue("case tuples", backend.aligned(entry * t.results) + backend.aligned(entry * t.operands),
                         t.first, t.last, kind="temporary") for t in case_tuples(graph)]
    results = sum(1 for node in graph.nodes if node.kind == NodeKind.RESULT)
    if results > 1:
        values.append(LiveValue("result tuple", backend.tuple_entry_bytes.value * results, 0, 0, kind="output"))
    if mesh.num_devices > 1:
        values.append(LiveValue("partition id", backend.aligned(backend.partition_id_bytes.value), 0,
                                graph.num_positions - 1,
                                kind="temporary"))
    return values


def fixed_bytes(graph: PlanGraph, mesh: Mesh, backend: XlaBackend) -> int:
    """Per-device bytes of `fixed_values`."""
    return sum(v.size_bytes for v in fixed_values(graph, mesh, backend))


def half_steps(graph: PlanGraph) -> int:
    """The number of half-step positions `plan_live_values` uses."""
    return 2 * graph.num_positions


def reshard_buffer_bytes(info: TensorInfo, src: TensorSharding, dst: TensorSharding, mesh: Mesh,
                         backend: XlaBackend) -> int:
    """Per-device bytes a reshard of one value from `src` to `dst` holds beside its source (module docstring;
    without the staging copies on a backend that makes none, `XlaBackend.reshard_staging_copies`)."""
    target = sharded_bytes(info, dst, mesh)
    if is_local_slice(src, dst) or not backend.reshard_staging_copies.value:
        return target
    if src.unreduced == dst.unreduced and len(src.dims) == len(dst.dims):
        pairs = list(zip(src.dims, dst.dims))
        changed = [i for i, (s, d) in enumerate(pairs) if s.axes != d.axes]
        extents = zip(src.local_shape(info.shape, mesh), dst.local_shape(info.shape, mesh))
        if len(changed) == 1 and all(a == b == 1 for a, b in list(extents)[: changed[0]]):
            return target  # data moves along the outermost dimension of the layout
    return sharded_bytes(info, src, mesh) + 2 * target


def reshard_read(graph: PlanGraph, edge: PlanEdge, liveness: GraphLiveness) -> tuple[int, int] | None:
    """Where `edge`'s consumer reads a reshard of its operand, first and last program position (a reshard into a
    pass-through node, a sharding constraint, or into an op computed inside its readers' fusions, a transpose its
    dots fold, is read where that node's readers run: seen on XLA:CPU, a Gemma-shaped step holds its tied embedding's
    gather until the logits' gradient dot, the second reader of the folded transpose), or None where it reads none
    of its own (a merged recomputation reads nothing; a reshard into the result of a value computed into the output
    buffer keeps the producer's own copy instead: `_reshard_buffers`)."""
    consumer = graph.nodes[edge.consumer]
    if consumer.kind == NodeKind.OP and edge.consumer in liveness.merged:
        return None
    if consumer.kind == NodeKind.RESULT and (edge.producer, edge.out_port) in liveness.returned:
        return None
    at = min(consumer.position, liveness.runs_at[edge.consumer])  # where it reads it (`early_updates`)
    passes_on = edge.consumer in liveness.invariant or any((edge.consumer, port) in liveness.fused
                                                         for port in range(len(consumer.outputs)))
    until = max(at, liveness.runs_until[edge.consumer] if passes_on else liveness.runs_at[edge.consumer])
    return at, until


def reshard_written_at(graph: PlanGraph, edge: PlanEdge, liveness: GraphLiveness) -> int | None:
    """The program position XLA writes `edge`'s reshard at (None: where it is read, `reshard_read`): on a backend
    that schedules breadth first (`bfs_schedule`), where its operand is ready, for an operand and a reader of the
    function's body: the collective reads that value alone, so it runs right after it (the step's start for an
    argument), not before its reader (seen on XLA:CPU, jaxlib 0.10: an 8B step's gathers of forward activations
    that only the backward pass reads resharded ran beside the forward ops computing them, and its gathers of the
    output projections that only the backward pass reads before the forward pass; each held until read)."""
    if not liveness.backend.breadth_first_schedule.value or not _in_function_body(graph.nodes[edge.consumer]):
        return None
    origin = liveness.origin(edge.producer, edge.out_port)[0]
    origin = liveness.merged.get(origin, (origin, 0))[0]
    source = graph.nodes[origin]
    if source.kind == NodeKind.ARGUMENT:
        return 0
    if source.kind == NodeKind.OP and source.in_function_body():
        return liveness.settles_at[origin]
    return None


def _in_function_body(node: PlanNode) -> bool:
    """Whether `node` is computed in the function's body: an op (or constant) there, or a value of a barrier there
    (XLA:CPU removes the barriers after partitioning: a reshard into one is a collective of the body, seen on an 8B
    step on 64 devices, its output projections gathered at the step's start for the recomputation's barrier)."""
    if is_barrier_value(node):
        return bool(node.ir) and all(isinstance(v, OpResult) and isinstance(v.op.parent_op(), FuncOp) for v in node.ir)
    return node.in_function_body()


def reshard_writes_buffer(graph: PlanGraph, edge: PlanEdge, src: TensorSharding, dst: TensorSharding,
                          liveness: GraphLiveness, slice_fusing: Collection[int]) -> bool:
    """Whether resharding `edge`'s operand from `src` to `dst` writes a buffer: not where the shardings agree (but
    for a dot or a convolution reading a value of another type, which reads a converted copy: XLA:CPU runs them on
    f32 operands, `XlaBackend.computes_bf16_as_f32`), nor for a local slice of a fused value (computed in the part
    its reader wants) or into a reader that slices in its own loop (`slice_fusing`, `local_slices_fused`)."""
    if src == dst:
        moved, produced = graph.moved(edge.producer, edge.out_port), graph.nodes[edge.producer].outputs[edge.out_port]
        return (moved is not None and produced is not None and moved.dtype != produced.dtype
                and graph.nodes[edge.consumer].label in LIBRARY_OPS)
    return not (is_local_slice(src, dst) and (liveness.origin(edge.producer, edge.out_port) in liveness.fused or (
        liveness.backend.local_slices_fused.value and edge.consumer in slice_fusing)))


def _reshard_buffers(graph: PlanGraph, assignment: Sequence[int], mesh: Mesh,
                     liveness: GraphLiveness) -> list[LiveValue]:
    backend = liveness.backend
    spans: dict[tuple[int, int, TensorSharding, TensorSharding], list[int]] = {}
    sources: list[LiveValue] = []
    slice_fusing = graph.derived("slice fusing nodes", slice_fusing_nodes)
    for e in graph.edges:
        producer, consumer = graph.nodes[e.producer], graph.nodes[e.consumer]
        if consumer.kind == NodeKind.OP and e.consumer in liveness.merged:
            continue  # a merged recomputation reads nothing
        src = producer.strategies[assignment[e.producer]].outputs[e.out_port]
        dst = consumer.strategies[assignment[e.consumer]].inputs[e.in_port]
        if not reshard_writes_buffer(graph, e, src, dst, liveness, slice_fusing):
            continue
        if consumer.kind == NodeKind.RESULT and (e.producer, e.out_port) in liveness.returned:
            # the producer's own copy (not counted by node_usage) lives until the reshard into the output
            sources.append(LiveValue(f"{producer.label} before its result reshard",
                                     backend.aligned(sharded_bytes(producer.outputs[e.out_port], src, mesh)),
                                     producer.position, liveness.runs_at[e.consumer]))
            continue
        at, until = reshard_read(graph, e, liveness)
        written = reshard_written_at(graph, e, liveness)
        at = at if written is None else min(at, written)
        span = spans.setdefault((e.producer, e.out_port, src, dst), [at, until])
        span[0], span[1] = min(span[0], at), max(span[1], until)
    out = sources
    for (p, port, src, dst), (lo, hi) in spans.items():
        producer = graph.nodes[p]
        out.append(LiveValue(f"{producer.label} resharded",
                             backend.aligned(reshard_buffer_bytes(graph.moved(p, port), src, dst, mesh, backend)),
                             lo, hi,
                             kind="temporary"))
    return out


def plan_memory(graph: PlanGraph, assignment: Sequence[int], mesh: Mesh, backend: XlaBackend) -> StepMemory:
    """The plan's per-device memory per step as `backend` assigns buffers: arguments, outputs, peak temporaries, and
    how sure it is."""
    liveness = plan_liveness(graph, assignment, mesh, backend)
    step = step_memory(plan_live_values(graph, assignment, mesh, liveness), half_steps(graph))
    note = NOTE
    settles = sum(1 for node in graph.nodes if node.strategies and node.strategies[assignment[node.index]].settle)
    if settles > 1:
        note += COMBINER_NOTE.format(n=settles)
    if not backend.breadth_first_schedule.value:  # the loss's readers placed by a guess, not by XLA's schedule
        early_liveness = plan_liveness(graph, assignment, mesh, backend, deferred=False)
        early = step_memory(plan_live_values(graph, assignment, mesh, early_liveness), half_steps(graph))
        if early.total_bytes < step.total_bytes:
            note += DEFERRED_NOTE.format(low=early.total_bytes / 2**20, high=step.total_bytes / 2**20)
    if liveness.aliased_results:
        note += f"; {len(liveness.aliased_results)} result(s) written into donated arguments"
    return replace(step, peak_index=step.peak_index // 2, note=note)
