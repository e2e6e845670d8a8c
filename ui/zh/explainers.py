"""中文 for the explainer pages nDCG, AP, RR, P/R/F1/Hit@K, their shared widgets, charts, step-table headers and the metrics' formula texts (pages/ndcg.py, ap.py, rr.py, cutoff.py; ui/explainer.py, ui/charts.py)."""

ZH: dict[str, str] = {
}
