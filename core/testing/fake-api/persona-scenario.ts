import { deepMerge, isPlain, type Persona } from './persona';
import type { FakeHandler, FakeResponse, ScenarioDef } from './types';

/** Paths whose answers a persona patches. */
export const PERSONA_PATHS = {
  userInfo: '/api/web/v1/usercenter/get_info',
  userTier: '/api/web/v1/usercenter/get_user_tier',
  kycStatus: '/api/web/v1/usercenter/get_kyc_status',
  subUserType: '/api/web/v1/usercenter/get_sub_user_type',
  vipTier: '/api/web/v1/vip-center/get-user-tier',
  compliance: '/api/web/v1/compliance/check',
  footerTips: '/api/web/v1/kyc/footerTipsCheck',
  footerTipsLegacy: '/json_svr/footer_tips_check',
} as const;

/** Applies `fn` to `data` of a code-0 answer (a JSON-string `data` stays a string); other answers pass unchanged. */
function patchData(answer: FakeResponse, fn: (data: unknown) => unknown): FakeResponse {
  const body = answer.body;
  if (!isPlain(body) || Number(body.code) !== 0) return answer;
  if (typeof body.data === 'string') {
    try {
      return { ...answer, body: { ...body, data: JSON.stringify(fn(JSON.parse(body.data))) } };
    } catch {
      return answer;
    }
  }
  return { ...answer, body: { ...body, data: fn(body.data) } };
}

const patch =
  (fn: (data: unknown, req: Parameters<FakeHandler>[0]) => unknown): FakeHandler =>
  async (req, next) =>
    patchData(await next!(), (d) => fn(d, req));

/** A scenario whose answers are its base scenario's, patched with the persona's fields. */
export function personaScenario(name: string, description: string, p: Persona, base?: string): ScenarioDef {
  const r: Record<string, FakeHandler> = {};
  const P = PERSONA_PATHS;
  const userPatch = deepMerge(p.user ?? {}, { tier: p.tier, kyc_status: p.kycStatus });
  if (Object.keys(userPatch).length) r[P.userInfo] = patch((d) => deepMerge(d, userPatch));
  if (p.tier !== undefined) r[P.userTier] = patch((d) => (isPlain(d) ? { ...d, tier: p.tier } : { tier: p.tier }));
  if (p.kycStatus !== undefined) r[P.kycStatus] = patch((d) => deepMerge(d, { kyc_status: p.kycStatus }));
  if (p.subUserType) r[P.subUserType] = patch(() => p.subUserType);
  if (p.vipTrial || p.tier !== undefined) r[P.vipTier] = patch((d) => deepMerge(d, { trial: p.vipTrial, tier: p.tier }));
  if (p.user?.verified !== undefined) {
    r[P.footerTips] = patch((d, req) => (req.cookies.uid && req.cookies.nickname ? footerTipFor(p.user!.verified!) : d));
    r[P.footerTipsLegacy] = r[P.footerTips];
  }
  if (p.compliance) {
    const { tips, ...fields } = p.compliance;
    r[P.compliance] = patch((d, req) => deepMerge(deepMerge(d, fields), tips ? { tips: tips(req) } : {}));
  }
  return { name, description, ...(base ? { extends: base } : {}), responses: r };
}

/** Footer KYC tip data: shown to logged-in users below KYC level 2 (verified 0, 5 or 2). */
export function footerTipFor(verified: number | null) {
  const show = verified !== null && [0, 5, 2].includes(verified);
  return {
    is_show: show ? 1 : 0,
    tips_type: show ? 'kyc_upgrade' : '',
    content: show ? 'Complete Advanced Verification to raise your withdrawal limit.' : '',
    link: show ? '/myaccount/kyc' : '',
  };
}
