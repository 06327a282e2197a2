"""The owner's desk (issue 34): a web page served by the daemon for the table's owner, on a
laptop or a phone: every game's card data forms, card data files, the saved games, the
history and a backup of the store. Never a running game's hidden information.

* :mod:`.config`: the ``[desk]`` section (on by default, loopback only);
* :mod:`.link`: the owner's token and starting the desk inside the daemon (lazily: aiohttp is
  imported only when the desk or the phones are used);
* :mod:`.site`: the routes, their security (token, Origin, CSRF, loopback) and their work;
* :mod:`.page`: the page (``page.html``, ``page.js``: no build step) and its words.
"""
