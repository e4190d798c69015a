import ondeviceml


def test_version_and_abi():
    assert ondeviceml.abi_version() == 1
    assert ondeviceml.version().count(".") == 2


def test_the_library_is_the_shipped_copy_not_the_build_folder():
    assert "/.build/release/" not in ondeviceml.library_path()
