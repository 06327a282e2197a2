"""``companion doctor``, ``companion venue`` and ``companion install``: the table's set-up."""

from __future__ import annotations

from pathlib import Path


def add_doctor(sub) -> None:
    """``doctor``."""
    doctor = sub.add_parser("doctor", help="check the readers, the dice button, the display and permissions")
    doctor.add_argument("--config", type=Path, help="config file to check (default: the user config dir)")
    doctor.set_defaults(run=cmd_doctor)


def add_venue(sub) -> None:
    """``venue``."""
    venue = sub.add_parser("venue", help="the staff dashboard of a venue's tables ([mqtt] and [venue] in "
                                         "the config; docs/venue.md)")
    venue.add_argument("--config", type=Path, help="config file (default: $COMPANION_CONFIG or the user config dir)")
    venue.set_defaults(run=cmd_venue)


def add_install(sub) -> None:
    """``install``."""
    install = sub.add_parser("install", help="install the services that boot a Raspberry Pi to the table screen")
    install.add_argument("--root", type=Path, help="write into this directory instead of / and run no command")
    install.add_argument("--prefix", help="the virtualenv the services run (default: this one)")
    install.add_argument("--uninstall", action="store_true",
                         help="stop and remove the services and files (the game data and users stay)")
    install.set_defaults(run=cmd_install)


def cmd_doctor(args) -> int:
    from companion.doctor import doctor_command

    return doctor_command(args.config)



def cmd_venue(args) -> int:
    """``companion venue``: the staff dashboard (:mod:`companion.venue.dashboard`) until
    SIGTERM or Ctrl-C."""
    from companion.config import load_config
    from companion.venue.cli import run_dashboard

    return run_dashboard(load_config(args.config))



def cmd_install(args) -> int:
    from companion.install import install_command

    return install_command(args.root, args.uninstall, args.prefix)
