"""Keeping the records safe: opening with automatic backups, backup, restore,
export — what the File menu offers."""
