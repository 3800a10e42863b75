import type { Json, JsonObject } from "../../json";

/**
 * deputy's `Permissions$check()` (D:R/permissions.R:470-569, 848-1140), which runs before any
 * PreToolUse hook: a call it denies is rejected with its reason and PreToolUse never fires.
 * Modelled: the deny/allow lists, the four modes, and the per-capability checks with the
 * default `permissions_standard()` policy (bash off, web off, installs off). Not modelled: a
 * `can_use_tool` callback, and file_write's directory restriction (file_write is on or off).
 */

export const PERMISSION_MODES = ["standard", "plan", "readonly", "full"] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

export interface DeputyPermissions {
  mode: PermissionMode;
  file_read: boolean;
  file_write: boolean;
  bash: boolean;
  r_code: boolean;
  web: boolean;
  install_packages: boolean;
  tool_allowlist: string[] | null;
  tool_denylist: string[] | null;
}

/** `Permissions$new()` defaults, which `permissions_standard()` keeps (D:R/permissions.R:397-409, 1195-1205). */
export const DEFAULT_PERMISSIONS: DeputyPermissions = {
  mode: "standard",
  file_read: true,
  file_write: true,
  bash: false,
  r_code: true,
  web: false,
  install_packages: false,
  tool_allowlist: null,
  tool_denylist: null,
};

/** ellmer's tool annotations as the permission check reads them. */
export interface ToolAnnotations {
  read_only_hint?: boolean;
  destructive_hint?: boolean;
  open_world_hint?: boolean;
}

export type PermissionOutcome = { allow: true } | { allow: false; reason: string };

/** normalize_native_tool_id (D:R/permissions.R:1262-1269): lower case, runs of other characters as `_`. */
export function normalizeToolId(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
}

const FILE_READ_TOOLS = ["read_file", "read_markdown", "read_csv", "list_files", "glob_files", "grep_files"];
const WRITE_TOOLS = ["write_file", "edit_file", "multi_edit", "run_bash", "run_r_code", "install_package"];
const WEB_TOOLS = ["web_search", "web_fetch"];

const inList = (tool: string, list: readonly string[] | null) => list !== null && list.map(normalizeToolId).includes(normalizeToolId(tool));
const deny = (reason: string): PermissionOutcome => ({ allow: false, reason });
const ALLOW: PermissionOutcome = { allow: true };

function toolSpecific(p: DeputyPermissions, tool: string, annotations: ToolAnnotations | null): PermissionOutcome {
  const id = normalizeToolId(tool);
  if (FILE_READ_TOOLS.includes(id)) return p.file_read ? ALLOW : deny("File reading is not allowed");
  if (["write_file", "edit_file", "multi_edit"].includes(id)) return p.file_write ? ALLOW : deny("File writing is not allowed");
  if (id === "run_bash") return p.bash ? ALLOW : deny("Bash command execution is not allowed");
  if (id === "run_r_code") return p.r_code ? ALLOW : deny("R code execution is not allowed");
  if (WEB_TOOLS.includes(id)) return p.web ? ALLOW : deny("Web access is not allowed");
  if (id === "install_package") return p.install_packages ? ALLOW : deny("Package installation is not allowed");
  if (annotations) {
    if (annotations.destructive_hint === true && !p.file_write && !p.bash) return deny("Tool is marked as destructive and write operations are disabled");
    if (annotations.open_world_hint === true && !p.web) return deny("Tool can access external resources but web access is disabled");
  }
  return ALLOW;
}

