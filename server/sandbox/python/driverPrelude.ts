/**
 * The first half of the FIM One driver (driverSource.ts): its JSON output, the run's virtual clock
 * and seed, the stand-in module under FIM One's names, the context, the refusals (processes,
 * sockets, ctypes, files outside the standard library) and per-call capture. Python text; no
 * backtick or dollar-brace may appear in it.
 */
export const DRIVER_PRELUDE_PY = String.raw`"""Hookwright's driver for one FIM One hook point in Python (runs in the process sandbox).

stdin: {"point", "hooks": [{"id", "name", "priority", "path"}], "context", "clock", "seed",
"timeoutMs", "failed": {id: {"type", "message", "name"}}}. It pins the clock and the random
sources, refuses processes, sockets, ctypes and files outside the standard library and the
project folder, loads each hook module, runs FIM One's registry rules (fim_one_hooks, the
stand-in) and writes JSON lines on the original stdout: {"type": "start"} before each hook,
{"type": "call"} after it, {"type": "end"} with the combined result at the end.
"""

import ast
import asyncio
import datetime as _dt
import inspect
import io
import json
import os
import random
import signal
import sys
import time
import traceback
import types

_real_perf = time.perf_counter
_real_monotonic = time.monotonic
_real_localtime = time.localtime
_real_gmtime = time.gmtime
_real_strftime = time.strftime
_real_ctime = time.ctime
_real_asleep = asyncio.sleep

LIB = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.getcwd()
MAX_OUTPUT = 64 * 1024
MAX_VALUES = 10000

_proto = os.fdopen(os.dup(1), "w", encoding="utf-8")
_devnull = os.open(os.devnull, os.O_WRONLY)
os.dup2(_devnull, 1)


def _emit_raw(line):
    _proto.write(line + "\n")
    _proto.flush()


def _dumps(value):
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=_jsonable, allow_nan=False)
    except ValueError:
        return json.dumps(_finite(value), ensure_ascii=False, separators=(",", ":"), default=_jsonable)


def _finite(value):
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def _jsonable(value):
    import dataclasses
    import enum

    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, (set, frozenset)):
        return list(value)
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value.isoformat()
    return repr(value)


request = json.loads(sys.stdin.buffer.read().decode("utf-8"))
POINT = request["point"]
BUDGET_MS = max(1, int(request.get("timeoutMs") or 1000))
FAILED = request.get("failed") or {}

# ---- determinism: the run's virtual clock (ms), the run's seed --------------------------------

_clock = {"t": int(request["clock"]), "start": int(request["clock"]), "call": int(request["clock"])}
_rec = {"clock": None, "random": None}
_state = {"in_user": False}


class _HookTimeout(BaseException):
    pass


def _read_ms():
    t = _clock["t"]
    _clock["t"] = t + 1
    values = _rec["clock"]
    if values is not None and len(values) < MAX_VALUES:
        values.append(t)
    return t


def _mono():
    return (_read_ms() - _clock["start"]) / 1000.0 + 1.0


def _virtual_sleep(seconds):
    ms = max(0, int(round(float(seconds) * 1000)))
    if _state["in_user"] and _clock["t"] + ms - _clock["call"] > BUDGET_MS:
        _clock["t"] = _clock["call"] + BUDGET_MS
        raise _HookTimeout("sleep(%s) runs past the hook's time limit on the run's virtual clock" % (seconds,))
    _clock["t"] += ms


async def _virtual_asleep(delay, result=None):
    _virtual_sleep(delay)
    return await _real_asleep(0, result)


time.time = lambda: _read_ms() / 1000.0
time.time_ns = lambda: _read_ms() * 1000000
time.monotonic = _mono
time.perf_counter = _mono
time.monotonic_ns = lambda: int(_mono() * 1e9)
time.perf_counter_ns = lambda: int(_mono() * 1e9)
time.localtime = lambda secs=None: _real_localtime(_read_ms() / 1000.0 if secs is None else secs)
time.gmtime = lambda secs=None: _real_gmtime(_read_ms() / 1000.0 if secs is None else secs)
time.ctime = lambda secs=None: _real_ctime(_read_ms() / 1000.0 if secs is None else secs)
time.strftime = lambda fmt, t=None: _real_strftime(fmt, _real_localtime(_read_ms() / 1000.0) if t is None else t)
time.asctime = lambda t=None: time.strftime("%a %b %d %H:%M:%S %Y", t)
time.sleep = _virtual_sleep
asyncio.sleep = _virtual_asleep
asyncio.tasks.sleep = _virtual_asleep


class _PinnedDateTime(_dt.datetime):
    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_read_ms() / 1000.0, tz)

    @classmethod
    def utcnow(cls):
        return cls.fromtimestamp(_read_ms() / 1000.0, _dt.timezone.utc).replace(tzinfo=None)

    @classmethod
    def today(cls):
        return cls.now()


class _PinnedDate(_dt.date):
    @classmethod
    def today(cls):
        return cls.fromtimestamp(_read_ms() / 1000.0)


_PinnedDateTime.__name__ = _PinnedDateTime.__qualname__ = "datetime"
_PinnedDate.__name__ = _PinnedDate.__qualname__ = "date"
_PinnedDateTime.__module__ = _PinnedDate.__module__ = "datetime"
_dt.datetime = _PinnedDateTime
_dt.date = _PinnedDate

SEED = int(request.get("seed") or 0)
random.seed(SEED)
_draw = random._inst.random


def _recorded_random():
    value = _draw()
    values = _rec["random"]
    if values is not None and len(values) < MAX_VALUES:
        values.append(value)
    return value


random.random = _recorded_random
_bytes_source = random.Random(SEED ^ 0x9E3779B9)


def _urandom(n):
    return _bytes_source.randbytes(int(n))


os.urandom = _urandom
random._urandom = _urandom

# ---- the stand-in, under its own name and FIM One's module paths -------------------------------

sys.path.insert(0, LIB)
import fim_one_hooks as fh  # noqa: E402

for _alias in ("fim_one", "fim_one.core", "fim_one.core.agent", "fim_one.core.agent.hooks", "fim_one.core.hooks", "fim_one.core.hooks.base"):
    sys.modules[_alias] = fh

_POINTS = {"PreToolUse": fh.HookPoint.PRE_TOOL_USE, "PostToolUse": fh.HookPoint.POST_TOOL_USE, "SessionStart": fh.HookPoint.SESSION_START}
POINT_ENUM = _POINTS[POINT]
_RUN = {"PreToolUse": "run_pre_tool", "PostToolUse": "run_post_tool", "SessionStart": "run_session_start"}[POINT]
_BASES = {fh.HookPoint.PRE_TOOL_USE: "PreToolUse", fh.HookPoint.POST_TOOL_USE: "PostToolUse", fh.HookPoint.SESSION_START: "SessionStart"}

# ---- the context as the TypeScript side has it: {"ctx": {...}} ---------------------------------

CONTEXT_IN = request["context"]
CTX_IN = CONTEXT_IN.get("ctx") if isinstance(CONTEXT_IN.get("ctx"), dict) else {}
_FIELDS = ("hook_point", "tool_name", "tool_args", "tool_result", "agent_id", "user_id", "conversation_id", "metadata")
_INPUT_KEYS = list(CTX_IN.keys())
_POINT_TEXT = CTX_IN.get("hook_point", POINT)


def _make_context():
    values = {k: CTX_IN[k] for k in _FIELDS if k in CTX_IN and k != "hook_point"}
    context = fh.HookContext(hook_point=POINT_ENUM, **values)
    for key, value in CTX_IN.items():
        if key not in _FIELDS:
            setattr(context, key, value)
    return context


def _ctx_json(context):
    attrs = vars(context)
    out = {}
    for key in _INPUT_KEYS + [k for k in attrs if k not in _INPUT_KEYS]:
        if key not in attrs:
            continue
        value = attrs[key]
        if key == "hook_point":
            value = _POINT_TEXT if value is POINT_ENUM else value
        elif key not in _INPUT_KEYS and key in _FIELDS and value is None:
            continue
        out[key] = value
    whole = dict(CONTEXT_IN)
    whole["ctx"] = out
    return _dumps(whole)


# ---- refusals: no processes, no network, no ctypes, no files beyond the stdlib and the project --

_PROCESS_EVENTS = {"os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "subprocess.Popen", "pty.spawn", "os.kill", "os.killpg"}
_NETWORK_EVENTS = {"socket.__new__", "socket.connect", "socket.bind", "socket.sendto", "socket.sendmsg", "socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr", "socket.getnameinfo"}
_STDLIB = os.path.dirname(os.__file__) + "/"
_OPEN_OK = ("/usr/", "/lib/", "/lib64/", "/tmp/", PROJECT + "/", LIB + "/", _STDLIB, sys.base_prefix + "/lib/", "/dev/null", "/dev/urandom", "/dev/random", "/proc/self/")


def _audit(event, args):
    if event in _PROCESS_EVENTS:
        raise PermissionError("Hookwright: a hook may not start or signal processes (%s): FIM One hooks run in the agent's process" % event)
    if event in _NETWORK_EVENTS:
        raise PermissionError("Hookwright: a hook has no network (%s)" % event)
    if event == "import" and args and str(args[0]).split(".")[0] in ("ctypes", "_ctypes"):
        raise ImportError("Hookwright: %s is not available to hooks (the standard library without ctypes)" % args[0])
    if event.startswith("ctypes."):
        raise PermissionError("Hookwright: ctypes is not available to hooks")
    if event == "open" and args:
        path = args[0]
        if isinstance(path, int):
            return
        if isinstance(path, bytes):
            path = path.decode("utf-8", "replace")
        path = str(path)
        if not path.startswith("/"):
            path = os.path.normpath(os.path.join(PROJECT, path))
        else:
            path = os.path.normpath(path)
        if not (path + "/").startswith(_OPEN_OK) and not path.startswith(_OPEN_OK):
            raise PermissionError("Hookwright: a hook may not open %s (hooks read the standard library, their context and /tmp)" % path)


# ---- per-call capture, time limit and records -------------------------------------------------


class _Capture(io.TextIOBase):
    def __init__(self):
        self.parts = []
        self.size = 0
        self.cut = 0

    def writable(self):
        return True

    def write(self, text):
        text = str(text)
        room = MAX_OUTPUT - self.size
        if room > 0:
            self.parts.append(text[:room])
            self.size += min(room, len(text))
        if len(text) > room:
            self.cut += len(text) - max(room, 0)
        return len(text)

    def value(self):
        out = "".join(self.parts)
        if self.cut:
            out += "\n... (%d more characters cut: a hook call keeps %d KB of output)" % (self.cut, MAX_OUTPUT // 1024)
        return out


def _on_alarm(signum, frame):
    if _state["in_user"]:
        raise _HookTimeout("timed out after %d ms" % BUDGET_MS)


signal.signal(signal.SIGALRM, _on_alarm)


class _UserCode:
    """Around the user's code: the time limit, captured output, the clock and random records."""

    def __init__(self, call):
        self.call = call

    def __enter__(self):
        self.out, self.err = _Capture(), _Capture()
        self.saved = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = self.out, self.err
        _rec["clock"], _rec["random"] = self.call["clock"], self.call["random"]
        _clock["call"] = _clock["t"]
        self.started = _real_perf()
        _state["in_user"] = True
        signal.setitimer(signal.ITIMER_REAL, BUDGET_MS / 1000.0, 0.05)
        return self

    def __exit__(self, *exc):
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        _state["in_user"] = False
        self.call["duration_ms"] += (_real_perf() - self.started) * 1000.0
        sys.stdout, sys.stderr = self.saved
        _rec["clock"] = _rec["random"] = None
        self.call["stdout"] += self.out.value()
        self.call["stderr"] += self.err.value()
        return False


def _new_call(hook):
    return {"id": hook["id"], "name": hook["name"], "triggered": True, "result": None, "exception": None, "stdout": "", "stderr": "", "duration_ms": 0.0, "clock": [], "random": [], "warnings": []}


def _describe(exc, rel, kind=None):
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == rel]
    line = column = None
    if isinstance(exc, SyntaxError) and exc.filename == rel:
        line, column = exc.lineno, exc.offset or 1
    elif frames:
        line = frames[-1].lineno
        column = (frames[-1].colno + 1) if getattr(frames[-1], "colno", None) is not None else 1
    if isinstance(exc, _HookTimeout):
        name, message, kind = "TimeoutError", str(exc) or ("timed out after %d ms" % BUDGET_MS), "timeout"
    else:
        name, message = type(exc).__name__, str(exc)
        if kind is None:
            kind = "memory" if isinstance(exc, MemoryError) else "threw"
    text = "Traceback (most recent call last):\n" + "".join(traceback.format_list(frames)) if frames else ""
    text += "".join(traceback.format_exception_only(type(exc), exc)) if not isinstance(exc, _HookTimeout) else "TimeoutError: " + message + "\n"
    full = name + ": " + message if message else name
    if kind == "timeout":
        full = message
    return {"type": name, "kind": kind, "message": full, "line": line, "column": column, "traceback": text}


`;
