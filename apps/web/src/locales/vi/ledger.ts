/**
 * Descriptions of ledger rows and top-ups (the server's `contentI18n`). The parameters arrive
 * formatted: amounts per docs/product-rules.md#formats, countries, products and periods in words.
 */
export const ledger = {
  buyRetail: '{{code}}: mua {{quantity}} {{product}} {{country}}, {{period}}',
  buyPackage: '{{code}}: gói {{package}} ({{quantity}} {{product}} {{country}}, {{period}})',
  buyKeys: '{{code}}: mua {{quantity}} key ({{package}}) {{country}}',
  renewOrder: '{{code}}: gia hạn {{count}} × {{period}}',
  autoRenewOrder: '{{code}}: tự động gia hạn {{count}} × {{period}}',
  renewProxies: 'Gia hạn {{count}} {{product}}, {{period}}',
  renewKeys: 'Gia hạn {{count}} key, {{period}}',
  bandwidth: '{{code}}: thêm {{gb}} GB băng thông',
  increaseAmount: '{{code}}: thêm {{quantity}} {{product}} {{country}}, cho {{period}} còn lại',
  changeCountry: '{{code}}: chuyển {{count}} proxy từ {{from}} sang {{to}}, cho {{period}} còn lại',
  topup: 'Nạp tiền qua {{method}}: {{amount}} {{currency}}',
  topupBank: 'Chuyển khoản ngân hàng {{amount}} VND ({{code}})',
  promotion: 'Khuyến mãi nạp tiền: {{of}}',
  adminAdd: 'Quản trị viên cộng tiền',
  refund: 'Hoàn tiền',
  orderRefund: 'Hoàn tiền đơn {{code}} bị hủy',
  /** An admin's own note after the description, as written. */
  agencyCommission: 'Hoa hồng đại lý {{percent}}% của {{amount}} do {{email}} nạp',
  agencyTransferOut: 'Chuyển cho thành viên đại lý {{email}}',
  agencyTransferIn: 'Nhận từ đại lý {{agency}}',
  withNote: '{{text}} ({{note}})',
};
