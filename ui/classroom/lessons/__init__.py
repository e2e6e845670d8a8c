"""Lessons in the app (in front of a class, or alone): a guided path of scenes for a student alone (answer first, then
the exact value and the named mistake), and the same lesson on a projector for a teacher (clicker, notes, reveal).
The lessons themselves and every number they show come from ``metrics.teaching.lessons``."""
