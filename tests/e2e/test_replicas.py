"""Several replicas behind a load balancer, without Docker: a private redis-server, two `streamlit run deploy/serve.py`
processes sharing it (RML_LIVE_STORE), and Debian's nginx running deploy/nginx.conf -- the shipped file, with only
its two upstream server addresses and its listen port changed. Through nginx, a teacher's browser is routed to one
replica and a student's to the other (their rml_route cookies, proven by nginx's access log, websockets included);
the student joins the teacher's class and follows the teacher's board. A browser without the cookie gets one with
its first page and stays on one replica; an upload of Streamlit's largest size passes nginx.

The checks of deploy/ that need no server (compose.yaml's services, the upload limit) are not marked e2e."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator, NamedTuple
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from live.routes import PATH as ROUTE_PATH
from tests.e2e.conftest import APP_TIMEOUT_MS, ARTIFACTS_DIR, REPO_ROOT, VIEWPORT, _healthy, _start_server, _stop
from tests.e2e.lanes import lane_items, lane_names, wait_for_lanes
from tests.e2e.navigation import go_to, load_example
from tests.live_servers import free_port, start_redis_server, stop_redis_server
from ui.data.share import PARAM, decode_board
from ui.model.presets import PRESETS

DEPLOY = REPO_ROOT / "deploy"
NGINX_CONF = DEPLOY / "nginx.conf"
NGINX = os.environ.get("NGINX_PATH", "/usr/sbin/nginx")
COOKIE = "rml_route"
START_TIMEOUT_S = 30.0

#: one access-log line of deploy/nginx.conf's `rml_route` format
LOG_LINE = re.compile(r'"(?P<method>\S+) (?P<path>\S+) [^"]*" (?P<status>\d{3}) \d+ '
                      r"route=(?P<route>\S+) upstream=(?P<upstream>.+) (?P<seconds>[\d.]+)$")


# --------------------------------------------------------------------------- deploy/ without a browser


def test_compose_names_the_replicas_redis_nginx_and_the_conf():
    yaml = pytest.importorskip("yaml")
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"app1", "app2", "redis", "nginx"}
    for app in ("app1", "app2"):
        assert services[app]["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
        assert services[app]["environment"]["RML_LIVE_STORE"] == "redis://redis:6379/0"
    assert "./nginx.conf:/etc/nginx/conf.d/default.conf:ro" in services["nginx"]["volumes"]
    assert services["nginx"]["ports"] == ["8080:80"]
    upstreams = re.findall(r"^\s*server ([\w.-]+:\d+)", NGINX_CONF.read_text(), re.MULTILINE)
    assert upstreams == ["app1:8501", "app2:8501"]  # the services above, on the port the Dockerfile runs


def test_nginx_accepts_streamlits_largest_upload():
    config = tomllib.loads((REPO_ROOT / ".streamlit" / "config.toml").read_text())
    streamlit_mb = config["server"]["maxUploadSize"]
    nginx_mb = int(re.search(r"^\s*client_max_body_size (\d+)m;", NGINX_CONF.read_text(), re.MULTILINE)[1])
    assert streamlit_mb < nginx_mb <= streamlit_mb + 1  # the file plus its multipart envelope


# --------------------------------------------------------------------------- the processes


def local_conf(upstreams: list[str], port: int) -> str:
    """deploy/nginx.conf with its upstream servers and listen port replaced (nothing else)."""
    text = NGINX_CONF.read_text()
    addresses = iter(upstreams)
    text, servers = re.subn(r"^(\s*server )app\d+:8501\b", lambda match: f"{match[1]}{next(addresses)}", text,
                            flags=re.MULTILINE)
    assert servers == len(upstreams), f"deploy/nginx.conf should have {len(upstreams)} `server appN:8501` lines"
    text, listens = re.subn(r"^(\s*)listen 80;$", f"\\1listen 127.0.0.1:{port};", text, flags=re.MULTILINE)
    assert listens == 1, "deploy/nginx.conf should have one `listen 80;` line"
    return text


def main_conf(folder: Path, included: Path) -> str:
    """A main nginx.conf around the shipped http-level file: foreground, everything under ``folder``."""
    temp = {name: folder / name for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir(exist_ok=True)
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must reach the temp folders of a root tmp dir
    return (f"daemon off;\n{user}worker_processes 1;\npid {folder / 'nginx.pid'};\n"
            f"error_log {folder / 'error.log'} notice;\n"
            "events { worker_connections 512; }\n"
            "http {\n"
            + "".join(f"    {name}_temp_path {path};\n" for name, path in temp.items())
            + f"    include {included};\n}}\n")


class Replicas(NamedTuple):
    url: str  #: nginx
    upstreams: tuple[str, str]  #: the two Streamlit processes, host:port, as nginx logs them
    access_log: Path


@pytest.fixture(scope="module")
def replicas(tmp_path_factory) -> Iterator[Replicas]:
    if not os.access(NGINX, os.X_OK):
        pytest.skip(f"no nginx at {NGINX} (apt-get install nginx; scripts/test.sh installs it)")
    redis = start_redis_server()
    if redis is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server; scripts/test.sh installs it)")
    apps: list[subprocess.Popen] = []
    nginx: subprocess.Popen | None = None
    folder = tmp_path_factory.mktemp("nginx")
    access_log = folder / "access.log"  # the shipped conf logs to /dev/stdout: nginx's stdout goes here
    try:
        addresses = []
        for name in ("a", "b"):
            process, url = _start_server("deploy/serve.py", ARTIFACTS_DIR / f"replica-{name}.log",
                                         env={"RML_LIVE_STORE": redis[1]})
            apps.append(process)
            addresses.append(url.removeprefix("http://"))
        port = free_port()
        (folder / "rml.conf").write_text(local_conf(addresses, port))
        (folder / "nginx.conf").write_text(main_conf(folder, folder / "rml.conf"))
        url = f"http://127.0.0.1:{port}"
        with access_log.open("w") as stdout, (folder / "stderr.log").open("w") as stderr:
            nginx = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"),
                                      "-e", str(folder / "error.log")],
                                     stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT_S
        while not _healthy(url):
            if nginx.poll() is not None or time.monotonic() > deadline:
                problems = "".join(path.read_text() for path in (folder / "stderr.log", folder / "error.log")
                                   if path.exists())
                raise RuntimeError(f"nginx did not start (exit code {nginx.poll()}):\n{problems[-3000:]}")
            time.sleep(0.1)
        yield Replicas(url, (addresses[0], addresses[1]), access_log)
    finally:
        if nginx is not None:
            _stop(nginx)
        for process in apps:
            _stop(process)
        stop_redis_server(redis[0])
        if access_log.exists():
            shutil.copy(access_log, ARTIFACTS_DIR / "replicas-nginx-access.log")


# --------------------------------------------------------------------------- routes


def log_lines(access_log: Path) -> list[dict]:
    return [match.groupdict() for line in access_log.read_text().splitlines() if (match := LOG_LINE.search(line))]


def wait_for_log(access_log: Path, wanted, what: str, timeout: float = 30.0) -> list[dict]:
    """The access log's lines for which ``wanted(line)`` holds, once there is one (nginx writes a line when a
    request ends: a websocket's when it closes)."""
    deadline = time.monotonic() + timeout
    while True:
        found = [line for line in log_lines(access_log) if wanted(line)]
        if found or time.monotonic() > deadline:
            assert found, f"no access-log line for {what} within {timeout:.0f} s"
            return found
        time.sleep(0.1)


