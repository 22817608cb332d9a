import { z } from 'zod';
import { ZListQuery, zPage, ZId } from '../schemas/common.js';
import {
  ZLogoUpload,
  ZMaintenance,
  ZSettingChange,
  ZSettingChangesQuery,
  ZSiteAdmin,
  ZSiteCreate,
  ZSiteInfo,
  ZSiteProductsUpdate,
  ZSiteSettings,
  ZSiteSettingsUpdate,
  ZSiteUpdate,
} from '../schemas/site.js';
import { endpoint } from './define.js';
import { ZIdParams } from './proxies.js';

/** /api/site/…: the serving site's info, its logos, and the admin's product switches (docs/wire-contract.md#site). */
export const siteEndpoints = {
  getSiteInfo: endpoint('GET', '/site/get-site-info', { response: ZSiteInfo }),
  /** An uploaded logo: the image itself, cacheable (its URL carries a version). */
  logo: endpoint('GET', '/site/logo/:id', { params: z.object({ id: ZId }), answer: 'file' }),
  updateProducts: endpoint('PUT', '/site/admin/update-products', { body: ZSiteProductsUpdate, response: ZSiteInfo }),
};

/** /api/site/admin/…: the owner's sites admin; a site admin reads and edits its own site only. */
export const siteAdminEndpoints = {
  listSite: endpoint('GET', '/site/admin/list-site', { query: ZListQuery, response: zPage(ZSiteAdmin) }),
  mySite: endpoint('GET', '/site/admin/my-site', { response: ZSiteAdmin, errors: ['SITE_NOT_EXISTS'] }),
  detailSite: endpoint('GET', '/site/admin/detail-site/:id', {
    params: ZIdParams,
    response: ZSiteAdmin,
    errors: ['SITE_NOT_EXISTS'],
  }),
  createSite: endpoint('POST', '/site/admin/create-site', {
    body: ZSiteCreate,
    response: ZSiteAdmin,
    errors: ['INVALID_HOST', 'HOST_EXISTS', 'SITE_NOT_EXISTS', 'SLUG_EXISTS'],
  }),
  updateSite: endpoint('PUT', '/site/admin/update-site/:id', {
    params: ZIdParams,
    body: ZSiteUpdate,
    response: ZSiteAdmin,
    errors: ['INVALID_HOST', 'HOST_EXISTS', 'SITE_NOT_EXISTS'],
  }),
  uploadLogo: endpoint('POST', '/site/admin/upload-logo/:id', {
    params: ZIdParams,
    body: ZLogoUpload,
    response: ZSiteAdmin,
    errors: ['INVALID_IMAGE', 'SITE_NOT_EXISTS'],
  }),
  listSettingChange: endpoint('GET', '/site/admin/list-setting-change', {
    query: ZSettingChangesQuery,
    response: zPage(ZSettingChange),
    errors: ['SITE_NOT_EXISTS'],
  }),
};

/** /api/setting/admin/…: the settings of the admin's own site, and its maintenance notice. */
export const settingEndpoints = {
  list: endpoint('GET', '/setting/admin/list', { response: ZSiteSettings }),
  update: endpoint('PUT', '/setting/admin/update', { body: ZSiteSettingsUpdate, response: ZSiteSettings }),
  getMaintenance: endpoint('GET', '/setting/admin/maintenance', { response: ZMaintenance }),
  setMaintenance: endpoint('PUT', '/setting/admin/maintenance', {
    body: ZMaintenance.strict(),
    response: ZMaintenance,
  }),
};
