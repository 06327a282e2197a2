"""Where the choice buttons go: order and grid shape. No Kivy import here.

Sizes are dp at scale 1 (an 800×480 screen); callers multiply by ``dp(1) * scale``.
"""

from __future__ import annotations

from ui.privacy import PRIVACY_KEY

#: Fallback only (issue 17 item 3): choice keys that get the big button when no choice of
#: the prompt is marked ``main`` by its engine (games not yet marking their main step).
PRIMARY_KEYS = ("end-turn", "done-moving")

#: Choice keys that end the game (after a confirming question): drawn in gold, last.
FINAL_KEYS = ("declare-win",)

#: Column counts to try for the grid of secondary choices, fewest (biggest buttons) first.
#: Five columns are still 14 mm wide on the 7" 800×480 display: a hunter in the cellar
#: (15 moves and End turn) sees every choice without scrolling, in portrait too.
COLUMNS = (2, 3, 4, 5)

#: Heights of the main button, of a grid row at most and at least, and the gaps.
#: 50 dp is 9.5 mm on the 7" 800×480 display (5.24 px/mm) and 9.1 mm on a 7" 720×1280
#: portrait panel (scale 1.5, 8.26 px/mm): no touch target is smaller than 9 mm.
PRIMARY_HEIGHT, ROW_HEIGHT, MIN_ROW_HEIGHT, GAP = 64, 52, 50, 6

#: Font size (sp at scale 1) of grid buttons by column count: at least 16 sp, read from a
#: metre (short labels, "Ghost 05", were 13-14 sp at 4-5 columns); a label that does not
#: fit its button at that size shrinks down to :data:`SMALLEST_FONT`.
GRID_FONT = {2: 19, 3: 17, 4: 16, 5: 16}
SMALLEST_FONT = 11

#: Narrowest grid column (dp at scale 1; 15 mm on the 7" 800×480 display): room for a
#: word of a label on a line.
MIN_COLUMN_WIDTH = 80

#: Prompt font sizes (sp at scale 1): (most characters, size), the first that holds the
#: prompt; longer prompts get the last size. Three lines of 32 sp leave the choices room.
PROMPT_FONT = ((60, 32), (100, 26))
LONG_PROMPT_FONT = 22


def prompt_size(text: str) -> int:
    """The prompt's font size (sp at scale 1) for ``text``: the longer, the smaller."""
    return next((size for most, size in PROMPT_FONT if len(text) <= most), LONG_PROMPT_FONT)


def main_choice(choices: list[dict]) -> dict | None:
    """The one choice that gets the big button: the one the engine marked ``main`` (the
    expected next step: End turn, Roll, Done moving, Confirm); when the daemon says which
    are main and none is, none (a pick list, the moves of a hunter); failing that (an older
    daemon, no ``main`` at all) End turn or Done moving; a lone choice is the next step too. A pick
    list (rooms, kids, cards) has none: its entries are equal buttons."""
    marked = [c for c in choices if c.get("main")]
    if marked:
        return marked[0]
    if any("main" in c for c in choices):  # the engine says: no step is the expected one (a pick)
        lone = len(choices) == 1 and choices[0]["key"] != PRIVACY_KEY  # its step: a card's tap
        return choices[0] if lone else None
    fallback = [c for c in choices if c["key"] in PRIMARY_KEYS]
    if fallback:
        return fallback[0]
    return choices[0] if len(choices) == 1 else None


def order_choices(choices: list[dict]) -> list[dict]:
    """The main choice first (if any, :func:`main_choice`), then End turn or Done moving
    when they are not the main one (always the first slot), the final ones last, the rest
    in the daemon's order."""
    main = main_choice(choices)
    primary = [main] if main is not None else []
    # End turn / Done moving when it is not the big button: the first slot, on the first page
    stop = [c for c in choices if c["key"] in PRIMARY_KEYS and c not in primary]
    final = [c for c in choices if c["key"] in FINAL_KEYS and c not in primary]
    rest = [c for c in choices if c not in primary and c not in final and c not in stop]
    return primary + stop + rest + final


def columns_allowed(unit: float, width: float | None) -> list[int]:
    """The column counts whose columns stay at least :data:`MIN_COLUMN_WIDTH` wide."""
    return [cols for cols in COLUMNS if cols == COLUMNS[0] or width is None
            or (width - (cols - 1) * GAP * unit) / cols >= MIN_COLUMN_WIDTH * unit]


