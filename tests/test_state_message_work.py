"""The state message's work on a tap's path, counted (issue 35 item 3: tap -> published within
3x the durable append). A plain sentence (a choice's label: "Ghost King card A" ... "F") is
rendered once, not in every state; a view's all-plain containers (a room, the options, a
deck) are copied whole, not item by item; an input's news are rendered once, as the log's
last lines. And the message is the same as before, in every game and both languages.
"""

from __future__ import annotations

import random

import pytest

from companion import i18n, protocol
from companion.daemon import publisher as publisher_module
from companion.engine import all_games, resolve_options
from companion.header import GameHeader
from companion.i18n import msg, named, render
from companion.inputs import Touch
from companion.session import Session

STEPS = 60
SEEDS = 2


def _reference_tree(value, lang, stand_ins=None, articles=None):
    """``protocol.render_tree`` as it was before this change (main 8f96488f, with words29c's
    ``articles``): item by item."""
    plain = (str, int, float, bool, type(None))
    if type(value) in plain:
        return value
    if isinstance(value, dict):
        return {k if type(k) is str else str(protocol.said(k, lang, stand_ins, articles)):
                v if type(v) in plain else _reference_tree(v, lang, stand_ins, articles) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if type(v) in plain else _reference_tree(v, lang, stand_ins, articles) for v in value]
    return protocol.said(value, lang, stand_ins, articles)


