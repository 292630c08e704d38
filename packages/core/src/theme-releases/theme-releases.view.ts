import { formatDate, formatNumber } from '../domain/formatting.ts';
import { messages } from '../domain/messages.ts';
import { themeUpdateFor } from '../domain/theme-releases.ts';
import type { SnapshotFrom } from 'xstate';
import type { themeReleasesMachine } from './theme-releases.machine.ts';
import type { ThemeRelease, ThemeReleasesEvent } from './theme-releases.types.ts';

export type ThemeReleasesSnapshot = SnapshotFrom<typeof themeReleasesMachine>;

/** One release as the tab shows it. */
export interface ReleaseView {
  version: string;
  /** The element's id, the target of `/dashboard?tab=themes#version-<version>`. */
  anchor: string;
  heading: string;
  /** 'Publiée le 14 octobre 2026'. */
  date: string;
  /** One change a line (packages/theme/README.md, 'Versions'). */
  notes: string[];
  filename: string;
  downloadLabel: string;
  /** '1,2 Mo': the archive's size as a merchant reads it. */
  size: string;
  sha256: string;
  /**
   * Why this customer may not download it, when the list says so and another release is
   * downloadable (an ended subscription and a release published after its end). Without any
   * downloadable release the button stays and the server's refusal explains (no access).
   */
  notCovered: string | null;
}

/** 'Mise à jour disponible' for one shop whose theme reports an older version. */
export interface UpdateNoticeView {
  key: string;
  headline: string;
  detail: string;
  /** The notes of the version to take, in this tab. */
  href: string;
}

export interface ThemeReleasesView {
  loading: boolean;
  loadError: string | null;
  theme: { name: string; description: string } | null;
  current: ReleaseView | null;
  earlier: ReleaseView[];
  notices: UpdateNoticeView[];
}

export const releaseAnchor = (version: string) => `version-${version}`;

const KILOBYTE = 1024;
const MEGABYTE = KILOBYTE * 1024;

/** A size in French units: 'Ko' under one megabyte, else 'Mo' with one decimal. */
export function formatArchiveSize(bytes: number): string {
  if (bytes < MEGABYTE) return `${formatNumber(Math.max(1, Math.round(bytes / KILOBYTE)))} Ko`;
  return `${formatNumber(bytes / MEGABYTE, 1)} Mo`;
}

function releaseView(release: ThemeRelease, anyDownloadable: boolean): ReleaseView {
  const { version } = release;
  return {
    version,
    anchor: releaseAnchor(version),
    heading: messages.themeTab.version(version),
    date: messages.themeTab.releasedOn(formatDate(release.released_at)),
    notes: release.notes
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    filename: release.filename,
    downloadLabel: messages.themeTab.downloadVersion(version),
    size: formatArchiveSize(release.size),
    sha256: release.sha256,
    notCovered:
      !release.downloadable && anyDownloadable
        ? messages.themeReleases.releaseNotCovered(version)
        : null,
  };
}

/** The 'Thème' tab's releases and notices (docs/product.md#themes-tab). */
export function themeReleasesView(snapshot: ThemeReleasesSnapshot): ThemeReleasesView {
  const { theme, licences, loadError } = snapshot.context;
  const releases = theme?.releases ?? [];
  const anyDownloadable = releases.some((release) => release.downloadable);
  const [current, ...earlier] = releases.map((release) => releaseView(release, anyDownloadable));
  const notices: UpdateNoticeView[] = [];
  if (theme !== null)
    for (const licence of licences) {
      const version = themeUpdateFor(licence.last_seen_version, theme.version);
      if (version === null) continue;
      notices.push({
        key: licence._id,
        headline: messages.themeReleases.updateAvailable(version),
        detail: messages.themeTab.updateNotice(
          licence.custom_domain || licence.shop_domain,
          licence.last_seen_version ?? '',
        ),
        href: `#${releaseAnchor(version)}`,
      });
    }
  return {
    loading: snapshot.matches('loading'),
    loadError,
    theme: theme === null ? null : { name: theme.name, description: theme.description },
    current: current ?? null,
    earlier,
    notices,
  };
}

export function themeReleasesCommands(send: (event: ThemeReleasesEvent) => void) {
  return { reload: () => send({ type: 'releases.reload' }) };
}
