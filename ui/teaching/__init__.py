"""A page in front of a class: the one-screen lecture layout, steps one at a time, the presenter view, clicker keys."""
