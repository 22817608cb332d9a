import { ZErrorBody, ZMe, ZSiteInfo } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { toJSONSchema } from 'zod';
import { ZErrorBodyLite, ZMeLite, ZSiteInfoLite } from '../first-load-schemas';

const pairs = [
  ['ZErrorBody', ZErrorBody, ZErrorBodyLite],
  ['ZMe', ZMe, ZMeLite],
  ['ZSiteInfo', ZSiteInfo, ZSiteInfoLite],
] as const;

const site = {
  title: 'Proxy',
  color: '#2196F3',
  logo: '',
  googlePixel: null,
  isOpenV6: true,
  isOpenV4: false,
  isOpenKey: true,
  showAgencyApi: false,
  forceEnglish: false,
  companyFooter: false,
  companyName: null,
  captcha: { provider: 'altcha', siteKey: null },
  googleClientId: null,
  promotion: { tiers: [{ minAmount: 100, percent: 5 }], endsAt: null },
  maintenance: { enabled: true, message: ' Bảo trì ', messageEng: 'Down', until: '2026-01-01T00:00:00+07:00' },
};

describe('first-load schemas (zod/mini twins of the contract)', () => {
  it.each(pairs)('%s describes the same JSON as the contract, for input and output', (_name, contract, lite) => {
    for (const io of ['input', 'output'] as const) {
      expect(toJSONSchema(lite, { io })).toEqual(toJSONSchema(contract, { io }));
    }
  });

  it('should read a site info (trimmed texts) as the contract does, and refuse what it refuses', () => {
    expect(ZSiteInfoLite.safeParse(site)).toEqual(ZSiteInfo.safeParse(site));
    expect(ZSiteInfoLite.parse(site).maintenance?.message).toBe('Bảo trì');
    for (const bad of [
      { ...site, captcha: { provider: 'hcaptcha', siteKey: null } },
      { ...site, promotion: { tiers: [{ minAmount: 1.5, percent: 5 }] } },
      { ...site, maintenance: { ...site.maintenance, until: 'tomorrow' } },
    ]) {
      expect(ZSiteInfoLite.safeParse(bad).success).toBe(false);
      expect(ZSiteInfo.safeParse(bad).success).toBe(false);
    }
  });
});
