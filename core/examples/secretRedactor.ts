import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

/** A message_sending hook that cancels delivery of a reply carrying a secret (seed 003 "Message hooks"). */
export const secretRedactor: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Secret redactor",
  description:
    "OpenClaw: a message_sending hook cancels delivery when the reply carries an API key; a lower-priority hook that would rewrite the reply never runs (cancel is final), and message_sent does not fire.",
  profile: "openclaw",
  hooks: [
    {
      id: "secret-guard",
      point: "message_sending",
      name: "secret-guard",
      enabled: true,
      priority: 100,
      code: [
        'import type { PluginHookMessageContext, PluginHookMessageSendingEvent, PluginHookMessageSendingResult } from "openclaw/plugin-sdk/plugin-entry";',
        'import { findSecret } from "../src/secrets";',
        "",
        "export default async (event: PluginHookMessageSendingEvent, ctx: PluginHookMessageContext): Promise<PluginHookMessageSendingResult | void> => {",
        "  const secret = findSecret(event.content);",
        "  if (!secret) return;",
        "  return { cancel: true, cancelReason: `reply contains a ${secret}` };",
        "};",
        "",
      ].join("\n"),
    },
    {
      id: "signature",
      point: "message_sending",
      name: "signature",
      enabled: true,
      priority: 0,
      code: [
        'import type { PluginHookMessageContext, PluginHookMessageSendingEvent, PluginHookMessageSendingResult } from "openclaw/plugin-sdk/plugin-entry";',
        "",
        "export default async (event: PluginHookMessageSendingEvent, ctx: PluginHookMessageContext): Promise<PluginHookMessageSendingResult | void> => {",
        '  return { content: `${event.content}\\n\\n— sent by the support bot` };',
        "};",
        "",
      ].join("\n"),
    },
    {
      id: "delivery-log",
      point: "message_sent",
      name: "delivery-log",
      enabled: true,
      code: [
        'import type { PluginHookMessageContext, PluginHookMessageSentEvent } from "openclaw/plugin-sdk/plugin-entry";',
        "",
        "export default async (event: PluginHookMessageSentEvent, ctx: PluginHookMessageContext): Promise<void> => {",
        "  console.log(`delivered to ${event.to}: ${event.content.length} characters`);",
        "};",
        "",
      ].join("\n"),
    },
  ],
  modules: [
    {
      path: "src/secrets.ts",
      code: [
        "const PATTERNS: [string, RegExp][] = [",
        '  ["API key", /\\bsk-[A-Za-z0-9_-]{16,}\\b/],',
        '  ["AWS access key", /\\bAKIA[0-9A-Z]{16}\\b/],',
        '  ["private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/],',
        "];",
        "",
        "/** The kind of secret `text` carries, or null. */",
        "export function findSecret(text: string): string | null {",
        "  for (const [kind, pattern] of PATTERNS) if (pattern.test(text)) return kind;",
        "  return null;",
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "reply leaks a key",
      description: "The model pastes an API key into its reply; delivery is cancelled.",
      system: "You are a support assistant.",
      prompt: "How do I call the billing API?",
      model: {
        kind: "scripted",
        responses: [{ content: [{ type: "text", text: "Use this key: sk-live-4f9a8b7c6d5e4f3a2b1c. Send it as a Bearer token." }], stopReason: "end_turn" }],
      },
      expectations: [
        { kind: "hookDecision", hookId: "secret-guard", decision: "cancel", occurrence: 1, label: "delivery is cancelled" },
        { kind: "hookFired", hookId: "signature", fired: false, label: "lower priorities do not run after a cancel" },
        { kind: "hookFired", hookId: "delivery-log", fired: false, label: "message_sent does not fire" },
        { kind: "context", point: "message_sending", path: "/event/content", op: "contains", value: "sk-live-", label: "the reply held the key" },
        { kind: "noHookFailed" },
      ],
    },
    {
      name: "clean reply",
      description: "A reply without secrets is delivered with the signature.",
      system: "You are a support assistant.",
      prompt: "How do I call the billing API?",
      model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "Send your key as a Bearer token to /v1/billing." }], stopReason: "end_turn" }] },
      expectations: [
        { kind: "hookDecision", hookId: "signature", decision: "rewrite", occurrence: 1 },
        { kind: "context", point: "message_sent", path: "/event/content", op: "contains", value: "— sent by the support bot", label: "the delivered reply carries the signature" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
