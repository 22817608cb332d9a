import { statusOf, type ErrorCode, type ErrorData, type ErrorDataArgs } from '@proxy/contract';

/**
 * A business error with a code from the contract's closed union (never a sentence). Its `data`,
 * when the code carries some, has the shape the contract's ERROR_DATA gives that code
 * (docs/wire-contract.md#errors): another shape does not compile.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  readonly data: ErrorData<C> | undefined;
  constructor(
    readonly code: C,
    ...[data]: ErrorDataArgs<C>
  ) {
    super(code);
    this.statusCode = statusOf(code);
    this.data = data as ErrorData<C> | undefined;
  }
}

/** Whether `err` is an AppError with code `code` (its `data` then typed by that code). */
export function isAppError<C extends ErrorCode>(err: unknown, code: C): err is AppError<C> {
  return err instanceof AppError && err.code === code;
}
