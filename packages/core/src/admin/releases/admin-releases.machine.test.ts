import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createPortalClient } from '../../api/client.ts';
import { futureAccessToken } from '../../auth/testing.ts';
import { messages } from '../../domain/messages.ts';
import { createMemoryTokenStore } from '../../session/tokenStore.ts';
import { createAdminReleasesImplementations } from './admin-releases.actors.ts';
import { adminReleasesMachine } from './admin-releases.machine.ts';
import { adminReleasesCommands, adminReleasesView } from './admin-releases.view.ts';
import type { AdminRelease } from './admin-releases.types.ts';

const release: AdminRelease = {
  version: '1.3.0',
  released_at: '2026-11-02T10:00:00.000Z',
  notes: 'Nouveau bloc FAQ\nCorrection du menu mobile',
  filename: 'theme-1.3.0.zip',
  size: 1200,
  sha256: 'a'.repeat(64),
  downloads: 1234,
  active_shops: 7,
  published_by: 'admin@theme-portal.test',
};

/** A real client over a fetch that answers in turn, recording each request (multipart too). */
function start(publish: Response | (() => Response)) {
  const requests: Request[] = [];
  const client = createPortalClient({
    baseUrl: 'https://api.test',
    tokenStore: createMemoryTokenStore(),
    fetch: async (request: Request) => {
      requests.push(request.clone());
      if (request.method === 'GET') return Response.json({ releases: [release] });
      return typeof publish === 'function' ? publish() : publish;
    },
  });
  client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
  const notify = vi.fn();
  const actor = createActor(
    adminReleasesMachine.provide(createAdminReleasesImplementations({ client, notify })),
  ).start();
  return {
    actor,
    requests,
    notify,
    view: () => adminReleasesView(actor.getSnapshot()),
    do: adminReleasesCommands((event) => actor.send(event)),
  };
}

const archive = () => new File(['PK zip'], 'theme-1.4.0.zip', { type: 'application/zip' });

describe('adminReleasesMachine', () => {
  it('lists the releases with downloads and shops in French figures', async () => {
    const { actor, view } = start(Response.json({}));
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    const row = view().list.rows[0];
    expect(row?.downloads).toBe('1\u202f234');
    expect(row?.activeShops).toBe('7');
    expect(row?.releasedAt).toBe('2 novembre 2026');
    expect(row?.notes).toEqual(['Nouveau bloc FAQ', 'Correction du menu mobile']);
  });

  it('refuses an incomplete form in French without a call', async () => {
    const { actor, requests, view, do: act } = start(Response.json({}));
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    act.publish();
    expect(view().form.errors).toEqual({
      archive: messages.themeReleases.upload.missingArchive,
      version: messages.admin.releases.versionRequired,
      notes: messages.admin.releases.notesRequired,
    });
    act.change('version', '1.4');
    act.publish();
    expect(view().form.errors.version).toBe(messages.admin.releases.versionInvalid);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('publishes the archive, version and notes as multipart, then lists again', async () => {
    const {
      actor,
      requests,
      notify,
      view,
      do: act,
    } = start(
      Response.json(
        { message: 'Version 1.4.0 publiée', release: { ...release, version: '1.4.0' }, mails: 3 },
        { status: 201 },
      ),
    );
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    act.chooseArchive(archive());
    act.change('version', ' 1.4.0 ');
    act.change('notes', 'Nouveau bloc FAQ');
    act.publish();
    expect(view().form.submit).toEqual({
      label: messages.admin.releases.publishing,
      pending: true,
    });
    await waitFor(actor, (s) => s.context.published !== null);
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await sent!.formData();
    expect(form.get('version')).toBe('1.4.0');
    expect(form.get('notes')).toBe('Nouveau bloc FAQ');
    expect((form.get('archive') as File).name).toBe('theme-1.4.0.zip');
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: 'Version 1.4.0 publiée' });
    expect(view().form.published).toBe(
      `Version 1.4.0 publiée. ${messages.admin.releases.mailsQueued(3)}`,
    );
    expect(view().form.values).toEqual({ version: '', notes: '' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it("shows the server's refusal (Theme Check, not newer) and keeps every field", async () => {
    const findings = messages.themeReleases.publish.themeCheck(2, 'layout/theme.liquid: …');
    const notNewer = messages.themeReleases.publish.notNewer('1.2.0', '1.3.0');
    const answers = [
      Response.json({ message: findings }, { status: 400 }),
      Response.json({ message: notNewer, errors: { version: notNewer } }, { status: 409 }),
    ];
    const { actor, view, do: act } = start(() => answers.shift()!);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    act.chooseArchive(archive());
    act.change('version', '1.2.0');
    act.change('notes', 'Notes');
    act.publish();
    await waitFor(actor, (s) => s.context.publishError !== null);
    expect(view().form.error).toBe(findings);
    expect(view().form.archiveName).toBe('theme-1.4.0.zip');
    act.publish();
    await waitFor(actor, (s) => s.context.publishError === notNewer);
    expect(view().form.errors.version).toBe(notNewer);
    expect(view().form.values).toEqual({ version: '1.2.0', notes: 'Notes' });
  });

  it('mailsQueued words each count in French', () => {
    expect(messages.admin.releases.mailsQueued(0)).toBe('Aucun client à prévenir par e-mail.');
    expect(messages.admin.releases.mailsQueued(1)).toBe('1 client sera prévenu par e-mail.');
    expect(messages.admin.releases.mailsQueued(4)).toBe('4 clients seront prévenus par e-mail.');
  });
});
