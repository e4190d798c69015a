"""Builds the `ondeviceml` package with the C API's library inside it.

The library folder (libOnDeviceMLC.so and its OnDeviceML_*.resources folders, as `make capi`
assembles them in .build/capi/dist/lib) is copied into the package's `lib/` folder, so that an
installed package loads its own copy. It is taken from $ODML_LIBRARY_DIR, else from the
repository's .build/capi/dist/lib; without either the package installs without it and loads the
library named by $ODML_LIBRARY at import.
"""
import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithLibrary(build_py):
    """`build_py` that also copies the C API's library folder into the package."""

    def run(self):
        super().run()
        source = Path(os.environ.get("ODML_LIBRARY_DIR", HERE.parent.parent / ".build" / "capi" / "dist" / "lib"))
        if not (source / "libOnDeviceMLC.so").exists():
            print(f"ondeviceml: no libOnDeviceMLC.so in {source}: installing without it (set ODML_LIBRARY at run time)")
            return
        target = Path(self.build_lib) / "ondeviceml" / "lib"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target)
        print(f"ondeviceml: copied {source} into the package")


setup(cmdclass={"build_py": BuildWithLibrary})
