import type { ComponentType } from 'react';
import type { Observable } from 'rxjs';
import { definePlugin, derived, lazyView, MODAL_LEVEL, type SlotEntryDef, type SlotItemProps } from '../../core/plugin-api';
import schema from './schema.json';
import { LEGAL_CONTROLLER, LegalController } from './controller';
import type { LegalOptions } from './options';
import { isComingSoonLink, pathAllowed } from './rules';

// Each dialog loads when its `active` stream says it will show.
const AgreementDialog = lazyView(() => import('./AgreementDialog').then((m) => m.AgreementDialog));
const DeclarationDialog = lazyView(() => import('./DeclarationDialog').then((m) => m.DeclarationDialog));
const ComingSoonDialog = lazyView(() => import('./ComingSoonDialog').then((m) => m.ComingSoonDialog));

/** Paths where the Turkey declaration is never asked. */
const DECLARATION_SKIPPED = ['/login', '/signup'];

/** One legal dialog in the modal queue, up while the page's controller says it shows. */
const modal = (key: string, show$: (c: LegalController) => Observable<boolean>, render: ComponentType<SlotItemProps>): SlotEntryDef => ({
  slot: 'modal',
  key,
  priority: MODAL_LEVEL.high,
  active: (_env, services) => show$(services.get(LEGAL_CONTROLLER)),
  render,
});

/** Legal dialogs: user agreement update, Turkey declaration, EU coming-soon notice (all in the modal queue). */
export default definePlugin<LegalOptions>({
  id: 'legal',
  options: schema,
  delivery: {
    /** A visitor gets neither agreement nor declaration: without coming-soon links, nothing of it can show. */
    inBrowser: (env, o) => env.state.data.user.isLogin || o.comingSoon.paths.length > 0,
    /** Links to coming-soon pages (EU) show the notice from the first click: the page holds them until this is active. */
    holdsLinks: (o) => o.comingSoon.paths,
  },
  slotEntries: (o) => [
    ...(o.agreement.enabled ? [modal('agreement', (c) => derived([c.agreement$], (v) => v.show), AgreementDialog)] : []),
    ...(o.declaration.enabled ? [modal('declaration', (c) => derived([c.declaration$], (v) => v.show), DeclarationDialog)] : []),
    ...(o.comingSoon.paths.length ? [modal('coming-soon', (c) => derived([c.comingSoon$], (show) => show), ComingSoonDialog)] : []),
  ],
  setup(ctx) {
    const { options: o } = ctx;
    ctx.provide(LEGAL_CONTROLLER, LegalController);
    const c = ctx.get(LEGAL_CONTROLLER);
    ctx.onTeardown(() => c.dispose());

    ctx.effect(() => {
      // The user as the page's core data has it (the server's user-info answer), as `delivery.inBrowser` reads it.
      const loggedIn = ctx.state.data.user.isLogin;
      const path = ctx.state.route$.value.path;
      if (loggedIn && o.agreement.enabled && pathAllowed(path, o.agreement.skipPaths)) void c.loadAgreement();
      if (loggedIn && o.declaration.enabled && pathAllowed(path, DECLARATION_SKIPPED)) void c.loadDeclaration();
      if (!o.comingSoon.paths.length) return;
      const onClick = (e: MouseEvent) => {
        if (e.defaultPrevented || e.button !== 0) return;
        const link = (e.target as Element | null)?.closest?.('a[href]');
        const href = link?.getAttribute('href');
        if (!href || !isComingSoonLink(href, window.location.href, ctx.region.languages, o.comingSoon.paths)) return;
        e.preventDefault();
        c.openComingSoon();
      };
      document.addEventListener('click', onClick, true);
      return () => document.removeEventListener('click', onClick, true);
    });
  },
});
