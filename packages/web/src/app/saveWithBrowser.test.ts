import { afterEach, describe, expect, test, vi } from 'vitest';
import { saveWithBrowser } from './saveWithBrowser.ts';

describe('saveWithBrowser', () => {
  afterEach(() => vi.restoreAllMocks());

  test('clicks a temporary <a download> over an object URL, then revokes it', async () => {
    const blob = new Blob(['PK']);
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:portal/1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    saveWithBrowser(blob, 'theme-boutique.zip');
    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:portal/1', download: 'theme-boutique.zip', attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revoke).toHaveBeenCalledWith('blob:portal/1');
  });
});
