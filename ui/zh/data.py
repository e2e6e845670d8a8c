"""中文 for uploading lists, many queries and comparing two systems (pages/upload.py, pages/systems.py; ui/dataset.py, ui/many_queries.py)."""

ZH: dict[str, str] = {
}
