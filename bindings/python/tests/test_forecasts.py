import concurrent.futures

import pytest

import ondeviceml


@pytest.fixture(scope="module")
def gbt(fixtures):
    return ondeviceml.Model.load(fixtures / "Models" / "cycle-gbt.odml")


@pytest.fixture(scope="module")
def user(fixtures):
    return ondeviceml.History.load(fixtures / "data", user="u00002")


def test_explain_is_byte_for_byte_odml_explain_json(fixtures, day, user):
    with ondeviceml.Model.load(fixtures / "Models" / "cycle-gbt.odml") as fresh:
        text = ondeviceml.explain_json(fresh, user, date=day, language="en")
    assert text + "\n" == (fixtures / "explain-u00002.json").read_text()


def test_a_forecast_is_a_dict_with_its_reasoning(gbt, user, day):
    forecast = ondeviceml.predict(gbt, user, date=day, language="fr-FR")
    assert forecast["model"] == "gbt" and forecast["as_of"] == day
    assert forecast["next_period_start"] > day
    assert forecast["reasoning"]["language"] == "fr" and forecast["reasoning"]["text"]
    explained = ondeviceml.explain(gbt, user, date=day, language="en")
    assert set(explained) == {"prediction", "attribution", "explanation"}
    assert explained["attribution"]["contributions"]


@pytest.mark.parametrize("date, language, fragment", [("2025-13-01", "en", "YYYY-MM-DD"), (None, "de", "language")])
def test_a_bad_date_or_language_is_an_invalid_argument(gbt, user, date, language, fragment):
    with pytest.raises(ondeviceml.InvalidArgumentError, match=fragment) as raised:
        ondeviceml.predict(gbt, user, date=date, language=language)
    assert raised.value.status == 1


def test_threads_share_a_model_and_a_history(gbt, user, day):
    for _ in range(40):  # past its first rows, a boosted-trees model explains with its TreeSHAP tables for good
        expected = ondeviceml.predict_json(gbt, user, date=day, language="en")
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: ondeviceml.predict_json(gbt, user, date=day, language="en"), range(40)))
    assert results == [expected] * 40
