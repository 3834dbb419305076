"""What the Act itself protects and forbids (310 CMR 10.02(1); MGL c.131 §40), as a WPA
form may confirm or cite it: worked out by hand from the regulations' list of areas."""

from __future__ import annotations

import pytest

from concom_desk.domain.act_areas import cites_the_act, is_act_area


@pytest.mark.parametrize(("area", "under_act"), [
    ("Bordering Vegetated Wetland", True),  # 10.55
    ("Bank", True),  # 10.54
    ("Isolated Land Subject to Flooding", True),  # 10.57(1)(b)
    ("Salt marsh", True),  # 10.32
    ("Coastal Bank", True),  # 10.30
    ("Riverfront Area", True),  # 10.58
    ("Isolated Vegetated Wetland", False),  # a bylaw's area: the Act has no such area
    ("Vernal pool", False),  # protected by the Act only as habitat within its own areas
    ("50-foot no-disturb zone", False),
])
def test_the_act_s_areas(area: str, under_act: bool) -> None:
    assert is_act_area(area) is under_act


@pytest.mark.parametrize(("provision", "act"), [
    ("MGL c.131 §40 ¶1", True),
    ("M.G.L. c. 131, s. 40", True),
    ("310 CMR 10.02(2)(b): work in the buffer zone", True),
    ("Sandwich §7.55 Part 5: fill in a resource area", False),
    ("§330-8 (order of conditions)", False),  # the bylaw's own permits
])
def test_a_violation_cites_the_act_or_a_bylaw(provision: str, act: bool) -> None:
    assert cites_the_act(provision) is act
