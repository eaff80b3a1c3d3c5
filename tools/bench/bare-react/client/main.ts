// The bare React page's browser entry (the Lighthouse floor): hydrates the document the server rendered, from its state
// and the spec its rows were made from, as a real page hydrates from its boot state.
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Page, pageOfSpec, type BarePageSpec } from '../page-view';

const boot = window as unknown as { __STATE__: unknown; __SPEC__: BarePageSpec };
hydrateRoot(document, createElement(Page, { page: pageOfSpec(boot.__SPEC__, boot.__STATE__) }));
