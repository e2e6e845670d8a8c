"""The board and its ready-made examples as plain Python (no Streamlit): what every page looks at."""
