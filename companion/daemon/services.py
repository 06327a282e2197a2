"""The daemon's optional services, started when it serves (issue 27): the players' phones
(issue 22) and the table's link to the venue's broker (issue 32). Either one that cannot
start leaves the game on, and the table's log says why."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.i18n import msg

if TYPE_CHECKING:
    from companion.daemon.api import Commands
    from companion.daemon.links import Links
    from companion.daemon.staff import StaffCall

log = logging.getLogger(__name__)


async def start_phones(ctx: Commands, config, add_news: Callable[[str], None]) -> Any:
    """The phone server (:class:`companion.phones.link.PhoneLink`) for ``config`` (the
    config's ``[phones]``), started; None when phones are off or its port cannot be bound."""
    if config is None or not config.enabled:
        return None
    from companion.phones.link import PhoneLink

    link = PhoneLink(ctx, config)
    try:
        await link.start()
    except OSError as exc:  # the port is taken, the address is not this machine's: play on
        log.error("phones: cannot listen on %s: %s", config.listen, exc)
        problem = os.strerror(exc.errno) if exc.errno else str(exc)
        add_news(msg("Phones are off: the companion cannot listen on {address} ({problem}).",
                     address=config.listen, problem=problem))
        await link.stop()
        return None
    return link


def venue_link(config, staff: StaffCall, links: Links, add_news: Callable[[str], None]) -> Any:
    """With ``config`` (the config's ``[mqtt]``): the table's link to the venue's broker
    (:class:`companion.venue.link.TableLink`), not yet running (the daemon tells it the state,
    then runs it as a task of the loop: it only reads the public states and never holds an
    input up); else, or without the MQTT library, None."""
    if config is None:
        return None
    from companion import __version__
    from companion.daemon.staff import staff_command

    try:
        from companion.venue.link import TableLink
    except ImportError as exc:  # the venue extra is not installed: play on, say why
        log.error("venue: cannot publish to the broker: %s (pip install 'haunt-companion[venue]')", exc)
        add_news(msg("Venue mode is off: the MQTT library is not installed on this table."))
        return None
    return TableLink(config, lambda name, text: staff_command(staff, links, name, text),
                     on_status=links.publish, version=__version__)
