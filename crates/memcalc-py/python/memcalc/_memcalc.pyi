# The native module (crates/memcalc-py/src/lib.rs): one call, JSON text in and out.
__version__: str
__all__ = ["call", "__version__"]

def call(op: str, args: str) -> str: ...
