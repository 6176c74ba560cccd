"""autoshard.interpreters"""
