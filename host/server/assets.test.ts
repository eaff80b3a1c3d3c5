import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AssetManifest, CLIENT_ENTRY } from './assets';

const dir = mkdtempSync(join(tmpdir(), 'shell-assets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const manifest = {
  [CLIENT_ENTRY]: { file: 'assets/entry.js', isEntry: true, css: ['assets/entry.css'] },
  'plugins/kyc/index.ts': { file: 'assets/kyc.js', isDynamicEntry: true, imports: [CLIENT_ENTRY], dynamicImports: ['plugins/kyc/KycDialog.tsx'] },
  'plugins/chat/index.ts': { file: 'assets/chat.js', isDynamicEntry: true, imports: [CLIENT_ENTRY], css: ['assets/chat.css'] },
  'plugins/kyc/KycDialog.tsx': { file: 'assets/KycDialog.js', isDynamicEntry: true, imports: [CLIENT_ENTRY, '_shared.js'], css: ['assets/KycDialog.css'] },
  '_shared.js': { file: 'assets/shared.js' },
  '_consent-x.js': { file: 'assets/consent-x.js', name: 'consent', imports: [CLIENT_ENTRY] },
};

describe('AssetManifest.forPage', () => {
  const file = join(dir, 'manifest.json');
  writeFileSync(file, JSON.stringify(manifest));
  const assets = new AssetManifest(file);

  it('names the plugins chunks, not their lazy views', () => {
    expect(assets.forPage(['kyc'])).toEqual({ entry: '/assets/entry.js', modulepreload: ['/assets/kyc.js'], stylesheets: ['/assets/entry.css'] });
  });

  it('names only the chunks of the plugins the first render needs, and keeps the CSS of every plugin it is given', () => {
    expect(assets.forPage(['chat', 'kyc'], { firstRender: ['kyc'] })).toEqual({
      entry: '/assets/entry.js',
      modulepreload: ['/assets/kyc.js'],
      stylesheets: ['/assets/entry.css', '/assets/chat.css'],
    });
  });

  it("finds a plugin's chunk by its name when the bundler merged its index into a shared chunk", () => {
    expect(assets.forPage(['consent']).modulepreload).toEqual(['/assets/consent-x.js']);
  });

  it('adds the chunk, imports and CSS of each view the server rendered', () => {
    expect(assets.forPage(['kyc'], { views: ['plugins/kyc/KycDialog.tsx'] })).toEqual({
      entry: '/assets/entry.js',
      modulepreload: ['/assets/kyc.js', '/assets/KycDialog.js', '/assets/shared.js'],
      stylesheets: ['/assets/entry.css', '/assets/KycDialog.css'],
    });
  });

  it("takes the CSS of a deferred slot's view, not its code (it loads as it hydrates)", () => {
    expect(assets.forPage(['kyc'], { deferredViews: ['plugins/kyc/KycDialog.tsx'] })).toEqual({
      entry: '/assets/entry.js',
      modulepreload: ['/assets/kyc.js'],
      stylesheets: ['/assets/entry.css', '/assets/KycDialog.css'],
    });
  });

  it('inlines the stylesheets text in order when the files are there (SHELL_INLINE_CSS=0 turns it off)', () => {
    const client = join(dir, 'client');
    mkdirSync(join(client, '.vite'), { recursive: true });
    mkdirSync(join(client, 'assets'));
    writeFileSync(join(client, '.vite/manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(client, 'assets/entry.css'), 'body{margin:0}');
    writeFileSync(join(client, 'assets/KycDialog.css'), '.kyc{color:red}');
    expect(new AssetManifest(join(client, '.vite/manifest.json')).forPage(['kyc'], { views: ['plugins/kyc/KycDialog.tsx'] }).css).toBe(
      'body{margin:0}\n.kyc{color:red}',
    );
    expect(new AssetManifest(join(client, '.vite/manifest.json'), false).forPage(['kyc']).css).toBeUndefined();
  });
});
