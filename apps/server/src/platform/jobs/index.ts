/** The job system's public door. */
export { createJobs, type Jobs, type JobHandler, type JobOptions, type JobsOptions } from './jobs';
export { createBatchedSender, type BatchedSender } from './batched-send';
