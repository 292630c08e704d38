import type { components } from '../../api/schema.gen.ts';

export type AdminRelease = components['schemas']['AdminThemeRelease'];

/** The publication form's text fields, exactly as typed. */
export interface PublishForm {
  version: string;
  notes: string;
}

export type PublishField = keyof PublishForm | 'archive';

/** What is sent: the archive the admin chose, with the trimmed fields. */
export interface Publication extends PublishForm {
  archive: File;
}

export interface Published {
  /** 'Version 1.4.0 publiée'. */
  message: string;
  /** The customers told by mail. */
  mails: number;
}

export interface AdminReleasesContext {
  releases: AdminRelease[];
  loadError: string | null;
  form: PublishForm;
  archive: File | null;
  fieldErrors: Partial<Record<PublishField, string>>;
  /** The server's refusal (Theme Check's findings, not newer, too large), in French. */
  publishError: string | null;
  /** The last publication, said under the form. */
  published: Published | null;
}

export type AdminReleasesEvent =
  | { type: 'releases.reload' }
  | { type: 'publish.change'; field: keyof PublishForm; value: string }
  | { type: 'publish.archive'; archive: File | null }
  | { type: 'publish.submit' };
