/** Bounds on an untrusted plugin archive or folder. */
export interface ArchiveLimits {
  /** Size of the .zip itself (upload limit). */
  maxArchiveBytes: number;
  /** Entries, directories included. */
  maxEntries: number;
  /** Unpacked size of one file. */
  maxFileBytes: number;
  /** Unpacked size of all files together. */
  maxTotalBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxArchiveBytes: 10 * MiB,
  maxEntries: 500,
  maxFileBytes: 2 * MiB,
  maxTotalBytes: 20 * MiB,
};

/** `2097152` → `2 MB`, `1536` → `1.5 KB`: sizes as people read them in error messages. */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${shown} ${units[unit] ?? "bytes"}`;
}
