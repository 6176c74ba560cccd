"""The phases of `solve`, one module each, in the order they run: `reduction`, `heuristic` (its start),
`repeated_layers`, `diffusion`, `heuristic` (its descent), `lagrangian`, `monolithic`, `windows`, `lns`, and after
the search `forest`. Each has one entry point `run(state, until) -> <Phase>Report` over a shared `SearchState`."""
