"""The hearing calendar: meetings, hearings, continuances, votes, clocks, .ics,
the legal notice and the agenda."""
