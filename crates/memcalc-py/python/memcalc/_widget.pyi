# Type stubs of memcalc._widget (memcalc.widget's Python side; the widget class is made on first
# use, once anywidget is imported, so it has no stub of its own).
from pathlib import Path
from typing import Any, Dict

PAGE: Path
ESM: Path

def page_files() -> Dict[str, bytes]: ...
def widget(query: Any = ..., height: int = ...) -> Any: ...
