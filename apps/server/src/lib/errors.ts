import { statusOf, type ErrorCode, type ErrorData, type ErrorDataArgs } from '@proxy/contract';

// Named AppError at run time too (logs show the class name).
const AppErrorClass = class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly data?: unknown,
  ) {
    super(code);
    this.statusCode = statusOf(code);
  }
};

/**
 * A business error with a code from the contract's closed union (never a sentence). Its `data`,
 * when the code carries some, has the shape the contract's ERROR_DATA gives that code
 * (docs/wire-contract.md#errors): another shape does not compile. The type is a union over the
 * codes, so checking `err.code` also types `err.data`.
 */
export type AppError<C extends ErrorCode = ErrorCode> = C extends ErrorCode
  ? Error & { readonly statusCode: number; readonly code: C; readonly data: ErrorData<C> | undefined }
  : never;

interface AppErrorConstructor {
  new <C extends ErrorCode>(code: C, ...data: ErrorDataArgs<C>): AppError<C>;
  /** What `err instanceof AppError` narrows to: an AppError of any code. */
  readonly prototype: AppError;
}

export const AppError = AppErrorClass as AppErrorConstructor;
