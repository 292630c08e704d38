import { megabytesOf, messages, THEME_ARCHIVE_LIMITS } from '@portal/core/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { UploadRefusal } from './archive-reader.ts';

/**
 * The routes' side of an uploaded theme (docs/product.md, 'Theme releases'): the multipart body
 * read within its limits, and every refusal of the archive as a French 400 or 413 naming the
 * `archive` field. Nothing of a refused upload is kept: it only ever lived in memory.
 */

const texts = messages.themeReleases.upload;
const archiveMegabytes = megabytesOf(THEME_ARCHIVE_LIMITS.archiveBytes);

/** The multipart limits (`@fastify/multipart`, registered in app.ts). */
export const multipartLimits = {
  fileSize: THEME_ARCHIVE_LIMITS.archiveBytes,
  files: 1,
  fields: 4,
  fieldSize: 10_000,
  parts: 5,
  headerPairs: 20,
};

const tooLarge = () =>
  new HttpError(413, texts.tooLarge(archiveMegabytes), {
    errors: { archive: texts.tooLarge(archiveMegabytes) },
  });
const invalid = (field: string, message: string) =>
  new HttpError(400, message, { errors: { [field]: message } });

/** The archive (field `archive`) and the text fields named, as sent. */
export async function readUpload(
  request: FastifyRequest,
  fieldNames: readonly string[],
): Promise<{ archive: Buffer; fields: Record<string, string> }> {
  let archive: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'archive' || archive !== undefined) {
          part.file.resume();
          throw invalid(part.fieldname, texts.missingArchive);
        }
        archive = await part.toBuffer();
      } else if (fieldNames.includes(part.fieldname) && typeof part.value === 'string') {
        if (part.valueTruncated) throw invalid(part.fieldname, messages.http[422]);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge();
    // Not multipart, or a body cut short.
    throw invalid('archive', texts.missingArchive);
  }
  if (archive === undefined || archive.length === 0) throw invalid('archive', texts.missingArchive);
  return { archive, fields };
}

/** An archive's refusal (archive-reader.ts, theme-work.ts) as the answer a client gets. */
export function refusalAnswer(refusal: UploadRefusal, declaredVersion?: string): HttpError {
  const detail = refusal.detail ?? '';
  switch (refusal.code) {
    case 'too-large':
      return tooLarge();
    case 'inflated-too-large': {
      const message = texts.inflatedTooLarge(megabytesOf(THEME_ARCHIVE_LIMITS.inflatedBytes));
      return new HttpError(413, message, { errors: { archive: message } });
    }
    case 'too-many-entries':
      return invalid('archive', texts.tooManyEntries(THEME_ARCHIVE_LIMITS.entries));
    case 'compression-ratio':
      return invalid('archive', texts.compressionRatio(detail));
    case 'not-zip':
      return invalid('archive', texts.notZip);
    case 'unsupported':
      return invalid('archive', texts.unsupported(detail));
    case 'unsafe-path':
      return invalid('archive', texts.unsafePath(detail));
    case 'symlink':
      return invalid('archive', texts.symlink(detail));
    case 'duplicate':
      return invalid('archive', texts.duplicate(detail));
    case 'name-encoding':
      return invalid('archive', texts.nameEncoding);
    case 'not-a-theme':
      return invalid('archive', texts.notATheme);
    case 'invalid-json':
      return invalid('archive', texts.invalidJson(detail));
    case 'no-version':
      return invalid('archive', texts.noVersion);
    case 'version-mismatch':
      return invalid(
        'version',
        messages.themeReleases.publish.versionMismatch(declaredVersion ?? '', detail),
      );
    case 'theme-check': {
      const [count, first] = detail.split('\n');
      return invalid(
        'archive',
        messages.themeReleases.publish.themeCheck(Number(count), first ?? ''),
      );
    }
  }
}

/** Runs an archive's job, its refusal answered as `refusalAnswer` says. */
export async function judged<T>(work: Promise<T>, declaredVersion?: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof UploadRefusal) throw refusalAnswer(error, declaredVersion);
    throw error;
  }
}
