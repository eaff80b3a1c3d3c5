import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { postpone } from './postpone';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Reads a value of the request, then waits for the response that brings it: a hole in the prerender. */
function PerRequest({ request }: { request: { user: string } }) {
  if (request.user) postpone();
  return null;
}

/** Prerenders a page with one postponed part, stops it as the server does, and returns a weak reference to its request. */
async function prerenderOnce(): Promise<WeakRef<object>> {
  const request = { user: 'u1', payload: new Array(1000).fill('x') };
  const controller = new AbortController();
  const made = prerenderToNodeStream(
    <Suspense fallback={<p>…</p>}>
      <PerRequest request={request} />
    </Suspense>,
    { signal: controller.signal, onError: () => {} },
  );
  setImmediate(() => controller.abort(new Error('holes')));
  const { prelude, postponed } = await made;
  for await (const chunk of prelude) void chunk;
  expect(postponed).not.toBeNull();
  return new WeakRef(request);
}

describe('postpone', () => {
  it('leaves a hole in the prerender, and keeps nothing of the render once it is over', async () => {
    const refs: Array<WeakRef<object>> = [];
    for (let i = 0; i < 5; i++) refs.push(await prerenderOnce());
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(refs.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  });
});
