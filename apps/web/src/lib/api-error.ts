import { isErrorCode, type ErrorCode } from '@proxy/contract';

/**
 * A failed API call. `code` is the `message` of the error body (docs/wire-contract.md#errors); it is
 * kept as sent, because docs/screens.md#error-messages also handles messages outside the code table.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown> | undefined;

  constructor(code: string, status: number, data?: Record<string, unknown>) {
    super(code || `HTTP ${status}`);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }

  /** The code when it belongs to the contract's closed set, else null. */
  get knownCode(): ErrorCode | null {
    return isErrorCode(this.code) ? this.code : null;
  }

  /** A string field of `data`, such as the `reason` that makes a code more precise. */
  dataString(key: string): string | undefined {
    const value = this.data?.[key];
    return typeof value === 'string' ? value : undefined;
  }

  /** A number field of `data`, such as remainTime of the rate-limit codes. */
  dataNumber(key: string): number | undefined {
    const value = this.data?.[key];
    return typeof value === 'number' ? value : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