def health_with_route(url: str, route: str | None) -> str:
    """GET /_stcore/health through nginx with that route cookie (or none); the route nginx sets in return."""
    request = urllib.request.Request(f"{url}/_stcore/health", headers={"Cookie": f"{COOKIE}={route}"} if route else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.read().strip() == b"ok"
        cookies = response.headers.get_all("Set-Cookie") or []  # Streamlit sets its own too (_streamlit_xsrf)
    routes = [match[1] for cookie in cookies
              if (match := re.fullmatch(rf"{COOKIE}=([^;]+); Path=/; HttpOnly; SameSite=Lax", cookie))]
    assert len(routes) == 1, cookies
    return routes[0]


def routes_to_each_replica(replicas: Replicas) -> dict[str, str]:
    """upstream -> a route cookie value that nginx sends there (tried one by one, read from the access log)."""
    found: dict[str, str] = {}
    for attempt in range(64):
        route = f"route-{attempt}"
        assert health_with_route(replicas.url, route) == route  # a sane cookie is kept as it is
        line = wait_for_log(replicas.access_log, lambda line: line["route"] == route, f"route {route}")[0]
        found.setdefault(line["upstream"], route)
        if set(found) == set(replicas.upstreams):
            return found
    raise AssertionError(f"64 routes all went to {sorted(found)}, never to both of {replicas.upstreams}")


@pytest.mark.e2e  # (no browser, but the servers)
def test_a_new_browser_gets_a_random_route_and_keeps_it(replicas: Replicas):
    first = health_with_route(replicas.url, None)
    assert re.fullmatch(r"[0-9a-f]{32}", first)  # nginx's $request_id
    assert health_with_route(replicas.url, first) == first
    assert re.fullmatch(r"[0-9a-f]{32}", health_with_route(replicas.url, "not/a.route"))  # not echoed: a new one


def put_upload(url: str, route: str, size: int) -> None:
    """PUT a body of ``size`` bytes to a Streamlit upload URL through nginx (whoever answers, whatever the answer)."""
    request = urllib.request.Request(f"{url}/_stcore/upload_file/no-session/{route}", data=b"x" * size, method="PUT",
                                     headers={"Cookie": f"{COOKIE}={route}", "Content-Type": "application/octet-stream"})
    try:
        urllib.request.urlopen(request, timeout=60).close()
    except urllib.error.HTTPError as error:
        error.close()
    except (urllib.error.URLError, OSError):  # a server may answer and close before reading the whole body
        pass


@pytest.mark.e2e  # (no browser, but the servers)
def test_uploads_as_large_as_streamlit_takes_pass_and_a_refused_one_moves_no_session(replicas: Replicas):
    limit = tomllib.loads((REPO_ROOT / ".streamlit" / "config.toml").read_text())["server"]["maxUploadSize"] * 2**20
    # the largest file plus its multipart envelope reaches a replica (which refuses it here: no such session)
    route = "upload-fits"
    put_upload(replicas.url, route, limit + 4096)
    line = wait_for_log(replicas.access_log, lambda line: line["route"] == route, f"route {route}")[0]
    first = line["upstream"].split(", ")[0]
    assert line["status"] != "413" and first in replicas.upstreams, line
    # ... cut short by that replica, it stays in service: the same route still goes there (upstream max_fails=0)
    assert health_with_route(replicas.url, route) == route
    later = wait_for_log(replicas.access_log, lambda line: line["route"] == route and line["method"] == "GET",
                         f"route {route} after the upload")[0]
    assert later["upstream"] == first, later
    # a larger body is refused by nginx itself, as Streamlit would refuse it
    route = "upload-too-big"
    put_upload(replicas.url, route, limit + 2**20 + 1)
    line = wait_for_log(replicas.access_log, lambda line: line["route"] == route, f"route {route}")[0]
    assert (line["status"], line["upstream"]) == ("413", "-"), line


# --------------------------------------------------------------------------- the class across replicas


def open_page(browser: Browser, url: str, route: str, contexts: list) -> Page:
    context = browser.new_context(viewport=VIEWPORT)
    contexts.append(context)
    context.add_cookies([{"name": COOKIE, "value": route, "url": url}])
    page = context.new_page()
    page.set_default_timeout(APP_TIMEOUT_MS)
    return page


def board_param(page: Page):
    return decode_board(parse_qs(urlsplit(page.url).query)[PARAM][0])


@pytest.mark.e2e
def test_a_student_on_one_replica_follows_a_teacher_on_the_other(replicas: Replicas, browser: Browser,
                                                                  wait_for_app, screenshot):
    teacher_upstream, student_upstream = replicas.upstreams
    routes = routes_to_each_replica(replicas)
    contexts: list = []
    try:
        teacher = open_page(browser, replicas.url, routes[teacher_upstream], contexts)
        student = open_page(browser, replicas.url, routes[student_upstream], contexts)

        teacher.goto(f"{replicas.url}/live")
        wait_for_app(teacher)
        teacher.get_by_role("button", name="Start a class", exact=True).click()
        wait_for_app(teacher)
        heading = teacher.get_by_role("heading", level=1, name=re.compile(r"^[A-Z2-9]{6}$"))
        expect(heading).to_be_visible()
        code = heading.inner_text().strip()

        student.goto(f"{replicas.url}/live?join={code}")
        wait_for_app(student)
        expect(student.get_by_label("Class code")).to_have_value(code)
        student.get_by_label("Nickname (optional)").fill("Ada")
        student.get_by_role("button", name="Join", exact=True).click()
        wait_for_app(student)
        expect(student.get_by_text(f"You are in class {code}.")).to_be_visible()

        # the teacher goes to the nDCG page and loads another example; the student's screen follows
        go_to(teacher, url_path="ndcg")
        wait_for_app(teacher)
        example = PRESETS["003_ndcg"]
        load_example(teacher, example.title, wait_for_app)
        wait_for_lanes(teacher)
        assert lane_names(teacher) == list(example.ranking)

        expect(student).to_have_url(re.compile(r"/ndcg(\?|$)"), timeout=60_000)
        expect(student.get_by_role("heading", level=1, name=re.compile("^nDCG"))).to_be_visible(timeout=60_000)
        items = lane_items(student, scope=".st-key-live_follow")  # a following student's view (ui.classroom.follower)
        expect(items).to_have_count(len(example.ranking), timeout=60_000)
        for index, name in enumerate(example.ranking):
            expect(items.nth(index)).to_have_attribute("data-name", name, timeout=60_000)
        wait_for_app(student)
        assert board_param(student) == board_param(teacher)
        screenshot(student, "replicas-student")
    finally:
        for context in contexts:
            context.close()

    # every request of each browser, its websocket included, went to its own replica
    for route, upstream in ((routes[teacher_upstream], teacher_upstream), (routes[student_upstream], student_upstream)):
        sockets = wait_for_log(replicas.access_log,
                               lambda line: line["route"] == route and line["path"] == "/_stcore/stream",
                               f"the websocket of route {route}")
        assert {line["status"] for line in sockets} == {"101"}
        lines = [line for line in log_lines(replicas.access_log) if line["route"] == route]
        assert {line["upstream"] for line in lines} == {upstream}, lines
    # the student's screen waited for the class on the app's route (live.routes), through nginx, and was answered
    waits = wait_for_log(replicas.access_log, lambda line: line["route"] == routes[student_upstream]
                         and line["path"].startswith(ROUTE_PATH + "?") and line["status"] == "200",
                         "an answered wait of the student's screen")
    assert waits


@pytest.mark.e2e
def test_a_browser_without_a_route_gets_one_and_stays_on_its_replica(replicas: Replicas, browser: Browser,
                                                                     wait_for_app):
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.set_default_timeout(APP_TIMEOUT_MS)
        page.goto(f"{replicas.url}/")
        wait_for_app(page)
        cookies = [cookie for cookie in context.cookies() if cookie["name"] == COOKIE]
        assert len(cookies) == 1 and re.fullmatch(r"[0-9a-f]{32}", cookies[0]["value"]), cookies
        assert cookies[0]["httpOnly"] and cookies[0]["sameSite"] == "Lax" and cookies[0]["path"] == "/"
        route = cookies[0]["value"]
    finally:
        context.close()
    wait_for_log(replicas.access_log, lambda line: line["route"] == route and line["path"] == "/_stcore/stream",
                 f"the websocket of route {route}")
    lines = [line for line in log_lines(replicas.access_log) if line["route"] == route]
    assert lines[0]["path"] == "/"  # the page itself, before the browser had the cookie: the same route
    assert len({line["upstream"] for line in lines}) == 1, lines
