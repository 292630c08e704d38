import { describe, expect, test } from 'vitest';
import { messages } from './messages.ts';

describe('messages', () => {
  test('the licence limit agrees with its number (Basic allows one licence)', () => {
    expect(messages.licences.limitWarning(1)).toBe(
      'Vous avez atteint la limite de 1 licence de votre abonnement.',
    );
    expect(messages.licences.limitWarning(3)).toBe(
      'Vous avez atteint la limite de 3 licences de votre abonnement.',
    );
  });
});
