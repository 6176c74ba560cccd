"""autoshard.ir"""
