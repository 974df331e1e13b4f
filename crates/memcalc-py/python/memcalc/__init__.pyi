# Type stubs of the memcalc package (the implementation is __init__.py over the native module).
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Union

__version__: str

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

class QueryError(ValueError):
    kind: str
    message: str
    key: Optional[str]
    allowed: List[str]
    errors: List[QueryError]
    def __init__(
        self,
        message: str,
        key: Optional[str] = ...,
        allowed: Iterable[str] = ...,
        errors: Optional[List[QueryError]] = ...,
    ) -> None: ...

class UnknownKeyError(QueryError): ...
class UnknownPresetError(QueryError): ...
class InvalidValueError(QueryError): ...
class LogNotRecognisedError(QueryError): ...
class UsageError(QueryError): ...
class InternalError(RuntimeError): ...

class _Row:
    def __init__(self, data: Mapping[str, Any]) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def to_dict(self) -> Dict[str, Any]: ...

class Part(_Row):
    id: str
    label: str
    bytes: int
    location: str
    formula: str
    source: str

class Term(_Row):
    id: str
    label: str
    seconds: Optional[float]
    bound: str
    formula: str
    source: str

class Speed(_Row):
    bound: str
    summary: str
    @property
    def terms(self) -> List[Term]: ...

class Estimate(_Row):
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
    def components(self) -> List[Part]: ...
    @property
    def parts(self) -> List[Part]: ...
    @property
    def speed(self) -> Optional[Speed]: ...
    @property
    def terms(self) -> List[Term]: ...
    def __iter__(self) -> Iterator[Part]: ...

def query_string(query: Query) -> str: ...
def estimate(query: Query) -> Estimate: ...
def check(query: Query, measured: Union[int, str], kind: Optional[str] = ...) -> Dict[str, Any]: ...
def layouts(query: Query) -> List[Dict[str, Any]]: ...
def sweep(query: Query, key: str, values: Iterable[Any]) -> Any: ...
def compare(*queries: Query) -> Dict[str, Any]: ...
def log_check(text: str, query: Query = ...) -> Dict[str, Any]: ...
def widget(query: Query = ..., height: int = ...) -> Any: ...
