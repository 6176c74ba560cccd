"""autoshard.emit"""
