import {
  savedScreenQuerySchema,
  SCREEN_DUPLICATE_CODE,
  SCREEN_LIMIT_CODE,
  type CreateScreenRequest,
  type SavedScreen,
  type SavedScreensResponse,
  type ScreenerQuery,
  type ScreenerResponse,
} from "../../../contracts/screener";
import { AppError } from "../../app-error";
import type { Clock } from "../../clock";
import type { SavedScreenRow, SavedScreensRepository } from "./saved-screens.repository";

/** Where the screened rows come from (the public analyses' table, filtered and sorted in SQL). */
interface ScreenRowsSource {
  screen(query: ScreenerQuery): Promise<ScreenerResponse>;
}

interface ScreenUser {
  id: string;
  email: string;
}

export interface ScreenerServiceDeps {
  rows: ScreenRowsSource;
  screens: SavedScreensRepository;
  isPremium(email: string): Promise<boolean>;
  limits: { free: number; premium: number };
  /** Whether premium can be bought on this server: only then is it offered. */
  premiumForSale: boolean;
  now: Clock;
}

const SCREEN_NOT_FOUND_CODE = "not_found";

function savedScreen(row: SavedScreenRow): SavedScreen {
  // A stored query that no longer parses (a setup renamed since) falls back to the default screen.
  const parsed = savedScreenQuerySchema.safeParse(row.query);
  return { id: row.id, name: row.name, query: parsed.success ? parsed.data : savedScreenQuerySchema.parse({}), created_at: row.createdAt.toISOString() };
}

/** The screener (decision 059): pages of the latest daily screen, and each user's saved screens. */
export class ScreenerService {
  constructor(private readonly deps: ScreenerServiceDeps) {}

  screen(query: ScreenerQuery): Promise<ScreenerResponse> {
    return this.deps.rows.screen(query);
  }

  private async limitFor(user: ScreenUser): Promise<{ limit: number; plan: "free" | "premium" }> {
    const premium = await this.deps.isPremium(user.email);
    return premium ? { limit: this.deps.limits.premium, plan: "premium" } : { limit: this.deps.limits.free, plan: "free" };
  }

  async list(user: ScreenUser): Promise<SavedScreensResponse> {
    const [rows, plan] = await Promise.all([this.deps.screens.list(user.id), this.limitFor(user)]);
    return { screens: rows.map(savedScreen), ...plan, premium_limit: this.deps.limits.premium };
  }

  async save(user: ScreenUser, request: CreateScreenRequest): Promise<SavedScreen> {
    const query = savedScreenQuerySchema.parse(request.query);
    const name = request.name.trim();
    const { limit, plan } = await this.limitFor(user);
    const result = await this.deps.screens.add(user.id, { name, query }, limit, this.deps.now());
    if ("added" in result) return savedScreen(result.added);
    if (result.problem === "duplicate") throw new AppError(409, SCREEN_DUPLICATE_CODE, `You already have a screen named '${name}'. Choose another name.`);
    throw new AppError(403, SCREEN_LIMIT_CODE, this.fullMessage(plan, limit));
  }

  private fullMessage(plan: "free" | "premium", limit: number): string {
    const screens = limit === 1 ? "screen" : "screens";
    if (plan === "premium") return `You have saved ${limit} ${screens}, the most premium keeps. Delete one to save another.`;
    return this.deps.premiumForSale
      ? `You have saved ${limit} ${screens}, the most the free plan keeps. Delete one, or upgrade to premium to save up to ${this.deps.limits.premium}.`
      : `You have saved ${limit} ${screens}, the most the free plan keeps. Delete one to save another.`;
  }

  async remove(user: ScreenUser, id: string): Promise<void> {
    if (!(await this.deps.screens.remove(user.id, id))) throw new AppError(404, SCREEN_NOT_FOUND_CODE, "No saved screen with this id.");
  }
}
