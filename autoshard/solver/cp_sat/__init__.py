"""The solver's CP-SAT model of a `StrategyGraph`: built from a `ModelInstance` (`build_model`: its `variables`, the
`constraints` and the `objective`) and solved on the solver's clock (`solve_model`)."""
