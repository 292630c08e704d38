import { render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';

// react-aria is patched (patches/react-aria@3.53.1.patch) so that loading it calls no Intl
// service: a page's first Intl call loads the browser's locale data, which made the longest task
// of the dashboard's first screen (docs/performance.md, 'The dashboard's long tasks'). A version
// bump that drops the patch fails here. This file must be the first to load react-aria in its
// worker, so it imports nothing else that does.
test('react-aria reads no locale as it loads, and still speaks French under the provider', async () => {
  const supportedLocalesOf = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
  const getCanonicalLocales = vi.spyOn(Intl, 'getCanonicalLocales');
  const { I18nProvider, useLocale } = await import('react-aria-components');
  expect(supportedLocalesOf).not.toHaveBeenCalled();
  expect(getCanonicalLocales).not.toHaveBeenCalled();

  function Probe() {
    const { locale, direction } = useLocale();
    return <p>{`${locale} ${direction}`}</p>;
  }
  render(
    <I18nProvider locale="fr-FR">
      <Probe />
    </I18nProvider>,
  );
  expect(screen.getByText('fr-FR ltr')).toBeTruthy();
  // The default locale is read once a component asks for it, and validated without date formats.
  expect(getCanonicalLocales).toHaveBeenCalled();
  expect(supportedLocalesOf).not.toHaveBeenCalled();
});
