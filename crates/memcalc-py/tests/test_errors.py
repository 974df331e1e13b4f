"""Bad input raises QueryError (a ValueError) with the CLI's messages, the key and its values."""

import pytest

import memcalc


def test_an_unknown_key_names_the_closest(cli):
    q = "params=7B&optimiser=adamw"
    with pytest.raises(memcalc.UnknownKeyError) as e:
        memcalc.estimate(q)
    assert isinstance(e.value, ValueError) and isinstance(e.value, memcalc.QueryError)
    assert e.value.key == "optimiser"
    assert "optimizer" in e.value.allowed
    assert e.value.message == str(e.value) == cli.errors(q)[0]
    assert "did you mean optimizer?" in e.value.message


def test_a_bad_value_names_the_allowed_values(cli):
    q = "params=70B&framework=megatrom"
    with pytest.raises(memcalc.InvalidValueError) as e:
        memcalc.estimate(q)
    assert e.value.key == "framework"
    assert "megatron" in e.value.allowed
    assert [x.message for x in e.value.errors] == cli.errors(q)
    assert "megatron" in e.value.message


def test_every_error_of_a_query_is_kept_in_the_clis_order(cli):
    q = "parms=7B&dtype=bf17&gpus=0"
    with pytest.raises(memcalc.QueryError) as e:
        memcalc.estimate(q)
    assert [x.message for x in e.value.errors] == cli.errors(q)
    assert len(e.value.errors) >= 2
    assert isinstance(e.value.errors[0], memcalc.UnknownKeyError)


def test_an_unknown_preset(cli):
    q = "preset=lammps-rhodo"
    with pytest.raises(memcalc.UnknownPresetError) as e:
        memcalc.estimate(q)
    assert e.value.key == "preset"
    assert e.value.message == cli.errors(q)[-1]


def test_a_hardware_figure_out_of_range(cli):
    q = "mode=infer&params=7B&bw_eff=101"
    with pytest.raises(memcalc.InvalidValueError) as e:
        memcalc.estimate(q)
    assert e.value.key == "bw_eff"
    assert [x.message for x in e.value.errors] == cli.errors(q)


def test_a_query_of_the_wrong_type():
    with pytest.raises(TypeError):
        memcalc.estimate(7)  # type: ignore[arg-type]


def test_an_error_survives_pickling():
    import pickle

    with pytest.raises(memcalc.QueryError) as e:
        memcalc.estimate("params=7B&optimiser=adamw")
    back = pickle.loads(pickle.dumps(e.value))
    assert type(back) is memcalc.UnknownKeyError
    assert (back.message, back.key, back.allowed) == (e.value.message, e.value.key, e.value.allowed)
