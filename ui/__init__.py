"""The Kivy touchscreen client of the companion daemon.

It talks to the daemon only through :class:`companion.client.Client` over the Unix socket;
it never imports the engine, the games, the session or the hardware. Importing this
package does not import Kivy: :func:`ui.app.run_app` does, when the window opens.
"""
