"""pandas imported on its first use, not at import: the step-table modules build their tables with it, and the
measure registry imports them, but batch evaluation (which parses measure names with the registry's tables) must
not pay for pandas until a result is shown as a DataFrame (``tests/metrics/test_layout.py``).

>>> from metrics._lazy import pandas as pd
>>> pd.DataFrame({"a": [1]}).shape
(1, 1)
"""

from __future__ import annotations

import importlib
from typing import Any


class LazyModule:
    """A stand-in for module ``name`` that imports it when one of its attributes is first read."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        return getattr(importlib.import_module(self._name), attribute)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported on first use>"


#: ``from metrics._lazy import pandas as pd`` in place of ``import pandas as pd``
pandas: Any = LazyModule("pandas")
