export const nav = {
  label: 'Điều hướng chính',
  open: 'Mở menu điều hướng',
  dashboard: 'Tổng quan',
  manageProxy: 'Quản lý proxy',
  order: 'Đơn hàng',
  agency: 'Đại lý',
  api: 'API',
  account: 'Tài khoản',
  topup: 'Nạp tiền',
  checkProxy: 'Kiểm tra proxy',
  support: 'Hỗ trợ',
  tutorial: 'Hướng dẫn',
  admin: 'Quản trị',
  adminOverview: 'Tổng quan hệ thống',
  userPanel: 'Về trang người dùng',
};

export const topBar = {
  balance: 'Số dư',
  topup: 'Nạp tiền',
  accountMenu: 'Menu tài khoản',
  changePassword: 'Đổi mật khẩu',
  logout: 'Đăng xuất',
  logoutDialog: {
    title: 'Đăng xuất',
    message: 'Bạn có chắc chắn muốn đăng xuất khỏi tài khoản?',
    confirm: 'Đăng xuất',
  },
};
