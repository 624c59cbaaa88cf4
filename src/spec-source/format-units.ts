// Human-readable figures for log lines. Tests assert messages exactly, so these
// stay deterministic (no locale, no Intl).

const KIB = 1024;
const MIB = 1024 * 1024;

function trimDecimal(value: number): string {
  return String(Number(value.toFixed(1)));
}

/** "512 bytes", "12.5 KB", "25 MB" (binary units, as the 25 MB cap is 25 × 1024 × 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < KIB) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < MIB) return `${trimDecimal(bytes / KIB)} KB`;
  return `${trimDecimal(bytes / MIB)} MB`;
}

/** "500 ms", "2 s", "2.5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${trimDecimal(ms / 1000)} s`;
}

/** The age of a spec for the fallback warning: "3 h 12 min ago", "2 d 4 h ago", "just now". */
export function formatAge(ms: number): string {
  if (ms < 0) return 'in the future (check the clock)';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours} h ago` : `${hours} h ${rest} min ago`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${days} d ago` : `${days} d ${rest} h ago`;
}

/** "1 operation", "24 operations". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
