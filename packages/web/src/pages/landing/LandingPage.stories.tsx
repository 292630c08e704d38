import type { ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  builtInPlans,
  formatEuros,
  HERO_COUNT_STEPS,
  heroMachine,
  selectHeroStatistics,
  selectHeroWord,
  messages,
  toDisplayedPlan,
  type Plan,
} from '@portal/core';
import { asShown } from '../../sample-data/play.ts';
import { inMain } from '../../sample-data/layout.tsx';
import { pending, refuse } from '../../testing/sampleBackend.ts';
import { withServices } from '../../testing/StoryFrame.tsx';
import { HeroSection, type HeroView } from './HeroSection.tsx';
import { ClaimsBanner, LandingHeader } from './LandingHeader.tsx';
import LandingPage from './LandingPage.tsx';
import {
  FaqSection,
  FeaturesSection,
  LandingFooter,
  TestimonialsSection,
} from './LandingSections.tsx';
import { Pricing } from './Pricing.tsx';
import './landing.css';

const inLanding = inMain('landing');

/** What the hero shows at one moment of its machine: a word and a step of the count. */
function heroAt(context: { wordIndex: number; countStep: number }): HeroView {
  const snapshot = heroMachine.resolveState({
    value: { words: 'rotating', statistics: 'counting' },
    context: { reducedMotion: false, statisticsShown: false, wordsRotateInCss: false, ...context },
  });
  return { word: selectHeroWord(snapshot), statistics: selectHeroStatistics(snapshot) };
}

function Landing({ children }: { children: ReactNode }) {
  return <div className="landing">{children}</div>;
}

const meta = {
  title: 'Pages/Landing',
  component: LandingPage,
  decorators: [withServices({ path: '/' })],
} satisfies Meta<typeof LandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FullPage: Story = {};

export const HeaderAndClaims: Story = {
  render: () => (
    <Landing>
      <ClaimsBanner />
      <LandingHeader />
    </Landing>
  ),
};

export const Hero: Story = {
  decorators: [inLanding],
  render: () => (
    <HeroSection
      view={heroAt({ wordIndex: 0, countStep: HERO_COUNT_STEPS })}
      onCallToAction={() => {}}
    />
  ),
};

/** Mid-animation: another rotating word, the statistics still counting up. */
export const HeroCounting: Story = {
  decorators: [inLanding],
  render: () => (
    <HeroSection
      view={heroAt({ wordIndex: 1, countStep: HERO_COUNT_STEPS / 2 })}
      onCallToAction={() => {}}
    />
  ),
};

export const Features: Story = { decorators: [inLanding], render: () => <FeaturesSection /> };

/** The built-in plans, billed monthly (the default). */
export const PricingMonthly: Story = {
  decorators: [inLanding],
  render: () => <Pricing />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scale = toDisplayedPlan(builtInPlans[1] as Plan, 'monthly');
    await expect(canvas.getByText(asShown(formatEuros(scale.price)))).toBeVisible();
    await expect(
      canvas.getAllByText(`/ ${messages.pricing.monthPeriod}`, { exact: false }),
    ).toHaveLength(3);
  },
};

/** The toggle switched to yearly: yearly prices, period 'an'. */
export const PricingYearly: Story = {
  decorators: [inLanding],
  render: () => <Pricing />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Facturation annuelle' }));
    const scale = toDisplayedPlan(builtInPlans[1] as Plan, 'yearly');
    await expect(await canvas.findByText(asShown(formatEuros(scale.price)))).toBeVisible();
  },
};

/** A plan was chosen: the overlay shows while the checkout session is prepared. */
export const PricingPreparingCheckout: Story = {
  decorators: [
    inLanding,
    withServices({
      path: '/',
      answers: { 'POST /api/stripe/checkout-sessions': pending },
    }),
  ],
  render: () => <Pricing />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [choose] = canvas.getAllByRole('button', { name: messages.pricing.buttonText });
    if (choose === undefined) throw new Error('no plan button');
    await userEvent.click(choose);
    await expect(await canvas.findByText('Préparation du paiement…')).toBeVisible();
  },
};

/** Back from a cancelled payment: the plan and cycle the visitor had chosen are preselected. */
export const PricingPreselected: Story = {
  decorators: [inLanding, withServices({ path: '/?plan=scale&billing=yearly' })],
  render: () => <Pricing />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.pricing.preselected)).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Facturation annuelle' })).toBeChecked();
  },
};

/** The plans could not be loaded: the built-in ones stay, with the documented notification. */
export const PricingLoadFailed: Story = {
  decorators: [
    inLanding,
    withServices({
      path: '/',
      answers: { 'GET /api/client/plans': refuse(500) },
    }),
  ],
  render: () => <Pricing />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.pricing.loadError)).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: messages.pricing.buttonText })).toHaveLength(
      3,
    );
  },
};

export const Testimonials: Story = {
  decorators: [inLanding],
  render: () => <TestimonialsSection />,
};

export const Faq: Story = { decorators: [inLanding], render: () => <FaqSection /> };

export const Footer: Story = { render: () => <LandingFooter /> };