def capacity(height: float, unit: float, width: float | None = None) -> int:
    """How many grid buttons fit under the main button in ``height`` pixels (at the most
    columns, rows at their minimum): more than that are paged, never scrolled."""
    room = height - (PRIMARY_HEIGHT + GAP) * unit
    rows = int((room + GAP * unit) // ((MIN_ROW_HEIGHT + GAP) * unit))
    return max(1, rows) * columns_allowed(unit, width)[-1]


def grid_shape(count: int, height: float, unit: float, width: float | None = None) -> tuple[int, float]:
    """Columns and row height (pixels) for ``count`` secondary buttons under the main one.

    Args:
        count: secondary choices.
        height: pixels the panel has for everything (main button included).
        unit: pixels per dp at scale 1 (``dp(1) * scale``).
        width: pixels the grid has across, if known: columns stay at least
            :data:`MIN_COLUMN_WIDTH` wide (two columns always allowed).

    Returns:
        The fewest columns whose rows fit ``height`` at least :data:`MIN_ROW_HEIGHT` tall
        (rows as tall as fit, at most :data:`ROW_HEIGHT`); when none fit, the most
        columns at the minimum height (the panel pages, see :func:`capacity`).
    """
    room = height - (PRIMARY_HEIGHT + GAP) * unit
    allowed = columns_allowed(unit, width)
    for cols in allowed:
        rows = -(-count // cols)
        row = (room - (rows - 1) * GAP * unit) / rows if rows else 0
        if row >= MIN_ROW_HEIGHT * unit:
            return cols, min(row, ROW_HEIGHT * unit)
    return allowed[-1], MIN_ROW_HEIGHT * unit


def choices_room(choices: list[dict]) -> float:
    """The height (dp at scale 1) the choice panel keeps for ``choices`` whatever else wants
    room (the todo lines): the main button, and up to two rows of the others."""
    main = main_choice(choices)
    rest = len(choices) - (1 if main is not None else 0)
    rows = min(2, -(-rest // COLUMNS[-2])) if rest else 0
    return (PRIMARY_HEIGHT + GAP if main is not None else 0) + rows * (MIN_ROW_HEIGHT + GAP)



#: Rows of a pick list before :func:`choices_height` takes one more column (portrait: the
#: board gets the height fewer rows leave).
NEEDED_ROWS = 3


def needed_grid(count: int, unit: float, width: float | None = None) -> tuple[int, int]:
    """Columns and rows a grid of ``count`` buttons needs: the fewest columns that hold it
    in :data:`NEEDED_ROWS` rows (or the most columns allowed, with more rows)."""
    allowed = columns_allowed(unit, width)
    cols = next((c for c in allowed if -(-count // c) <= NEEDED_ROWS), allowed[-1])
    return cols, -(-count // cols)


def choices_height(choices: list[dict], over: bool = False, can_undo: bool = False,
                   width: float | None = None, unit: float = 1.0) -> float:
    """Pixels the choice panel needs to show ``choices`` without paging (portrait gives the
    board the rest, issue 17): the main button, and the others in rows
    :data:`ROW_HEIGHT` tall, as :func:`grid_shape` lays them out in that height.

    Args:
        choices: the panel's choices; ``over``: the game is over (New game, and an Undo
            while ``can_undo``).
        width: pixels across (columns stay :data:`MIN_COLUMN_WIDTH` wide); unit: pixels per dp.
    """
    if over:
        main, rest = True, 1 if can_undo else 0
    else:
        main = main_choice(list(choices)) is not None
        rest = len(choices) - (1 if main else 0)
    height = (PRIMARY_HEIGHT + GAP) if main else 0
    if rest:
        _cols, rows = needed_grid(rest, unit, width)
        height += rows * ROW_HEIGHT + (rows - 1) * GAP
    return (height + 2) * unit if height else 0


# ---------------------------------------------------------------------- issue 29: fixed slots

#: The main button (sp/dp at scale 1): always at the bottom of the choice panel, this tall,
#: its text this big (room for two lines); it never moves between two states of a game.
MAIN_HEIGHT, MAIN_FONT = 84, 32

#: The gap between the widgets of the prompt's column (dp at scale 1): in landscape between
#: each two of its five (the game-over panel, the prompt, the step, the out-of-turn row, the
#: choices), 0-high ones too; in portrait only under a widget on show (``kv/table.kv``'s
#: ColumnGap: 36 px more for the slots at 720x1280, House of Spirits' defence roll shows
#: three choices a page, one before; the refusal banner that then no longer fitted over the
#: first slot row goes to the column's free room: ``ui.notice_place``. notes/portrait15.md)
COLUMN_GAP = 8


def column_gaps(portrait: bool, over: bool = False) -> int:
    """The gaps (dp at scale 1) the prompt's column spends above its choice panel at most
    (the same in both orientations, see :data:`COLUMN_GAP`: in portrait fewer may be spent,
    and the choice panel takes what is left). At game ``over`` one: the prompt, the step and
    the out-of-turn row are hidden and keep no gap (screen16: their 32 px let Creepy Cellar's
    game over at 1024×600 show no moment under the result)."""
    return COLUMN_GAP if over else 4 * COLUMN_GAP


#: Portrait's row of whose turn under the header (dp at scale 1; issue 29): its room comes
#: from the board and the prompt's column in their shares (about 30 px each at 720×1280).
TURN_ROW = 24
#: Whose turn (sp at scale 1): in the header in landscape; portrait's row takes 20 (30 px).
TURN_FONT = 24
PORTRAIT_TURN_FONT = 20
#: The name of the player whose turn it is (sp at scale 1, screen21b): the one word every
#: player looks up for, at the prompt's 32 wherever the header holds it (it was 24, the rest
#: of "Turn 18 · Cy's turn" still is). In portrait the header between Menu and Undo, empty
#: since the turn took a row of its own, shows the name alone at this size when it fits.
TURN_NAME_FONT = 32


def first_within(widths: list[float], room: float) -> int:
    """The index of the first of ``widths`` (pixels, the fullest form first) that holds
    ``room`` pixels; the last (the shortest) when none does."""
    return next((i for i, width in enumerate(widths) if width <= room), len(widths) - 1)

#: The prompt's font (sp at scale 1): 32 (issue 29's floor); with Settings' large text, the
#: first of :data:`LARGE_PROMPT` it fits in at (else 32: never under the floor, never cut).
PROMPT_SIZE, LARGE_PROMPT = 32, (40, 36)

#: The slots above it: this many columns, rows this tall, text this big (two lines of it);
#: a label that does not fit one column in two lines takes the whole row. Text never
#: shrinks under :data:`SLOT_FONT`: the slots page instead ("More 1/3").
SLOT_COLUMNS, SLOT_ROW, SLOT_FONT = 2, 66, 26


#: A physical die's faces among the choices ("face:1" … "face:6": House of Spirits' "The die
#: shows 5"). Where the slots have two rows or more they take one row of their own, six small
#: die-coloured buttons with the face's number, on every page: as slots they were two a page
#: and a 5 rolled on the table was two "More" touches away (screen20 item 7).
FACE_KEY = "face:"
#: The narrowest face button (dp at scale 1): 9.5 mm on the 7" 800×480 display, as a grid row.
FACE_WIDTH = 50


def face_number(choice: dict) -> str:
    """The face a choice says the die shows ("face:5" -> "5"), or "" for another choice."""
    key = str(choice.get("key", ""))
    face = key[len(FACE_KEY):]
    return face if key.startswith(FACE_KEY) and face.isdigit() else ""


def split_faces(choices: list[dict], rows: int, width: float, unit: float) -> tuple[list[dict], list[dict]]:
    """The die faces that take a row of their own (:data:`FACE_KEY`) and the other choices,
    in order. The faces keep to the slots (none split off) where there is only one slot row
    (the others need it), fewer than two faces, or no room for them across ``width`` pixels
    at :data:`FACE_WIDTH` each (``unit``: pixels per dp)."""
    faces = [c for c in choices if face_number(c)]
    fits = len(faces) >= 2 and rows >= 2 and width - (len(faces) - 1) * GAP * unit >= len(faces) * FACE_WIDTH * unit
    if not fits:
        return [], list(choices)
    return faces, [c for c in choices if not face_number(c)]


def pack(wide: list[bool], cols: int = SLOT_COLUMNS) -> list[tuple[int, int, int]]:
    """``(row, column, span)`` of each item, in order, row by row from the top: a wide
    item takes a whole row (a half-filled row before it is left as it is)."""
    placed, row, col = [], 0, 0
    for is_wide in wide:
        span = cols if is_wide else 1
        if col + span > cols:
            row, col = row + 1, 0
        placed.append((row, col, span))
        col += span
        if col >= cols:
            row, col = row + 1, 0
    return placed


def rows_of(placed: list[tuple[int, int, int]]) -> int:
    """Rows the packed items take."""
    return max((row for row, _col, _span in placed), default=-1) + 1


def slot_rows(height: float, unit: float) -> int:
    """How many slot rows fit in ``height`` pixels (at least one)."""
    return max(1, int((height + GAP * unit) // ((SLOT_ROW + GAP) * unit)))


def slot_pages(wide: list[bool], rows: int, cols: int = SLOT_COLUMNS) -> list[list[int]]:
    """The items (indexes) of each page of ``rows`` rows: one page when all fit, else as
    many as fit with one slot kept for the page button after them (at least one a page)."""
    if rows_of(pack(wide, cols)) <= rows:
        return [list(range(len(wide)))]
    pages, start = [], 0
    while start < len(wide):
        end = start + 1
        while end < len(wide) and rows_of(pack(wide[start:end + 1] + [False], cols)) <= rows:
            end += 1
        pages.append(list(range(start, end)))
        start = end
    return pages
