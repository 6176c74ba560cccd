"""autoshard.planner"""
