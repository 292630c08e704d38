import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { messages } from '@portal/core';
import type { AdminRelease } from '@portal/core/admin';
import { renderPage } from '../../../testing/render.tsx';
import { sampleAdminReleases } from '../../../testing/adminSamples.ts';
import { json, type SampleAnswers } from '../../../testing/sampleBackend.ts';
import VersionsPage from './VersionsPage.tsx';

/** The releases call over one list; a publication as `publish` answers it. */
function releaseAnswers(publish: SampleAnswers[string]): SampleAnswers {
  let releases: AdminRelease[] = [...sampleAdminReleases];
  return {
    'GET /api/admin/themes/releases': () => json({ releases }),
    'POST /api/admin/themes/releases': async (request) => {
      const answer = await publish(request);
      if (answer.status === 201) {
        const { release } = (await answer.clone().json()) as { release: AdminRelease };
        releases = [release, ...releases];
      }
      return answer;
    },
  };
}

const published = (version: string): AdminRelease => ({
  ...sampleAdminReleases[0]!,
  version,
  notes: 'Nouveau bloc FAQ',
  downloads: 0,
  active_shops: 0,
});

const archive = () => new File(['PK'], 'theme-portal-1.4.0.zip', { type: 'application/zip' });

describe('Versions (back office)', () => {
  test('lists each release with its downloads and the licensed shops running it', async () => {
    const { container } = renderPage(<VersionsPage />, '/admin/versions', {
      signedIn: true,
      answers: releaseAnswers(() => json({}, 500)),
    });
    const table = await screen.findByRole('table', { name: /Les versions du thème/ });
    const row = within(table).getByRole('row', { name: /1\.3\.0/ });
    // fr-FR groups thousands with a narrow space, which the text matcher reads as a space.
    expect(within(row).getByText('1 234')).toBeTruthy();
    expect(within(row).getByText('7')).toBeTruthy();
    expect(within(row).getByText('2 novembre 2026')).toBeTruthy();
    expect(within(row).getByText('Correction du menu mobile')).toBeTruthy();
    const seeded = within(table).getByRole('row', { name: /1\.2\.0/ });
    expect(within(seeded).getByText(messages.admin.releases.seeded)).toBeTruthy();
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('publishes an archive with its version and notes, then lists it', async () => {
    const user = userEvent.setup();
    const sent: FormData[] = [];
    renderPage(<VersionsPage />, '/admin/versions', {
      signedIn: true,
      answers: releaseAnswers(({ form }) => {
        sent.push(form!);
        return json(
          { message: 'Version 1.4.0 publiée', release: published('1.4.0'), mails: 2 },
          201,
        );
      }),
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: messages.admin.releases.publish }));
    expect(screen.getByText(messages.themeReleases.upload.missingArchive)).toBeTruthy();
    expect(screen.getByText(messages.admin.releases.versionRequired)).toBeTruthy();
    expect(screen.getByText(messages.admin.releases.notesRequired)).toBeTruthy();
    await user.upload(screen.getByLabelText('Archive du thème (.zip)'), archive());
    await user.type(screen.getByRole('textbox', { name: 'Version' }), '1.4.0');
    await user.type(screen.getByRole('textbox', { name: /Notes de version/ }), 'Nouveau bloc FAQ');
    await user.click(screen.getByRole('button', { name: messages.admin.releases.publish }));
    expect(
      await screen.findByText(`Version 1.4.0 publiée. ${messages.admin.releases.mailsQueued(2)}`),
    ).toBeTruthy();
    expect(sent[0]?.get('version')).toBe('1.4.0');
    expect(sent[0]?.get('notes')).toBe('Nouveau bloc FAQ');
    expect((sent[0]?.get('archive') as File).name).toBe('theme-portal-1.4.0.zip');
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getByRole('row', { name: /1\.4\.0/ })).toBeTruthy(),
    );
  });

  test("Theme Check's findings in French; every field kept", async () => {
    const user = userEvent.setup();
    const findings = messages.themeReleases.publish.themeCheck(2, 'sections/header.liquid');
    renderPage(<VersionsPage />, '/admin/versions', {
      signedIn: true,
      answers: releaseAnswers(() => json({ message: findings }, 400)),
    });
    await screen.findByRole('table');
    await user.upload(screen.getByLabelText('Archive du thème (.zip)'), archive());
    await user.type(screen.getByRole('textbox', { name: 'Version' }), '1.4.0');
    await user.type(screen.getByRole('textbox', { name: /Notes de version/ }), 'Notes');
    await user.click(screen.getByRole('button', { name: messages.admin.releases.publish }));
    expect(await screen.findByText(findings)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Version' }).value).toBe('1.4.0');
    expect(screen.getByText('Archive choisie : theme-portal-1.4.0.zip')).toBeTruthy();
  });

  test('a version not newer (409) is said on its field', async () => {
    const user = userEvent.setup();
    const notNewer = messages.themeReleases.publish.notNewer('1.3.0', '1.3.0');
    renderPage(<VersionsPage />, '/admin/versions', {
      signedIn: true,
      answers: releaseAnswers(() =>
        json({ message: notNewer, errors: { version: notNewer } }, 409),
      ),
    });
    await screen.findByRole('table');
    await user.upload(screen.getByLabelText('Archive du thème (.zip)'), archive());
    await user.type(screen.getByRole('textbox', { name: 'Version' }), '1.3.0');
    await user.type(screen.getByRole('textbox', { name: /Notes de version/ }), 'Notes');
    await user.click(screen.getByRole('button', { name: messages.admin.releases.publish }));
    expect((await screen.findAllByText(notNewer)).length).toBe(2);
    expect(screen.getByRole('textbox', { name: 'Version' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });
});
