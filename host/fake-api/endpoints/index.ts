import type { FakeApiModule } from '../../../core/testing/fake-api-kit';
import compliance from './compliance';
import site from './site';
import user from './user';
import welfare from './welfare';

/** The stateless core endpoints (monitoring and the CDN are created per server: see server.ts). */
export const CORE_MODULES: FakeApiModule[] = [user, site, compliance, welfare];
