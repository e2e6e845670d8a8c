"""Real-browser tests: a Streamlit server of the whole app, driven by Playwright in Chromium.

Design
------
* The server: one `streamlit run app.py` per test session (fixture `app_url`), on a free port of
  127.0.0.1, started from the repo root and killed (its whole process group) at teardown. Its
  output goes to artifacts/streamlit-server.log. With `--base-url URL` the tests use an app that
  is already running instead (handy while developing: `streamlit run app.py` in another shell).
* The browser: we keep pytest-playwright's own fixtures (`playwright`, `browser`, `context`,
  `page`) and override only the two documented hooks, `browser_type_launch_args` and
  `browser_context_args`. That is the robust choice here: pytest-playwright owns the lifecycle
  (one browser per session, a fresh context - so a fresh Streamlit session - per test, everything
  closed even when a test fails) and its options keep working (`--headed`, `--slowmo`,
  `--tracing retain-on-failure`, `--screenshot only-on-failure`, output in test-results/).
  Its default launch looks for a browser downloaded by `playwright install`, which cannot
  download anything on our machines, so we point it at Debian's /usr/bin/chromium
  (`CHROMIUM_PATH` overrides) with the flags that are known to work headless, as root, offline.
* Helpers, as fixtures: `wait_for_app(page)` waits until Streamlit has finished running the
  script and fails on any exception box; `screenshot(page, name)` writes artifacts/screenshots/<name>.png (git
  ignores artifacts/). Screenshots use a tall viewport instead of `full_page=True`, which misses
  what lies below the fold because Streamlit scrolls its own container.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Callable, Iterator

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_DIR = REPO_ROOT / "artifacts"
SCREENSHOT_DIR = ARTIFACTS_DIR / "screenshots"
SERVER_LOG = ARTIFACTS_DIR / "streamlit-server.log"

CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",  # we run as root in CI
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
VIEWPORT = {"width": 1400, "height": 2400}

SERVER_START_TIMEOUT_S = 30.0
APP_TIMEOUT_MS = 90_000  # a whole script run (and a widget's code loading) on a busy 2-core machine, tests in parallel

# Playwright's `expect` waits 5 s by default: too tight for a loaded CI machine.
expect.set_options(timeout=30_000)


# --------------------------------------------------------------------------- the server


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _healthy(base_url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base_url}/_stcore/health", timeout=2) as response:
            return response.status == 200 and response.read().strip() == b"ok"
    except (urllib.error.URLError, OSError):
        return False


def _stop(process: subprocess.Popen) -> None:
    """Terminate the server and anything it started (it leads its own process group)."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def _log_tail(lines: int = 40, log_path: Path = SERVER_LOG) -> str:
    try:
        return "\n".join(log_path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no server log)"


