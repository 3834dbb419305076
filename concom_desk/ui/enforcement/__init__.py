"""The Enforcement tab: cases, their inspections, notices and orders, fines and
history. `EnforcementTab` is the widget the main window adds."""
