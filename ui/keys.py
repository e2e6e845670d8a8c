"""(temporary: replaced by the presenter branch's clicker component)"""


def clicker_keys(key: str) -> str | None:
    return None
