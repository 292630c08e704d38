import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../../../testing/render.tsx';
import { TrendTrackPanel, trendTrackAffiliateUrl } from './TrendTrackPanel.tsx';

describe('TrendTrack', () => {
  test('the 10 % offer and the affiliate link in a new tab without opener', () => {
    renderPage(<TrendTrackPanel />, '/dashboard?tab=trendtrack', { signedIn: true });
    expect(screen.getByRole('heading', { level: 2, name: 'TrendTrack' })).toBeTruthy();
    expect(screen.getByText('10 % de réduction')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Profiter de la réduction/ });
    expect(link.getAttribute('href')).toBe(trendTrackAffiliateUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
