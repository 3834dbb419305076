"""A believable, invented demo town, for trying the program and for benchmarks."""
