"""Abutter notification: the assessor's list imported, the mailing (letters,
labels, PS 3877 list, affidavit) and certified-mail tracking."""
