"""Where the table's notice banner goes (ui.notice_place.choose), without a window."""

from __future__ import annotations


def test_under_the_prompt_when_it_fits_else_over_it_in_the_largest_size_that_fits():
    from ui.notice_place import choose

    def height(size: int) -> float:  # two lines and the padding
        return 2 * 1.2 * size + 20

    assert choose(free=200, area=300, height_at=height) == ("under", 32)
    assert choose(free=90, area=300, height_at=height) == ("under", 28)  # 87 px at 28
    assert choose(free=60, area=300, height_at=height) == ("over", 32)  # under only at 26 or more
    assert choose(free=0, area=80, height_at=height) == ("over", 22)
    assert choose(free=0, area=40, height_at=height) == ("over", 20)  # never under the floor: it runs over
