"""memcalc.widget, the Python side (issue 43): the page shipped in the wheel, the widget's state
as the kernel sends it (the page's files as binary buffers, not JSON text), and the `query`
traitlet both ways. Its front end (widget.js) is tested in Chromium against a stub of the
anywidget model: tests/e2e/widget.spec.ts."""

import re

import pytest

import memcalc
from memcalc import _widget

anywidget = pytest.importorskip("anywidget")


def test_the_page_is_in_the_installed_package():
    files = _widget.page_files()
    assert "index.html" in files
    names = set(files)
    # The core (the worker's wasm), the app and its glue, the log box's wasm, the core worker.
    for pattern in [r"memcalc-worker-[0-9a-f]+\.wasm", r"memcalc-app-[0-9a-f]+_bg\.wasm",
                    r"memcalc-app-[0-9a-f]+\.js", r"memcalc-log-[0-9a-f]+\.wasm",
                    r"memcalc-worker-[0-9a-f]+\.js"]:
        assert any(re.fullmatch(pattern, n) for n in names), (pattern, sorted(names))
    # Every file index.html and the scripts name ("./name") is shipped: nothing to fetch. (An
    # object's key is no file: wasm-bindgen's glue names the wasm's import modules so.)
    for name, body in files.items():
        if not name.endswith((".html", ".js")):
            continue
        for ref in re.findall(r"""["']\./([A-Za-z0-9_./-]+)["'](?!\s*:)""", body.decode()):
            assert ref in names, f"{name} names ./{ref}, which the package lacks"
    # Inside the installed package, not the checkout.
    assert "site-packages" in str(_widget.PAGE)
    # The wasms are whole (their magic number).
    for name, body in files.items():
        if name.endswith(".wasm"):
            assert body[:4] == b"\0asm", name


def test_widget_state_carries_the_query_the_page_and_the_front_end():
    w = memcalc.widget("params=7B&mode=infer", height=640)
    assert isinstance(w, anywidget.AnyWidget)
    assert w.query == "params=7B&mode=infer"
    assert w.height == 640
    assert set(w._page) == set(_widget.page_files())
    state = w.get_state()
    # The front end's module, as the kernel sends it: the package's widget.js.
    assert state["_esm"] == (_widget.ESM).read_text()
    assert "memcalc:set-query" in state["_esm"] and "export default" in state["_esm"]
    assert state["query"] == "params=7B&mode=infer"
    # The page's files go to the front end as binary buffers (the comm's), one per file.
    from ipywidgets.widgets.widget import _remove_buffers

    _, paths, buffers = _remove_buffers(state)
    assert sorted(p[-1] for p in paths if p[0] == "_page") == sorted(_widget.page_files())
    assert sum(len(b) for b in buffers) == sum(len(b) for b in _widget.page_files().values())


def test_a_dict_query_is_written_as_the_link_writes_it():
    w = memcalc.widget({"params": "70B", "mode": "infer", "flash": True})
    assert w.query == "params=70B&mode=infer&flash=on"
    assert memcalc.widget().query == ""


def test_query_round_trip_python_to_page_and_page_to_python():
    w = memcalc.widget("params=7B")
    seen = []
    w.observe(lambda change: seen.append(change["new"]), names="query")
    # Python sets it: the state the front end is sent holds it.
    w.query = "params=70B&mode=infer"
    assert w.get_state()["query"] == "params=70B&mode=infer"
    # The page reports its link (the front end's update over the comm): the traitlet follows.
    w.set_state({"query": "v=5&mode=infer&params=13B&embed=1"})
    assert w.query == "v=5&mode=infer&params=13B&embed=1"
    assert seen == ["params=70B&mode=infer", "v=5&mode=infer&params=13B&embed=1"]
    # And it is a link memcalc reads: the same estimate as the CLI's.
    assert memcalc.estimate(w.query).params == memcalc.estimate("mode=infer&params=13B").params


def test_a_bad_query_is_the_pages_to_show_not_an_exception():
    # The page shows a bad value under its field, as a link with one does.
    w = memcalc.widget("params=seven")
    assert w.query == "params=seven"
