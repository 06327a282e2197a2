"""A prompt longer than its room pages (issue 29): never overflowing its label, never under 32
px. Kivy-free: the fit is given as a function of the page's words."""

from __future__ import annotations

from ui.text import page_mark, page_words

PROMPT = "Mescolate il mazzo stanze (con il Vestibolo in cima), i mazzi trama, mostri e principale"


def _chars(most: int):
    """A fit that holds ``most`` characters a page (the mark's room left out)."""
    return lambda text, _number, _count: len(text) <= most


def test_a_prompt_that_fits_is_one_page():
    assert page_words(PROMPT, _chars(200)) == [PROMPT]
    assert page_mark(1, 1) == ""


def test_a_long_prompt_pages_at_whole_words_and_loses_none():
    pages = page_words(PROMPT, _chars(40))
    # as few pages as whole words allow (3), each ending where a phrase does (issue 29: it
    # was "… stanze (con il" | "Vestibolo in cima), …": a page ended inside the bracket)
    assert pages == ["Mescolate il mazzo stanze", "(con il Vestibolo in cima),", "i mazzi trama, mostri e principale"]
    assert " ".join(pages) == PROMPT


def test_pages_end_where_a_phrase_ends_and_a_step_keeps_one_instruction_a_page():
    step = ("Put location card number 3 of the row into the envelope without looking; shuffle the other "
            "location cards back together.")
    # whole words only: "… shuffle the other location" | "cards back together."
    assert page_words(step, _chars(95), sentences=True) == [
        "Put location card number 3 of the row into the envelope without looking;",
        "shuffle the other location cards back together."]
    deal = ("Deal 5 cards to each player: a ghost or fate card dealt goes back into the deck at random and another "
            "card is dealt.")
    assert page_words(deal, _chars(95)) == [
        "Deal 5 cards to each player:",
        "a ghost or fate card dealt goes back into the deck at random and another card is dealt."]
    # no phrase's end: never after "the" nor before a lone letter ("the Ghost card | room N")
    assert page_words("Put the Ghost card room N back", _chars(20)) == ["Put the Ghost card", "room N back"]
    asks = "Ada asks: Bill, Jack-in-the-Box, House on Neibolt Street. Move that Kid mover there."
    assert page_words(asks, _chars(80), sentences=True) == [
        "Ada asks: Bill, Jack-in-the-Box, House on Neibolt Street.", "Move that Kid mover there."]


def test_a_word_longer_than_a_page_gets_a_page_of_its_own():
    assert page_words("a Precipitevolissimevolmente b", _chars(5)) == ["a", "Precipitevolissimevolmente", "b"]


def test_the_page_mark_says_which_page_in_gold():
    assert page_mark(1, 2) == "  [color=ffcc33]\u203a\u00a01/2[/color]"  # "›" and "1/2" on one line


def test_a_page_never_ends_at_a_no_break_space():
    """A step's "Player\u00a03" (a name kept whole) stays on one page, its space kept."""
    pages = page_words("Player\u00a03 drops off the treasure", _chars(12))
    assert pages == ["Player\u00a03", "drops off", "the treasure"]


def test_a_page_never_ends_on_this_or_questa():
    """Ghost at Home's Italian prompt paged "Cy: quante icone di lampadine ha questa › 1/2"
    (the lead's shots, session 15): a demonstrative or possessive leads the next word."""
    asks = "Cy: quante icone di lampadine ha questa carta stanza? Scegliete il numero"
    assert page_words(asks, _chars(40))[0] == "Cy: quante icone di lampadine ha"
    english = "Cy: how many bulb icons does this room card show"
    assert page_words(english, _chars(30))[0] == "Cy: how many bulb icons"


def test_a_question_pages_after_what_it_counts():
    """screen16: under a refusal banner, Ghost at Home's question paged "Cy: how many bulb
    icons does the second-floor › 1/2" | "room card show?": the first page ended inside what
    the six number buttons count. A page ends before the question's verb ("does", "is"...)
    rather than inside a noun phrase after it ("the second-floor | room card")."""
    english = "Cy: how many bulb icons does the second-floor room card show?"
    assert page_words(english, _chars(46)) == ["Cy: how many bulb icons", "does the second-floor room card show?"]
    assert page_words("Which of the ghosts is in the Kitchen now?", _chars(24)) == [
        "Which of the ghosts", "is in the Kitchen now?"]


def test_an_italian_question_pages_before_its_verb_too():
    """newcomer16 / words17: the verbs a page may end before (``break_cost``) were English only,
    so Ghost at Home's real Italian question, as the engine says it, paged "Cy: quante icone di
    lampadine ha" | "questa carta (carta stanza": the first page ended after the verb, inside
    the question. It now ends before "ha", as the English one ends before "does"."""
    from companion.games.ghost_at_home.components import card_name
    from companion.i18n import msg, render

    asks = render(msg("{player}: how many bulb icons does the {card} show?", player="Cy",
                      card=card_name("second-floor")), "it")
    assert asks == "Cy: quante icone di lampadine ha questa carta (carta stanza del secondo piano)?"
    pages = page_words(asks, _chars(32))
    assert pages[0] == "Cy: quante icone di lampadine"
    assert pages[1].startswith("ha questa carta")
    assert page_words("Quale dei fantasmi è in cucina adesso?", _chars(24)) == [
        "Quale dei fantasmi", "è in cucina adesso?"]
