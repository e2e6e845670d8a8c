"""The board in a reader's session: every session-state key, undo and redo, the last change, one history entry per page."""
