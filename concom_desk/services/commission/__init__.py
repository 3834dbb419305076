"""The commission itself: its settings and members, and the town rule profiles
in effect."""
