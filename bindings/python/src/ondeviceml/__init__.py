"""OnDeviceML from Python: the C API (libOnDeviceMLC, odml.h) through ctypes.

    import ondeviceml
    model = ondeviceml.Model.load("Models/cycle-gbt.odml")
    history = ondeviceml.History.load("data/users", user="u00001")
    forecast = ondeviceml.predict(model, history, date="2025-06-01", language="en")
    forecast["next_period_start"], forecast["reasoning"]["text"]

Results are dicts (the JSON of `odml predict --json`, `odml explain --json`, …); `*_json`
functions return the JSON text itself, byte for byte what the command line prints. Every failure
raises an `OdmlError` subclass carrying the C status and the library's message. Handles are
released when garbage-collected, or at once with `close()` / a `with` block. The library is the
copy inside this package, or the one $ODML_LIBRARY names.
"""
import json

from . import errors
from ._library import LIBRARY, LIBRARY_PATH, call_handle, call_text, encode
from .errors import (DatabaseError, FailedError, InvalidArgumentError, InvalidDataError, NotFoundError, OdmlError,
                     UnsupportedError, WrongPasswordError)

__all__ = [
    "Model", "History", "Database", "predict", "predict_json", "explain", "explain_json", "elaro_recommend",
    "elaro_recommend_json", "version", "abi_version", "library_path", "errors", "OdmlError", "InvalidArgumentError",
    "NotFoundError", "InvalidDataError", "WrongPasswordError", "UnsupportedError", "DatabaseError", "FailedError",
]


def version():
    """The library's version (`odml_version`)."""
    return LIBRARY.odml_version().decode()


def abi_version():
    """The library's ABI version (`odml_abi_version`)."""
    return LIBRARY.odml_abi_version()


def library_path():
    """The path of the loaded libOnDeviceMLC.so."""
    return str(LIBRARY_PATH)


class _Handle:
    """An opaque handle of odml.h, freed once by `close()` or when garbage-collected."""

    _free = None

    def __init__(self, address):
        self._address = address

    @property
    def _as_parameter_(self):
        """The address ctypes passes (NULL once closed: the library then reports an invalid argument)."""
        return self._address

    def close(self):
        """Releases the handle now (later calls with it raise InvalidArgumentError)."""
        if self._address is not None:
            type(self)._free(self._address)
            self._address = None

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def __del__(self):
        if getattr(self, "_address", None) is not None and LIBRARY is not None:
            self.close()


class Model(_Handle):
    """A cycle model (`odml_model`): a .odml file, her personal model, or "rules", "calendar",
    "period-history". Immutable: threads may share it."""

    _free = LIBRARY.odml_model_free

    @classmethod
    def load(cls, path, password=None):
        """Loads a model file (decrypted with `password` when encrypted) or a built-in name."""
        return cls(call_handle(LIBRARY.odml_model_load, encode(str(path)), encode(password)))

    def describe(self):
        """{"kind", "personal", "predictor", "source", "version"}."""
        return json.loads(call_text(LIBRARY.odml_model_describe, self))


class History(_Handle):
    """One user's history (`odml_history`). Immutable: threads may share it."""

    _free = LIBRARY.odml_history_free

    @classmethod
    def from_json(cls, document):
        """A history from the JSON document of odml.h (`odml_history_from_json`): a dict or its JSON text."""
        text = document if isinstance(document, str) else json.dumps(document)
        return cls(call_handle(LIBRARY.odml_history_from_json, encode(text)))

    @classmethod
    def load(cls, path, user=None):
        """One user of a dataset directory, an SQLite dataset or the app's database (`user` may be
        None when the data holds one user)."""
        return cls(call_handle(LIBRARY.odml_history_load, encode(str(path)), encode(user)))

    def describe(self):
        """{"user", "days", "first_day", "last_day", "measurement_days", "period_starts"}."""
        return json.loads(call_text(LIBRARY.odml_history_describe, self))


def predict_json(model, history, date=None, language=None):
    """The text `odml predict --json` prints (without its final newline)."""
    return call_text(LIBRARY.odml_predict, model, history, encode(date), encode(language))


def predict(model, history, date=None, language=None):
    """The forecast for `history`'s user on `date` ("YYYY-MM-DD", None: today), sentences in
    `language` ("fr", "en"; None: "fr"), as a dict."""
    return json.loads(predict_json(model, history, date, language))


def explain_json(model, history, date=None, language=None):
    """The text `odml explain --json` prints (without its final newline)."""
    return call_text(LIBRARY.odml_explain, model, history, encode(date), encode(language))


def explain(model, history, date=None, language=None):
    """`predict` with every contribution behind the period forecast: {"prediction",
    "attribution", "explanation"}."""
    return json.loads(explain_json(model, history, date, language))


class Database(_Handle):
    """The app's own database (`odml_database`), open read-write; calls on it run one at a time."""

    _free = LIBRARY.odml_database_free

    @classmethod
    def open(cls, path):
        """Opens the app's database file."""
        return cls(call_handle(LIBRARY.odml_database_open, encode(str(path))))

    def history(self):
        """Her history as the database holds it."""
        return History(call_handle(LIBRARY.odml_database_history, self))

    def active_model(self, password=None):
        """The model the database records as active (rules when none)."""
        return Model(call_handle(LIBRARY.odml_database_active_model, self, encode(password)))

    def predict(self, model=None, date=None):
        """Forecasts `date` (None: today) with `model` (None: the active one) and writes the day's
        rows; the JSON of `odml predict --write --json` as a dict."""
        return json.loads(call_text(LIBRARY.odml_database_predict, self, model, encode(date)))

    def reconcile(self):
        """Scores the past predictions whose truth she logged since; {"filled", "accurate", "open"}."""
        return json.loads(call_text(LIBRARY.odml_database_reconcile, self))

    def fine_tune(self, base=None, strategies=None, models_directory=None, password=None):
        """Fine-tunes her personal model and records the active model; the JSON of
        `odml finetune --json` as a dict. `strategies`: a list or comma-separated names."""
        if isinstance(strategies, (list, tuple)):
            strategies = ",".join(strategies)
        return json.loads(call_text(LIBRARY.odml_database_fine_tune, self, base, encode(strategies),
                                    encode(None if models_directory is None else str(models_directory)), encode(password)))


def elaro_recommend_json(parent_state, library=None, language=None, seed=1):
    """The text `odml elaro recommend --json` prints (without its final newline)."""
    state = parent_state if isinstance(parent_state, str) else json.dumps(parent_state)
    actions = library if library is None or isinstance(library, str) else json.dumps(library)
    return call_text(LIBRARY.odml_elaro_recommend, encode(state), encode(actions), encode(language), seed)


def elaro_recommend(parent_state, library=None, language=None, seed=1):
    """Today's ranked suggestions for a parent (a dict or JSON text; `library`: the candidate
    actions, None for the bundled ones), each with its reasons and `whySummary`, as a dict."""
    return json.loads(elaro_recommend_json(parent_state, library, language, seed))
