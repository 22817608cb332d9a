/**
 * Texts the server writes for people, stored as a key and parameters: order-log notes (the
 * server's `noteI18n`) and why a payment waits for an admin (`heldReasonI18n`).
 */
export const notes = {
  orderLog: {
    renewManual: 'Gia hạn: {{period}}',
    renewAuto: 'Tự động gia hạn: {{period}}',
    renewProxies_one: 'Gia hạn {{n}} proxy: {{period}}',
    renewProxies_other: 'Gia hạn {{n}} proxy: {{period}}',
    renewKeys_one: 'Gia hạn {{n}} key: {{period}}',
    renewKeys_other: 'Gia hạn {{n}} key: {{period}}',
    bandwidth: '+{{gb}} GB băng thông',
    increaseAmount: '+{{quantity}} proxy, {{period}} còn lại',
    changeCountry: '{{from}} → {{to}}',
    autoRenewFailed: 'Tự động gia hạn không thành công',
    adminExtend: '{{count}} proxy/key: +{{period}}, miễn phí',
    adminCancel: 'Đã thu hồi {{count}} proxy/key, hoàn {{refund}}',
    /** A failed attempt: its note, then the reason (the error's text). */
    failed: '{{text}}: {{error}}',
  },
  held: {
    unmatched: 'Nội dung chuyển khoản không khớp với khách hàng nào',
    ambiguous: 'Nội dung chuyển khoản khớp với nhiều khách hàng',
    noProviderTxn: 'Thiếu mã giao dịch của nhà cung cấp',
    amount: 'Số tiền {{got}} thay vì {{expected}} (đơn vị nhỏ nhất của {{currency}})',
    currency: 'Loại tiền {{got}} thay vì {{expected}}',
    payee: 'Tài khoản nhận {{got}} thay vì {{expected}}',
    belowMinimum: 'Dưới mức tối thiểu {{min}}',
    transferType: 'Loại giao dịch «{{type}}» không phải tiền vào',
    paidAfter: 'Đã thanh toán sau khi giao dịch ở trạng thái «{{status}}»',
    markedPaid:
      'Quản trị viên đã xác nhận một lần nạp cùng số tiền ({{at}}): cùng giao dịch này, hay một lần chuyển thứ hai?',
  },
};
