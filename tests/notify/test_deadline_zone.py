"""A time-zone name that the system cannot even open as a file is a clear ValueError, not an OSError."""

import pytest

from pbem.notify.deadline_time import zone


@pytest.mark.parametrize("name", ["x" * 5000, "Europe/" + "y" * 300, "Nowhere/Atlantis"])
def test_unknown_or_overlong_time_zone_is_a_value_error(name):
    with pytest.raises(ValueError, match="Unknown time zone"):
        zone(name)


def test_known_time_zone_is_found():
    assert zone("Europe/Rome").key == "Europe/Rome"
