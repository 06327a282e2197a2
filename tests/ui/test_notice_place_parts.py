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


def test_over_the_instruction_the_banner_leaves_it_room_whole_else_two_lines_else_one():
    from ui.notice_place import choose_over

    def height(size: int) -> float:  # two lines and the padding
        return 2 * 1.2 * size + 8

    assert choose_over(area=200, height_at=height, whole=80, line=42) == (32, 200 - height(32))  # whole at 32
    assert choose_over(area=150, height_at=height, whole=120, line=42) == (22, 150 - height(22))  # whole at 22
    assert choose_over(area=150, height_at=height, whole=200, line=42) == (22, 150 - height(22))  # two lines
    assert choose_over(area=120, height_at=height, whole=200, line=42) == (28, 120 - height(28))  # one line
    assert choose_over(area=100, height_at=height, whole=200, line=42) == (20, 100 - height(20))  # one line
    assert choose_over(area=60, height_at=height, whole=200, line=42) is None  # the banner alone
