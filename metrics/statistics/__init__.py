"""Comparing systems over queries: paired differences, confidence intervals, significance tests
(:mod:`.significance`)."""
