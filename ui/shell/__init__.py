"""The app's frame: where the pages are (routes), the stylesheets, ending a page early, user text shown as text."""
