"""memcalc: the memory and time a neural model or a simulation needs, part by part.

Every figure comes from the calculator's core (Rust, the same code as the page and the
``memcalc`` command), and every part and time term carries its formula and its source::

    import memcalc
    memcalc.estimate("params=70B&mode=infer&gpu=h200").per_device_bytes

A query is the page's link (its keys are documented in docs/url-parameters.md): a share link,
a bare query string (``"params=7B&zero=3"``) or a dict of keys (``{"params": "7B", "zero": 3}``).
A share link keeps the meaning of its own schema version; a bare query or a dict is read at the
current one, as ``memcalc KEY=VALUE`` reads it. Bad input raises :class:`QueryError` (a
``ValueError``) with the CLI's message, the key and the values it takes.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Union
from urllib.parse import quote

from . import _memcalc

__version__: str = _memcalc.__version__

__all__ = [
    "estimate",
    "check",
    "layouts",
    "sweep",
    "compare",
    "log_check",
    "query_string",
    "widget",
    "Estimate",
    "Part",
    "Term",
    "Speed",
    "QueryError",
    "UnknownKeyError",
    "UnknownPresetError",
    "InvalidValueError",
    "LogNotRecognisedError",
    "UsageError",
    "InternalError",
]

Query = Union[str, Mapping[str, Any]]


# --- Errors -------------------------------------------------------------------------------


class QueryError(ValueError):
    """Bad input, with exactly the message ``memcalc`` prints (without its ``memcalc:`` prefix).

    ``key`` is the URL key it is about (``None`` where there is none), ``allowed`` the values
    that key takes (for an unknown key or preset: the closest known ones; empty for a number),
    ``kind`` one of ``unknown_key``, ``unknown_preset``, ``invalid_value``, ``log``, ``usage``,
    and ``errors`` every error of the call (the CLI prints one line each), this one first.
    """

    kind: str = "invalid_value"

    def __init__(
        self,
        message: str,
        key: Optional[str] = None,
        allowed: Iterable[str] = (),
        errors: Optional[List["QueryError"]] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.key = key
        self.allowed = list(allowed)
        self.errors: List[QueryError] = errors if errors is not None else [self]

    def __reduce__(self) -> Any:
        # Picklable (multiprocessing hands errors back between processes): the error alone.
        return (type(self), (self.message, self.key, self.allowed))


class UnknownKeyError(QueryError):
    """A key the page does not read; ``allowed`` holds the closest keys."""

    kind = "unknown_key"


class UnknownPresetError(QueryError):
    """A ``preset=`` id that is none of the presets; ``allowed`` holds the closest ids."""

    kind = "unknown_preset"


class InvalidValueError(QueryError):
    """A value its key does not take, a rule between keys, a hardware figure out of range."""

    kind = "invalid_value"


class LogNotRecognisedError(QueryError):
    """A log that none of the readers (vLLM, llama.cpp, LAMMPS, pw.x, …) recognises."""

    kind = "log"


class UsageError(QueryError):
    """A call's own arguments: the number of setups of a comparison, a sweep's values."""

    kind = "usage"


class InternalError(RuntimeError):
    """A bug in the core, caught before it could end the interpreter: please report it."""


_KINDS = {
    c.kind: c
    for c in (UnknownKeyError, UnknownPresetError, InvalidValueError, LogNotRecognisedError, UsageError)
}


def _error(rows: List[Dict[str, Any]]) -> QueryError:
    errors = [
        _KINDS.get(r["kind"], QueryError)(r["message"], r.get("key"), r.get("allowed") or ())
        for r in rows
    ]
    for e in errors:
        e.errors = errors
    return errors[0]


def _call(op: str, **args: Any) -> Any:
    answer = json.loads(_memcalc.call(op, json.dumps(args)))
    if "ok" in answer:
        return answer["ok"]
    if "errors" in answer:
        raise _error(answer["errors"])
    raise InternalError(f"memcalc: internal error ({answer.get('panic')}); please report it with the query")


# --- Queries ------------------------------------------------------------------------------


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    return str(v)


def query_string(query: Query) -> str:
    """A query as the link writes it: a string is kept as given; a dict's values are written as
    text (``True``/``False`` as ``on``/``off``) and percent-encoded, in the dict's order."""
    if isinstance(query, str):
        return query
    if isinstance(query, Mapping):
        return "&".join(f"{quote(str(k), safe='')}={quote(_value(v), safe='')}" for k, v in query.items())
    raise TypeError(f"a query is a str or a dict of keys, not {type(query).__name__}")


# --- Typed rows ---------------------------------------------------------------------------


class _Row:
    """One object of the document: its keys as attributes, and the object back by to_dict()."""

    _fields: tuple = ()

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = dict(data)

    def __getattr__(self, name: str) -> Any:
        data = self.__dict__.get("_data")
        if data is not None and name in data:
            return data[name]
        raise AttributeError(name)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._data == self._data  # type: ignore[attr-defined]

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._data))

    def to_dict(self) -> Dict[str, Any]:
        """The object as the JSON document has it."""
        return copy.deepcopy(self._data)

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={self._data[k]!r}" for k in self._fields if k in self._data)
        return f"{type(self).__name__}({shown})"


class Part(_Row):
    """One part of the memory: ``id``, ``label``, ``bytes``, ``location``, ``formula`` (the
    figures multiplied out) and ``source`` (where the formula comes from), and whatever else
    the document's row carries."""

    _fields = ("id", "bytes", "formula", "source")
    id: str
    label: str
    bytes: int
    location: str
    formula: str
    source: str


