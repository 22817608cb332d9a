export const dashboard = {
  welcome: 'Xin chào, {{email}}',
  balance: 'Số dư hiện tại',
  topup: 'Nạp tiền',
  promotion: {
    title: 'Khuyến mãi nạp tiền',
    sentence: 'Nạp tiền nhận ưu đãi: nạp {{tiers}}.',
    tier: 'từ {{amount}} được tặng {{percent}}%',
    separator: ', ',
  },
  products: {
    title: 'Sản phẩm',
    buy: 'Mua ngay',
    v6: {
      title: 'Proxy IPv6',
      description: 'Proxy IPv6 tĩnh tốc độ cao, giá tốt khi mua số lượng lớn.',
    },
    v4: {
      title: 'Proxy IPv4',
      description: 'Proxy IPv4 riêng, ổn định cho mọi nhu cầu sử dụng.',
    },
    key: {
      title: 'Proxy xoay (key)',
      description: 'Key đổi IP tự động theo chu kỳ hoặc theo yêu cầu.',
    },
  },
};
