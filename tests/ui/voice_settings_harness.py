"""``harness.py`` with one more scenario, ``voice``: Settings -> Voice settings, then real
touches on Slower (for children), Louder, Only what to do and Off; each is sent as the
daemon's ``voice_settings`` and comes back in the state, which the screen then shows
(issue 28). Saves ``voice-settings.png``. Run by ``test_voice_settings_screen.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import harness
from harness import Until, find_button, screen_is, scrolled_into_sight, touch


def voice_scenario(app, out: Path, report: dict):
    from ui.shot import save_screenshot

    model = app.model
    yield Until("connected", lambda: model.connected and model.catalogue)
    model.go("settings")
    yield Until("the settings screen", screen_is(app, "settings"))
    yield scrolled_into_sight(lambda: find_button(app, "Voice settings"))
    touch(find_button(app, "Voice settings"))
    yield Until("the voice screen", screen_is(app, "voice_settings"))
    report["before"] = dict(model.voice)
    for label, key, value in (("Slower (for children)", "speed", "slow"), ("Louder", "volume", 90),
                              ("Only what to do", "say", "todo"), ("Off", "on", False)):
        yield scrolled_into_sight(lambda label=label: find_button(app, label))
        touch(find_button(app, label))
        yield Until(f"{key} = {value}", lambda k=key, v=value: model.voice.get(k) == v)
    screen = app.root.ids.screens.current_screen
    report["shown"] = {"on": screen.on, "volume": screen.volume, "speed": screen.speed, "say": screen.say}
    report["heading"] = [w.text for w in screen.walk() if getattr(w, "text", "").startswith("Volume")]
    yield scrolled_into_sight(lambda: find_button(app, "Off"))
    yield 0.4
    report["screenshots"] = [str(save_screenshot(out / "voice-settings.png"))]
    report["small"] = harness.small_targets(app, 9.0, float(report["px_per_mm"]))
    report["clipped"] = harness.clipped_labels(app)


if __name__ == "__main__":
    harness.SCENARIOS["voice"] = voice_scenario
    sys.exit(harness.main())
