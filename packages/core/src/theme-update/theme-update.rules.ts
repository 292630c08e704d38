import { messageFor } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';

/**
 * The upload's refusal: the server's French message for a 400 (not a theme, hostile, not
 * mergeable), a 403 (no access) or a 413 (over the limits); else a generic one.
 */
export function themeUpdateErrorMessage(error: unknown): string {
  return messageFor(error, {
    byStatus: {
      400: { serverMessageOr: messages.themeTab.update.uploadError },
      403: { serverMessageOr: messages.themeTab.update.uploadError },
      413: { serverMessageOr: messages.themeTab.update.uploadError },
    },
    fallback: messages.themeTab.update.uploadError,
  });
}

/** The merged archive's download: kept one hour (404 past it), else a generic failure. */
export function mergedDownloadErrorMessage(error: unknown): string {
  return messageFor(error, {
    byStatus: { 404: messages.themeReleases.update.expired },
    fallback: messages.themeTab.update.downloadError,
  });
}

/** One line of a unified diff, as the report's diff view shows it. */
export interface DiffLine {
  kind: 'file' | 'hunk' | 'added' | 'removed' | 'context' | 'note';
  /** The line without its leading marker (a hunk's and a file header's line whole). */
  text: string;
}

/**
 * A unified diff (the report's `conflicts[].diff`) read line by line: the view marks additions
 * and removals with a sign and a colour, so it reads without any diff library.
 */
export function diffLinesOf(diff: string): DiffLine[] {
  const lines = diff.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line): DiffLine => {
    if (line.startsWith('--- ') || line.startsWith('+++ ')) return { kind: 'file', text: line };
    if (line.startsWith('@@')) return { kind: 'hunk', text: line };
    if (line.startsWith('+')) return { kind: 'added', text: line.slice(1) };
    if (line.startsWith('-')) return { kind: 'removed', text: line.slice(1) };
    if (line.startsWith(' ')) return { kind: 'context', text: line.slice(1) };
    return { kind: 'note', text: line };
  });
}

/** Where a removed setting was: its file, section, block and setting, as one readable path. */
export function removedSettingPlace(setting: {
  file: string;
  section: string | null;
  block: string | null;
  setting: string | null;
}): string {
  return [setting.file, setting.section, setting.block, setting.setting]
    .filter((part): part is string => part !== null)
    .join(' › ');
}

/** What the merchant had set, short enough for a list (JSON for objects). */
export function removedSettingValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
