import json

import pytest

import ondeviceml


def test_the_recommendation_is_odml_elaro_recommend_json(fixtures):
    state = (fixtures / "example-state.json").read_text()
    text = ondeviceml.elaro_recommend_json(state, language="en", seed=1)
    assert text + "\n" == (fixtures / "elaro-recommend.json").read_text()
    picks = ondeviceml.elaro_recommend(json.loads(state), language="fr", seed=1)["picks"]
    assert picks and all(pick["whySummary"] and pick["reasons"] for pick in picks)


def test_a_bad_state_or_library_names_the_field(fixtures):
    state = json.loads((fixtures / "example-state.json").read_text())
    with pytest.raises(ondeviceml.InvalidDataError, match="timeOfDay"):
        ondeviceml.elaro_recommend({**state, "timeOfDay": "midnight"})
    with pytest.raises(ondeviceml.InvalidDataError, match="actions"):
        ondeviceml.elaro_recommend(state, library={"contentVersion": 1, "actions": []})
