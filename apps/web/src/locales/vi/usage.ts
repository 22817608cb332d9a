/** A proxy's traffic in its details drawer (/manage-proxy): the live chart, the history, the quota. */
export const usage = {
  title: 'Lưu lượng',
  live: 'Trực tiếp (60 giây qua)',
  liveIdle: 'Chưa có lưu lượng. Biểu đồ chạy mỗi giây khi proxy đang được dùng.',
  liveTotals: 'Tải lên {{in}} · Tải xuống {{out}}',
  history: 'Lịch sử',
  steps: { minute: 'Phút', hour: 'Giờ', day: 'Ngày' },
  stepRange: { minute: '60 phút qua', hour: '24 giờ qua', day: '30 ngày qua' },
  upload: 'Tải lên',
  download: 'Tải xuống',
  total: 'Tổng: tải lên {{in}} · tải xuống {{out}}',
  quota: 'Dung lượng gói',
  quotaValue: 'Đã dùng {{used}} / {{limit}} · còn {{left}}',
  loadError: 'Không tải được lịch sử lưu lượng.',
};
