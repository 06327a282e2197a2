"""Private screens on the players' own phones (issue 22): a page in the phone's browser,
opened by scanning a code, served by the daemon only when the config says so.

* :mod:`.config`: the ``[phones]`` section (off by default);
* :mod:`.tokens`: one random token per seat, valid for one game;
* :mod:`.limits`: request, message and connection bounds, the failed-attempt limit;
* :mod:`.server`: the aiohttp application and its WebSocket (:class:`~.server.Table` is
  all it knows of the game);
* :mod:`.page`: the page (``page.html``, ``page.js``: no build step) and its words;
* :mod:`.qr`: the links as QR codes (segno) for a terminal or a screen.
"""

from companion.phones.config import PhonesConfig, PhonesConfigError, parse_phones

__all__ = ["PhonesConfig", "PhonesConfigError", "parse_phones"]
