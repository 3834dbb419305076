"""Enforcement: complaints and observations, inspections, violation notices,
enforcement orders and their ratification, fines, and the dated history of a
case. Each write is one transaction through `Database.session()`, so the
store's audit trail records it."""
