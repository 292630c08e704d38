import { expect, test } from 'vitest';
import { faqItems, heroStatistics, heroTitle, heroWords, testimonials } from './landing.ts';

test('landing content (docs/product.md#landing-page)', () => {
  expect(testimonials).toHaveLength(12);
  expect(heroWords).toEqual(['convertir', 'séduire', 'engager', 'motiver']);
  expect(heroStatistics.map((s) => s.target)).toEqual([4.9, 20, 98]);
  expect(faqItems.length).toBeGreaterThan(0);
  for (const t of testimonials) expect(t.rating).toBeLessThanOrEqual(5);
});

test('the hero title reads as a French sentence with each rotating word', () => {
  expect(heroWords.map(heroTitle)).toEqual([
    'Le thème conçu pour convertir vos visiteurs',
    'Le thème conçu pour séduire vos visiteurs',
    'Le thème conçu pour engager vos visiteurs',
    'Le thème conçu pour motiver vos visiteurs',
  ]);
});
