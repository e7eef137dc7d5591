"""textual-serve's server, drivable by its owner only (``atlantis serve``).

textual-serve answers any page that asks and starts one app process per
WebSocket. ``GuardedServer`` is its ``Server`` with one aiohttp middleware in
front of every route, which lets a request through only when:

- it holds the secret token printed in the address (``/?token=…``), in the query
  or in the cookie set when a page is loaded with it. The cookie (HttpOnly,
  SameSite=Strict, named after the port) carries the token on the page's own
  requests: its scripts and its WebSocket, whose address textual-serve's script
  builds by appending ``?width=…``, so that it cannot carry a query of ours;
- it does not come from another origin: a request with an ``Origin`` header
  (browsers always send one with a WebSocket) must name the server's own
  ``scheme://host:port``, whatever it holds;
- for a WebSocket (one app process each), fewer than ``max_sessions`` are open.
  The next one, and the page itself while the server is full, get 503 and a
  message; a place is free again when its socket closes and its app has ended.

The socket listens before anything is announced, so that a busy port fails
in one line and the address is printed only once browsers can reach it.

The access log (``AccessLog``) writes one line per request without its query
string or headers: the token travels in the query of the first page load (and
a stranger's guesses in theirs), and a ``Referer`` can repeat a whole address.
The address printed once at start-up is the only place the token is shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import hmac
import logging
import secrets
import signal
import socket
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from aiohttp import hdrs, web
from aiohttp.abc import AbstractAccessLogger
from textual_serve.server import Server

from core.kernel.i18n import _, ngettext

TOKEN = "token"
"""The query parameter of the printed address that holds the secret token."""
RETRY_SECONDS = 5
"""How often the page of a full server loads itself again."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port``; ``OSError`` (one line to show) if it cannot."""
    family = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM)[0][0]
    return socket.create_server((host, port), family=family)


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an http(s) address as browsers write it in an
    ``Origin`` header (host in lower case, no default port); None for anything else."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    host = parts.hostname
    if parts.scheme not in ("http", "https") or not host:
        return None
    if ":" in host:
        host = f"[{host}]"
    default = 443 if parts.scheme == "https" else 80
    shown_port = "" if port in (None, default) else f":{port}"
    return f"{parts.scheme}://{host}{shown_port}"


class AccessLog(AbstractAccessLogger):
    """One line per request: who, when (as it ended), the method and the path, the
    status and the size; never the query string (it holds the token) nor a header
    (a ``Referer`` may hold a whole address, token and all)."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        # The raw path, as sent and still percent-encoded: a stranger's escape
        # sequences are not decoded into the operator's terminal.
        path = "".join(c if c.isprintable() else "\ufffd" for c in request.rel_url.raw_path)
        when = datetime.datetime.now().astimezone().strftime("%d/%b/%Y:%H:%M:%S %z")
        self.logger.info(
            '%s [%s] "%s %s" %s %s',
            request.remote or "-",
            when,
            request.method,
            path,
            response.status,
            response.body_length,
        )

    @property
    def enabled(self) -> bool:
        return self.logger.isEnabledFor(logging.INFO)


def refusal(status: int, message: str) -> web.Response:
    """A short plain-text answer: what was refused and what to do."""
    return web.Response(status=status, text=message + "\n")


class GuardedServer(Server):
    """textual-serve's ``Server`` on a listening socket, with the token, the origin
    check and the cap on app sessions described in this module's documentation."""

    def __init__(
        self,
        command: str,
        listening: socket.socket,
        public_url: str,
        *,
        max_sessions: int,
        title: str,
    ) -> None:
        """``public_url``: the server's address as browsers write it, without a
        trailing slash (``http://127.0.0.1:8000``); its origin is the only one accepted."""
        host, port = listening.getsockname()[:2]
        super().__init__(command, host=host, port=port, title=title, public_url=public_url)
        origin = origin_of(public_url)
        assert origin is not None, public_url
        self.listening = listening
        self.origin = origin
        self.max_sessions = max_sessions
        self.sessions = 0
        """App sessions (WebSockets) open now."""
        self.token = secrets.token_urlsafe(32)
        self.address = f"{public_url}/?{TOKEN}={self.token}"
        """The address to open: the only one printed with the token."""
        self.cookie = f"atlantis-serve-{port}"
        """Cookies ignore ports: one name per port keeps two servers from mixing theirs."""

    def holds_token(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.guard)
        app.on_response_prepare.append(self.add_headers)
        return app

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse other sites' pages, requests without the token and sessions beyond the cap."""
        origin = request.headers.get(hdrs.ORIGIN)
        if origin is not None and origin_of(origin) != self.origin:
            return refusal(403, _("Refused: the pages of another site may not use this server."))
        in_query = self.holds_token(request.query.get(TOKEN))
        if not (in_query or self.holds_token(request.cookies.get(self.cookie))):
            message = _(
                "This address needs its token: open the whole address that "
                "atlantis serve printed, ?token=… included."
            )
            return refusal(403, message)
        route = request.match_info.route.name
        if route in ("index", "websocket") and self.sessions >= self.max_sessions:
            return self.full()
        if route == "websocket":
            self.sessions += 1
            try:
                return await handler(request)  # returns once the socket and its app have ended
            finally:
                self.sessions -= 1
        response = await handler(request)
        if in_query and not response.prepared:
            response.set_cookie(
                self.cookie,
                self.token,
                path="/",
                httponly=True,
                samesite="strict",
                secure=self.public_url.startswith("https:"),
            )
        return response

    def full(self) -> web.Response:
        """503, saying so; a page loads itself again after a while, to get the next free place."""
        message = ngettext(
            "The server is full: {count} tab is open, the most it serves at once. "
            "Close it, or wait: this page tries again every {seconds} seconds.",
            "The server is full: {count} tabs are open, the most it serves at once. "
            "Close one, or wait: this page tries again every {seconds} seconds.",
            self.max_sessions,
        ).format(count=self.max_sessions, seconds=RETRY_SECONDS)
        response = refusal(503, message)
        response.headers["Refresh"] = str(RETRY_SECONDS)
        response.headers[hdrs.RETRY_AFTER] = str(RETRY_SECONDS)
        return response

    async def add_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        """No page of another site may frame these pages, nor learn their address."""
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")

    async def on_startup(self, app: web.Application) -> None:
        """Print the address to open (in place of textual-serve's banner)."""
        print(_("Atlantis is served at {address}").format(address=self.address))
        advice = _(
            "Open it in a browser. Its token lets whoever has it play here: "
            "keep it to yourself. Ctrl+C stops the server."
        )
        print(advice, flush=True)

    def serve(self, debug: bool = False) -> None:
        """textual-serve's ``serve``, on the socket that already listens."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(number, self.request_exit)
        web.run_app(
            self._make_app(),
            sock=self.listening,
            handle_signals=False,
            loop=loop,
            print=None,
            access_log_class=AccessLog,
        )
