# Two commands for a fresh Debian/Ubuntu machine:
#   make demo   - set up .venv and play the bundled Creepy Cellar game
#   make test   - set up .venv (and Xvfb) and run every test
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# Debian packages the tests need: a virtual X server for the Kivy window test, and the
# GL/input libraries Kivy's wheel loads at run time.
TEST_APT := xvfb xauth libgl1 libgl1-mesa-dri libegl1 libxrender1 libxi6

.PHONY: demo test venv apt-test clean

demo: $(BIN)/.installed
	$(BIN)/companion demo

test: apt-test $(BIN)/.installed
	$(BIN)/python -m pytest

venv: $(BIN)/.installed

$(BIN)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Haunt Companion needs Python 3.11 or newer ($(PYTHON) is older)."; exit 1; }
	@$(PYTHON) -m venv $(VENV) || { echo "Could not create $(VENV): install python3-venv (sudo apt-get install python3-venv)."; exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@

apt-test:
	@missing=$$(for p in $(TEST_APT); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		echo "Installing Debian packages: $$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else \
		echo "Missing Debian packages for the tests: $$missing"; \
		echo "Install them with:  sudo apt-get install $$missing   (then run make test again)"; \
		exit 1; \
	fi

clean:
	rm -rf $(VENV) tests/artifacts .pytest_cache
