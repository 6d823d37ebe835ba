/** A failure the caller can act on: an HTTP status, a stable machine code and a clear sentence. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}
