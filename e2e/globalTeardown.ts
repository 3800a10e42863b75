import { rmSync } from "node:fs";

/** Removes the throw-away database folder the config created for this run. */
export default function globalTeardown(): void {
  const folder = process.env.HOOKWRIGHT_E2E_DATA;
  if (folder?.includes("hookwright-e2e-")) rmSync(folder, { recursive: true, force: true });
}
