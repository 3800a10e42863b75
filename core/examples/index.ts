import type { PipelineInput } from "../pipeline/schema";
import { auditLog } from "./auditLog";
import { beConcise } from "./beConcise";
import { claudeBashGate } from "./claudeBashGate";
import { claudeFormatterContext } from "./claudeFormatterContext";
import { claudeInputRace } from "./claudeInputRace";
import { claudeModsGuard } from "./claudeModsGuard";
import { claudeStopTests } from "./claudeStopTests";
import { codexShellGate } from "./codexShellGate";
import { dangerousCommandGate } from "./dangerousCommandGate";
import { deputyBashGate } from "./deputyBashGate";
import { deputyCallrTrap } from "./deputyCallrTrap";
import { deputyFirstNonNull } from "./deputyFirstNonNull";
import { fimConnectorHooks } from "./fimConnectorHooks";
import { fimPaymentApproval } from "./fimPaymentApproval";
import { fimReadOnlyGuard } from "./fimReadOnlyGuard";
import { promptContextPair } from "./promptContextPair";
import { retryEmptyReply } from "./retryEmptyReply";
import { secretRedactor } from "./secretRedactor";
import { truncateToolResults } from "./truncateToolResults";
import { webSearchApproval } from "./webSearchApproval";

/**
 * Example pipelines seeded into a new database and offered by "New from example".
 * Each has a scenario that makes its hooks visibly do their job (core/examples/examples.test.ts).
 */
export const examplePipelines: PipelineInput[] = [
  beConcise,
  truncateToolResults,
  retryEmptyReply,
  auditLog,
  dangerousCommandGate,
  webSearchApproval,
  promptContextPair,
  secretRedactor,
  claudeBashGate,
  claudeFormatterContext,
  claudeStopTests,
  claudeInputRace,
  fimReadOnlyGuard,
  fimPaymentApproval,
  fimConnectorHooks,
  deputyBashGate,
  deputyFirstNonNull,
  deputyCallrTrap,
  codexShellGate,
  claudeModsGuard,
];
