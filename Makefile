# Spatial Privacy for QGIS. Each target installs what it needs (Debian packages
# through scripts/install_deps.sh, test tools into a venv that sees Debian's
# numpy, pandas, scipy and QGIS).

PYTHON := /usr/bin/python3
VENV := .venv
export QT_QPA_PLATFORM := offscreen

.PHONY: deps translations help-pages check test test-debian13 test-qgis344 demo package screenshots bench bench-quick bench-tauargus clean

deps:
	@bash scripts/install_deps.sh

$(VENV)/.ready: requirements-test.txt | deps
	$(PYTHON) -m venv --system-site-packages $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	@touch $@

translations: deps
	@lrelease=$$(command -v lrelease || ls /usr/lib/qt6/bin/lrelease /usr/lib/qt5/bin/lrelease 2>/dev/null | head -n 1); \
	for ts in i18n/*.ts; do "$$lrelease" -silent "$$ts" -qm "$${ts%.ts}.qm" || exit 1; done

# The shipped help pages (processing_provider/help/pages), from the algorithms, help texts and .ts.
help-pages: deps
	$(PYTHON) scripts/build_help_pages.py

# What the QGIS plugin repository checks, on the zip it would receive: Bandit (nothing of
# medium severity or above), detect-secrets (nothing) and flake8-qgis (scripts/check_package.py).
check: package $(VENV)/.ready
	$(VENV)/bin/python scripts/check_package.py build/spatial_privacy.zip

# The tests run on every core (pytest-xdist; TEST_WORKERS=1 for one), each worker its own QGIS
# with its own settings (pytest-qgis); the PostGIS tests share one worker (tests/qgis/conftest.py).
# The ten slowest tests are listed at the end. A worker that crashes ends the run (pytest-xdist
# hangs replacing a crashed worker under --dist loadgroup), and so does a test that runs for
# over 20 minutes (pytest-timeout dumps every thread's stack first).
TEST_WORKERS ?= auto

# Test state (QGIS settings, hypothesis examples, pytest's cache) goes to build/test-state;
# the run fails if it wrote any file into the source tree. A PostgreSQL + PostGIS server on
# 127.0.0.1 (scripts/postgres_for_tests.sh) runs for the duration of the tests, stopped
# afterwards even when they fail; the tests find it through SPATIAL_PRIVACY_TEST_PG.
test: translations $(VENV)/.ready
	@mkdir -p build/test-state && touch build/test-state/.started
	@trap 'bash scripts/postgres_for_tests.sh stop' EXIT INT TERM; \
	bash scripts/postgres_for_tests.sh start && \
	SPATIAL_PRIVACY_TEST_PG="$$(cat build/postgres/conninfo)" $(VENV)/bin/python -m pytest \
	    -p tests.state_outside_tree -o cache_dir=build/test-state/pytest-cache --qgis_disable_gui \
	    -n $(TEST_WORKERS) --dist loadgroup --max-worker-restart=0 --timeout=1200 --timeout-method=thread \
	    --durations=10
	@written=$$(find . \( -path ./.git -o -path ./.venv -o -path ./build -o -name __pycache__ \) -prune \
	    -o -type f -newer build/test-state/.started -print); \
	if [ -n "$$written" ]; then echo "make test wrote into the source tree (keep test state under build/):"; \
	    echo "$$written"; exit 1; fi

# The same tests on Debian 13 (QGIS 3.40, Python 3.13, numpy 2) in a chroot built once
# under ~/.cache/spatial-privacy, outside the checkout (needs root and debootstrap; see
# scripts/test_debian13.sh).
test-debian13:
	bash scripts/test_debian13.sh

# The same on QGIS 3.44 (the long-term release) from trixie-backports, in a chroot of its own.
test-qgis344:
	DEBIAN13_BACKPORTS=1 bash scripts/test_debian13.sh

demo: translations
	$(PYTHON) scripts/demo.py

package: translations
	$(PYTHON) scripts/package.py

# The real QGIS window under Xvfb, the plugin installed from its zip: PNGs in docs/screenshots/.
screenshots: translations
	$(PYTHON) scripts/screenshots.py

# The PostGIS rows need the test server (started and stopped around the run). The quick
# bench's figures are kept in bench/quick.json (machine-readable, with the commit).
bench: deps bench-tauargus
	$(PYTHON) bench/quick.py --json bench/quick.json
	@trap 'bash scripts/postgres_for_tests.sh stop' EXIT INT TERM; \
	bash scripts/postgres_for_tests.sh start && \
	SPATIAL_PRIVACY_TEST_PG="$$(cat build/postgres/conninfo)" $(PYTHON) bench/run.py --large

# About a minute: each protection timed beside its unprotected twin in one process; fails
# when one costs over 10x its twin (CI runs it after the tests).
bench-quick: deps
	$(PYTHON) bench/quick.py

# tau-ARGUS's optimal suppression (pytauargus: the Tau-Argus engine with HiGHS) beside the
# suppressed grid on the same tables, both read by the tests' independent attacker. pytauargus
# lives in a venv of its own, outside the checkout: a reference, never a dependency of the
# plugin (nor part of any tree that is packaged or checked).
TAU_VENV := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/spatial-privacy/tauargus-venv
$(TAU_VENV)/.ready: | deps
	$(PYTHON) -m venv --system-site-packages $(TAU_VENV)
	$(TAU_VENV)/bin/python -m pip install --quiet --disable-pip-version-check "pytauargus>=0.6"
	@touch $@

bench-tauargus: $(TAU_VENV)/.ready
	$(TAU_VENV)/bin/python bench/tauargus_side_by_side.py

clean:
	rm -rf build demo_output $(VENV) i18n/*.qm .pytest_cache .hypothesis .qgis-settings
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
