"""autoshard.dialects"""
