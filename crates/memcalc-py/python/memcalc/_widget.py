"""``memcalc.widget``: the calculator's embed mode in a notebook, offline (issue 43).

An anywidget (https://anywidget.dev; ``pip install memcalc[widget]``) whose front end
(``widget.js``) shows the page's embed mode (``embed=1``, docs/embedding.md) in a frame made
from the release build shipped in this package (``memcalc/page/``: index.html, its scripts and
the core, app and log wasms), handed to the front end over the kernel's comm as binary values,
so that nothing is fetched from a server. ``query`` is a traitlet: set it from Python and the
page follows; edit the page and it holds the page's link (the query of ``memcalc --link``,
with the page options ``embed=1`` among them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Optional

PAGE = Path(__file__).parent / "page"
ESM = Path(__file__).parent / "widget.js"


_FILES: Dict[str, bytes] = {}


_NOT_LOADED = (".md", ".json")


def page_files() -> Dict[str, bytes]:
    """The page's files shipped in the package, by path under ``memcalc/page/`` (``/``-separated).

    Raises ``FileNotFoundError`` where the package was built without the page (a wheel built
    before ``trunk build --release``; scripts/test-python.sh builds it first).
    """
    if not (PAGE / "index.html").is_file():
        raise FileNotFoundError(
            f"memcalc: the page is not in this package ({PAGE}): it was built without the "
            "release build's dist/ (see scripts/test-python.sh)"
        )
    if not _FILES:
        _FILES.update(
            (p.relative_to(PAGE).as_posix(), p.read_bytes())
            for p in sorted(PAGE.rglob("*"))
            if p.is_file()
            and not any(part.startswith(".") for part in p.relative_to(PAGE).parts)
            # What the page never loads: the documents copied beside it for hosts (the
            # embedding guide, the published schema).
            and p.suffix not in _NOT_LOADED
        )
    return _FILES


def _widget_class() -> Any:
    try:
        import anywidget
        import traitlets
    except ImportError as e:  # pragma: no cover - the tests install anywidget
        raise ImportError(
            "memcalc.widget needs anywidget: pip install 'memcalc[widget]' (or pip install anywidget)"
        ) from e

    class Widget(anywidget.AnyWidget):  # type: ignore[misc]
        """The calculator in a notebook cell; ``query`` follows the page both ways."""

        _esm = ESM
        query = traitlets.Unicode("").tag(sync=True)
        height = traitlets.Int(900).tag(sync=True)
        _page = traitlets.Dict().tag(sync=True)

    return Widget


_CLASS: Optional[Any] = None


def widget(query: Any = "", height: int = 900) -> Any:
    """The calculator for ``query`` (a link, a query string or a dict of keys, as ``estimate``)
    in a notebook cell, in embed mode; ``height`` is the frame's first height in CSS pixels
    (it then follows its content). Needs ``anywidget``.
    """
    global _CLASS
    from . import query_string

    if _CLASS is None:
        _CLASS = _widget_class()
    q = query_string(query) if query != "" else ""
    return _CLASS(query=q, height=height, _page=page_files())
