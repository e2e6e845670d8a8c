"""中文 for the ranking builder, its presets, the shareable link and the board's messages (ui/builder.py, ui/presets.py, ui/share.py, ui/board.py, ui/state.py)."""

ZH: dict[str, str] = {
}
