// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useFollow } from './follow';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useFollow', () => {
  it('starts once per distinct source, stops the previous one first, and stops on unmount', () => {
    const log: string[] = [];
    let setSource!: (s: string) => void;
    let bump!: () => void;
    function Follower() {
      const [source, set] = useState('a');
      const [, setN] = useState(0);
      setSource = set;
      bump = () => setN((n) => n + 1);
      useFollow(source, (s) => {
        log.push(`start ${s}`);
        return () => log.push(`stop ${s}`);
      });
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Follower />));
    act(() => bump()); // a render with the same source: nothing restarts
    act(() => startTransition(() => setSource('b')));
    act(() => setSource('b'));
    act(() => startTransition(() => setSource('c')));
    act(() => root.unmount());
    expect(log).toEqual(['start a', 'stop a', 'start b', 'stop b', 'start c', 'stop c']);
  });
});
