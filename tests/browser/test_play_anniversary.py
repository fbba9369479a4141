"""End to end in headless Chromium: Anniversary Edition's 1941 scenario, one full round by clicking
(Germany, the Soviet Union, Japan, the United Kingdom, Italy, the United States with China inside
its turn), on a desktop screen and on a 375×812 phone without sideways scrolling."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

ALLIES = ("Soviet Union", "United Kingdom", "United States", "China")
AXIS = ("Germany", "Japan", "Italy")
OPTIONS = {"scenario": "1941", "dice": "low_luck"}
