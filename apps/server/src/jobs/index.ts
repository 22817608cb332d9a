import type { Job } from './runner.js';
import { maintenanceJob } from './maintenance.js';

export const allJobs: Job[] = [maintenanceJob];
