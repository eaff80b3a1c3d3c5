import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './plugin-discovery';

describe('tools/tsx-assets-hook.mjs', () => {
  const dir = mkdtempSync(join(PROJECT_ROOT, 'tools', 'tmp-assets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lets plain Node import a TSX file that imports CSS, images and ?raw, with import.meta.env', async () => {
    writeFileSync(join(dir, 'style.css'), 'body { color: red }');
    writeFileSync(join(dir, 'card.module.css'), '.card { color: red }');
    writeFileSync(join(dir, 'logo.svg'), '<svg/>');
    writeFileSync(join(dir, 'hero.png'), 'png');
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    writeFileSync(
      join(dir, 'entry.tsx'),
      [
        "import './style.css';",
        "import styles from './card.module.css';",
        "import logo from './logo.svg';",
        "import hero from './hero.png?url';",
        "import notes from './notes.txt?raw';",
        'const el = <div className={styles.card} />;',
        'console.log(JSON.stringify({ card: styles.card, logo, hero, notes, ssr: import.meta.env.SSR, type: typeof el }));',
      ].join('\n'),
    );
    const rel = dir.slice(PROJECT_ROOT.length);
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', '--import', './tools/tsx-assets-hook.mjs', join(dir, 'entry.tsx')],
        { cwd: PROJECT_ROOT },
        (err, stdout, stderr) => (err ? reject(new Error(stderr)) : resolve(stdout)),
      ),
    );
    expect(JSON.parse(out)).toEqual({ card: 'card', logo: `/${rel}/logo.svg`, hero: `/${rel}/hero.png`, notes: 'hello', ssr: true, type: 'object' });
  });
});
