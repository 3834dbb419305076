"""Reports made from the record: the commission's annual report to the town and the
retention report (what could be proposed for destruction; nothing is destroyed)."""
