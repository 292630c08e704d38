import type { SnapshotFrom } from 'xstate';
import { formatDate, formatNumber } from '../../domain/formatting.ts';
import { messages } from '../../domain/messages.ts';
import { actionButton, type ActionButton } from '../../view-kit.ts';
import type { adminReleasesMachine } from './admin-releases.machine.ts';
import type {
  AdminRelease,
  AdminReleasesEvent,
  PublishField,
  PublishForm,
} from './admin-releases.types.ts';

export type AdminReleasesSnapshot = SnapshotFrom<typeof adminReleasesMachine>;

export interface AdminReleaseRow {
  release: AdminRelease;
  releasedAt: string;
  downloads: string;
  activeShops: string;
  publishedBy: string;
  /** The notes, one change a line. */
  notes: string[];
}

/** The Versions screen (docs/product.md#back-office-screens). */
export interface AdminReleasesView {
  list: { loading: boolean; error: string | null; rows: AdminReleaseRow[]; empty: string | null };
  form: {
    values: PublishForm;
    archiveName: string | null;
    errors: Partial<Record<PublishField, string>>;
    error: string | null;
    /** 'Version 1.4.0 publiée. 3 clients seront prévenus par e-mail.' after a publication. */
    published: string | null;
    readOnly: boolean;
    submit: ActionButton;
  };
}

export function adminReleaseRowOf(release: AdminRelease): AdminReleaseRow {
  return {
    release,
    releasedAt: formatDate(release.released_at),
    downloads: formatNumber(release.downloads),
    activeShops: formatNumber(release.active_shops),
    publishedBy: release.published_by ?? messages.admin.releases.seeded,
    notes: release.notes.split('\n').filter((line) => line.trim() !== ''),
  };
}

export function adminReleasesView(snapshot: AdminReleasesSnapshot): AdminReleasesView {
  const { context } = snapshot;
  const loading = snapshot.matches({ list: 'loading' });
  const publishing = snapshot.matches({ publication: 'publishing' });
  const text = messages.admin.releases;
  return {
    list: {
      loading,
      error: context.loadError,
      rows: context.releases.map(adminReleaseRowOf),
      empty:
        !loading && context.loadError === null && context.releases.length === 0 ? text.none : null,
    },
    form: {
      values: context.form,
      archiveName: context.archive?.name ?? null,
      errors: context.fieldErrors,
      error: context.publishError,
      published:
        context.published === null
          ? null
          : `${context.published.message}. ${text.mailsQueued(context.published.mails)}`,
      readOnly: publishing,
      submit: actionButton(text.publish, text.publishing, publishing),
    },
  };
}

export function adminReleasesCommands(send: (event: AdminReleasesEvent) => void) {
  return {
    reload: () => send({ type: 'releases.reload' }),
    change: (field: keyof PublishForm, value: string) =>
      send({ type: 'publish.change', field, value }),
    chooseArchive: (archive: File | null) => send({ type: 'publish.archive', archive }),
    publish: () => send({ type: 'publish.submit' }),
  };
}
