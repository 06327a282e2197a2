# Two commands for a fresh Debian/Ubuntu machine:
#   make demo   - set up .venv and play the bundled Creepy Cellar game
#   make test   - set up .venv (and Xvfb), run the lint gate (ruff, import-linter, pyright) and every test
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# Debian packages: the GL and input libraries Kivy's wheel loads at run time (the window);
# for the tests, a virtual X server for the real Kivy window, and a C compiler and Python
# headers to build RPi.GPIO and spidev (the mfrc522 library's dependencies; no wheels);
# systemd for systemd-analyze verify/security and systemd-sysusers on the units (issue 7);
# headless Chromium and its WebDriver for the phone page's browser tests (issue 22); libzbar0
# for pyzbar, which decodes the QR codes on the table screen's screenshots (issue 22); the
# Mosquitto broker the venue tests start on a loopback port (issue 32).
KIVY_APT := libgl1 libgl1-mesa-dri libegl1 libmtdev1 libxrender1 libxi6
TEST_APT := $(KIVY_APT) xvfb xauth gcc python3-dev systemd chromium chromium-driver libzbar0 mosquitto \
	espeak-ng sox alsa-utils

.PHONY: demo test lint venv setup apt-demo apt-test clean i18n

demo: apt-demo $(BIN)/.installed
	$(BIN)/companion demo

# .venv and the libraries the table screen needs: then .venv/bin/companion play GAME ...
setup: apt-demo $(BIN)/.installed

# Three pytest runs (all run; make fails if any does):
# - the tests that mostly wait on subprocesses, sockets and SIGKILL trials, on both cores
#   (pytest-xdist; worksteal evens out the long crash trials);
# - the real Kivy windows, one test file a worker on both cores (each worker starts its own
#   Xvfb; a file's module fixtures, one client window each, stay on one worker). One at a time
#   they took 720 s of CI's 1,222 s at stop 42; two at a time 398 s on a quiet machine;
# - one at a time, the simulated readers, whose chips' poll timeouts assume a core to
#   themselves (about 32 s).
WINDOWS := tests/ui
SERIAL := tests/hardware tests/test_pi_install.py
test: apt-test $(BIN)/.installed lint
	@$(BIN)/python -m pytest -n 2 --dist worksteal $(addprefix --ignore=,$(WINDOWS) $(SERIAL)); all=$$?; \
	$(BIN)/python -m pytest -n 2 --dist loadfile $(WINDOWS) || all=1; \
	$(BIN)/python -m pytest $(SERIAL) || all=1; exit $$all

# The lint gate (issue 21): ruff with the configuration in pyproject.toml (complexity 12),
# the layering as import-linter contracts ([tool.importlinter] in pyproject.toml; issue 27),
# and pyright in basic mode ([tool.pyright]; the PyPI version check skipped: it runs offline).
lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	PYRIGHT_PYTHON_IGNORE_WARNINGS=1 $(BIN)/pyright --pythonpath $(BIN)/python

venv: $(BIN)/.installed

$(BIN)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Haunt Companion needs Python 3.11 or newer ($(PYTHON) is older)."; exit 1; }
	@$(PYTHON) -m venv $(VENV) || { echo "Could not create $(VENV): install python3-venv (sudo apt-get install python3-venv)."; exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@

# apt-install $(1) when root; otherwise name the command, and fail only if $(2) is "required".
define apt_install
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		echo "Installing Debian packages: $$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	elif [ "$(2)" = required ]; then \
		echo "Missing Debian packages: $$missing"; \
		echo "Install them with:  sudo apt-get install $$missing   (then run make again)"; \
		exit 1; \
	else \
		echo "Note: without $$missing the table screen may not open; the demo then plays in the terminal."; \
		echo "      (sudo apt-get install $$missing)"; \
	fi
endef

apt-demo:
	$(call apt_install,$(KIVY_APT),optional)

apt-test:
	$(call apt_install,$(TEST_APT),required)

clean:
	rm -rf $(VENV) tests/artifacts .pytest_cache

# Translations: extract every msg()/nmsg()/_() message id, merge into each language's .po
# (translate the new entries there), then compile the .mo files the companion ships.
LOCALE := companion/locale
i18n:  # needs Babel in $(VENV) (make venv, or pip install babel)
	$(BIN)/pybabel -q extract -F babel.cfg -k msg -k nmsg:1,2 -k todo:2 -k ntodo:2,3 -k fault -k _ --no-location --sort-output --no-wrap \
		-o $(LOCALE)/companion.pot .
	$(BIN)/pybabel -q update -i $(LOCALE)/companion.pot -d $(LOCALE) -D companion -l it --no-fuzzy-matching --ignore-obsolete --no-wrap
	$(BIN)/pybabel -q compile -d $(LOCALE) -D companion --statistics
