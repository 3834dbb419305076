"""Abutter notification in the window: import the assessor's list, make the
mailing, track certified mail and green cards. Each dialog takes the database
and the filing's id; the main window opens them."""
