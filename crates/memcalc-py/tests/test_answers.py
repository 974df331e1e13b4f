"""sweep, compare, check, layouts and log_check answer as the CLI does."""

import json

import pytest

import memcalc

try:
    import pandas
except ImportError:  # the package works without pandas: plain rows then
    pandas = None


def _cli_rows(doc):
    rows = []
    for p in doc["points"]:
        row = {k: v for k, v in p.items() if k != "speed"}
        row.update(p.get("speed") or {})
        rows.append(row)
    return rows


def test_a_sweep_is_the_clis_rows(cli, monkeypatch):
    q = "params=7B&zero=3&gpus=8"
    doc = cli.json("--sweep", "batch=1..4", q)
    # Without pandas: a list of dicts.
    monkeypatch.setitem(__import__("sys").modules, "pandas", None)
    rows = memcalc.sweep(q, "batch", [1, 2, 3, 4])
    assert rows == _cli_rows(doc)
    assert [r["batch"] for r in rows] == [1, 2, 3, 4]
    assert all("step_s" in r and "bound" in r for r in rows)


@pytest.mark.skipif(pandas is None, reason="pandas is not installed")
def test_a_sweep_is_a_dataframe_with_pandas(cli):
    q = "mode=infer&params=8B&gpu=h100"
    frame = memcalc.sweep(q, "seq", ["1k", "4k", "16k"])
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame["seq"]) == [1024, 4096, 16384]
    assert frame["per_device_bytes"].is_monotonic_increasing
    assert {"fits", "capacity_bytes", "decode_step_s", "bound"} <= set(frame.columns)
    doc = cli.json("--sweep", "seq=1024..16384", q)
    cli_rows = {r["seq"]: r for r in _cli_rows(doc)}
    for row in frame.to_dict("records"):
        assert row["per_device_bytes"] == cli_rows[row["seq"]]["per_device_bytes"]


def test_a_sweep_skips_values_the_scenario_does_not_take():
    rows = memcalc.sweep("params=70B&gpus=8", "tp", [1, 3, 8])
    xs = [r["tp"] for r in (rows.to_dict("records") if hasattr(rows, "to_dict") else rows)]
    assert xs == [1, 8]
    if hasattr(rows, "attrs"):
        assert rows.attrs["skipped"] == [[3, "gpus: gpus must be a multiple of tp × pp = 3"]]


def test_a_sweep_over_an_unknown_key_or_value():
    with pytest.raises(memcalc.UnknownKeyError):
        memcalc.sweep("params=7B", "bacth", [1, 2])
    with pytest.raises(memcalc.InvalidValueError) as e:
        memcalc.sweep("params=7B", "batch", [1, "many"])
    assert e.value.key == "batch"
    with pytest.raises(TypeError):
        memcalc.sweep("params=7B", "batch", "1..4")


def test_compare_is_the_clis(cli):
    a, b = "params=70B", "params=70B&zero=3&gpus=8"
    assert memcalc.compare(a, b) == cli.json("--compare", a, b)
    assert memcalc.compare(a, {"params": "70B", "zero": 3, "gpus": 8}) == cli.json("--compare", a, b)


def test_compare_names_the_bad_setup(cli):
    a, b = "params=70B", "params=70B&zer=3"
    with pytest.raises(memcalc.UnknownKeyError) as e:
        memcalc.compare(a, b)
    assert e.value.message == cli.errors("--compare", a, b)[0]
    assert e.value.message.startswith("setup 2: ")
    with pytest.raises(memcalc.UsageError):
        memcalc.compare(a)


def test_check_sets_the_estimate_beside_a_measurement():
    c = memcalc.check("mode=infer&params=7B", "20GiB", kind="nvidia_smi")
    assert c["measured_bytes"] == 20 * 2**30
    assert c["measured_kind"] == "nvidia_smi"
    assert "weights" in c["rows"]
    assert c["words"]["verdict"].startswith("The estimate")
    allocated = memcalc.check("mode=infer&params=7B", 15 * 10**9, kind="allocated")
    assert allocated["estimated_bytes"] < c["estimated_bytes"]
    with pytest.raises(memcalc.UsageError):
        memcalc.check("params=7B", "")


def test_layouts_fit_and_reopen():
    rows = memcalc.layouts("params=70B&gpus=64&seq=4096&framework=torchtitan")
    assert rows
    assert all(r["per_device_bytes"] <= memcalc.estimate("gpus=64").capacity_bytes for r in rows)
    e = memcalc.estimate("params=70B&gpus=64&seq=4096&framework=torchtitan&" + rows[0]["query"])
    assert e.fits
    with pytest.raises(memcalc.InvalidValueError) as err:
        memcalc.layouts("mode=infer&params=7B")
    assert err.value.key == "mode"


@pytest.mark.parametrize(
    "log", ["lammps-16Mar18-lj.1.log", "llamacpp-b4xxx-ollama9352.log", "nvidia-smi-515-gpustat130.txt"]
)
def test_log_check_is_the_clis(cli, root, log):
    text = (root / "crates/memcalc-core/tests/logs" / log).read_text(errors="replace")
    code, out, err = cli.run("--log", "-", "--json", stdin=text)
    if code == 2:
        with pytest.raises(memcalc.QueryError):
            memcalc.log_check(text)
        return
    assert memcalc.log_check(text) == json.loads(out)


def test_a_log_nobody_wrote(cli):
    text = "hello\nworld\n"
    with pytest.raises(memcalc.LogNotRecognisedError) as e:
        memcalc.log_check(text)
    code, _, err = cli.run("--log", "-", stdin=text)
    assert code == 2
    assert err.strip() == f"memcalc: {e.value.message}"


def test_log_check_rejects_a_bad_base_as_the_cli_does(cli, root):
    text = (root / "crates/memcalc-core/tests/logs/lammps-16Mar18-lj.1.log").read_text(errors="replace")
    with pytest.raises(memcalc.UnknownKeyError) as e:
        memcalc.log_check(text, "mode=sim&parms=7")
    code, _, err = cli.run("--log", "-", "mode=sim&parms=7", stdin=text)
    assert code == 2
    assert f"memcalc: {e.value.message}" in err.splitlines()
