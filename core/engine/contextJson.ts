import type { Json, JsonObject } from "../json";
import type { ContentBlock, Message } from "../pipeline/schema";
import type { ToolResultBlock } from "./binding";

/**
 * Conversions between the loop's typed messages and hook contexts (JSON). Messages are JSON
 * by construction (parsed from pipeline files or read back from JSON contexts); zod types a
 * tool_use input as `Record<string, unknown>`, hence the casts here and nowhere else.
 * Reading back validates the shape, because a hook can store anything.
 */

export function messagesJson(messages: readonly Message[]): Json[] {
  return messages as unknown as Json[];
}

export function contentJson(content: readonly ContentBlock[]): Json[] {
  return content as unknown as Json[];
}

export function blockJson(block: ToolResultBlock): JsonObject {
  return block as unknown as JsonObject;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isTextBlock(value: Json | undefined): boolean {
  return isObject(value) && value.type === "text" && typeof value.text === "string";
}

function isBlock(value: Json | undefined): boolean {
  if (!isObject(value)) return false;
  switch (value.type) {
    case "text":
      return typeof value.text === "string";
    case "tool_use":
      return typeof value.id === "string" && typeof value.name === "string" && isObject(value.input);
    case "tool_result":
      return isToolResult(value);
    case "image":
      return isObject(value.source) && value.source.type === "base64" && typeof value.source.media_type === "string" && typeof value.source.data === "string";
    default:
      return false;
  }
}

function isToolResult(value: Json | undefined): boolean {
  if (!isObject(value) || value.type !== "tool_result" || typeof value.tool_use_id !== "string") return false;
  const c = value.content;
  const contentOk = typeof c === "string" || (Array.isArray(c) && c.every(isTextBlock));
  return contentOk && (value.is_error === undefined || typeof value.is_error === "boolean");
}

/** `value` as content blocks, or null when it is not a list of text/tool_use/tool_result blocks. */
export function readContent(value: Json | undefined): ContentBlock[] | null {
  return Array.isArray(value) && value.every(isBlock) ? (value as unknown as ContentBlock[]) : null;
}

/** `value` as messages, or null when it is not a list of {role, content} messages. */
export function readMessages(value: Json | undefined): Message[] | null {
  if (!Array.isArray(value)) return null;
  const ok = value.every((m) => isObject(m) && (m.role === "user" || m.role === "assistant") && readContent(m.content) !== null);
  return ok ? (value as unknown as Message[]) : null;
}

/** `value` as a tool_result block, or null. */
export function readToolResult(value: Json | undefined): ToolResultBlock | null {
  return isToolResult(value) ? (value as unknown as ToolResultBlock) : null;
}

/** A tool result's content as plain text (what the trace and void hooks see). */
export function resultText(block: ToolResultBlock): string {
  return typeof block.content === "string" ? block.content : block.content.map((b) => b.text).join("");
}
