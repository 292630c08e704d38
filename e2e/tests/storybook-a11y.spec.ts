import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { axeViolations } from './fixtures.ts';

/**
 * Every story of the built Storybook in Chromium: it renders, its play function passes, and axe
 * finds no violation, colour contrast included (the Vitest check runs in happy-dom, which has no
 * layout to judge contrast with). Storybook is built first when `storybook-static` is missing.
 * Each project audits its share of the stories in index order (`metadata.stories` in
 * playwright.config.ts); together they audit every story.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const staticDir = path.join(repoRoot, 'packages/web/storybook-static');

const mediaTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Serves the static build on a free local port. */
function serveStatic(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const type = mediaTypes[path.extname(file)] ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': type }).end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

/** A story's content: the body but react-aria's announcer (see below). */
const audited = { include: [['body']], exclude: [['[data-live-announcer]']] };

interface IndexEntry {
  id: string;
  type: string;
}

/** What the preview knows of the story on screen: its render phase and its axe rule switches. */
interface StoryState {
  id: string | undefined;
  phase: string | undefined;
  disabledRules: string[];
}

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: {
    currentRender?: {
      id?: string;
      phase?: string;
      story?: {
        parameters?: { a11y?: { config?: { rules?: { id: string; enabled: boolean }[] } } };
      };
    };
  };
  __STORYBOOK_ADDONS_CHANNEL__?: { emit: (event: string, payload: unknown) => void };
}

let served: { server: Server; origin: string };

test.beforeAll(async () => {
  test.setTimeout(300_000);
  if (!existsSync(path.join(staticDir, 'index.json'))) {
    execFileSync('pnpm', ['build-storybook'], { cwd: repoRoot, stdio: 'inherit' });
  }
  served = await serveStatic(staticDir);
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => served.server.close(() => resolve()));
});

/** The project's share of the stories, as fractions of the index (all of it by default). */
interface StoryShare {
  from: number;
  to: number;
}

test("every story of the project's share renders, plays and passes axe in Chromium", async ({
  page,
}) => {
  test.setTimeout(900_000);
  const index = JSON.parse(readFileSync(path.join(staticDir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  const stories = Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map((entry) => entry.id);
  const share = (test.info().project.metadata as { stories?: StoryShare }).stories ?? {
    from: 0,
    to: 1,
  };
  const ids = stories.slice(
    Math.round(share.from * stories.length),
    Math.round(share.to * stories.length),
  );
  expect(ids.length).toBeGreaterThan(0);

  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const problems: string[] = [];

  // The audit finds what it is there to find: an image without a text alternative.
  await page.setContent('<main><h1>Contrôle</h1><img src="data:," /></main>');
  expect(await axeViolations(page, { context: audited })).toEqual(['image-alt (critical): img']);

  // One preview for every story, switched the way Storybook's sidebar switches them.
  const [first] = ids;
  await page.goto(`${served.origin}/iframe.html?id=${first}&viewMode=story`);
  for (const id of ids) {
    pageErrors.length = 0;
    await page.evaluate((storyId) => {
      const preview = window as PreviewWindow;
      if (preview.__STORYBOOK_PREVIEW__?.currentRender?.id !== storyId) {
        preview.__STORYBOOK_ADDONS_CHANNEL__?.emit('setCurrentStory', {
          storyId,
          viewMode: 'story',
        });
      }
    }, id);
    // The preview's own record of the render: settled once the play function has run.
    await page.waitForFunction(
      (storyId) => {
        const render = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
        return (
          render?.id === storyId &&
          ['completed', 'finished', 'errored', 'aborted'].includes(render.phase ?? '')
        );
      },
      id,
      { timeout: 30_000 },
    );
    const state = await page.evaluate((): StoryState => {
      const render = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
      const rules = render?.story?.parameters?.a11y?.config?.rules ?? [];
      return {
        id: render?.id,
        phase: render?.phase,
        disabledRules: rules.filter((rule) => !rule.enabled).map((rule) => rule.id),
      };
    });
    if (state.phase === 'errored' || state.phase === 'aborted') {
      problems.push(`${id}: render ${state.phase}`);
    }
    if (pageErrors.length > 0) problems.push(`${id}: ${pageErrors.join('; ')}`);
    // The story's content, as the Vitest check audits it; whole-page rules (one main landmark,
    // a level-one heading) are the journeys' job on real pages. react-aria's hidden live
    // announcer keeps announcements about elements of earlier stories that are gone.
    for (const violation of await axeViolations(page, {
      context: audited,
      disabled: state.disabledRules,
    })) {
      problems.push(`${id}: ${violation}`);
    }
  }
  console.log(`${ids.length} stories checked, ${problems.length} problems`);
  expect(problems).toEqual([]);
});
