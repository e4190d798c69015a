"""Loads libOnDeviceMLC and declares the C functions of odml.h."""
import ctypes
import os
from pathlib import Path

from .errors import BY_STATUS, OdmlError

#: The ABI version of odml.h these declarations follow (ODML_ABI_VERSION).
ABI_VERSION = 1
LIBRARY_NAME = "libOnDeviceMLC.so"


def _library_path():
    """$ODML_LIBRARY (the library, or its folder), else the copy inside this package."""
    explicit = os.environ.get("ODML_LIBRARY")
    if explicit:
        path = Path(explicit)
        return path / LIBRARY_NAME if path.is_dir() else path
    return Path(__file__).resolve().parent / "lib" / LIBRARY_NAME


def _load():
    path = _library_path()
    if not path.exists():
        raise ImportError(f"ondeviceml: {path} not found: build the library (`make capi`) and reinstall the package, "
                          f"or set ODML_LIBRARY to libOnDeviceMLC.so or its folder")
    library = ctypes.CDLL(str(path))
    handle, text, out_text = ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)
    out_handle = ctypes.POINTER(ctypes.c_void_p)
    declarations = {
        "odml_version": (text, []),
        "odml_abi_version": (ctypes.c_uint32, []),
        "odml_last_error": (text, []),
        "odml_status_name": (text, [ctypes.c_int32]),
        "odml_string_free": (None, [ctypes.c_void_p]),
        "odml_model_load": (ctypes.c_int32, [text, text, out_handle]),
        "odml_model_describe": (ctypes.c_int32, [handle, out_text]),
        "odml_model_free": (None, [handle]),
        "odml_history_from_json": (ctypes.c_int32, [text, out_handle]),
        "odml_history_load": (ctypes.c_int32, [text, text, out_handle]),
        "odml_history_describe": (ctypes.c_int32, [handle, out_text]),
        "odml_history_free": (None, [handle]),
        "odml_predict": (ctypes.c_int32, [handle, handle, text, text, out_text]),
        "odml_explain": (ctypes.c_int32, [handle, handle, text, text, out_text]),
        "odml_database_open": (ctypes.c_int32, [text, out_handle]),
        "odml_database_free": (None, [handle]),
        "odml_database_history": (ctypes.c_int32, [handle, out_handle]),
        "odml_database_active_model": (ctypes.c_int32, [handle, text, out_handle]),
        "odml_database_predict": (ctypes.c_int32, [handle, handle, text, out_text]),
        "odml_database_reconcile": (ctypes.c_int32, [handle, out_text]),
        "odml_database_fine_tune": (ctypes.c_int32, [handle, handle, text, text, text, out_text]),
        "odml_elaro_recommend": (ctypes.c_int32, [text, text, text, ctypes.c_uint64, out_text]),
    }
    for name, (result, arguments) in declarations.items():
        function = getattr(library, name)
        function.restype = result
        function.argtypes = arguments
    found = library.odml_abi_version()
    if found != ABI_VERSION:
        raise ImportError(f"ondeviceml: {path} has ABI version {found}, this package expects {ABI_VERSION}")
    return library, path


LIBRARY, LIBRARY_PATH = _load()


def check(status):
    """Raises the exception of `status` (with the calling thread's message) unless it is ODML_OK."""
    if status != 0:
        message = LIBRARY.odml_last_error().decode("utf-8", "replace")
        name = LIBRARY.odml_status_name(status).decode()
        raise BY_STATUS.get(status, OdmlError)(status, name, message)


def encode(text):
    """A str argument as UTF-8 bytes (None stays NULL)."""
    return None if text is None else text.encode("utf-8")


def call_text(function, *arguments):
    """Calls a function whose last argument is `char **out_json`; the text it returns (freed)."""
    out = ctypes.c_void_p()
    check(function(*arguments, ctypes.byref(out)))
    try:
        return ctypes.string_at(out.value).decode("utf-8")
    finally:
        LIBRARY.odml_string_free(out)


def call_handle(function, *arguments):
    """Calls a function whose last argument is an out-handle; the handle (an int address)."""
    out = ctypes.c_void_p()
    check(function(*arguments, ctypes.byref(out)))
    return out.value
