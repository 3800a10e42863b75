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

export { formatBytes } from "~/core/bundles/formatBytes";
