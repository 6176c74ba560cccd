"""The phases of `solve`, one module each, in the order they run, with the module of `autoshard.solver` whose
algorithm each runs:

- `reduction`: `exact_reduction`;
- `heuristic` (its start): the caller's starts and `local_search`'s least-usage start;
- `repeated_layers`: `repeated_blocks`, bounded by `dual_bound`;
- `diffusion`: `dual_bound`;
- `heuristic` (its descent): `local_search`;
- `lagrangian`: `lagrangian_relaxation`;
- `monolithic`: the whole problem as one `cp_sat` model;
- `windows`: `window_search` over `contracted_view`;
- `lns`: `cp_sat` models of windows;
- after the search, `forest`: `spanning_forest_bound`.

Each has one entry point `run(state, until) -> <Phase>Report` over a shared `SearchState`."""
