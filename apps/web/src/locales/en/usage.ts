import type { usage as vi } from '../vi/usage';

export const usage: typeof vi = {
  title: 'Traffic',
  live: 'Live (last 60 seconds)',
  liveIdle: 'No traffic yet. The chart moves every second while the proxy is in use.',
  liveTotals: 'Upload {{in}} · Download {{out}}',
  history: 'History',
  steps: { minute: 'Minute', hour: 'Hour', day: 'Day' },
  stepRange: { minute: 'Last 60 minutes', hour: 'Last 24 hours', day: 'Last 30 days' },
  upload: 'Upload',
  download: 'Download',
  total: 'Total: upload {{in}} · download {{out}}',
  quota: 'Package bandwidth',
  quotaValue: 'Used {{used}} of {{limit}} · {{left}} left',
  loadError: 'Could not load the traffic history.',
};
