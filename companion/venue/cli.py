"""``companion venue``: run the staff dashboard from the config's ``[mqtt]`` (the dashboard's
own broker account) and ``[venue]`` (where it listens, the login token)."""

from __future__ import annotations

import asyncio
import signal
import sys


def run_dashboard(config) -> int:
    if config.mqtt is None:
        print("companion: the dashboard reads the venue's broker: add an [mqtt] section (docs/venue.md)",
              file=sys.stderr)
        return 2
    if not config.venue.token:
        print("companion: the dashboard needs a login token: [venue] token = \"...\" (16 characters or more)",
              file=sys.stderr)
        return 2
    import importlib.util

    if importlib.util.find_spec("aiomqtt") is None:
        print("companion: the dashboard needs the venue extra: pip install 'haunt-companion[venue]'", file=sys.stderr)
        return 2
    return asyncio.run(_main(config))


async def _main(config) -> int:
    from companion.venue.dashboard import serve

    task = asyncio.current_task()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, task.cancel)

    def ready(dashboard) -> None:
        print(f"companion venue: the dashboard listens on http://{config.venue.host}:{dashboard.port}/ "
              f"(broker {config.mqtt.broker})", flush=True)

    try:
        await serve(config.mqtt, config.venue, ready)
    except asyncio.CancelledError:
        return 0
    except OSError as exc:
        print(f"companion: the dashboard cannot listen on {config.venue.host}:{config.venue.port}: {exc}",
              file=sys.stderr)
        return 1
    return 0
