"""The model of what XLA does with a planned program, given the backend that compiles it.

One package for every rule that says how XLA runs a partitioned step, each reading its backend's facts
(`backend.XlaBackend`, chosen by the profile's `hardware.xla_backend`: `backend.backend_for(config)`):
- `backend`: the facts per backend (`CPU`, `GPU`, `TPU`), each with its provenance;
- `xla_reshard`: how XLA's SPMD partitioner lowers a sharding change to collectives;
- `reshard_cost`: a reshard's price, its collectives and the copy kernels around them (`reshard_cost`,
  `ReshardPricer`, `performed_kind`);
- `fusion_groups`: which ops XLA fuses into one kernel and what each node reads and writes (`plan_fusion`,
  `slice_fusing_nodes`);
- `dot_layout`: which dot operands XLA reads from a transposed copy (`copied_operands`) or, being vectors on
  the device, from a copy (`vector_ports`);
- `unfusible_producers`: the producers XLA writes rather than duplicate into their readers (`globally_unfusible`);
- `merged_values`: the recomputation XLA merges with the forward pass (`merged_values`);
- `transpose_folding`: the transposes XLA's dots read through their dimension numbers (`folded_transposes`);
- `loop_state`: the buffers and copies of a `stablehlo.while`'s carried values (`loop_state`, `loop_tuples`);
- `case_results`: the buffers of a `stablehlo.case`'s results (`branch_writers`, `case_tuples`);
- `memory_accounting`: the per-device buffers of a plan (`plan_memory`; `GraphLiveness`, `node_usage`,
  `transient_bytes` / `transient_span`, `fixed_bytes` for the solver's view).

Import the defining module (`from autoshard.planner.xla_model.memory_accounting import plan_memory`).
"""
