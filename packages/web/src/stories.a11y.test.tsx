import { describe, expect, test } from 'vitest';
import axe from 'axe-core';
import { composeStories, composeStory, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta } from '@storybook/react-vite';
import preview from '../.storybook/preview.tsx';

setProjectAnnotations(preview);

interface A11yParameters {
  config?: { rules?: readonly { id: string; enabled: boolean }[] };
}

/** The same rule switches the Storybook a11y panel reads from a story's `a11y` parameter. */
function axeOptions(parameters: { a11y?: A11yParameters }): axe.RunOptions {
  const rules = parameters.a11y?.config?.rules ?? [];
  return {
    resultTypes: ['violations'],
    rules: Object.fromEntries(rules.map((rule) => [rule.id, { enabled: rule.enabled }])),
  };
}

type StoriesModule = Parameters<typeof composeStories>[0] & { default: Meta };
type ComposedStory = ReturnType<typeof composeStory>;

// Every stories file of the package: a story added anywhere is checked without touching this file.
const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });

/** Lets pending promises, effects and react-aria's deferred work settle before the audit. */
async function settle() {
  for (let round = 0; round < 5; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * The whole document (modals and popovers render outside the story's container), except
 * react-aria's hidden live announcer: it keeps announcements for seconds after a story ends, and
 * they point at elements of the previous story that are gone.
 */
const auditContext: axe.ElementContext = {
  include: [document.body],
  exclude: [['[data-live-announcer]']],
};

test('every stories file is found', () => {
  expect(Object.keys(modules).length).toBeGreaterThan(0);
});

for (const [path, module] of Object.entries(modules)) {
  describe(module.default.title ?? path, () => {
    for (const [name, Story] of Object.entries<ComposedStory>(composeStories(module))) {
      test(`${name} renders without an accessibility violation`, { timeout: 30_000 }, async () => {
        const errors: unknown[] = [];
        const onError = (event: ErrorEvent) => errors.push(event.error);
        window.addEventListener('error', onError);
        try {
          await Story.run();
          await settle();
        } finally {
          window.removeEventListener('error', onError);
        }
        expect(errors).toEqual([]);
        expect(document.body.textContent?.trim()).not.toBe('');
        const results = await axe.run(auditContext, axeOptions(Story.parameters));
        const violations = results.violations.map((violation) => ({
          rule: violation.id,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        }));
        expect(violations).toEqual([]);
      });
    }
  });
}
