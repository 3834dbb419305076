"""A filing's record: listing, saving, status, its deadlines and history.
The window's Filings tab and record window call these."""
