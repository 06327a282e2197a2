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


def test_the_free_room_under_the_instruction_between_and_under_the_buttons():
    """portrait15: a banner that did not fit over the first slot row lay over the instruction
    while the column stood empty between the slots and the main button, or under the slots."""
    from ui.notice_place import free_spots

    # the instruction ends at 300; a row of two slots 200-250; the main button 0-80
    slots, main = [(200, 250), (200, 250)], [(0, 80)]
    assert free_spots(300, 0, slots + main, margin=1, gap=6) == [(300, 48), (194, 108)]
    assert free_spots(300, 0, [], margin=1, gap=6) == [(300, 298)]  # no button: all of it
    # a step's Done inside the instruction's box is no stretch's top; a button straddling it
    assert free_spots(300, 0, [(310, 340), *main], margin=1, gap=6) == [(300, 218)]
    assert free_spots(300, 0, [(280, 320), *main], margin=1, gap=6) == [(274, 188)]
    # slots right under the instruction and down to the column's bottom: none
    assert free_spots(300, 0, [(200, 299), (100, 194), (0, 94)], margin=1, gap=6) == []


def test_the_banner_takes_the_first_size_that_fits_a_free_stretch_from_the_top():
    from ui.notice_place import choose_spot

    def height(size: int) -> float:
        return 2 * 1.2 * size + 20

    spots = [(300, 60), (194, 108)]
    assert choose_spot(spots, height, (32, 28, 26)) == (194, 32)  # 96.8 px: only the lower one
    assert choose_spot([(300, 90), (194, 108)], height, (32, 28, 26)) == (194, 32)  # 32 first
    assert choose_spot([(300, 90)], height, (32, 28, 26)) == (300, 28)
    assert choose_spot([(300, 40)], height, (32, 28, 26)) is None


def test_two_lines_of_the_instruction_share_one_padding():
    """Ghost at Home's question paged a line at a time under the banner ("Cy: how many ›
    1/4"): two lines were counted as twice a line with its padding."""
    from ui.notice_place import choose_over

    def height(size: int) -> float:
        return 2 * 1.2 * size + 20

    # a line 46 px with its padding, two 84 (not 92): 155 px less the banner at 20 (68) = 87
    assert choose_over(area=155, height_at=height, whole=200, line=46, two=84) == (20, 155 - height(20))
    assert choose_over(area=155, height_at=height, whole=200, line=46) == (32, 155 - height(32))  # one line
    assert choose_over(area=250, height_at=height, whole=200, line=46, paged=False) is None  # not whole


def test_over_the_boards_bottom_the_banner_cuts_no_line_in_half():
    """screen16: in portrait the banner over the board's bottom hid half a row for its 5 s
    (House of Spirits' "3/18" under its top edge, CLUE: IT's "Luogo 9 / Corridoi"): its top
    rises over every line it would cut (whole rows hidden, none in half), and it does not go
    there when that makes it taller than the room it may take."""
    from ui.notice_place import whole_rows

    # the banner's words need 87 px over the board's bottom at 647; "3/18" is at 720-760
    rows = [(720, 760), (770, 800), (820, 850)]
    assert whole_rows(734, rows, highest=900) == 760  # over "3/18" whole
    assert whole_rows(765, rows, highest=900) == 765  # between two lines: as it is
    assert whole_rows(790, rows, highest=900) == 800  # over the dots' row too
    # raised over one line it cuts the next: over both
    assert whole_rows(734, [(720, 760), (755, 790)], highest=900) == 790
    # floors one on the other (Ghost at Home): up to the top of the one it cut, not the next
    assert whole_rows(800, [(748, 779), (779, 875), (875, 971)], highest=894) == 875
    assert whole_rows(734, rows, highest=750) is None  # taller than it may be
    assert whole_rows(734, [], highest=900) == 734


def test_the_instruction_under_the_banner_opens_on_what_to_do():
    """newcomer19 finding 4: at 800x480 a refusal over Creepy Cellar's move prompt left two
    lines for it, and its copy read "Ada col cacciatore rosso (fuori): › 1/2": who and where,
    the move ("muovi fino a 1, poi Fine turno") on the page a touch away for the banner's 5 s.
    Paged, the copy opens on the first page that is not only the prompt's head (a page ending
    at its colon); the head stays a touch away, every page in order."""
    from ui.notice_place import opening_page

    assert opening_page(["Ada col cacciatore rosso (fuori):", "muovi fino a 1, poi Fine turno"]) == 1
    assert opening_page(["Ada's red hunter (outside): move up to 5;", "blue doors are locked, then End turn"]) == 0
    assert opening_page(["Cy: how many bulb icons", "does the second-floor card show?"]) == 0
    assert opening_page(["Bo: move up to 3, then End turn"]) == 0
    assert opening_page(["Ada's red hunter", "(in room B):", "move up to 2; blue doors are",
                         "locked, then Done moving"]) == 2
    # the head ends inside a page (720x1280: "Ada's red hunter › 1/4", a line a page): that page
    assert opening_page(["Ada's red hunter", "(in room B): move up to 2;", "blue doors are locked,",
                         "then Done moving"]) == 1
    assert opening_page(["Put the card back", "on the deck"]) == 0  # no head: from the first
