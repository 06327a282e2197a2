"""Run by test_state_work.py in a child process with a window: the table screen's work for
state messages (issue 27 item 7), counted, never timed. The states come from a file of JSON
lines (the test records them from a real daemon: the first, then a dice press and its undo).

Shows the table with the first state, then hands over press, undo, press, undo, each a few
frames apart, and counts over the first press and undo (``first_`` keys: new looks) and over
the second (no prefix): the kv rules evaluated, the times the board left its slot, the Label
textures rendered (and those of the prompt; a look kept by :mod:`ui.textures` is not
rendered), the choice panel's builds, the texts SDL_ttf measured, the die faces made. Then
the last state again, unchanged (``same_``). Also the window's pixels at the first and the
second press and undo (``same_pixels``) and a label's kept looks in a window of its own
(``renders``, ``kept_pixels``, ``looks``, ``forgot``). Prints one dict: ``{"kv": n,
"kv_rules": {rule: n}, "board_moved": n, "textures": n, "prompt_textures": n, "same_kv": n,
"same_textures": n, ...}``.
"""

from __future__ import annotations

import collections
import json
import sys

FRAMES = 6  # frames between two states: the triggers and the layout settle in two or three


def main(path: str) -> int:
    from ui.app import build_app
    from ui.kvloader import load_kv

    load_kv("app")  # the kv rules' evaluation as the app has it, before any widget binds a rule
    from kivy.lang import builder
    from kivy.uix.label import Label

    counts = {"kv": 0, "textures": 0, "board_moved": 0, "prompt_textures": 0, "choice_builds": 0, "measured": 0,
              "faces_drawn": 0, "home_refreshed": 0}
    watched: dict = {}
    rules: collections.Counter = collections.Counter()
    evaluate, texture_update = builder.call_fn, Label.texture_update

    def call_fn(args, instance, value):
        counts["kv"] += 1
        rules[f"{args[3].ctx.filename.rsplit('/', 1)[-1]}:{args[3].line} {args[1]}"] += 1
        evaluate(args, instance, value)

    def textured(self, *args):
        counts["textures"] += 1
        counts["prompt_textures"] += self is watched.get("prompt")
        texture_update(self, *args)

    textured.__name__ = "texture_update"  # Kivy's triggers call it back by name

    builder.call_fn, Label.texture_update = call_fn, textured
    from kivy.core.text import text_sdl2

    sdl_extents = text_sdl2._get_extents

    def measured(*args):  # SDL_ttf measures a text
        counts["measured"] += 1
        return sdl_extents(*args)

    text_sdl2._get_extents = measured
    from ui.widgets.die import DieFace

    draw_face = DieFace._draw_face

    def face_drawn(*args):  # the die's face made anew
        counts["faces_drawn"] += 1
        draw_face(*args)

    DieFace._draw_face = face_drawn
    from ui.screens import home

    title = home.short_title

    def home_refreshed(*args):  # Home redoes its cards (once a refresh)
        counts["home_refreshed"] += 1
        return title(*args)

    home.short_title = home_refreshed
    states = [json.loads(line) for line in open(path, encoding="utf-8")]
    app = build_app("/nonexistent/companion.sock")
    from kivy.clock import Clock

    result: dict = {}
    pixels: dict = {}
    steps = iter([lambda: app.handle_message(states[0]), lambda: app.model.go("table"), _watch(app, counts, watched),
                  _reset(counts, rules), lambda: app.handle_message(states[1]), _pixels(pixels, "press"),
                  lambda: app.handle_message(states[2]), _pixels(pixels, "undo"),
                  _keep(result, counts, rules, "first_"),
                  lambda: app.handle_message(states[1]), _pixels(pixels, "press again"), _built_again(watched, result),
                  lambda: app.handle_message(states[2]), _pixels(pixels, "undo again"), _built_again(watched, result),
                  _keep(result, counts, rules, ""), lambda: app.handle_message(states[2]),
                  _keep(result, counts, rules, "same_"), _drawn(result), _meshes_as_kivy_shapes(result),
                  _same_pixels(pixels, result), _kept_looks(result, counts), app.stop])

    def next_step(*_args):
        step = next(steps, None)
        if step is not None:
            step()
            _after_frames(Clock, FRAMES, next_step)

    Clock.schedule_once(next_step, 0.5)
    app.run()
    print(repr(result))
    return 0


