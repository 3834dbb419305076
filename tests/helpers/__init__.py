"""What the tests share: databases and records built for them, assessor lists and
Word forms written for them, town profiles and their hand-worked cases, and reading
a rendered document back the way a reader sees it."""
