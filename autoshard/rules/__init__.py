"""autoshard.rules"""
