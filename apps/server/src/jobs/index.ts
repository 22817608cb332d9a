import type { Job } from './runner.js';
import { autoRenewJob } from './auto-renew.js';
import { lifecycleJob } from './lifecycle.js';
import { maintenanceJob } from './maintenance.js';
import { rotationJob } from './rotation.js';
import { paymentsJob } from './payments.js';
import { outboxJob } from './outbox.js';
import { statsJob } from './stats.js';
import { usageRollupJob } from './usage.js';
import { alertsJob, telegramJob } from './alerts.js';
import { supplierPurchasesJob } from './supplier-purchases.js';

export const allJobs: Job[] = [
  lifecycleJob,
  autoRenewJob,
  rotationJob,
  maintenanceJob,
  paymentsJob,
  outboxJob,
  statsJob,
  usageRollupJob,
  alertsJob,
  telegramJob,
  supplierPurchasesJob,
];
