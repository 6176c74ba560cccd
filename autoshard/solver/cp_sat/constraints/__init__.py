"""CP-SAT constraint builders; each module exposes `build(instance, model, vars)`."""
