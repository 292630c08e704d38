import type { SnapshotFrom } from 'xstate';
import { messages } from '../domain/messages.ts';
import { actionButton, type ActionButton } from '../view-kit.ts';
import type { themeUpdateMachine } from './theme-update.machine.ts';
import {
  diffLinesOf,
  removedSettingPlace,
  removedSettingValue,
  type DiffLine,
} from './theme-update.rules.ts';
import type { ChosenArchive, ThemeUpdateEvent } from './theme-update.types.ts';

export type ThemeUpdateSnapshot = SnapshotFrom<typeof themeUpdateMachine>;

export type ThemeUpdateStatus = 'idle' | 'uploading' | 'merged' | 'refused';

export interface ThemeUpdateView {
  status: ThemeUpdateStatus;
  /** 'Fichier choisi : export.zip', kept through a refusal or a cancel. */
  chosen: string | null;
  /** 'Envoi et fusion de export.zip…' while the upload runs. */
  progress: string | null;
  /** The server's refusal, or the merged download's failure. */
  error: string | null;
  /** A file was chosen and is not being sent: it can be sent again. */
  canRetry: boolean;
  report: {
    summary: string;
    removedSettings: { key: string; place: string; value: string }[];
    conflicts: { file: string; label: string; lines: DiffLine[] }[];
    keptFiles: string[];
    nothingToReview: boolean;
    download: ActionButton;
    /** The merged archive's download started. */
    started: string | null;
  } | null;
}

export function themeUpdateView(snapshot: ThemeUpdateSnapshot): ThemeUpdateView {
  const { archive, report, error, downloaded } = snapshot.context;
  const status: ThemeUpdateStatus = snapshot.matches('uploading')
    ? 'uploading'
    : snapshot.matches('merged')
      ? 'merged'
      : snapshot.matches('refused')
        ? 'refused'
        : 'idle';
  const text = messages.themeTab.update;
  return {
    status,
    chosen: archive === null ? null : text.chosen(archive.name),
    progress: status === 'uploading' && archive !== null ? text.uploading(archive.name) : null,
    error,
    canRetry: archive !== null && (status === 'refused' || status === 'idle'),
    report:
      status !== 'merged' || report === null
        ? null
        : {
            summary: text.merged(report.from_version, report.to_version),
            removedSettings: report.removed_settings.map((setting, index) => ({
              key: `${index}`,
              place: removedSettingPlace(setting),
              value: removedSettingValue(setting.value),
            })),
            conflicts: report.conflicts.map((conflict) => ({
              file: conflict.file,
              label: text.diffOf(conflict.file),
              lines: diffLinesOf(conflict.diff),
            })),
            keptFiles: report.kept_files,
            nothingToReview: report.removed_settings.length === 0 && report.conflicts.length === 0,
            download: actionButton(
              messages.themeReleases.update.download,
              text.downloading,
              snapshot.matches({ merged: 'downloading' }),
            ),
            started: downloaded ? text.downloadStarted(report.filename) : null,
          },
  };
}

export function themeUpdateCommands(send: (event: ThemeUpdateEvent) => void) {
  return {
    choose: (archive: ChosenArchive) => send({ type: 'update.choose', archive }),
    cancel: () => send({ type: 'update.cancel' }),
    retry: () => send({ type: 'update.retry' }),
    downloadMerged: () => send({ type: 'update.download' }),
    startOver: () => send({ type: 'update.reset' }),
  };
}
