import { CART_LOCKED_CODE, ERROR_KINDS, type ErrorKind } from '@sprout/contracts';

export type FieldErrors = Record<string, string[]>;

/** A typed reason for a refusal: its code, its message and what the caller needs to act on it. */
export type Refusal = { code: string; message: string } & Record<string, unknown>;

/**
 * The one error type services throw. Its kind decides the HTTP status (ERROR_KINDS) and the
 * body shape (errors plugin); services never pick status codes themselves.
 */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly fieldErrors: FieldErrors | undefined;
  readonly code: number | undefined;
  /** A 422's typed reason, sent beside its field errors (a cart item change's, decision 052). */
  readonly refusal: Refusal | undefined;

  constructor(
    kind: ErrorKind,
    message: string,
    details: { fieldErrors?: FieldErrors; code?: number; refusal?: Refusal } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.fieldErrors = details.fieldErrors;
    this.refusal = details.refusal;
    this.code = details.code ?? (kind === 'cart_locked' ? CART_LOCKED_CODE : undefined);
  }

  get status(): number {
    return ERROR_KINDS[this.kind];
  }

  static notFound(message: string): AppError {
    return new AppError('not_found', message);
  }

  /** A 422 naming the offending field, the same shape the schema validation produces. */
  static invalidField(field: string, message: string): AppError {
    return new AppError('validation', message, { fieldErrors: { [field]: [message] } });
  }
}
