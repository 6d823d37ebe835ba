import type { LogoImage, LogoSource } from "./logo-source";

const MAX_BYTES = 1024 * 1024;
/** A miss (no image, provider down) is remembered this long, so a page of cards does not hammer the provider. */
const MISS_TTL_MS = 10 * 60 * 1000;

/**
 * Financial Modeling Prep's company images (`/image-stock/{TICKER}.png`), fetched on the server,
 * kept in memory per ticker per UTC day and served from our origin.
 */
export class FmpLogoSource implements LogoSource {
  readonly id = "fmp";
  private cache = new Map<string, { day: string; image: LogoImage | null; expires: number }>();
  private pending = new Map<string, Promise<LogoImage | null>>();

  constructor(
    private readonly options: {
      baseUrl: string;
      timeoutMs?: number;
      now?: () => Date;
      fetch?: typeof fetch;
    },
  ) {}

  async fetchLogo(ticker: string): Promise<LogoImage | null> {
    const now = (this.options.now ?? (() => new Date()))();
    const day = now.toISOString().slice(0, 10);
    const key = ticker.toUpperCase();
    const cached = this.cache.get(key);
    if (cached && cached.day === day && cached.expires > now.getTime()) return cached.image;
    const running = this.pending.get(key);
    if (running) return running;
    const work = this.download(key).then((image) => {
      if (this.cache.size > 2000) this.cache.clear();
      this.cache.set(key, { day, image, expires: image ? Number.POSITIVE_INFINITY : now.getTime() + MISS_TTL_MS });
      return image;
    });
    this.pending.set(key, work);
    try {
      return await work;
    } finally {
      this.pending.delete(key);
    }
  }

  private async download(ticker: string): Promise<LogoImage | null> {
    // The image path is public; the key only decides that the provider is used at all.
    const url = `${this.options.baseUrl}/image-stock/${encodeURIComponent(ticker)}.png`;
    try {
      const response = await (this.options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000), redirect: "follow" });
      const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (!response.ok || !/^image\/(png|jpeg|gif|webp)$/.test(contentType)) {
        await response.body?.cancel();
        return null;
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length === 0 || body.length > MAX_BYTES) return null;
      return { body, contentType };
    } catch {
      return null;
    }
  }
}
