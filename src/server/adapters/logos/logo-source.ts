/** A company logo as bytes we serve from our own origin. */
export interface LogoImage {
  body: Buffer;
  contentType: string;
}

/**
 * The port of logo adapters: a provider's image for a ticker, or null when it has none or cannot
 * be reached (the caller then draws the monogram).
 */
export interface LogoSource {
  readonly id: string;
  fetchLogo(ticker: string): Promise<LogoImage | null>;
}
