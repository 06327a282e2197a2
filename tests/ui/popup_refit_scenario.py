"""The ``popup-refit`` scenario of ``harness.py`` (issue 29): each pop-up (the name keyboard,
the privacy screen's "who looks" step and one player's cover, the phones' names and one
player's code, a yes/no question, the laptop's "Close the table screen?", the History and
Why? cards over the table) opened at 800×480, the window
turned to 720×1280 with it open, then closed and opened again at 720×1280. Saves
``POPUP-turned.png`` and ``POPUP-fresh.png``.

Report: ``popups[POPUP] = {"landscape": fonts, "turned": fonts, "fresh": fonts}``, ``fonts``
the pop-up's texts as ``[text, px]`` (sorted), and ``scales`` the app's scale at each size.
"""

from __future__ import annotations

from pathlib import Path


def popup_fonts(modal) -> list[list]:
    """Every text in ``modal`` as ``[its first 30 characters, font px]``, sorted."""
    from kivy.uix.label import Label

    return sorted([w.text[:30], round(float(w.font_size), 1)] for w in modal.walk(restrict=True)
                  if isinstance(w, Label) and w.text.strip())


def popup_refit_scenario(app, out: Path, report: dict):
    from boards_scenario import _resize
    from harness import Until, settle

    from ui.shot import save_screenshot
    from ui.widgets.confirm import Confirm
    from ui.widgets.keyboard import NameKeyboard
    from ui.widgets.laptop_keys import QuitQuestion

    yield Until("connected", lambda: app.model.connected and app.model.catalogue and app.model.game)
    app.model.go("table")
    yield Until("the table", lambda: app.model.screen == "table")
    yield Until("who may look", lambda: bool(app.model.private_players))
    player = app.model.private_players[0]

    def keyboard():
        board = NameKeyboard("Alessandra", lambda _name: None)
        board.open(animation=False)
        return board

    def opened(modal):
        modal.open(animation=False)
        return modal

    def confirm():
        return opened(Confirm("A game is in progress. Start a new one? The old one stays saved, unfinished.",
                              "Start", "Cancel", lambda: None))

    why = [("Ada rolled a 5", {"rule": "Moving", "text": "The die says how many rooms a kid moves."})]
    links = {"links": {"Ada": "http://127.0.0.1:8765/p/ada", "Bo": "http://127.0.0.1:8765/p/bo"}}

    def phones(code: bool):
        grid = app.open_phone_grid(ask=False, start=False)
        grid.take_links(links)  # as the daemon's answer (this game serves no phones)
        if code:
            grid.touched("Ada")
            grid.take_links(links)
        return grid

    openers = {"keyboard": (keyboard, lambda m: m.dismiss(animation=False)),
               "privacy-who": (lambda: app.open_privacy(""), lambda m: m.hide()),
               "privacy-cover": (lambda: app.open_privacy(player), lambda m: m.hide()),
               "phones-who": (lambda: phones(False), lambda m: m.dismiss(animation=False)),
               "phones-code": (lambda: phones(True), lambda m: m.dismiss(animation=False)),
               "confirm": (confirm, lambda m: m.dismiss(animation=False)),
               "quit": (lambda: opened(QuitQuestion()), lambda m: m.dismiss(animation=False)),
               "history": (app.show_history, lambda m: m.dismiss(animation=False)),
               "why": (lambda: app.show_why(why), lambda m: m.dismiss(animation=False))}
    report["popups"], report["scales"] = {}, {}
    for name, (opener, close) in openers.items():
        yield from _resize(app, (800, 480))
        report["scales"]["800x480"] = app.scale
        modal = opener()
        yield settle(0.4)
        landscape = popup_fonts(modal)
        yield from _resize(app, (720, 1280))
        report["scales"]["720x1280"] = app.scale
        yield settle(0.4)
        turned = popup_fonts(modal)
        save_screenshot(out / f"{name}-turned.png")
        close(modal)
        yield settle(0.2)
        fresh = opener()
        yield settle(0.4)
        report["popups"][name] = {"landscape": landscape, "turned": turned, "fresh": popup_fonts(fresh)}
        save_screenshot(out / f"{name}-fresh.png")
        close(fresh)
        yield settle(0.2)
