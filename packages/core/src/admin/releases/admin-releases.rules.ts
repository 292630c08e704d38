import { isApiError } from '../../api/errors.ts';
import { messageFor } from '../../api/feature-errors.ts';
import { messages } from '../../domain/messages.ts';
import { patterns } from '../../domain/validation/patterns.ts';
import type { FieldErrors } from '../../domain/validation/form.ts';
import type { PublishField, PublishForm } from './admin-releases.types.ts';

/** The contract's ceiling for the notes. */
export const NOTES_MAX = 5000;

/** The form's French messages by field (the server checks the same, and the archive itself). */
export function publishFormErrors(form: PublishForm, archive: unknown): FieldErrors<PublishField> {
  const text = messages.admin.releases;
  const errors: FieldErrors<PublishField> = {};
  const version = form.version.trim();
  const notes = form.notes.trim();
  if (archive === null) errors.archive = messages.themeReleases.upload.missingArchive;
  if (version === '') errors.version = text.versionRequired;
  else if (!patterns.themeVersion.test(version)) errors.version = text.versionInvalid;
  if (notes === '') errors.notes = text.notesRequired;
  else if (notes.length > NOTES_MAX) errors.notes = text.notesTooLong;
  return errors;
}

/**
 * The server's refusal in its own French words (Theme Check's findings, a version not newer, an
 * archive too large), else a text of ours.
 */
export function publishErrorMessage(error: unknown): string {
  return messageFor(error, {
    preferServerMessage: true,
    fallback: { apiMessageOr: messages.admin.releases.unexpected },
  });
}

/** The server's messages by field (a 400 or a 409 naming the version). */
export function publishFieldErrors(error: unknown): FieldErrors<PublishField> {
  if (!isApiError(error)) return {};
  const fields: readonly string[] = ['version', 'notes', 'archive'];
  return Object.fromEntries(
    Object.entries(error.fieldErrors).filter(([field]) => fields.includes(field)),
  ) as FieldErrors<PublishField>;
}