function readonlyMode(p: DeputyPermissions, tool: string, annotations: ToolAnnotations | null): PermissionOutcome {
  const id = normalizeToolId(tool);
  if (WRITE_TOOLS.includes(id)) return deny("Permission denied: readonly mode active");
  if (annotations?.destructive_hint === true) return deny("Permission denied: tool is destructive and readonly mode is active");
  if (annotations?.open_world_hint === true && !p.web) return deny("Permission denied: tool can access external resources and web access is disabled");
  if (FILE_READ_TOOLS.includes(id)) return p.file_read ? ALLOW : deny("File reading is not allowed");
  if (WEB_TOOLS.includes(id)) return p.web ? ALLOW : deny("Web access is not allowed in readonly mode");
  if (inList(tool, p.tool_allowlist)) return ALLOW;
  return deny("Permission denied: readonly mode requires a known read tool or an explicit tool allowlist entry");
}

function planMode(p: DeputyPermissions, tool: string, annotations: ToolAnnotations | null): PermissionOutcome | null {
  if (WRITE_TOOLS.includes(normalizeToolId(tool))) return deny(`Plan mode does not allow write or execute tools: ${tool}`);
  if (FILE_READ_TOOLS.includes(normalizeToolId(tool)) && !p.file_read) return deny("File reading is not allowed");
  if (annotations === null) return deny(`Plan mode only allows annotated read-only tools. ${tool} has no annotations.`);
  if (annotations.destructive_hint === true) return deny(`Plan mode does not allow destructive tools: ${tool}`);
  return null;
}

/**
 * What deputy's permission check says of a call to `tool`, before any hook.
 *
 * @example checkPermission(DEFAULT_PERMISSIONS, "run_bash", null) // { allow: false, reason: "Bash command execution is not allowed" }
 */
export function checkPermission(p: DeputyPermissions, tool: string, annotations: ToolAnnotations | null): PermissionOutcome {
  if (inList(tool, p.tool_denylist)) return deny(`Tool not allowed by denylist: ${tool}`);
  if (p.tool_allowlist !== null && !inList(tool, p.tool_allowlist)) return deny(`Tool not in allowlist: ${tool}`);
  if (p.mode === "full") return ALLOW;
  if (p.mode === "readonly") return readonlyMode(p, tool, annotations);
  if (p.mode === "plan") {
    const planned = planMode(p, tool, annotations);
    if (planned) return planned;
  }
  return toolSpecific(p, tool, annotations);
}

const isObject = (v: Json | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const bool = (v: Json | undefined, fallback: boolean) => (typeof v === "boolean" ? v : fallback);
const names = (v: Json | undefined): string[] | null => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : null);

/**
 * The scenario's permissions: `hostContext.permission_mode` (standard, plan, readonly, full) and
 * `hostContext.permissions` (bash, web, file_write, … and tool_allowlist / tool_denylist) over
 * deputy's defaults.
 */
export function permissionsOf(hostContext: JsonObject | undefined): DeputyPermissions {
  const h = hostContext ?? {};
  const given = isObject(h.permissions) ? h.permissions : {};
  const modeValue = h.permission_mode ?? given.mode;
  const mode = (PERMISSION_MODES as readonly Json[]).includes(modeValue ?? null) ? (modeValue as PermissionMode) : "standard";
  const d = DEFAULT_PERMISSIONS;
  return {
    mode,
    file_read: bool(given.file_read, d.file_read),
    file_write: bool(given.file_write, d.file_write),
    bash: bool(given.bash, d.bash),
    r_code: bool(given.r_code, d.r_code),
    web: bool(given.web, d.web),
    install_packages: bool(given.install_packages, d.install_packages),
    tool_allowlist: names(given.tool_allowlist),
    tool_denylist: names(given.tool_denylist),
  };
}

/** The scenario's annotations of `tool` (`hostContext.tool_annotations[tool]`), or null. */
export function annotationsOf(hostContext: JsonObject | undefined, tool: string): ToolAnnotations | null {
  const all = hostContext?.tool_annotations;
  const own = isObject(all) ? all[tool] : undefined;
  if (!isObject(own)) return null;
  const out: ToolAnnotations = {};
  for (const key of ["read_only_hint", "destructive_hint", "open_world_hint"] as const) if (typeof own[key] === "boolean") out[key] = own[key];
  return out;
}
