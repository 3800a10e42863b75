/**
 * The profile ids a pipeline may name, with their display names.
 *
 * Interim list: profiles are data in core/profiles (another part of the project); once
 * core/profiles/index.ts exports `profiles`, this module reads from it instead.
 */
export interface ProfileChoice {
  id: string;
  name: string;
}

export const knownProfiles: readonly ProfileChoice[] = [
  { id: "vellum", name: "Vellum assistant plugins" },
  { id: "registry", name: "Hook registry (void / modifying / claiming)" },
];

export function isKnownProfile(id: string): boolean {
  return knownProfiles.some((p) => p.id === id);
}

/** The one wording of "no such profile", for the API input and the store alike. */
export function unknownProfileMessage(id: string): string {
  return `unknown profile "${id}" (known: ${knownProfiles.map((p) => p.id).join(", ")})`;
}
