// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import type { Activation } from '../registry/activate';
import { ShellProvider, useActivationPart, useIsActive, type ShellRuntime } from './context';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A runtime with only what the activation hooks read: the activation and its change count. */
function runtimeWith(activation: Partial<Activation>, activationChanges?: BehaviorSubject<number>): ShellRuntime {
  return { activation: { active: [], slots: {}, ...activation } as Activation, activationChanges } as unknown as ShellRuntime;
}

/** Renders `children` under the runtime into a fresh element; its text, and how to unmount. */
function mount(runtime: ShellRuntime, children: ReactNode) {
  const el = document.createElement('div');
  const root = createRoot(el);
  act(() => root.render(<ShellProvider runtime={runtime}>{children}</ShellProvider>));
  return { text: () => el.textContent, unmount: () => act(() => root.unmount()) };
}

describe('useActivationPart', () => {
  it('renders again when plugins activated later change what a component reads, and only that component', () => {
    const changes = new BehaviorSubject(0);
    const runtime = runtimeWith({ active: ['home'], slots: { home: [] } as unknown as Activation['slots'] }, changes);
    const renders = { chat: 0, home: 0 };
    function ChatBadge() {
      renders.chat++;
      return <i>{useIsActive('chat') ? 'chat on' : 'chat off'}</i>;
    }
    function HomeSlot() {
      renders.home++;
      return <b>{useActivationPart((a) => a.slots['home' as keyof Activation['slots']]).length}</b>;
    }
    const page = mount(
      runtime,
      <>
        <ChatBadge />
        <HomeSlot />
      </>,
    );
    expect(page.text()).toBe('chat off0');
    runtime.activation.active.push('chat');
    act(() => startTransition(() => changes.next(1)));
    expect(page.text()).toBe('chat on0');
    expect(renders.home).toBe(1);
    const chatRenders = renders.chat;
    // A change to what neither reads renders neither.
    runtime.activation.active.push('analytics');
    act(() => startTransition(() => changes.next(2)));
    expect(renders).toEqual({ chat: chatRenders, home: 1 });
    page.unmount();
  });

  it('reads the activation as it is where nothing announces changes (the server, tests)', () => {
    const runtime = runtimeWith({ active: ['chat'] });
    function ChatBadge() {
      return <i>{useIsActive('chat') ? 'on' : 'off'}</i>;
    }
    const page = mount(runtime, <ChatBadge />);
    expect(page.text()).toBe('on');
    page.unmount();
  });
});
