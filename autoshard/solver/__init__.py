"""autoshard.solver"""
