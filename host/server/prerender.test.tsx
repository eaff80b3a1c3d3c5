import { Writable } from 'node:stream';
import fc from 'fast-check';
import { Suspense } from 'react';
import { BehaviorSubject } from 'rxjs';
import { resumeToPipeableStream, type PipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShellProvider, useShellData, type ShellRuntime } from '../../core/react/context';
import { PerRequest } from '../../core/react/per-request';
import { defaultShellData } from '../../core/data/defaults';
import type { ShellData } from '../../core/data/types';
import { preludeOf, prerenderPage } from './prerender';

/** A runtime with only what these parts read: the core data. */
function runtimeOf(data: ShellData, prerender?: ShellRuntime['prerender']): ShellRuntime {
  return { env: { state: { data, data$: new BehaviorSubject(data) } }, prerender } as unknown as ShellRuntime;
}

function Greeting() {
  const { user } = useShellData();
  return <p>{user.isLogin ? `Hello ${user.nickname}` : 'Log in'}</p>;
}

function LoginState() {
  return <p>{useShellData().user.isLogin ? 'in' : 'out'}</p>;
}

/** A page: a shared part, the user's greeting in a Suspense boundary, and a per-request part at the end. */
function Page({ runtime, own }: { runtime: ShellRuntime; own: string }) {
  return (
    <ShellProvider runtime={runtime}>
      <html>
        <body>
          <h1>Markets</h1>
          <LoginState />
          {/* A plain boundary: reading the user makes it a hole of a logged-in page. */}
          <Suspense fallback={null}>
            <Greeting />
          </Suspense>
          <PerRequest>
            <script type="application/json" id="own" dangerouslySetInnerHTML={{ __html: own }} />
          </PerRequest>
        </body>
      </html>
    </ShellProvider>
  );
}

const userData = (nickname: string): ShellData => ({ ...defaultShellData(), user: { ...defaultShellData().user, isLogin: true, nickname } });

/** The resumed holes of `postponed` for `runtime`, as sent. */
function resume(element: React.ReactNode, postponed: string, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _e, next) {
        html += chunk.toString();
        next();
      },
      final(next) {
        resolve(html);
        next();
      },
    });
    const stream = resumeToPipeableStream(element, JSON.parse(postponed), {
      nonce,
      onShellReady: () => stream.pipe(sink),
      onShellError: reject,
    }) as unknown as PipeableStream;
  });
}

describe('prerenderPage', () => {
  it("leaves a logged-in page's user and per-request parts holes, which each response fills with its own", async () => {
    const made = await prerenderPage(<Page runtime={runtimeOf(userData('neutral'), 'user')} own="{}" />);
    expect(made).not.toBeNull();
    const prelude = made!.prelude.toString();
    expect(prelude).toContain('<h1>Markets</h1><p>in</p>');
    expect(prelude).not.toMatch(/neutral|Hello|<script|<\/body>/);
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/), async (nickname) => {
        const holes = await resume(<Page runtime={runtimeOf(userData(nickname))} own={`{"n":1}`} />, made!.postponed, 'N0NCE');
        expect(holes).toContain(`<p>Hello ${nickname}</p>`);
        expect(holes).toContain('<script type="application/json" id="own">{"n":1}</script>');
        expect(
          holes
            .match(/<script(?: [^>]*)?>/g)!
            .filter((tag) => !tag.includes('application/json'))
            .every((tag) => tag.includes('nonce="N0NCE"')),
        ).toBe(true);
        expect(holes.endsWith('</body></html>')).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it("renders a visitor's whole page but its per-request parts", async () => {
    const made = await prerenderPage(<Page runtime={runtimeOf(defaultShellData(), 'visitor')} own="{}" />);
    const prelude = made!.prelude.toString();
    expect(prelude).toContain('<p>out</p>');
    expect(prelude).toContain('Log in'); // a visitor's user is every visitor's
    expect(prelude).not.toContain('<script');
  });

  it('gives nothing for a page that failed to prerender', async () => {
    const Broken = (): never => {
      throw new Error('broken');
    };
    expect(await prerenderPage(<Broken />)).toBeNull();
  });

  it("takes out React's first-frame mark and the closing tags, and only those", () => {
    const mark = '<script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script>';
    expect(preludeOf(`<body><p>a</p>${mark}</body></html>`)).toBe('<body><p>a</p>');
    expect(preludeOf('<body><p>requestAnimationFrame</p></body>')).toBe('<body><p>requestAnimationFrame</p></body>');
  });
});