def _after_frames(clock, frames: int, then) -> None:
    """Call ``then`` after ``frames`` more frames."""
    if frames <= 0:
        then()
        return
    clock.schedule_once(lambda _dt: _after_frames(clock, frames - 1, then), 0)


def _watch(app, counts: dict, watched: dict):
    def watch():
        table = app.root.ids.screens.get_screen("table")
        watched["prompt"] = table.ids.prompt.__self__
        panel, build = table.ids.choices.__self__, table.ids.choices._rebuild

        def counted(*args):
            counts["choice_builds"] += 1
            build(*args)

        panel._rebuild = counted
        watched["panel"], watched["build"] = panel, build
        board = table.board
        board.bind(parent=lambda *_a: counts.__setitem__("board_moved", counts["board_moved"] + 1))
    return watch


def _built_again(watched: dict, result: dict):
    """The choice buttons on show (words, place, size), and whether a build now, at the
    panel's settled height, makes other ones: into ``result["buttons"]`` as
    ``(buttons, same)``."""
    def shown():
        return [(b.text, tuple(map(round, b.pos)), tuple(map(round, b.size))) for b in watched["panel"].buttons()]

    def check():
        before = shown()
        watched["build"]()
        result.setdefault("buttons", []).append((before, shown() == before))
    return check


def _meshes_as_kivy_shapes(result: dict, trials: int = 30):
    """Kivy's ellipses, rectangles, fans and rounded rectangles, and the same shapes as one mesh
    (:mod:`ui.widgets.onemesh`, the pieces' drawing), each drawn into a frame buffer:
    ``result["meshes"]`` is ``(trials, trials whose pixels differ)``. Seeded."""
    import random

    from kivy.graphics import ClearBuffers, ClearColor, Color, Ellipse, Fbo, Mesh, Rectangle, RoundedRectangle

    from ui.widgets.onemesh import OneMesh

    def pixels(shapes, one: bool) -> bytes:
        fbo = Fbo(size=(240, 180))
        with fbo:
            ClearColor(0.1, 0.12, 0.2, 1)
            ClearBuffers()
            Color(0.9, 0.8, 0.7, 0.8)  # translucent: overlaps show the order
        mesh = OneMesh()
        for kind, pos, size in shapes:
            if kind == "rounded":
                radius = min(size) * 0.3
                mesh.rounded_rectangle(pos, size, radius, 4) if one else fbo.add(RoundedRectangle(
                    pos=pos, size=size, radius=[radius], segments=4))
            elif kind == "ellipse":
                mesh.ellipse(pos, size, 20) if one else fbo.add(Ellipse(pos=pos, size=size, segments=20))
            elif kind == "rectangle":
                mesh.rectangle(pos, size) if one else fbo.add(Rectangle(pos=pos, size=size))
            else:
                (x, y), (w, h) = pos, size
                points = [(x, y), (x + w, y), (x + w * 0.6, y + h), (x + w * 0.2, y + h * 0.7)]
                centre = (x + w / 2, y + h / 2)
                fan = [centre, *points, points[0]]
                mesh.polygon(points, centre) if one else fbo.add(Mesh(
                    vertices=[v for px, py in fan for v in (px, py, 0, 0)], indices=list(range(len(fan))),
                    mode="triangle_fan"))
        mesh.add_to(fbo)
        fbo.draw()
        return bytes(fbo.pixels)

    def check():
        chance = random.Random(27)
        differ = 0
        for _ in range(trials):
            shapes = [(chance.choice(("ellipse", "ellipse", "rectangle", "fan", "rounded")),
                       (chance.uniform(0, 200), chance.uniform(0, 140)), (chance.uniform(1, 40), chance.uniform(1, 40)))
                      for _ in range(8)]
            differ += pixels(shapes, False) != pixels(shapes, True)
        result["meshes"] = (trials, differ)
    return check


def _drawn(result: dict):
    """The canvas instructions in the window's drawing, which Kivy submits at every frame
    (a hidden widget's are not in it): ``result["drawn"]`` is ``{widget class: n}``, each
    widget's own (its children's counted under theirs)."""
    def count():
        from kivy.core.window import Window
        from kivy.graphics.instructions import Canvas, CanvasBase, InstructionGroup

        drawn: collections.Counter = collections.Counter()

        def own(group, children: set) -> int:
            found = 0
            for child in group.children:
                if isinstance(child, (Canvas, CanvasBase)):
                    found += 0 if id(child) in children else own(child, children)
                    continue
                found += 1 + (own(child, children) if isinstance(child, InstructionGroup) else 0)
            return found

        def walk(widget) -> None:
            drawn[type(widget).__name__] += own(widget.canvas, {id(child.canvas) for child in widget.children})
            for child in widget.children:
                if widget is Window or child.canvas in widget.canvas.children:
                    walk(child)

        walk(Window)
        result["drawn"] = {name: n for name, n in drawn.items() if n}
    return count