def _start_server(
    script: str = "app.py", log_path: Path = SERVER_LOG, env: dict[str, str] | None = None, port: int | None = None
) -> tuple[subprocess.Popen, str]:
    """Start `streamlit run <script>` on a free port (or on ``port``); return the process and its base URL.
    ``env``: variables to set for the server on top of this process's environment (e.g. RML_LIVE_STORE)."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # pytest-xdist: one log per worker, none overwrites another's
    if worker:
        log_path = log_path.with_name(f"{log_path.stem}-{worker}{log_path.suffix}")
    last_problem = ""
    chosen = port
    for _attempt in range(3):  # another process may grab the free port before Streamlit does
        port = chosen or _free_port()
        base_url = f"http://127.0.0.1:{port}"
        command = [
            sys.executable, "-m", "streamlit", "run", script,
            "--server.headless", "true",
            "--server.port", str(port),
            "--server.address", "127.0.0.1",
            "--server.fileWatcherType", "none",
            "--browser.gatherUsageStats", "false",
        ]  # fmt: skip
        with log_path.open("w") as log:
            process = subprocess.Popen(
                command,
                cwd=REPO_ROOT,
                env={**os.environ, **env} if env else None,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # own process group: teardown kills all of it
            )
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while time.monotonic() < deadline:
            if process.poll() is not None:
                last_problem = f"the server exited with code {process.returncode}"
                break
            if _healthy(base_url):
                return process, base_url
            time.sleep(0.2)
        else:
            last_problem = f"no 'ok' from /_stcore/health within {SERVER_START_TIMEOUT_S:.0f} s"
        _stop(process)
    raise RuntimeError(
        f"Streamlit did not start: {last_problem}. Last lines of {log_path}:\n{_log_tail(log_path=log_path)}"
    )


@pytest.fixture(scope="session")
def app_url(pytestconfig: pytest.Config) -> Iterator[str]:
    """Base URL (no trailing slash) of a running app: our own server, or --base-url if given."""
    given = pytestconfig.getoption("--base-url", default=None) or pytestconfig.getini("base_url")
    if given:
        yield given.rstrip("/")
        return
    process, base_url = _start_server()
    try:
        yield base_url
    finally:
        _stop(process)


@pytest.fixture
def fresh_server() -> Iterator[Callable[[str], str]]:
    """`fresh_server(name, script="app.py")`: start a new app server (``streamlit run <script>``), its log in
    artifacts/server-<name>.log, and return its base URL: the test's request is the server's first. Every server
    started is stopped after the test."""
    started: list[subprocess.Popen] = []

    def start(name: str, script: str = "app.py") -> str:
        process, base_url = _start_server(script, log_path=ARTIFACTS_DIR / f"server-{name}.log")
        started.append(process)
        return base_url

    yield start
    for process in started:
        _stop(process)


class RestartableServer:
    """A server of the whole app that can be restarted on its port: a new server process, as after a deployment or
    a crash, to which the browser reconnects by itself. Its log is artifacts/server-<name>.log (then -2, -3, ...)."""

    def __init__(self, name: str):
        self.name, self.starts = name, 1
        self.process, self.url = _start_server(log_path=ARTIFACTS_DIR / f"server-{name}.log")

    def restart(self) -> None:
        _stop(self.process)
        self.starts += 1
        port = int(self.url.rsplit(":", 1)[1])
        self.process, self.url = _start_server(log_path=ARTIFACTS_DIR / f"server-{self.name}-{self.starts}.log",
                                               port=port)

    def stop(self) -> None:
        _stop(self.process)


@pytest.fixture
def restartable_server() -> Iterator[Callable[[str], RestartableServer]]:
    """`restartable_server(name)`: start a new app server that the test can restart on its port (``.restart()``);
    stopped after the test."""
    started: list[RestartableServer] = []

    def start(name: str) -> RestartableServer:
        started.append(RestartableServer(name))
        return started[-1]

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def lanes_url() -> Iterator[str]:
    """Base URL of tests/e2e/lanes_app.py (the ranking builder alone, in a page's left column)."""
    process, base_url = _start_server("tests/e2e/lanes_app.py", ARTIFACTS_DIR / "lanes-server.log")
    try:
        yield base_url
    finally:
        _stop(process)


@pytest.fixture(scope="session")
def base_url(app_url: str) -> str:
    """pytest-playwright passes this to every browser context: `page.goto("/")` works."""
    return app_url


# --------------------------------------------------------------------------- the browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, browser_name: str) -> dict:
    """pytest-playwright's launch options (--headed, --slowmo, ...) plus Debian's Chromium."""
    if browser_name != "chromium":
        return browser_type_launch_args
    if not os.path.exists(CHROMIUM_PATH):
        pytest.fail(
            f"No Chromium at {CHROMIUM_PATH}: run scripts/test.sh (it installs Debian's "
            "chromium) or set CHROMIUM_PATH. `playwright install` cannot download browsers here."
        )
    headless = browser_type_launch_args.get("headless", True)
    flags = (["--headless"] if headless else []) + CHROMIUM_FLAGS
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM_PATH,
        "args": [*browser_type_launch_args.get("args", []), *flags],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """A tall viewport, so that screenshots show the whole page."""
    return {**browser_context_args, "viewport": VIEWPORT}


@pytest.fixture
def new_session(browser, app_url: str) -> Iterator[Callable[..., Page]]:
    """`new_session(path="", viewport=VIEWPORT, locale=None)`: a new Streamlit session -- a new
    browser context, so no cookies and no storage -- opened at ``app_url/path`` (or at ``path``
    when it is a whole URL, e.g. a shared link), loaded and finished; closed after the test.
    Every test that needs a session of its own opens it here."""
    contexts = []

    def open_session(path: str = "", viewport: dict | None = None, locale: str | None = None) -> Page:
        options = {"viewport": viewport or VIEWPORT} | ({"locale": locale} if locale else {})
        context = browser.new_context(**options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(APP_TIMEOUT_MS)
        page.goto(path if path.startswith("http") else f"{app_url}/{path.lstrip('/')}")
        wait_for_streamlit(page)
        return page

    yield open_session
    for context in contexts:
        context.close()


@pytest.fixture
def app_page(page: Page, app_url: str) -> Page:
    """A page (a new Streamlit session) with the app's default page loaded and finished."""
    page.set_default_timeout(APP_TIMEOUT_MS)
    page.goto(app_url + "/")
    wait_for_streamlit(page)
    return page


# --------------------------------------------------------------------------- helpers
# Plain functions, handed to tests by the fixtures of the same role below (test modules should not
# import from conftest.py): `def test_x(app_page, wait_for_app, screenshot): ...`.


#: JavaScript: whether the app has finished a run and drawn it (see :func:`wait_for_streamlit`), in one look
APP_SETTLED = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  return !!app && app.getAttribute('data-test-connection-state') === 'CONNECTED'
    && app.getAttribute('data-test-script-state') === 'notRunning'
    && !!document.querySelector('[data-testid="stMain"] [data-testid="stElementContainer"]')
    && !document.querySelector('[data-stale="true"]')
    && !document.querySelector('[data-testid="stSkeleton"]');
}"""


#: JavaScript: the run an action asked for has begun (the app no longer says `notRunning`), or ``pause`` ms have
#: passed since ``since`` (the page's clock, ``Date.now()``) and it is taken to have asked for none
RUN_BEGUN = """([since, pause]) => {
  const app = document.querySelector('[data-testid="stApp"]');
  return (!!app && app.getAttribute('data-test-script-state') !== 'notRunning') || Date.now() - since >= pause;
}"""
RUN_BEGUN_PAUSE_MS = 150  #: the longest an action's rerun takes to be said by the app (after it: none was asked)


def wait_for_streamlit(page: Page, timeout_ms: float = APP_TIMEOUT_MS, *, changed: bool = False) -> None:
    """Wait until Streamlit is connected, has run the script and shows its output; then assert
    that no exception box is on the page.

    Call it after anything that triggers a rerun (a click, a drag, an upload): first it waits for the
    rerun to begin (:data:`RUN_BEGUN`: the app says so at once, or after at most 150 ms it is taken
    to ask for none), since the app says `notRunning` until it does. ``changed=True``: the caller has
    already seen the page change (a walk's step line): that run has begun, so there is nothing to
    wait for before the settled check. Before the first run
    the state is also `notRunning`: it waits for some output in the main area, for the elements of the
    previous run that the new run did not redraw to be removed, and for no widget to be a grey skeleton
    (its code still loading). All of that is one check in the page (:data:`APP_SETTLED`), polled there;
    when it times out, each condition is asserted in turn so that the failure names the one that held it.
    """
    if not changed:
        page.wait_for_function(RUN_BEGUN, arg=[page.evaluate("Date.now()"), RUN_BEGUN_PAUSE_MS], polling="raf",
                               timeout=timeout_ms)
    try:
        page.wait_for_function(APP_SETTLED, timeout=timeout_ms)
    except PlaywrightTimeoutError:
        app = page.get_by_test_id("stApp")
        expect(app).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=1000)
        expect(app).to_have_attribute("data-test-script-state", "notRunning", timeout=1000)
        expect(page.locator('[data-testid="stMain"] [data-testid="stElementContainer"]').first).to_be_attached(
            timeout=1000)
        expect(page.locator('[data-stale="true"]')).to_have_count(0, timeout=1000)
        expect(page.get_by_test_id("stSkeleton")).to_have_count(0, timeout=1000)
        raise
    assert_no_exception(page)


def assert_no_exception(page: Page) -> None:
    """Fail, quoting them, if the page shows any Streamlit exception box."""
    exceptions = page.get_by_test_id("stException")
    if exceptions.count():
        texts = "\n---\n".join(exceptions.all_inner_texts())
        raise AssertionError(f"The app shows {exceptions.count()} exception(s):\n{texts}")


def take_screenshot(page: Page, name: str) -> Path:
    """Save a PNG of the viewport to artifacts/screenshots/<name>.png and return its path."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "screenshot"
    path = SCREENSHOT_DIR / f"{safe}.png"
    page.screenshot(path=str(path))
    return path


@pytest.fixture
def wait_for_app() -> Callable[..., None]:
    """`wait_for_app(page)`: see `wait_for_streamlit`."""
    return wait_for_streamlit


@pytest.fixture
def screenshot() -> Callable[[Page, str], Path]:
    """`screenshot(page, name)`: see `take_screenshot`."""
    return take_screenshot
