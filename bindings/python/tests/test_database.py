import pytest

import ondeviceml


def test_the_loop_writes_reconciles_and_fine_tunes(fixtures, app_database, tmp_path):
    with ondeviceml.Database.open(app_database) as database:
        assert database.history().describe()["days"] > 30
        active = database.active_model()
        written = database.predict(date="2025-03-02")
        assert written["day"] == "2025-03-02" and written["model_version"] == active.describe()["version"]
        assert [row["type"] for row in written["predictions"]]
        assert database.predict(model=active, date="2025-03-02")["inserted"] == 0
        assert "filled" in database.reconcile()
        with ondeviceml.Model.load(fixtures / "Models" / "cycle-gbt.odml") as base:
            summary = database.fine_tune(base=base, strategies=["residual"], models_directory=tmp_path / "models")
        assert summary["model_version"] == database.active_model().describe()["version"]
        with pytest.raises(ondeviceml.InvalidArgumentError, match="nonsense"):
            database.fine_tune(strategies="residual,nonsense")


def test_a_file_that_is_not_an_app_database(fixtures):
    with pytest.raises(ondeviceml.DatabaseError) as raised:
        ondeviceml.Database.open(fixtures / "data" / "user_profile.csv")
    assert raised.value.status == 6
    with pytest.raises(ondeviceml.NotFoundError):
        ondeviceml.Database.open(fixtures / "missing.sqlite")
