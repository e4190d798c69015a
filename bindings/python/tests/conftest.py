"""Fixtures of the binding's tests: the files Tests/CAPI/fixtures.sh prepares, in $ODML_FIXTURES."""
import os
import shutil
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def fixtures():
    """The folder Tests/CAPI/fixtures.sh filled (`make capi-test` sets ODML_FIXTURES)."""
    folder = os.environ.get("ODML_FIXTURES")
    if not folder or not (Path(folder) / "date.txt").exists():
        pytest.fail("set ODML_FIXTURES to a folder prepared by Tests/CAPI/fixtures.sh (make capi-test does)")
    return Path(folder)


@pytest.fixture(scope="session")
def day(fixtures):
    """A day inside the generated dataset."""
    return (fixtures / "date.txt").read_text().strip()


@pytest.fixture
def app_database(fixtures, tmp_path):
    """A private copy of the replayed app database."""
    copy = tmp_path / "app.sqlite"
    shutil.copyfile(fixtures / "app.sqlite", copy)
    return copy
