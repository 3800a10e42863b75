import { getProfile, listProfiles } from "../core/profiles";

/** The profile ids a pipeline may name, with their display names (from core/profiles). */
export interface ProfileChoice {
  id: string;
  name: string;
}

export const knownProfiles: readonly ProfileChoice[] = listProfiles().map(({ id, name }) => ({ id, name }));

export function isKnownProfile(id: string): boolean {
  return getProfile(id) !== undefined;
}

/** The one wording of "no such profile", for the API input and the store alike. */
export function unknownProfileMessage(id: string): string {
  return `unknown profile "${id}" (known: ${knownProfiles.map((p) => p.id).join(", ")})`;
}
