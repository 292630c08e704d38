import { useEffect, useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type {
  AuthUser,
  Credentials,
  Customer,
  Establishment,
  LoginResult,
  PortalClient,
} from '@portal/core';
import { createFakeServices, fakeClient, never, type ScreenActors } from '../app/fakeServices.ts';
import { Providers } from '../app/Providers.tsx';
import type { AppServices } from '../app/services.tsx';

export { never } from '../app/fakeServices.ts';

export const storyOrigin = 'http://storybook.test';

export const storyUser: Customer = {
  _id: 'c1',
  email: 'marie.curie@boutique-exemple.fr',
  first_name: 'Marie',
  last_name: 'Curie',
  phone: '+33 6 12 34 56 78',
  company_name: 'Boutique Exemple',
  shop_domain: 'boutique-exemple.myshopify.com',
  stripe_customer_id: 'cus_story',
};

/** A client whose every request answers through `respond` (default: 404, as a missing backend). */
export function storyClient(
  respond?: (request: Request) => Response | Promise<Response>,
): PortalClient {
  return fakeClient(storyOrigin, respond);
}

/** What the establishment search suggests in stories (the signup's step 2). */
export const storyEstablishments: Establishment[] = [
  {
    id: 'p1',
    name: 'Le Petit Bistrot',
    address: '12 rue de la Paix, 75002 Paris',
    phone: '+33 1 42 00 00 01',
    types: ['restaurant'],
  },
  {
    id: 'p2',
    name: 'Bistrot des Halles',
    address: '4 rue Montorgueil, 75001 Paris',
    phone: null,
    types: ['restaurant', 'bar'],
  },
];

export interface StoryServiceOptions {
  /** Signed in as this user (null: a visitor). */
  user?: AuthUser | null;
  /** The stored session's customer is still being fetched (the guards show their spinner). */
  loadingUser?: boolean;
  logIn?: (credentials: Credentials) => Promise<LoginResult>;
  /** Fake actors replacing the defaults of a screen's machine (its actions stay wired). */
  actors?: ScreenActors;
  client?: PortalClient;
}

/**
 * The app's services for a story: the real core machines, provided with fake actors, so a
 * screen shows exactly what its machine decides for the answers the story scripts.
 */
export function createStoryServices(
  options: StoryServiceOptions,
  navigate: (to: string) => void,
): AppServices {
  return createFakeServices({
    origin: storyOrigin,
    user: options.user ?? null,
    sessionUser: storyUser,
    loadingUser: options.loadingUser,
    logIn: options.logIn,
    client: options.client,
    establishments: storyEstablishments,
    // A story never leaves Storybook: a chosen plan stays on its "preparing payment" overlay.
    actors: {
      ...options.actors,
      checkout: {
        createCheckoutSession: fromPromise(() => never<{ url: string }>()),
        ...options.actors?.checkout,
      },
    },
    navigate,
    redirect: () => {},
  });
}

export interface StoryFrameProps extends StoryServiceOptions {
  /** The in-memory location the screen starts at (path and query). */
  path?: string;
  children: ReactNode;
}

/**
 * Router, providers and freshly started actors around one story; the actors stop when the story
 * unmounts, so no story sees another's state.
 */
export function StoryFrame({ path = '/', children, ...options }: StoryFrameProps) {
  const [frame] = useState(() => {
    const location = memoryLocation({ path, record: true });
    const services = createStoryServices(options, (to) => location.navigate(to));
    services.notifications.start();
    services.auth.start();
    return { location, services };
  });
  useEffect(
    () => () => {
      frame.services.auth.stop();
      frame.services.notifications.stop();
    },
    [frame],
  );
  return (
    <Router hook={frame.location.hook} searchHook={frame.location.searchHook}>
      <Providers services={frame.services}>{children}</Providers>
    </Router>
  );
}

/** The decorator form of StoryFrame, for a whole stories file or one story. */
export function withServices(options: Omit<StoryFrameProps, 'children'> = {}): Decorator {
  return (Story) => (
    <StoryFrame {...options}>
      <Story />
    </StoryFrame>
  );
}
