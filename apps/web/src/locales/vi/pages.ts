export const home = {
  tagline: 'Proxy IPv4, IPv6 và proxy xoay chất lượng cao',
  pitch:
    'Mua proxy theo quốc gia, thời hạn và số lượng. Thanh toán bằng số dư Xu, kích hoạt tức thì và quản lý dễ dàng trên mọi thiết bị.',
  login: 'Đăng nhập',
  register: 'Đăng ký',
};

export const notFound = {
  code: '404',
  title: 'Xin lỗi, đã xảy ra lỗi, không tìm thấy trang được yêu cầu!',
  description: 'Có thể bạn đã nhập sai địa chỉ hoặc trang đã được di chuyển.',
  home: 'Trang chủ',
  dashboard: 'Về trang tổng quan',
};

export const errorPage = {
  title: 'Đã xảy ra lỗi',
  description: 'Vui lòng tải lại trang hoặc quay về trang chủ.',
  reload: 'Tải lại trang',
  home: 'Trang chủ',
  fallbackTitle: 'Đã xảy ra lỗi khi hiển thị trang lỗi',
};
