import { statusOf, type ErrorCode } from '@proxy/contract';

/** A business error with a code from the contract's closed union (never a sentence). */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly data?: Record<string, unknown>,
  ) {
    super(code);
    this.statusCode = statusOf(code);
  }
}
