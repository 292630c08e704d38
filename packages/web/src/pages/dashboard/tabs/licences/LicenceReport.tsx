import { Link } from 'react-aria-components';
import { licenceReportOf, type Licence, type LicenceReportContext } from '@portal/core';

/**
 * What the theme reported for a licence (core's `licenceReportOf`, at the time the list read):
 * its standing in words, when and where it last checked, and the update. A chunk of its own, loaded
 * after the first screen: the row keeps its place meanwhile, so nothing moves when it comes
 * (docs/performance.md, 'The licence report').
 */
export default function LicenceReport({
  licence,
  context,
  now,
}: {
  licence: Licence;
  context: LicenceReportContext;
  /** The services' clock, read by the list (milliseconds). */
  now: number;
}) {
  const { status, seen, where, version } = licenceReportOf(licence, context, now);
  return (
    <>
      <p className="licence-report__status" data-standing={status.standing}>
        {status.text}
      </p>
      <p>{seen}</p>
      {where === null ? null : <p>{where}</p>}
      {version === null ? null : (
        <p data-update={version.kind === 'update' || undefined}>
          {version.text}
          {version.kind === 'update' ? (
            <>
              {' '}
              <Link href={version.notes.href}>{version.notes.label}</Link>
            </>
          ) : null}
        </p>
      )}
    </>
  );
}
