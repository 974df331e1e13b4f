"""The example notebook's outputs are produced here, not pasted: its code cells run with the
installed package, in order, in one namespace (stdout as a stream, the last expression's repr as
the result, as Jupyter shows them), and the notebook with those outputs must be the committed
one. When they differ the file is rewritten and the test fails: review the diff and commit it.
No Jupyter is needed."""

import ast
import contextlib
import io
import json

import pytest

NOTEBOOK = "examples/memcalc.ipynb"


def _run(cells):
    namespace = {"__name__": "__main__"}
    count = 0
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        count += 1
        source = "".join(cell["source"])
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(tree, NOTEBOOK, "exec"), namespace)
            value = eval(compile(ast.Expression(last.value), NOTEBOOK, "eval"), namespace) if last else None
        outputs = []
        if out.getvalue():
            outputs.append({"name": "stdout", "output_type": "stream", "text": _lines(out.getvalue())})
        if value is not None:
            outputs.append(
                {
                    "data": {"text/plain": _lines(repr(value))},
                    "execution_count": count,
                    "metadata": {},
                    "output_type": "execute_result",
                }
            )
        cell["execution_count"] = count
        cell["outputs"] = outputs


def _lines(text):
    lines = text.splitlines(keepends=True)
    return lines


def test_the_notebooks_outputs_are_the_packages(root):
    pytest.importorskip("pandas")  # its sweep cell shows a DataFrame
    path = root / NOTEBOOK
    committed = path.read_text()
    nb = json.loads(committed)
    _run(nb["cells"])
    written = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
    if written != committed:
        path.write_text(written)
        pytest.fail(f"{NOTEBOOK}: its outputs were not the package's; rewritten with them: review and commit")