def _pixels(pixels: dict, name: str):
    """The window's pixels now (a frame drawn afresh) into ``pixels[name]``."""
    def grab():
        pixels[name] = _window_pixels()
    return grab


def _same_pixels(pixels: dict, result: dict):
    """``result["same_pixels"]``: whether the press and the undo drew the same pixels the
    second time (their labels' looks kept, :mod:`ui.textures`) as the first (rendered)."""
    def compare():
        result["same_pixels"] = [pixels[name] == pixels[f"{name} again"] for name in ("press", "undo")]
    return compare


def _kept_looks(result: dict, counts: dict):
    """A label's kept looks (:mod:`ui.textures`), in a window of its own: into ``result``,
    ``renders`` (the renders at each step), ``looks`` (the most it kept), ``forgot`` (the
    looks kept after the pixel budget was passed), ``kept_pixels`` and ``forgotten_pixels``
    (a look shown again from the memory draws the pixels a label rendering it draws; and
    after the memory was forgotten)."""
    def check():
        from kivy.core.window import Window
        from kivy.uix.label import Label

        from ui import textures

        label = Label(font_size=30, size=(400, 60), pos=(0, 0), size_hint=(None, None))
        Window.add_widget(label)
        renders = []

        def show(text: str, drawn: bool) -> None:
            label.text = text
            label.texture_update()
            if drawn:
                _window_pixels()  # Kivy fills a texture when it is first drawn
            renders.append(counts["textures"])

        counts["textures"] = 0
        # A and B rendered, never drawn: A is rendered again; then A drawn, B rendered
        # and drawn, A and B again: from the memory
        for text, drawn in (("Haunting A", False), ("Haunting B", False), ("Haunting A", True),
                            ("Haunting B", True), ("Haunting A", True), ("Haunting B", True)):
            show(text, drawn)
        result["renders"] = renders
        shown = _window_pixels()
        fresh = Label(font_size=30, size=(400, 60), pos=(0, 0), size_hint=(None, None), text="Haunting B")
        Window.remove_widget(label)
        Window.add_widget(fresh)
        fresh.texture_update()
        result["kept_pixels"] = _window_pixels() == shown
        Window.remove_widget(fresh)
        Window.add_widget(label)
        for n in range(8):
            show(f"Look {n}", True)
        result["looks"] = len(label._looks)
        budget, textures.BUDGET = textures.BUDGET, 1
        show("Over the budget", True)
        textures.BUDGET = budget
        result["forgot"] = len(label.__dict__.get("_looks", ()))
        # forgotten, the texture on show is Kivy's to render into again (the same size: "Look
        # 2" over "Look 1"); it is not Look 2's till it is drawn (Look 1's pixels in it)
        show("Look 1", True)
        textures.forget_all()
        for text, drawn in (("Look 2", False), ("Look 3", False), ("Look 2", True)):
            show(text, drawn)
        shown = _window_pixels()
        Window.remove_widget(label)
        fresh.text = "Look 2"
        Window.add_widget(fresh)
        fresh.texture_update()
        result["forgotten_pixels"] = _window_pixels() == shown
        Window.remove_widget(fresh)
    return check


def _window_pixels() -> bytes:
    """The window's pixels, a frame drawn now."""
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels
    from kivy.lang import Builder

    Builder.sync()  # the canvas rules (a label's texture), as before each frame
    Window.dispatch("on_draw")
    return glReadPixels(0, 0, *Window.size, GL_RGBA, GL_UNSIGNED_BYTE)


def _reset(counts: dict, rules: collections.Counter):
    def reset():
        for key in counts:
            counts[key] = 0
        rules.clear()
    return reset


def _keep(result: dict, counts: dict, rules: collections.Counter, prefix: str):
    def keep():
        result.update({prefix + key: value for key, value in counts.items()})
        if not prefix:
            result["kv_rules"] = dict(rules)
        _reset(counts, rules)()
    return keep


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
