"""The exceptions of the C API's status codes (odml.h, "Status codes")."""


class OdmlError(Exception):
    """A call into the library failed: `status` is the C status code, `status_name` its name in
    odml.h (`ODML_ERROR_INVALID_DATA`), `message` the library's sentence naming what was wrong."""

    def __init__(self, status, status_name, message):
        super().__init__(f"{status_name}: {message}")
        self.status = status
        self.status_name = status_name
        self.message = message


class InvalidArgumentError(OdmlError, ValueError):
    """ODML_ERROR_INVALID_ARGUMENT: a missing value, not UTF-8, a bad date, language or strategy."""


class NotFoundError(OdmlError, FileNotFoundError):
    """ODML_ERROR_NOT_FOUND: a file, folder or user that does not exist."""


class InvalidDataError(OdmlError, ValueError):
    """ODML_ERROR_INVALID_DATA: a model file, history or Elaro JSON that breaks its format."""


class WrongPasswordError(OdmlError, PermissionError):
    """ODML_ERROR_WRONG_PASSWORD: an encrypted model without its password."""


class UnsupportedError(OdmlError):
    """ODML_ERROR_UNSUPPORTED: what this build or this model cannot do."""


class DatabaseError(OdmlError):
    """ODML_ERROR_DATABASE: the app's database could not be read or written."""


class FailedError(OdmlError):
    """ODML_ERROR_FAILED: a computation that cannot be done on these inputs, or a failed write."""


#: The exception class of each status code.
BY_STATUS = {
    1: InvalidArgumentError,
    2: NotFoundError,
    3: InvalidDataError,
    4: WrongPasswordError,
    5: UnsupportedError,
    6: DatabaseError,
    7: FailedError,
}
