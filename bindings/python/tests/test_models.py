import pytest

import ondeviceml


def test_a_model_file_describes_itself(fixtures):
    with ondeviceml.Model.load(fixtures / "Models" / "cycle-gbt.odml") as model:
        description = model.describe()
    assert description["predictor"] == "gbt"
    assert description["version"].startswith("cycle-gbt@")
    assert description["personal"] is False


def test_built_in_models_load_by_name():
    assert ondeviceml.Model.load("rules").describe()["predictor"] == "rules"


@pytest.mark.parametrize("name, error, status, fragment", [
    ("missing.odml", ondeviceml.NotFoundError, 2, "no such file"),
    ("data/user_profile.csv", ondeviceml.InvalidDataError, 3, "not an OnDeviceML model file"),
    ("truncated.odml", ondeviceml.InvalidDataError, 3, "truncated.odml"),
    ("encrypted.odml", ondeviceml.WrongPasswordError, 4, "encrypted.odml"),
])
def test_a_bad_model_raises_its_status_and_message(fixtures, name, error, status, fragment):
    with pytest.raises(error) as raised:
        ondeviceml.Model.load(fixtures / name)
    assert raised.value.status == status
    assert raised.value.status_name == ondeviceml.errors.BY_STATUS[status].__doc__.split(":")[0]
    assert fragment in raised.value.message


def test_an_encrypted_model_opens_with_its_password(fixtures):
    password = (fixtures / "password.txt").read_text().splitlines()[0]
    with pytest.raises(ondeviceml.WrongPasswordError):
        ondeviceml.Model.load(fixtures / "encrypted.odml", password="not it")
    assert ondeviceml.Model.load(fixtures / "encrypted.odml", password=password).describe()["kind"] == "cycle-gbt"


def test_a_closed_handle_is_an_invalid_argument():
    model = ondeviceml.Model.load("rules")
    model.close()
    model.close()
    with pytest.raises(ondeviceml.InvalidArgumentError, match="model: NULL"):
        model.describe()
