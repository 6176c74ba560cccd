"""autoshard.tools"""
