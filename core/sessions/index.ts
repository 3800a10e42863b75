export { createSessionImport, type SessionImportSummary, type SessionImportOptions, type SessionImportFinish } from "./importer";
export { createLineSplitter } from "./lineSplitter";
export { SessionImportError } from "./errors";
export { SECRET_PATTERNS, redactSecrets } from "./secrets";
export { sessionVerdicts, type SessionVerdicts, type SessionCallVerdict, type SessionVerdictKind } from "./verdicts";
export { SESSION_READERS, detectHost } from "./registry";
export { HOST_NAMES } from "./toScenario";
export type { SessionHost, SessionBranch, BadLine } from "./types";
