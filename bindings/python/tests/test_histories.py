import json

import pytest

import ondeviceml

DOCUMENT = {
    "profile": {"id": "doc", "created_at": "2024-01-01", "cycle_type": "regular", "preferences": {"age": 31}},
    "days": [{"date": "2024-01-31", "flow_intensity": 2},
             {"date": "2024-01-03", "flow_intensity": 3, "symptoms": {"pain": 6}, "body_zone": "uterus"},
             {"date": "2024-02-01", "flow_intensity": 3}],
    "measurements": [{"date": "2024-01-16", "kind": "bbt", "value": 36.7}],
}


def test_a_json_history_derives_its_period_starts():
    summary = ondeviceml.History.from_json(DOCUMENT).describe()
    assert summary == {"user": "doc", "days": 3, "first_day": "2024-01-03", "last_day": "2024-02-01",
                       "measurement_days": 1, "period_starts": ["2024-01-03", "2024-01-31"]}


def test_the_json_text_and_the_dict_read_the_same():
    assert ondeviceml.History.from_json(json.dumps(DOCUMENT)).describe() == ondeviceml.History.from_json(DOCUMENT).describe()


@pytest.mark.parametrize("change, path", [
    (lambda d: d["days"][0].update(flow_intensity=7), "days[0].flow_intensity"),
    (lambda d: d["days"][1]["symptoms"].update(joy=3), "days[1].symptoms.joy"),
    (lambda d: d["measurements"][0].update(kind="temperature"), "measurements[0].kind"),
    (lambda d: d["profile"].pop("created_at"), "profile.created_at"),
    (lambda d: d["days"].append({"date": "2024-01-31"}), "repeats days[0]"),
])
def test_a_bad_history_names_the_json_path(change, path):
    document = json.loads(json.dumps(DOCUMENT))
    change(document)
    with pytest.raises(ondeviceml.InvalidDataError) as raised:
        ondeviceml.History.from_json(document)
    assert raised.value.status == 3
    assert path in raised.value.message


def test_a_dataset_user_and_the_app_database_load(fixtures):
    assert ondeviceml.History.load(fixtures / "data", user="u00002").describe()["user"] == "u00002"
    assert ondeviceml.History.load(fixtures / "app.sqlite").describe()["days"] > 30
    with pytest.raises(ondeviceml.NotFoundError, match="nobody"):
        ondeviceml.History.load(fixtures / "data", user="nobody")
    with pytest.raises(ondeviceml.InvalidArgumentError, match="6 users"):
        ondeviceml.History.load(fixtures / "data")
