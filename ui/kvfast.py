"""kv rules evaluated without Kivy's trace text (issue 27 item 7).

Kivy's ``kivy.lang.builder.call_fn`` evaluates one kv rule when a property it reads
changes. Under ``__debug__`` (always, unless Python runs with ``-O``) it first builds two
trace messages with the rule's value in ``%r`` and hands them to the logger, even when the
log level drops them. For ``view: app.model.view`` that is the ``repr`` of the whole view,
for ``history: app.model.history`` of forty log lines: about a fifth of the table screen's
kv work per state was text nobody reads. :func:`quiet_kv` puts in the same evaluation
without the trace (the rule's ``count``, the ``eval``, the ``setattr``, in Kivy 2.3's
order); a Kivy log at trace level keeps Kivy's own.

Kivy reads ``call_fn`` from its module when it binds a rule to a widget, so it is
installed before the first widget is built (:func:`ui.kvloader.load_kv`).
"""

from __future__ import annotations

import logging

#: Kivy's own trace level (``kivy.logger``: below DEBUG).
KIVY_TRACE = 9


def call_fn(args, _instance, _value) -> None:
    """Kivy's ``call_fn`` (kivy/lang/builder.py) without its two trace messages."""
    element, key, value, rule, idmap = args
    rule.count += 1
    setattr(element, key, eval(value, idmap))


def quiet_kv() -> bool:
    """Evaluate kv rules with :func:`call_fn` from now on; False (Kivy's left in place) when
    Kivy's log shows trace messages."""
    from kivy.lang import builder

    if logging.getLogger("kivy").isEnabledFor(KIVY_TRACE):
        return False
    builder.call_fn = call_fn
    return True
