"""Venue mode (issue 32): many tables on one MQTT broker, a staff dashboard and Home
Assistant. ``config`` (the ``[mqtt]`` and ``[venue]`` sections), ``public`` (what a table
publishes, cut from the public state message), ``discovery`` (Home Assistant), ``link`` (the
table's MQTT task, imported by the daemon only when the config has ``[mqtt]``), ``dashboard``
(``companion venue``). See docs/venue.md."""