class Term(_Row):
    """One term of the time: ``id``, ``label``, ``seconds`` (``None`` where it would
    overflow), ``bound``, ``formula`` and ``source``."""

    _fields = ("id", "seconds", "formula", "source")
    id: str
    label: str
    seconds: Optional[float]
    bound: str
    formula: str
    source: str


class Speed(_Row):
    """The run's time (the document's ``speed``): ``bound``, ``summary``, the headline seconds
    and rates of its kind of run, and ``terms``."""

    _fields = ("bound", "summary")
    bound: str
    summary: str

    @property
    def terms(self) -> List[Term]:
        return [Term(t) for t in self._data.get("terms", [])]


class Estimate(_Row):
    """The document ``memcalc --json`` prints, as an object: every key as an attribute (and by
    ``[key]``), ``components`` (alias ``parts``) as :class:`Part` objects, ``speed`` as a
    :class:`Speed` with its :class:`Term` objects (``None`` where the run has no time model).
    ``to_dict()`` gives the document itself."""

    _fields = ("mode", "per_device_bytes", "capacity_bytes", "fits", "link")
    schema_version: int
    mode: str
    per_device_bytes: int
    cluster_bytes: int
    capacity_bytes: int
    host_per_node_bytes: int
    busiest: str
    params: int
    trainable_params: int
    fits: bool
    warnings: List[str]

    @property
    def components(self) -> List[Part]:
        return [Part(c) for c in self._data["components"]]

    @property
    def parts(self) -> List[Part]:
        return self.components

    @property
    def speed(self) -> Optional[Speed]:
        s = self._data.get("speed")
        return Speed(s) if s is not None else None

    @property
    def terms(self) -> List[Term]:
        s = self.speed
        return s.terms if s is not None else []

    def __iter__(self) -> Iterator[Part]:
        return iter(self.components)


# --- Calls --------------------------------------------------------------------------------


def estimate(query: Query) -> Estimate:
    """The estimate of a query: the same document as ``memcalc --json QUERY``."""
    return Estimate(_call("estimate", query=query_string(query)))


def check(query: Query, measured: Union[int, str], kind: Optional[str] = None) -> Dict[str, Any]:
    """The estimate beside a peak a tool reported: ``measured`` in bytes (an int) or as the page
    reads it (``"21.3 GiB"``); ``kind`` is the tool (``nvidia_smi``, ``reserved``,
    ``allocated``, ``rank``; the key ``measured_kind``). Gives what the tool counts, the same
    part of the estimate, the error in percent, the calibration that closes the gap and the
    page's sentences."""
    q = query_string(query)
    # A count of bytes is written with its unit: a bare number is read as the page reads it.
    if isinstance(measured, int) and not isinstance(measured, bool):
        measured = f"{measured} B"
    extra: Dict[str, Any] = {"measured": measured}
    if kind is not None:
        extra["measured_kind"] = kind
    joined = "&".join(x for x in (q, query_string(extra)) if x)
    return _call("check", query=joined)


def layouts(query: Query) -> List[Dict[str, Any]]:
    """Training: the layouts on the query's GPUs that fit (``memcalc --layouts``), cheapest
    first, each with the query fragment that sets it."""
    return _call("layouts", query=query_string(query))


def _rows(doc: Dict[str, Any]) -> List[Dict[str, Any]]:
    rows = []
    for p in doc["points"]:
        row = {k: v for k, v in p.items() if k != "speed"}
        row.update(p.get("speed") or {})
        rows.append(row)
    return rows


def sweep(query: Query, key: str, values: Iterable[Any]) -> Any:
    """The estimate for each value of one key (``memcalc --sweep``), one row each: the key's
    value, ``per_device_bytes``, ``capacity_bytes``, ``fits`` (``sequences`` under a pooled
    engine) and the row's time (``step_s`` or ``decode_step_s``, rates, ``bound``, …). A pandas
    DataFrame when pandas is installed, else a list of dicts. Values the scenario does not take
    are skipped (the list is in ``.attrs["skipped"]`` of the DataFrame)."""
    if isinstance(values, (str, bytes)):
        raise TypeError("values is a list of values, e.g. [1, 2, 4]")
    answer = _call("sweep", query=query_string(query), key=key, values=[_value(v) for v in values])
    rows = _rows(answer["sweep"])
    try:
        import pandas as pd
    except ImportError:
        return rows
    frame = pd.DataFrame(rows)
    frame.attrs["skipped"] = answer["skipped"]
    frame.attrs["unchanged"] = answer["unchanged"]
    return frame


def compare(*queries: Query) -> Dict[str, Any]:
    """2 to 4 setups side by side (``memcalc --compare --json``): each part's bytes and each
    time term's seconds per setup, with the difference from the first."""
    return _call("compare", queries=[query_string(q) for q in queries])


def log_check(text: str, query: Query = "") -> Dict[str, Any]:
    """A run's log read (``memcalc --log FILE --json``): vLLM, llama.cpp/Ollama, LAMMPS, pw.x,
    PyTorch peak prints, nvidia-smi, ``/usr/bin/time -v`` or seff. The keys it states fill the
    scenario (``query`` is the base), each figure it reports is set beside the estimate."""
    return _call("log_check", text=text, query=query_string(query))


def widget(query: Query = "", height: int = 900) -> Any:
    """The calculator for ``query`` in a notebook cell (Jupyter, JupyterLab, VS Code, Colab),
    offline: the page's embed mode, shipped in this package, as an anywidget (``pip install
    'memcalc[widget]'``). Its ``query`` traitlet follows the page both ways: set it and the page
    follows; edit the page and it holds the page's link. ``height`` is the frame's first height
    in CSS pixels (it then follows its content)."""
    from ._widget import widget as make

    return make(query, height)
