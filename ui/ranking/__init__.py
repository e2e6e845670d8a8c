"""The ranking builder every explainer page shows, and its drag-and-drop lanes component."""
