"use client";

import type { HookPointSpec, Profile } from "~/core/profiles";
import { useDesignerDoc } from "./useDesignerDoc";
import { useHookCommands } from "./useHookCommands";
import styles from "./hookPanel.module.css";

/**
 * The host's plugin settings that decide whether hooks on this point run at all (OpenClaw
 * allowConversationAccess / allowPromptInjection), from the profile's data. Shown only on the
 * points a setting gates, with the host's default named.
 */
export function HostSettings({ profile, point }: { profile: Profile; point: HookPointSpec }) {
  const doc = useDesignerDoc();
  const commands = useHookCommands();
  const settings = (profile.settings ?? []).filter((s) => s.points.includes(point.id));
  if (settings.length === 0) return null;
  return (
    <fieldset className={styles.hostSettings} data-testid="host-settings">
      <legend>Plugin settings this point needs</legend>
      {settings.map((s) => {
        const value = doc.hostSettings?.[s.id] ?? s.default;
        return (
          <label key={s.id} className={styles.hostSetting} title={s.doc}>
            <input
              type="checkbox"
              checked={value}
              data-testid={`host-setting-${s.id}`}
              onChange={(e) => commands.setHostSetting(s.id, e.target.checked === s.default ? null : e.target.checked)}
            />
            <code>{s.label}</code>
            <span className={styles.hostSettingNote}>
              {value === s.requires ? "hooks here run" : "hooks here are dropped by the host"} (default {String(s.default)})
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
