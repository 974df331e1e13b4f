"""memcalc.estimate gives the document `memcalc --json` prints, with typed parts and terms."""

import pytest

import memcalc

# Training, inference (with its batch curve), fine-tuning, a simulation of each kind of run, a
# preset, an old share link (its own version's meaning) and a catalog model.
QUERIES = [
    "params=7B&dtype=bf16&optimizer=adamw",
    "mode=infer&params=70B&gpu=h200&seq=32768",
    "mode=finetune&params=8B&lora_rank=16&quant=nf4",
    "params=70B&zero=3&gpus=64&framework=torchtitan",
    "mode=sim&method=lbm&nx=512&ny=512&nz=512",
    "mode=sim&method=particles&long_range=pppm",
    "preset=llama-3-8b-serve",
    "https://example.org/memcalc/?v=1&mode=infer&params=13B",
    "model_id=meta-llama/Llama-3.1-70B&mode=infer&seq=32768&gpus=4&tp=4",
    "mode=infer&engine=vllm&params=8B&gpu=h100",
    "mode=sim&method=grid&sim_device=cpu&nx=256&ny=256&nz=256&ranks=64&nodes=2",
]


@pytest.mark.parametrize("query", QUERIES)
def test_the_document_is_the_clis(cli, query):
    assert memcalc.estimate(query).to_dict() == cli.json(query)


def test_a_dict_is_the_query_it_spells(cli):
    keys = {"mode": "infer", "params": "13B", "batch": 8, "flash_attention": True}
    assert memcalc.query_string(keys) == "mode=infer&params=13B&batch=8&flash_attention=on"
    assert memcalc.estimate(keys).to_dict() == cli.json("mode=infer&params=13B&batch=8&flash_attention=on")


def test_parts_and_terms_are_typed_with_formula_and_source():
    e = memcalc.estimate("mode=infer&params=7B")
    assert isinstance(e, memcalc.Estimate)
    assert e.mode == "infer" and e["mode"] == "infer"
    parts = e.parts
    assert parts and all(isinstance(p, memcalc.Part) for p in parts)
    weights = next(p for p in parts if p.id == "weights")
    assert weights.bytes == 14_000_000_000
    assert "7,000,000,000" in weights.formula
    assert "arXiv" in weights.source
    assert weights.to_dict() == e.to_dict()["components"][0]
    assert sum(p.bytes for p in e if p.location == "device") >= 14_000_000_000
    terms = e.terms
    assert terms and all(isinstance(t, memcalc.Term) for t in terms)
    assert all(t.formula and t.source for t in terms)
    assert e.speed is not None and e.speed.to_dict()["terms"][0] == terms[0].to_dict()
    with pytest.raises(AttributeError):
        e.no_such_key


def test_a_run_without_a_time_model_has_no_terms(cli):
    q = "mode=sim&method=grid&nx=64&ny=64&nz=64&sim_device=cpu"
    doc = cli.json(q)
    e = memcalc.estimate(q)
    assert (e.speed is None) == ("speed" not in doc)
    assert e.terms == ([] if e.speed is None else e.speed.terms)


def test_overflow_is_reported_as_the_cli_does(cli):
    # Saturated at 2^64 − 1 bytes, not wrapped: the same document, no exception.
    q = "params=1e15&batch=1000000&seq=10000000"
    e = memcalc.estimate(q)
    assert e.per_device_bytes == 2**64 - 1
    assert e.to_dict() == cli.json(q)
    # Beyond a key's limit, the CLI's message naming the limit.
    bad = "mode=sim&method=lbm&nx=1000000&ny=1000000&nz=1000000"
    with pytest.raises(memcalc.InvalidValueError) as err:
        memcalc.estimate(bad)
    assert [x.message for x in err.value.errors] == cli.errors(bad)
    assert err.value.key == "nx"


def test_the_native_call_answers_bad_calls_without_a_panic():
    from memcalc import _memcalc

    assert '"usage"' in _memcalc.call("no-such-call", "{}")
    assert '"usage"' in _memcalc.call("estimate", "not json")
    assert '"usage"' in _memcalc.call("estimate", '{"query": 1}')


def test_the_package_is_typed():
    from pathlib import Path

    here = Path(memcalc.__file__).parent
    assert (here / "py.typed").exists()
    assert (here / "__init__.pyi").exists()


def test_a_panic_in_the_core_is_an_error_and_the_interpreter_goes_on(capfd):
    from memcalc import _memcalc

    with pytest.raises(memcalc.InternalError) as e:
        memcalc._call("panic_for_tests")
    assert "a panic asked for by the tests" in str(e.value)
    assert "panicked" not in capfd.readouterr().err  # no Rust message or backtrace printed
    assert memcalc.estimate("params=7B").params == 7_000_000_000
    assert '"panic"' in _memcalc.call("panic_for_tests", "{}")
