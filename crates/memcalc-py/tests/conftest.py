"""Shared by the package's tests: the `memcalc` binary the answers are compared with.

scripts/test-python.sh builds it and names it in MEMCALC_BIN; without it, the debug build under
CARGO_TARGET_DIR (or the workspace's target/) is used.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _binary() -> Path:
    given = os.environ.get("MEMCALC_BIN")
    if given:
        return Path(given)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "debug" / "memcalc"


class Cli:
    """`memcalc ARGS…`: its exit status, standard output and standard error."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def run(self, *args: str, stdin: str = ""):
        p = subprocess.run(
            [str(self.path), *args], input=stdin, capture_output=True, text=True, check=False
        )
        return p.returncode, p.stdout, p.stderr

    def json(self, *args: str, stdin: str = ""):
        code, out, err = self.run("--json", *args, stdin=stdin)
        assert code in (0, 1), f"memcalc {' '.join(args)} exited {code}: {err}"
        return json.loads(out)

    def errors(self, *args: str):
        """The error lines (without the `memcalc: ` prefix) of a run that must exit 2."""
        code, _, err = self.run(*args)
        assert code == 2, f"memcalc {' '.join(args)} exited {code}, not 2"
        return [line[len("memcalc: "):] for line in err.splitlines() if line.startswith("memcalc: ")]


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = _binary()
    if not path.exists():
        pytest.fail(f"no memcalc binary at {path}: `cargo build -p memcalc` first (or set MEMCALC_BIN)")
    return Cli(path)


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
