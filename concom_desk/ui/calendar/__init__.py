"""The hearing calendar tab: month view, agenda list, booking and vote dialogs."""
