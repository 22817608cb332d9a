import { isErrorCode, type ErrorCode, type ErrorData } from '@proxy/contract';

/**
 * A failed API call. `code` is the `message` of the error body (docs/wire-contract.md#errors); it is
 * kept as sent, because docs/screens.md#error-messages also handles messages outside the code table.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** The `data` as sent: read it through `dataOf`, typed by the code. */
  private readonly data: Record<string, unknown> | undefined;

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

  /**
   * The `data` of the answer when its code is `code` (or one of a union of codes), typed by the
   * contract's ERROR_DATA (docs/wire-contract.md#errors): e.g. `dataOf('TOO_MANY_REQUEST')?.remainTime`.
   * Undefined for another code, or when the answer carried none.
   */
  dataOf<C extends ErrorCode>(code: C): ErrorData<C> | undefined {
    return this.code === code ? (this.data as ErrorData<C> | undefined) : undefined;
  }

  /** The `data` of the answer typed by its code, whatever the code (undefined outside the contract's). */
  get knownData(): ErrorData<ErrorCode> | undefined {
    const code = this.knownCode;
    return code ? this.dataOf(code) : undefined;
  }

  /** The seconds to wait of a rate-limit refusal (TOO_MANY_REQUEST and the `*_TOO_FAST` codes). */
  get remainTime(): number | undefined {
    const data = this.knownData;
    return data && 'remainTime' in data ? data.remainTime : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