def _counted(monkeypatch, module, name: str) -> list:
    """The arguments of each call of ``module.name`` from now on (it still does its work)."""
    calls: list = []
    original = getattr(module, name)

    def counting(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return calls


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_state_message_is_the_one_made_without_the_memo_and_item_by_item(game, monkeypatch):
    """Random games of every registered game, both languages: each state message (with its
    log and the last input's news) equals, to the byte and to the type, the one made with the
    sentences' memo emptied before each message and the view rendered item by item."""
    from test_playout import random_setup, random_touch  # tests/games (pytest's pythonpath)

    spec, checked = all_games()[game], 0
    for seed in range(SEEDS):
        rng = random.Random(seed)
        players, options = random_setup(spec, rng)
        session = Session.start(GameHeader.from_json(
            {"game": game, "players": players, "options": options, "seed": seed}))
        recent: list = []
        news: tuple = ()
        for _step in range(STEPS):
            for lang in ("en", "it"):
                now = protocol.state_message(session, recent[-12:], news, lang)
                with monkeypatch.context() as before:
                    before.setattr(i18n, "_SHOWN", {})
                    before.setattr(i18n, "_SEEN", {})
                    before.setattr(protocol, "_VIEWS", {})
                    before.setattr(protocol, "_PARTS", ())
                    before.setattr(protocol, "_PROMPTS", {})
                    before.setattr(protocol, "_RAW", {})
                    before.setattr(protocol, "render_tree", _reference_tree)
                    then = protocol.state_message(session, recent[-12:], news, lang)
                    fresh = protocol.encode(then)  # every part written anew
                line = protocol.encode(now)  # the view and prompt from their kept bytes, once kept (tap19)
                assert now == then and line == fresh == protocol.json_line(now), f"{game} {seed} {lang}"
                assert _types(now) == _types(then)
                checked += 1
            touch = random_touch(spec, session, rng)
            if touch is None:
                break
            reply = session.handle(touch)
            news = tuple(reply.news)
            recent.extend(news)
    assert checked > 20


def _types(value):
    """``value``'s shape with each leaf's exact type (a list is not a tuple, a str not a Msg)."""
    if isinstance(value, dict):
        return {(type(k), k): _types(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return (type(value), [_types(v) for v in value])
    return type(value), value


def test_a_plain_sentence_is_rendered_once(monkeypatch):
    """A state after each tap renders its choices' labels: 14 of them at Creepy Cellar's
    Ghost King step. Once a label was rendered, it is not rendered again in that language
    (``i18n._render``: was once per label per state); a sentence holding another sentence or
    a name is rendered each time (its words depend on more than its key)."""
    monkeypatch.setattr(i18n, "_SHOWN", {})
    work = _counted(monkeypatch, i18n, "_render")
    labels = [msg("Ghost King card {card}", card=c) for c in "ABCDEF"]
    first = [render(label, "it") for label in labels]
    assert len(work) == 6
    again = [render(msg("Ghost King card {card}", card=c), "it") for c in "ABCDEF"]
    assert again == first and len(work) == 6  # no new work
    assert render(msg("Ghost King card {card}", card="A"), "en") == "Ghost King card A" and len(work) == 7
    held = msg("{player}: take {card}", player="Ada", card=labels[0])
    assert render(held, "en") == render(held, "en") == "Ada: take Ghost King card A"
    assert len(work) == 8  # a sentence holding a plain sentence: once too (tap18; was each time: 9)
    again = msg("{player}: take {card}", player="Ada", card=msg("Ghost King card {card}", card="A"))
    assert render(again, "en") == "Ada: take Ghost King card A" and len(work) == 8  # by its key: no new work
    other = msg("{player}: take {card}", player="Ada", card=msg("Ghost King card {card}", card="B"))
    assert render(other, "en") == "Ada: take Ghost King card B" and len(work) == 10  # it, and its card in English
    words = msg("{player}: take {card}", player="Ada", card="Ghost King card A")  # a str, not the sentence
    assert render(words, "en") == "Ada: take Ghost King card A" and len(work) == 11
    cellar = named(msg("Wine Cellar"), it="la")
    there = msg("Put a ghost {room:nel}", room=cellar)
    assert render(there, "en") == render(there, "en") == "Put a ghost in Wine Cellar"
    assert len(work) == 15  # a sentence holding a name (its article): each time, and the name
    # an int and a bool are not one key (1 == True), nor an int and a str
    assert [render(msg("{n} left", n=v), "en") for v in (1, True, "1", 1)] == ["1 left", "True left", "1 left",
                                                                                "1 left"]


def test_the_memo_follows_the_catalogue_and_stays_bounded(monkeypatch):
    """A catalogue swapped in gives its own words (the memo is keyed by the catalogue), and the
    memo is emptied when it holds ``_SHOWN_MAX`` sentences."""
    import gettext

    monkeypatch.setattr(i18n, "_SHOWN", {})
    monkeypatch.setattr(i18n, "_SEEN", {})
    hello = msg("Hello {name}", name="Ada")
    assert render(hello, "it") == "Hello Ada"

    class Other(gettext.NullTranslations):
        def gettext(self, message):
            return "Ciao {name}"

    other = Other()
    with monkeypatch.context() as swapped:
        swapped.setattr(i18n, "translations", lambda lang: other)
        assert render(hello, "it") == "Ciao Ada"
    assert render(hello, "it") == "Hello Ada"
    monkeypatch.setattr(i18n, "_SHOWN_MAX", 3)
    for n in range(10):
        render(msg("{n} ghosts", n=n), "en")
        assert len(i18n._SHOWN) <= 3


def test_a_views_all_plain_containers_are_copied_whole(monkeypatch):
    """Creepy Cellar's view: 14 rooms, 4 hunters, 4 decks and the options are all plain values;
    each is copied whole. Only the containers holding one of them are rendered item by item
    (the view itself, ``rooms``, ``hunters``, ``decks``): was every one of its ~28 containers.
    The rendering is the same, and each container is a new one."""
    spec = all_games()["creepy_cellar"]
    view = spec.view_first(spec.setup(["Ada", "Bo"], resolve_options(spec, {})))
    items = _counted(monkeypatch, protocol, "_each_item")
    values = _counted(monkeypatch, protocol, "_each_value")
    shown = protocol.render_tree(view, "it", {})
    assert shown == _reference_tree(view, "it", {})
    assert sorted(len(args[0]) for args in items) == sorted([len(view), 14, 4, 4]) and values == []
    assert shown["rooms"]["A"] is not view["rooms"]["A"] and shown["options"] is not view["options"]


def test_an_inputs_news_are_rendered_once_on_its_way_to_the_screens(monkeypatch, tmp_path):
    """The news of an input are the log's last lines too: the publisher renders each line and
    its ``why`` once (its cache), and the state message takes them from there (was: again in
    ``protocol.state_message``, each tap)."""
    from companion.daemon import Daemon
    from companion.store import EventStore

    store = EventStore(tmp_path / "g.sqlite3")
    daemon = Daemon(store, tmp_path / "c.sock")
    daemon.start_game(GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1}))
    news = tuple(daemon.session.handle(Touch(daemon.session.prompt.choices[0].key)).news)
    assert news
    in_protocol = _counted(monkeypatch, protocol, "why_message")
    in_publisher = _counted(monkeypatch, publisher_module, "why_message")
    published = daemon.publisher
    published.recent.extend(news)
    message = published.state(news)
    assert message["news"] == [render(line, "en") for line in news]
    assert message["why"] == protocol.why_message(news, "en") == message["log_why"][-len(news):]
    assert len(in_publisher) == len(news) and len(in_protocol) == 1  # the one just above
    published.state(news)
    assert len(in_publisher) == len(news)  # nothing new to render
    store.close()


def test_a_plain_view_is_rendered_once_and_only_a_plain_one(monkeypatch):
    """budgets.py's tap run: a tap, its undo, the same tap again. The tap's state is a new
    object each time, but its view is the same plain values, so it is rendered once, in
    either language (``render_tree``: was once per state message); the undo's state too. A
    view of the same values but other types (``True`` for ``1``, ``1.0``) is rendered on its
    own (a tuple renders to the list a list does: it takes the list's, tap19), and a view
    holding a sentence every time."""
    monkeypatch.setattr(protocol, "_VIEWS", {}, raising=False)
    session = Session.start(GameHeader.from_json({"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 1}))
    key = session.prompt.choices[0].key
    rendered = _counted(monkeypatch, protocol, "render_tree")
    sent = []
    for _round in range(3):
        for lang in ("en", "it"):
            sent.append(protocol.encode(protocol.state_message(session, [], (), lang)))
        assert session.handle(Touch(key)).accepted
        sent.append(protocol.encode(protocol.state_message(session, [], (), "it")))
        assert session.handle(Touch("undo")).accepted
    views_rendered = [args for args in rendered if type(args[0]) is dict and "rooms" in args[0]]
    assert len(views_rendered) == 2  # the view before the touch, and after it (was 9)
    assert sent[3:6] == sent[6:]  # the rounds after the first: the same bytes (its undo's news differ)
    rendered.clear()
    views = [{"n": 1}, {"n": True}, {"n": 1.0}, {"n": [1]}, {"n": (1,)}, {"n": 1}, {"n": True}]
    shown = [protocol._rendered_view(view, "en", {}, {}) for view in views]
    assert shown == [{"n": 1}, {"n": 1}, {"n": 1}, {"n": [1]}, {"n": [1]}, {"n": 1}, {"n": 1}]
    assert [type(s["n"]) for s in shown] == [int, bool, float, list, list, int, bool]
    assert [args[0] for args in rendered if type(args[0]) is dict] == views[:4]
    rendered.clear()
    said = {"room": msg("Ghost King card {card}", card="A")}
    assert [protocol._rendered_view(said, "it", {}, {}) for _ in range(2)] == [{"room": "Ghost King card A"}] * 2
    assert [args[0] for args in rendered if type(args[0]) is dict] == [said, said]


def test_a_label_seen_before_is_looked_up_by_itself(monkeypatch):
    """A game gives the same label objects state after state (Creepy Cellar's "Ghost King card
    A" ... "N"): one seen before in a language costs one lookup, not its key
    (``i18n._plain_key``: was once per label per state). A new object with the same words gets
    the same words; another catalogue its own."""
    import gettext

    monkeypatch.setattr(i18n, "_SHOWN", {})
    monkeypatch.setattr(i18n, "_SEEN", {}, raising=False)
    keys = _counted(monkeypatch, i18n, "_plain_key")
    labels = [msg("Ghost King card {card}", card=c) for c in "ABCDEF"]
    first = [render(label, "it") for label in labels]
    assert len(keys) == 6
    for _state in range(3):
        assert [render(label, "it") for label in labels] == first
    assert len(keys) == 6  # was 24
    assert render(msg("Ghost King card {card}", card="A"), "it") == first[0] and len(keys) == 7
    assert render(labels[0], "en") == "Ghost King card A" and len(keys) == 8

    class Other(gettext.NullTranslations):
        def gettext(self, message):
            return "Carta {card}"

    other = Other()
    with monkeypatch.context() as swapped:
        swapped.setattr(i18n, "translations", lambda lang: other)
        assert render(labels[0], "it") == "Carta A"
    assert render(labels[0], "it") == first[0]
