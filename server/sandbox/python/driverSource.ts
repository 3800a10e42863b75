/**
 * The Python driver run in the process sandbox for one firing of a FIM One hook point: pins the
 * clock and the random sources, refuses processes, sockets, ctypes and files outside the standard
 * library, loads each hook module, runs the registry of \`fim_one_hooks\` and reports each call and
 * the combined result as JSON lines (server/sandbox/python/protocol.ts reads them). Kept as a
 * string for the same reason as fimOneHooksSource.ts. No backtick or dollar-brace may appear in it.
 */
import { DRIVER_PRELUDE_PY } from "./driverPrelude";

/** The whole driver: the prelude (driverPrelude.ts), then loading the hooks and running the point. */
export const DRIVER_PY = DRIVER_PRELUDE_PY + String.raw`# ---- loading a hook module ------------------------------------------------------------------


class _HookwrightError(Exception):
    pass


def _explicit(obj, attr, base):
    if attr in getattr(obj, "__dict__", {}):
        return True
    for klass in type(obj).__mro__:
        if klass is base or klass.__module__ == "fim_one_hooks":
            return False
        if attr in klass.__dict__:
            return True
    return False


def _find_hook(module, rel):
    own = [v for v in vars(module).values() if isinstance(v, type) and v.__module__ == module.__name__ and callable(getattr(v, "execute", None)) and not inspect.isabstract(v)]
    based = [c for c in own if issubclass(c, (fh.Hook, fh._ClassHook))]
    classes = based or own
    if len(classes) > 1:
        raise _HookwrightError("%s defines %d hook classes (%s); a hook module defines one (import the others as separate hooks)" % (rel, len(classes), ", ".join(c.__name__ for c in classes)))
    if classes:
        return classes[0]()
    objects = [v for k, v in vars(module).items() if not k.startswith("_") and not isinstance(v, (type, types.ModuleType)) and (isinstance(v, fh.Hook) or callable(getattr(v, "execute", None)))]
    if len(objects) > 1:
        raise _HookwrightError("%s defines %d hook objects; a hook module defines one" % (rel, len(objects)))
    if objects:
        return objects[0]
    raise _HookwrightError("%s defines no hook: define a class that subclasses PreToolUseHook, PostToolUseHook or SessionStartHook (name, priority, should_trigger, async execute)" % rel)


def _load(hook, call):
    rel = hook["path"]
    with open(os.path.join(PROJECT, rel), encoding="utf-8") as f:
        source = f.read()
    if sys.version_info[:2] > (3, 11):
        try:
            ast.parse(source, filename=rel, feature_version=(3, 11))
        except SyntaxError as exc:
            call["warnings"].append("line %s uses syntax newer than Python 3.11 (%s); FIM One supports 3.11+, so this hook may not load there (Hookwright runs Python %d.%d)" % (exc.lineno, exc.msg, sys.version_info[0], sys.version_info[1]))
    code = compile(source, rel, "exec", dont_inherit=True)
    module = types.ModuleType("hooks." + hook["id"].replace("-", "_"))
    module.__file__ = rel
    sys.modules[module.__name__] = module
    with _UserCode(call):
        exec(code, module.__dict__)
        obj = _find_hook(module, rel)
    return obj


def _result_json(result, triggered):
    if not triggered:
        return {"shouldTrigger": False}
    if result is None:
        return None
    if isinstance(result, fh.HookResult):
        out = {"allow": result.allow, "error": result.error, "modified_args": result.modified_args, "modified_result": result.modified_result, "side_effects": result.side_effects}
        ask = result.request_approval
        if ask is not None:
            out["requestApproval"] = _approval_json(ask)
        return json.loads(_dumps(out))
    return json.loads(_dumps(result))


def _approval_json(ask):
    get = ask.get if isinstance(ask, dict) else (lambda k, d=None: getattr(ask, k, d))
    seconds = get("timeout_seconds")
    out = {"title": get("title"), "description": get("description")}
    if isinstance(seconds, (int, float)) and seconds > 0:
        out["timeoutMs"] = int(seconds * 1000)
    return out


# ---- the point ------------------------------------------------------------------------------


def main():
    context = _make_context()
    calls = {}
    order = []
    registered = []
    last = {"state": _ctx_json(context)}
    events = {"blocker": None, "called": []}

    for hook in request["hooks"]:
        call = _new_call(hook)
        calls[hook["id"]] = call
        entry = {"hook": hook, "obj": None, "error": None}
        preset = FAILED.get(hook["id"])
        if preset is not None:
            call["name"] = preset.get("name") or hook["name"]
            entry["error"] = {"type": "TimeoutError", "kind": preset.get("kind", "timeout"), "message": preset["message"], "line": None, "column": None, "traceback": ""}
        else:
            try:
                entry["obj"] = _load(hook, call)
            except (Exception, _HookTimeout) as exc:
                entry["error"] = _describe(exc, hook["path"])
        obj = entry["obj"]
        name = getattr(obj, "name", None) if obj is not None else None
        if isinstance(name, str) and name and name != "unnamed_hook":
            call["name"] = name
        if obj is not None:
            own = getattr(obj, "priority", None)
            if isinstance(own, (int, float)) and not isinstance(own, bool) and own != hook["priority"] and _explicit(obj, "priority", fh._ClassHook):
                call["warnings"].append("the class's priority is %s, the hook row's %s: Hookwright orders by the row, FIM One by the class; keep them equal" % (own, hook["priority"]))
            point = getattr(obj, "hook_point", None)
            if isinstance(point, fh.HookPoint) and point is not POINT_ENUM and _explicit(obj, "hook_point", fh.Hook) is not None and isinstance(obj, fh._ClassHook):
                call["warnings"].append("this is a %s hook class, on %s here: FIM One would register it on %s" % (_BASES[point], POINT, _BASES[point]))
        tool_filter = getattr(obj, "tool_filter", None) if obj is not None else None
        registry_hook = fh.Hook(name=call["name"], hook_point=POINT_ENUM, handler=_adapter(entry, call, last, events), priority=hook["priority"], tool_filter=tool_filter if isinstance(tool_filter, str) else None)
        registry_hook._hookwright_id = hook["id"]
        registered.append(registry_hook)

    registry = fh.HookRegistry()
    for each in registered:
        registry.register(each)

    runner = asyncio.Runner(loop_factory=_Loop)
    runner.get_loop()
    sys.addaudithook(_audit)
    point_error = None
    combined = None
    try:
        combined = runner.run(getattr(registry, _RUN)(context))
    except BaseException as exc:  # the registry raised (a result that is not a HookResult, a BaseException)
        culprit = events["called"][-1] if events["called"] else None
        point_error = _point_error(exc, culprit, calls)

    # Hooks the registry passed over for their tool_filter (not after a block) are shown as skipped.
    ran = set(events["called"])
    for hook in registry.list_hooks(POINT_ENUM):
        hid = hook._hookwright_id
        if hid in ran:
            order.append(hid)
            continue
        if events["blocker"] is not None or point_error is not None:
            if not _before(registry, hook, events):
                continue
        call = calls[hid]
        call["triggered"] = False
        call["result"] = {"shouldTrigger": False, "tool_filter": hook.tool_filter}
        call["warnings"].append("tool_filter %r does not match tool %r: the registry skipped this hook" % (hook.tool_filter, context.tool_name))
        _emit_call(call, None, None)
        order.append(hid)
    order.sort(key=lambda i: [h._hookwright_id for h in registry.list_hooks(POINT_ENUM)].index(i))

    final = _ctx_json(context)
    out = {"type": "end", "order": order, "clock": _clock["t"], "pointError": point_error, "combined": None}
    if point_error is None and combined is not None:
        out["combined"] = _combined_json(combined, events, calls)
    text = _dumps(out)[:-1] + ',"context":' + (final if final != last["state"] else "null") + "}"
    _emit_raw(text)


def _before(registry, hook, events):
    ids = [h._hookwright_id for h in registry.list_hooks(POINT_ENUM)]
    stop = events["called"][-1] if events["called"] else None
    return stop is not None and ids.index(hook._hookwright_id) < ids.index(stop)


def _point_error(exc, culprit, calls):
    who = "hook %s" % culprit if culprit else "the registry"
    text = "%s: %s" % (type(exc).__name__, exc)
    call = calls.get(culprit) if culprit else None
    returned = call["result"] if call else None
    if isinstance(exc, AttributeError) and call is not None and call.get("returned_none"):
        why = "the hook returned nothing; return a HookResult ('return HookResult()' allows and changes nothing). FIM One's runner raises here (%s)" % text
    elif isinstance(exc, (AttributeError, TypeError)) and call is not None and call["exception"] is None:
        why = "the hook's answer is not a HookResult FIM One's runner can read (%s)" % text
        if returned is not None and isinstance(returned, dict) and "side_effects" in returned and not isinstance(returned.get("side_effects"), list):
            why = "side_effects must be a list of strings (FIM One's runner raises here: %s)" % text
    else:
        why = "%s, which FIM One's registry does not catch: the point fails" % text
    return "[hooks] %s %s: %s" % (POINT, who, why)


def _combined_json(combined, events, calls):
    approval = None
    if POINT == "PreToolUse":
        for hid in events["called"]:
            if hid == events["blocker"]:
                break
            ask = calls[hid]["result"].get("requestApproval") if isinstance(calls[hid]["result"], dict) else None
            if ask is not None and calls[hid]["exception"] is None:
                approval = {"hookId": hid, "title": ask.get("title") if isinstance(ask.get("title"), str) else None, "description": ask.get("description") if isinstance(ask.get("description"), str) else None, "timeoutMs": ask.get("timeoutMs")}
                break
    out = {
        "allow": bool(combined.allow),
        "error": combined.error,
        "modified_args": combined.modified_args,
        "modified_result": combined.modified_result,
        "side_effects": [str(s) for s in combined.side_effects],
        "blockedBy": events["blocker"] if not combined.allow else None,
        "approval": approval,
    }
    return json.loads(_dumps(out))


def _emit_call(call, before, after):
    meta = {k: v for k, v in call.items() if k != "returned_none"}
    meta["type"] = "call"
    text = _dumps(meta)[:-1] + ',"ctx_before":' + (before or "null") + ',"ctx_after":' + (after or "null") + "}"
    _emit_raw(text)


def _restore(context, saved, before_text):
    """A hook that failed changes nothing: its in-place edits are undone, keeping each field's object."""
    before = json.loads(before_text)["ctx"]
    for key in list(vars(context)):
        if key not in saved:
            delattr(context, key)
    for key, original in saved.items():
        value = before.get(key, original) if key != "hook_point" else original
        if isinstance(original, dict) and isinstance(value, dict):
            original.clear()
            original.update(value)
            value = original
        elif isinstance(original, list) and isinstance(value, list):
            original[:] = value
            value = original
        elif key not in before:
            value = original
        setattr(context, key, value)


class _Failed(Exception):
    pass


def _adapter(entry, call, last, events):
    hook = entry["hook"]

    async def handler(context):
        hid = hook["id"]
        events["called"].append(hid)
        _emit_raw(_dumps({"type": "start", "id": hid, "name": call["name"]}))
        before = _ctx_json(context)
        saved = dict(vars(context))
        obj = entry["obj"]
        result = None
        if entry["error"] is not None:
            call["exception"] = entry["error"]
            _emit_call(call, before if before != last["state"] else None, None)
            last["state"] = before
            raise _Failed(call["exception"]["message"])
        try:
            with _UserCode(call):
                trigger = getattr(obj, "should_trigger", None)
                if callable(trigger) and not trigger(context):
                    call["triggered"] = False
                    result = fh.HookResult()
                else:
                    if isinstance(obj, fh.Hook) and type(obj).execute is fh.Hook.execute:
                        result = obj.handler(context)
                    else:
                        result = obj.execute(context)
                    if inspect.isawaitable(result):
                        result = await result
        except BaseException as exc:
            if isinstance(exc, (SystemExit, KeyboardInterrupt, GeneratorExit)):
                call["exception"] = _describe(exc, hook["path"])
                _restore(context, saved, before)
                _emit_call(call, before if before != last["state"] else None, None)
                last["state"] = before
                raise
            if isinstance(exc, asyncio.CancelledError):
                raise
            call["exception"] = _describe(exc, hook["path"])
            _restore(context, saved, before)
            _emit_call(call, before if before != last["state"] else None, None)
            last["state"] = before
            raise _Failed(call["exception"]["message"]) from None
        call["returned_none"] = result is None
        try:
            call["result"] = _result_json(result, call["triggered"])
        except Exception as exc:  # noqa: BLE001 - a result that cannot be shown still reaches the registry
            call["result"] = None
            call["warnings"].append("the hook's result could not be shown as JSON: %s" % exc)
        after = _ctx_json(context)
        if POINT == "PreToolUse" and isinstance(result, fh.HookResult) and not result.allow:
            events["blocker"] = hid
        _emit_call(call, before if before != last["state"] else None, after if after != before else None)
        last["state"] = after
        return result

    handler.__name__ = "hookwright_" + hook["id"]
    return handler


class _Loop(asyncio.SelectorEventLoop):
    def time(self):
        return _real_monotonic()



try:
    main()
except BaseException as exc:  # noqa: BLE001 - the driver itself failed: say so on the protocol
    _emit_raw(_dumps({"type": "fatal", "message": "%s: %s" % (type(exc).__name__, exc), "traceback": traceback.format_exc()}))
    _proto.flush()
    os._exit(1)
_proto.flush()
os._exit(0)
`;
