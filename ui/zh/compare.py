"""中文 for ROC/AUC, beyond accuracy, two rankings and the library conventions (pages/roc.py, beyond.py, compare.py, conventions.py; ui/scores.py, ui/recsys.py, ui/cached.py)."""

ZH: dict[str, str] = {
}
