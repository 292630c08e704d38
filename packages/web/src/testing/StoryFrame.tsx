import { useEffect, useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Providers } from '../app/Providers.tsx';
import { createFakeServices, type FakeServicesOptions } from './fakeServices.ts';

export const storyOrigin = 'http://storybook.test';

export type StoryOptions = Omit<FakeServicesOptions, 'origin' | 'onNavigate'>;

export interface StoryFrameProps extends StoryOptions {
  children: ReactNode;
}

/**
 * Router, providers and freshly started actors around one story, over the sample backend; the
 * actors stop when the story unmounts, so no story sees another's state. A story never leaves
 * Storybook: provider pages are recorded, not opened.
 */
export function StoryFrame({ children, ...options }: StoryFrameProps) {
  const [frame] = useState(() => {
    const location = memoryLocation({ path: options.path ?? '/', record: true });
    const fake = createFakeServices({
      ...options,
      origin: storyOrigin,
      onNavigate: (to) => location.navigate(to),
    });
    fake.start();
    return { location, fake };
  });
  useEffect(() => () => frame.fake.stop(), [frame]);
  return (
    <Router hook={frame.location.hook} searchHook={frame.location.searchHook}>
      <Providers services={frame.fake.services}>{children}</Providers>
    </Router>
  );
}

/** The decorator form of StoryFrame, for a whole stories file or one story. */
export function withServices(options: StoryOptions = {}): Decorator {
  return (Story) => (
    <StoryFrame {...options}>
      <Story />
    </StoryFrame>
  );
}
