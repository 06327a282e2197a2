"""Label textures remembered (issue 27 item 7).

A Kivy label renders its text into a texture whenever its text, font, size or colour
changes, even when it changes back to what it showed a moment ago: the table's status line,
its prompt and Why? (enabled, then disabled) go back and forth between a few looks as the
game goes, and a dice press and its undo swap two of them. Each label here keeps the
textures of its last :data:`LOOKS` looks and shows a kept one again instead of rendering it.

- A look is everything the render reads (:func:`look`): the core label's class and
  options, the text and the colour it is drawn in, the text box.
- Kivy fills a label's texture when it is first drawn, from what the core label holds
  *then*. A kept texture is shown again only once it was filled while it was its core
  label's texture, that is from its own look (:func:`filling`).
- Kivy renders a new look into the texture on show when the size is the same; that one is
  kept, so a new look gets a texture of its own (the oldest look's, when one is forgotten).

The memory is bounded: at most :data:`LOOKS` looks a label, none of a texture over
:data:`LARGEST` pixels, :data:`BUDGET` pixels kept in all (past it every label forgets its
looks). A freed label's looks go with it; a GL context reload (Kivy re-creates textures
blank) makes every label forget them.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict

from kivy.properties import ObservableDict, ObservableList

#: Looks a label keeps (the one on show among them).
LOOKS = 3

#: A texture over this many pixels is not kept (a long page of text: it changes, rarely back).
LARGEST = 128 * 1024

#: Pixels kept in all (4 bytes each: 16 MiB), counted as they are kept; past it every label
#: forgets its looks. A freed label's pixels stay counted until then, so the count never
#: reads less than what is kept.
BUDGET = 4 * 1024 * 1024


#: The option values to copy into a look (the rest are numbers, strings, None).
_MUTABLE = frozenset((list, dict, ObservableList, ObservableDict))


class _Memory:
    """The labels with looks kept, the pixels kept since the last forgetting, and the
    textures filled from their own look."""

    pixels = 0
    labels: weakref.WeakSet = weakref.WeakSet()
    filled: weakref.WeakSet = weakref.WeakSet()


def look(label) -> tuple:
    """What ``label``'s render reads (hashable): equal looks render the same pixels. (Its
    options' values in their order: a core label's options are the same names throughout.)"""
    core = label._label
    colour = label.disabled_color if label.disabled else label.color
    options = tuple([_frozen(value) if value.__class__ in _MUTABLE else value for value in core.options.values()])
    return core.__class__, label.text, tuple(colour), label.strip, _frozen(core.usersize), options


def _frozen(value):
    if value.__class__ in _MUTABLE:
        return tuple(sorted(value.items())) if isinstance(value, dict) else tuple(value)
    return value


def remembering(render):
    """Kivy's ``Label.texture_update`` (``render``) that shows a kept look again instead of
    rendering it, and keeps what it renders."""

    def texture_update(label, *args) -> None:
        key = look(label)
        looks = label.__dict__.get("_looks")
        if looks is None:
            looks = label.__dict__["_looks"] = OrderedDict()
        kept = looks.get(key)
        if kept is not None and kept[0] in _Memory.filled:
            looks.move_to_end(key)
            _show(label, kept)
            return
        looks.pop(key, None)
        _free_texture(label._label, looks)
        render(label, *args)
        _keep(label, key, looks)

    texture_update.__name__ = "texture_update"  # Kivy's triggers call it back by name
    return texture_update


def _show(label, kept: tuple) -> None:
    texture, size, refs, anchors, shortened = kept
    label.texture = texture
    label.texture_size = list(size)
    label.is_shortened = shortened
    if refs is not None:
        label.refs, label.anchors = refs, anchors


def _free_texture(core, looks: OrderedDict) -> None:
    """Give ``core`` (about to render a new look) a texture no look holds: the oldest
    look's when it is to be forgotten, else none (Kivy makes one); or its own when no look
    holds it. Kivy may render into it (lazily, at its next drawing): not filled till then."""
    spare = looks.popitem(last=False)[1][0] if len(looks) >= LOOKS else None
    if any(kept[0] is core.texture for kept in looks.values()):
        core.texture = spare
    if core.texture is not None:
        _Memory.filled.discard(core.texture)


def _keep(label, key: tuple, looks: OrderedDict) -> None:
    texture = label.texture
    if texture is None or texture is label._label.texture_1px or texture.width * texture.height > LARGEST:
        return
    markup = label._label.__class__.__name__ == "MarkupLabel"
    looks[key] = (texture, tuple(label.texture_size), label.refs if markup else None,
                  label.anchors if markup else None, label.is_shortened)
    _Memory.labels.add(label)
    _Memory.pixels += texture.width * texture.height
    if _Memory.pixels > BUDGET:
        forget_all()


def forget_all(*_args) -> None:
    """Every label forgets the looks it kept (it still shows the one on show)."""
    for label in list(_Memory.labels):
        label.__dict__.pop("_looks", None)
    _Memory.labels = weakref.WeakSet()
    _Memory.pixels = 0


def filling(fill):
    """Kivy's ``LabelBase._texture_fill`` (``fill``), noting a texture filled while it is
    its core label's texture (from the look it was made for)."""

    def _texture_fill(core, texture) -> None:
        fill(core, texture)
        if texture is core.texture:
            _Memory.filled.add(texture)

    return _texture_fill


def remember_textures() -> bool:
    """Make every Kivy label (buttons too) keep its last looks' textures; False when done
    already. Call before the first label is made (its render trigger holds the method it
    was made with)."""
    from kivy.core.text import LabelBase
    from kivy.graphics.context import get_context
    from kivy.uix.label import Label

    if "_kivy_texture_update" in Label.__dict__:
        return False
    Label._kivy_texture_update = Label.texture_update
    Label.texture_update = remembering(Label.texture_update)
    LabelBase._texture_fill = filling(LabelBase._texture_fill)
    get_context().add_reload_observer(forget_all)
    return True
